import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { provenanceOf } from '@ecore/core/answering/provenance.ts';
import { exportFileName } from '@ecore/core/exports/finance-export.ts';
import { scopeCoversAsset } from '@ecore/core/imports/import-access.ts';
import { allQuestions, questionTitleIn, type Question } from '@ecore/core/questionnaires/template.ts';
import { gresbRow, gresbSourceRows, noteText, type GresbRow, type SourceQuestion } from '@ecore/core/reporting/gresb.ts';
import { answeredKpiFigures } from '@ecore/core/scoring/figures.ts';
import { yearFactors } from '@ecore/core/scoring/stranding.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';
import { findImportTargets, groupsOfOrganisation } from '@ecore/adapters/db/imports/imports-repository.ts';
import { anySheetOfYear, gresbObjectIds, gresbSheets } from '@ecore/adapters/db/reporting/gresb-repository.ts';
import { streamGresb } from '@ecore/adapters/exports/gresb-file.ts';
import type { TableStream } from '@ecore/adapters/exports/table-stream.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { structureFor } from '../answering/context.ts';
import { importContext } from '../imports/object-import.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { createReferenceDataCache } from '../scoring/stored-score.ts';
import { errorResponses, errorSchema } from '../schemas.ts';

/** Sends a streamed file as a download named after what it holds (ARCHITECTURE.md "API conventions"). */
const sendFile = (reply: FastifyReply, file: TableStream, name: string) =>
  reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(file.body);

/** Objects read and written per batch, as the other exports stream (docs/analysis-exports.md). */
const BATCH = 1000;

/**
 * The GRESB export (issue 41, docs/gresb.md): one row per object of a group (or of every object the caller may export),
 * GRESB's variable names as header, absolute figures of the questionnaire of the reporting year, streamed a batch at a
 * time. Who: those who import objects (core `mayImport`), within their access list; the account administrator names
 * the organisation.
 */
