import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filledQuestionnaireTable } from '@ecore/core/answering/answer-export.ts';
import { exportFormatSchema } from '@ecore/core/exports/export-format.ts';
import { columnsOfTable } from '@ecore/core/exports/export-table.ts';
import { ASSET_COLUMNS, CUSTOMER_COLUMNS, EXPORT_NAMES, exportFileName } from '@ecore/core/exports/finance-export.ts';
import { chosenAssets, financePartnerScope, type FinancePartnerScope } from '@ecore/core/exports/finance-partner-scope.ts';
import { pageQuerySchema } from '@ecore/core/identity/user-schema.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { LANGUAGES } from '@ecore/core/shared/language.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findLatestAssetQuestionnaire } from '@ecore/adapters/db/answering/answering-repository.ts';
import {
  exportableGroup,
  exportAssetBatches,
  exportCustomerBatches,
  findExportableAsset,
  listExportableAssets,
  listExportableGroups,
} from '@ecore/adapters/db/exports/finance-export-repository.ts';
import { streamTable, type TableStream } from '@ecore/adapters/exports/table-stream.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { answersOf, structureFor } from '../answering/context.ts';

/** One batch: the questionnaire's rows are few and already in memory. */
async function* once<T>(rows: T): AsyncGenerator<T> {
  yield rows;
}

const repeated = z.union([idParam, z.array(idParam).max(10_000)]).transform((v) => (Array.isArray(v) ? v : [v]));
const fileQuery = z.object({ exportFormat: exportFormatSchema, language: z.enum(LANGUAGES).default('de') });
const refusals = { ...errorResponses, 403: errorSchema };

/** The finance partner acting, or 403 for everyone else (spec 02 §2: /export is for finance-partner users only). */
const scopeOf = (actor: Actor): FinancePartnerScope => {
  const scope = financePartnerScope(actor);
  if (!scope) throw new HttpError(403, 'forbidden');
  return scope;
};

const exportAssetSchema = z.object({
  assetId: z.number(),
  name: z.string(),
  groupName: z.string(),
  ownerName: z.string(),
  reach: z.enum(['buyerAsset', 'granted']),
  city: z.string(),
  country: z.string(),
  questionnaireVersion: z.string().nullable(),
  state: z.string().nullable(),
  ecoreScore: z.number().nullable(),
  financeScore: z.number().nullable(),
});

/** Sends a streamed file as a download named after what it holds (ARCHITECTURE.md "API conventions"). */
const sendStream = (reply: FastifyReply, file: TableStream, what: string, date: Date) => {
  const name = exportFileName(what, date.toISOString().slice(0, 10), file.extension);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
};

/**
 * The export area of finance partners (issue 17, spec 02 §2, §7; docs/analysis-exports.md "Exports"): the lists of
 * what the caller may export, and the object-group, latest-questionnaire and customer-data files, streamed.
 */
export const financeExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const templates = createTemplateCache(deps.db);

  app.get(
    '/export/assets',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary: 'The objects the finance partner may export (paged; assetGroupId: of one group)',
        security: [{ bearerAuth: [] }],
        querystring: pageQuerySchema.extend({ assetGroupId: idParam.optional() }),
        response: { 200: z.object({ items: z.array(exportAssetSchema), total: z.number(), page: z.number(), pageSize: z.number() }), ...refusals },
      },
    },
    async (request) => {
      const scope = scopeOf(request.actor);
      const q = request.query;
      const { items, total } = await listExportableAssets(deps.db, scope, q);
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/export/assetGroups',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary: 'The object groups holding objects the finance partner may export (paged)',
        security: [{ bearerAuth: [] }],
        querystring: pageQuerySchema,
        response: {
          200: z.object({ items: z.array(z.object({ id: z.number(), name: z.string(), ownerName: z.string(), assetCount: z.number() })), total: z.number(), page: z.number(), pageSize: z.number() }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request.actor);
      const q = request.query;
      const { items, total } = await listExportableGroups(deps.db, scope, q);
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.get(
    '/export/assetgroup/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary: "A group's objects in the finance partner's scope (Assets repeated: a chosen subset) as JSON (0), CSV (1) or Excel (2)",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: idParam }),
        querystring: fileQuery.extend({ Assets: repeated.optional() }),
        response: refusals,
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request.actor);
      const group = await exportableGroup(deps.db, scope, request.params.id);
      if (!group || group.assetIds.length === 0) throw new HttpError(404, 'not-found');
      const chosen = chosenAssets(group.assetIds, request.query.Assets);
      if (!chosen.ok) throw new FieldsError([{ path: 'Assets', key: 'validation-generic' }]);
      const { exportFormat, language } = request.query;
      const file = streamTable({ title: group.name, columns: ASSET_COLUMNS, batches: exportAssetBatches(deps.db, scope, { assetIds: chosen.ids }) }, exportFormat, language);
      return sendStream(reply, file, `${EXPORT_NAMES.objects[language]}-${group.name}`, new Date(deps.clock()));
    },
  );

  app.get(
    '/export/questionnaire/:id/latest',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary: "An object's latest filled questionnaire with its answers, for the finance partner, as JSON (0), CSV (1) or Excel (2)",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: idParam }),
        querystring: fileQuery,
        response: refusals,
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request.actor);
      const exportable = await findExportableAsset(deps.db, scope, request.params.id);
      const asset = exportable && (await findAsset(deps.db, exportable.assetId));
      const questionnaire = asset && (await findLatestAssetQuestionnaire(deps.db, asset.id));
      const template = questionnaire && (await templates.get(questionnaire.questionnaireId));
      if (!asset || !questionnaire || !template) throw new HttpError(404, 'not-found');
      const { stored, comments } = await answersOf(deps.db, questionnaire);
      const { exportFormat, language } = request.query;
      const table = filledQuestionnaireTable(structureFor(template, asset), stored, comments, language);
      const file = streamTable({ title: `${asset.objectName} ${template.version}`, columns: columnsOfTable(table.columns, ['value']), batches: once(table.rows) }, exportFormat, language);
      return sendStream(reply, file, `${asset.objectName}-${template.version}`, new Date(deps.clock()));
    },
  );

  app.get(
    '/export/customerData',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary: "The finance partner's buyer organisations with their objects as JSON (0), CSV (1) or Excel (2)",
        security: [{ bearerAuth: [] }],
        querystring: fileQuery,
        response: refusals,
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request.actor);
      const { exportFormat, language } = request.query;
      const file = streamTable({ title: EXPORT_NAMES.customerData[language], columns: CUSTOMER_COLUMNS, batches: exportCustomerBatches(deps.db, scope) }, exportFormat, language);
      return sendStream(reply, file, EXPORT_NAMES.customerData[language], new Date(deps.clock()));
    },
  );
};
