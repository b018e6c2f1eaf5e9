import multipart from '@fastify/multipart';
import * as E from 'fp-ts/Either';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { selectableAssetTypes } from '@ecore/core/assets/asset-classes.ts';
import { importOrganisation, importScope, mayImport, scopeCoversAsset, type ImportActor } from '@ecore/core/imports/import-access.ts';
import { checkTableSize, importResult, mapHeader, MAX_IMPORT_BYTES, nonEmptyRows, type FileProblem, type ImportTable } from '@ecore/core/imports/import-table.ts';
import { columnOfHeader, OBJECT_COLUMNS } from '@ecore/core/imports/object-columns.ts';
import { planObjectImport, planOutcomes } from '@ecore/core/imports/object-plan.ts';
import { readObjectRow, writeObjectRow } from '@ecore/core/imports/object-row.ts';
import { objectTemplate, TEMPLATE_FILE_NAMES } from '@ecore/core/imports/object-template.ts';
import { isGresbHeader } from '@ecore/core/reporting/gresb-read.ts';
import { isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { flagParam, idParam, numberChoiceParam } from '@ecore/core/shared/schemas.ts';
import { applyObjectPlan, findImportOrganisation, findImportTargets, groupsOfOrganisation, ImportConflict, insertImport, objectIdsOfGroup } from '@ecore/adapters/db/imports/imports-repository.ts';
import { readImportFile } from '@ecore/adapters/imports/read-table.ts';
import { writeCsv, writeTemplateWorkbook } from '@ecore/adapters/imports/template-file.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { actorName } from '../answering/context.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { sendDownload } from '../exports/download.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { createReferenceDataCache, createScoreKeeper } from '../scoring/stored-score.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { importGresb } from './gresb-import.ts';
import { importedReport, refuseFailedRows } from './import-report.ts';

const tags = ['imports'];
const security = [{ bearerAuth: [] }];

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  groupsCreated: z.number(),
  rows: z.array(
    z.object({
      row: z.number().describe('data rows counted from 1'),
      status: z.enum(['created', 'updated', 'unchanged', 'failed']),
      assetId: z.number().nullable(),
      objectName: z.string().nullable().describe("the object's name: the file's, else the stored object's"),
      externalId: z.string().nullable().describe("the object's external id: the file's, else the stored object's"),
      objectGroup: z.string().nullable().describe("the name of the object's group: the file's, else the stored object's"),
      errors: z.array(z.object({ column: z.string(), key: z.string(), message: z.string() })),
    }),
  ),
});

/** A refused import: the error body, and where rows were read, the same answer as a preview with the failed rows. */
export const importRefusalSchema = errorSchema.extend({
  ...importResultSchema.partial().shape,
  importId: z.number().optional().describe('A run meant to store (dryRun=false) whose rows failed: its entry in the history (outcome failed, GET /api/import/{id}/report)'),
});

const languageQuery = z.enum(['de', 'en']).optional();
const formatQuery = numberChoiceParam([1, 2], { key: 'validation-generic' }).prefault(2).describe('1 CSV, 2 Excel');

/** Who imports, for which organisation, within which access list (DOMAIN.md §10). */
export async function importContext(app: Parameters<typeof assetActorOf>[0], deps: AppDeps, request: FastifyRequest, kind: 'assets' | 'answers', named: number | undefined) {
  const assetActor = await assetActorOf(app, request.actor);
  const actor: ImportActor = { roles: assetActor.roles, orgId: assetActor.orgId, orgFinance: assetActor.orgFinance, accessGroups: assetActor.accessGroups, accessAssets: assetActor.accessAssets };
  if (!mayImport(actor, kind)) throw new HttpError(403, 'forbidden');
  const organisationId = importOrganisation(actor, named);
  if (E.isLeft(organisationId)) throw new HttpError(403, 'forbidden');
  const organisation = await findImportOrganisation(deps.db, organisationId.right);
  if (!organisation || organisation.isFinancePartner) throw new HttpError(404, 'not-found');
  return { actor, assetActor, organisation, scope: importScope(actor) };
}