export const gresbExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const templates = createTemplateCache(deps.db);
  const references = createReferenceDataCache(app, deps.db);

  app.get(
    '/export/gresb',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary:
          "The GRESB asset data of a group's objects (without assetGroupId: of every object the caller may export): GRESB's variable names as header, absolute figures (kWh, t CO2e, m³, t) of the questionnaire of the reporting year; Excel with the sheets of sources and notes, CSV with the notes as trailing comment lines",
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          assetGroupId: idParam.optional(),
          year: z.coerce.number({ error: 'validation-number' }).int({ error: 'validation-number' }).min(2015, { error: 'gresb-year' }).max(2050, { error: 'gresb-year' }).optional().describe('the reporting year; without it each object\'s latest questionnaire'),
          format: z.enum(['xlsx', 'csv'], { error: 'validation-generic' }).default('xlsx'),
          language: z.enum(['de', 'en']).optional().describe('the language of the sources and notes; default the request\'s'),
          organisationId: idParam.optional().describe('AccountAdministrator: the organisation exported'),
        }),
        response: { ...errorResponses, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { organisation, scope } = await importContext(app, deps, request, 'assets', request.query.organisationId);
      const { assetGroupId, format } = request.query;
      const year = request.query.year ?? null;
      const language: Language = request.query.language ?? request.language;
      let group: { id: number; name: string } | null = null;
      if (assetGroupId !== undefined) {
        group = (await groupsOfOrganisation(deps.db, organisation.id)).find((g) => g.id === assetGroupId) ?? null;
        if (!group || (scope.groupIds !== null && !scope.groupIds.includes(group.id))) throw new HttpError(404, 'not-found');
      }
      const ids = await gresbObjectIds(deps.db, organisation.id, scope, group?.id ?? null);
      if (year !== null && !(await anySheetOfYear(deps.db, organisation.id, ids, year))) throw new FieldsError([{ path: 'year', key: 'gresb-year-without-questionnaires', params: { year } }]);
      const referenceData = await references();
      const notes: string[] = [];
      const sources = new Map<string, SourceQuestion>();
      // The structure an object answers depends only on its template and its classes: made once per such pair, with
      // its questions by id, not once per object.
      // A template is read (and its freshness checked) once per export, not once per object.
      const read = new Map<number, Promise<ScoredTemplate | null>>();
      const templateOf = (id: number) => {
        let found = read.get(id);
        if (!found) read.set(id, (found = templates.get(id)));
        return found;
      };
      const structures = new Map<string, { structure: ReturnType<typeof structureFor>; kpi: Question[]; questions: Map<number, Question> }>();
      const structureOf = (template: ScoredTemplate, f: { assetAssetTypes: { assetTypeId: number; percentage: number }[] }) => {
        const key = `${template.id}|${f.assetAssetTypes.map((t) => `${t.assetTypeId}:${t.percentage}`).join(',')}`;
        let made = structures.get(key);
        if (!made) {
          const structure = structureFor(template, f);
          const all = allQuestions(structure);
          made = { structure, kpi: all.filter((q) => q.kpiKey !== null), questions: new Map(all.flatMap((q) => (q.id === null ? [] : [[q.id, q] as const]))) };
          structures.set(key, made);
        }
        return made;
      };

      async function* batches(): AsyncGenerator<GresbRow[]> {
        for (let i = 0; i < ids.length; i += BATCH) {
          const part = ids.slice(i, i + BATCH);
          const { byId } = await findImportTargets(deps.db, organisation.id, [], part);
          const sheets = await gresbSheets(deps.db, part, year);
          const rows: GresbRow[] = [];
          for (const id of part) {
            const object = byId.get(id);
            if (!object || !scopeCoversAsset(scope, { id, assetGroupId: object.assetGroupId })) continue;
            const f = object.fields;
            const sheet = sheets.get(id) ?? null;
            const template = sheet ? await templateOf(sheet.questionnaireId) : null;
            const figures: Record<string, number> = {};
            if (sheet && template) {
              const { structure, kpi, questions } = structureOf(template, f);
              for (const [key, figure] of answeredKpiFigures(structure, sheet.answers, kpi)) {
                figures[key] = figure.value;
                const question = questions.get(figure.questionId);
                if (question && !sources.has(`${key}|${figure.questionId}`)) sources.set(`${key}|${figure.questionId}`, { kpiKey: key, questionId: figure.questionId, title: questionTitleIn(question, language), provenance: {} });
                // Where the figure comes from, counted per question over the exported objects.
                const source = sources.get(`${key}|${figure.questionId}`);
                const provenance = provenanceOf(sheet.answers.find((a) => a.questionId === figure.questionId) ?? { inputAnswer: null });
                if (source && provenance) source.provenance[provenance] = (source.provenance[provenance] ?? 0) + 1;
              }
            }
            const reportingYear = sheet && template ? sheet.reportingYear : null;
            const made = gresbRow({
              id,
              name: f.objectName,
              country: f.country,
              city: f.city,
              zip: f.zip,
              street: f.street,
              streetNumber: f.streetNumber,
              constructionYear: f.constructionYear,
              area: f.assetTotalArea,
              assetAssetTypes: f.assetAssetTypes,
              reportingYear,
              figures,
              factors: reportingYear === null ? null : yearFactors(referenceData, f.country, reportingYear),
            });
            notes.push(...made.notes.map((n) => noteText(n, language)));
            rows.push(made.row);
          }
          yield rows;
        }
      }

      const file = streamGresb(batches(), () => ({ sources: gresbSourceRows([...sources.values()], language), notes }), format, language);
      const name = exportFileName(`GRESB-${group ? group.name : 'objects'}-${year ?? 'latest'}`, new Date(deps.clock()).toISOString().slice(0, 10), file.extension);
      return sendFile(reply, file, name);
    },
  );
};