const refuse = (problem: FileProblem): never => {
  throw new HttpError(problem.statusCode, problem.key, problem.params ?? {});
};

/** The uploaded file (multipart field `file`), at most 20 MB: more answers 413 and nothing is read. */
export async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new HttpError(400, 'import-file-missing');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw new HttpError(400, 'import-file-missing');
  try {
    const bytes = await file.toBuffer();
    return { bytes, fileName: (file.filename.split(/[\\/]/).pop() ?? '').slice(0, 200) || 'import' };
  } catch (error) {
    // Over 20 MB the stream is cut off: 413; anything else is a broken upload.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'import-file-too-large');
    throw new HttpError(400, 'import-file-missing');
  }
}

/** Reads a file into its table, refusing what is not CSV or Excel, empty, too long or a zip bomb. */
export async function readTable(bytes: Buffer): Promise<ImportTable> {
  const read = await readImportFile(bytes);
  if (E.isLeft(read)) return refuse(read.left);
  const sized = checkTableSize(read.right);
  if (E.isLeft(sized)) return refuse(sized.left);
  return sized.right;
}

export const multipartLimits = { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, parts: 6 } };

/** Object imports (issue 20): the template, the preview and the all-or-nothing import. */
export const objectImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart, multipartLimits);
  const templates = createTemplateCache(deps.db);
  const scores = createScoreKeeper(app, deps.db, deps.clock);
  const references = createReferenceDataCache(app, deps.db);

  /** A group's objects as template rows, the importer's reach applied; a group not of the organisation or out of reach is 404. */
  const groupRows = async (organisationId: number, scope: ReturnType<typeof importScope>, groupId: number, language: Language) => {
    const group = (await groupsOfOrganisation(deps.db, organisationId)).find((g) => g.id === groupId);
    if (!group || (scope.groupIds !== null && !scope.groupIds.includes(group.id))) throw new HttpError(404, 'not-found');
    const ids = await objectIdsOfGroup(deps.db, organisationId, groupId);
    const { byId } = await findImportTargets(deps.db, organisationId, [], ids);
    return ids
      .flatMap((id) => {
        const o = byId.get(id);
        return o && scopeCoversAsset(scope, { id: o.id, assetGroupId: o.assetGroupId }) ? [o] : [];
      })
      .map((o) => writeObjectRow({ id: o.id, groupName: group.name, fields: o.fields }, OBJECT_COLUMNS, language));
  };

  app.get(
    '/import/assets/template',
    {
      schema: {
        tags,
        security,
        summary:
          "The object import template: the form's labels as header, one share column per asset class; Excel with drop-down lists and an explanation sheet; with assetGroupId prefilled with that group's objects (re-importing it changes nothing)",
        querystring: z.object({ language: languageQuery, exportFormat: formatQuery, assetGroupId: idParam.optional() }),
        response: { ...errorResponses, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { organisation, scope } = await importContext(app, deps, request, 'assets', undefined);
      const language: Language = request.query.language ?? request.language;
      const rows = request.query.assetGroupId === undefined ? [] : await groupRows(organisation.id, scope, request.query.assetGroupId, language);
      const template = objectTemplate(language, rows);
      const file = request.query.exportFormat === 1 ? writeCsv(template.columns.map((c) => c.header), rows, language) : await writeTemplateWorkbook(template);
      return sendDownload(reply, file, TEMPLATE_FILE_NAMES[language], new Date(deps.clock()));
    },
  );

  app.post(
    '/import/assets',
    {
      schema: {
        tags,
        security,
        summary: 'Previews (dryRun, the default) or imports objects from a CSV or Excel file (multipart field `file`); any failed row answers 400 with the rows and stores none of them (with dryRun=false the refusal is recorded in the history as failed, `importId`). A GRESB-shaped file (GRESB variable names as header, docs/gresb.md) creates or updates objects and fills the consumption answers of the questionnaire of its year',
        consumes: ['multipart/form-data'],
        querystring: z.object({
          dryRun: flagParam.prefault(true),
          language: languageQuery.describe("the file's language (numbers, texts); default the request's"),
          organisationId: idParam.optional().describe('AccountAdministrator: the organisation imported for'),
        }),
        response: { 200: importResultSchema, 400: importRefusalSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const { assetActor, organisation, scope } = await importContext(app, deps, request, 'assets', request.query.organisationId);
      const language: Language = request.query.language && isLanguage(request.query.language) ? request.query.language : request.language;
      const { bytes, fileName } = await uploadedFile(request);
      const table = await readTable(bytes);
      if (isGresbHeader(table.header)) {
        // A GRESB-shaped file (issue 41): GRESB's numbers are written with a decimal point unless the file says it is German.
        const fileLanguage: Language = request.query.language && isLanguage(request.query.language) ? request.query.language : 'en';
        return importGresb(reply, { app, deps, templates, scores, references }, { table, fileName, organisation, scope, userId: assetActor.userId, actor: request.actor, language: fileLanguage, answerLanguage: request.language, dryRun: request.query.dryRun });
      }
      const mapped = mapHeader(table.header, columnOfHeader);
      if (E.isLeft(mapped)) return refuse(mapped.left);
      const headers = table.header.map((h) => (h === null ? '' : String(h).trim()));
      const headerOf = (key: string) => headers[mapped.right.findIndex((c) => c?.key === key)] || key;

      const allowedTypeIds = organisation.isBuyer ? selectableAssetTypes(true).map((t) => t.id) : undefined;
      const dataRows = nonEmptyRows(table.rows);
      const rows = dataRows.map((r) => readObjectRow(r.row, r.cells, mapped.right, headers, { language, allowedTypeIds }));
      const targets = await findImportTargets(
        deps.db,
        organisation.id,
        rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId])),
        rows.flatMap((r) => (r.id === null ? [] : [r.id])),
      );
      const plan = planObjectImport(rows, { ...targets, groups: await groupsOfOrganisation(deps.db, organisation.id), scope, headerOf });
      const outcomes = planOutcomes(plan);
      const failed = outcomes.some((o) => o.status === 'failed');
      const dryRun = request.query.dryRun;
      if (failed)
        return refuseFailedRows(reply, { app, deps, actor: request.actor, language: request.language }, {
          dryRun,
          organisationId: organisation.id,
          userId: assetActor.userId,
          kind: 'assets',
          fileName,
          header: headers,
          dataRows,
          groupsCreated: plan.groupsToCreate.length,
          outcomes,
        });
      if (dryRun) return importResult(true, plan.groupsToCreate.length, outcomes, request.language);

      const now = new Date(deps.clock());
      const userName = await actorName(app, deps.db, request.actor);
      const created = await deps.db
        .transaction()
        .execute(async (trx) => {
          const ids = await applyObjectPlan(trx, plan, { organisationId: organisation.id, isBuyerAsset: organisation.isBuyer, createdBy: assetActor.userId }, now);
          const withIds = outcomes.map((o) => (o.status === 'created' ? { ...o, assetId: ids.get(o.row) ?? null } : o));
          const result = importResult(false, plan.groupsToCreate.length, withIds, request.language);
          await insertImport(trx, {
            organisationId: organisation.id,
            userId: assetActor.userId,
            userName,
            kind: 'assets',
            fileName,
            outcome: 'imported',
            counts: result,
            report: importedReport(headers, dataRows, (i) => withIds[i]!.status),
            at: now,
          });
          return result;
        })
        .catch((error: unknown) => {
          if (error instanceof ImportConflict) throw new HttpError(409, 'objects-version-conflict');
          throw error;
        });
      return created;
    },
  );
};
