import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emissionFactorRowSchema,
  kindsFor,
  referenceRowSchema,
  scoringImportBodySchema,
  SCORING_TABLE_TYPES,
  validateRows,
  type RowProblem,
} from '@ecore/core/questionnaires/reference-data.ts';
import { message } from '@ecore/core/shared/messages.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import {
  findDataSet,
  listEmissionFactors,
  listReferenceValues,
  replaceEmissionFactors,
  replaceReferenceValues,
} from '@ecore/adapters/db/questionnaires/reference-data-repository.ts';
import { parseReferenceCsv } from '@ecore/adapters/exports/questionnaire-reference-csv.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { displayName, requireScoringManager } from './access.ts';
import { rescore } from '../scoring/stored-score.ts';

const dataSetSchema = z.object({ name: z.string(), illustrative: z.boolean(), note: z.string() }).nullable();

/** Reference data of the scoring model (DOMAIN.md §5): read per virtual question type, replaced by CSV import. */
export const scoringTableRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/scoringtable',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['questionnaires'],
        security: [{ bearerAuth: [] }],
        summary: 'Reference data a virtual question type uses: averages (DW), pathways (DK), pathways and emission factors (Year)',
        querystring: z.object({ type: z.enum(SCORING_TABLE_TYPES) }),
        response: {
          200: z.object({
            type: z.enum(SCORING_TABLE_TYPES),
            dataSet: dataSetSchema,
            values: z.array(z.object({ kind: z.string(), metric: z.string(), country: z.string(), assetClass: z.string(), year: z.number(), value: z.number() })),
            emissionFactors: z.array(z.object({ carrier: z.string(), country: z.string(), year: z.number(), value: z.number() })),
            emissionFactorSet: dataSetSchema,
          }),
          ...errorResponses,
          403: errorSchema,
        },
      },
    },
    async (request) => {
      // Every signed-in user may read it: scores and dashboards are computed from it.
      const { type } = request.query;
      const { kind, emissionFactors } = kindsFor(type);
      return {
        type,
        dataSet: await findDataSet(deps.db, 'referenceValues'),
        values: await listReferenceValues(deps.db, kind),
        emissionFactors: emissionFactors ? await listEmissionFactors(deps.db) : [],
        emissionFactorSet: emissionFactors ? await findDataSet(deps.db, 'emissionFactors') : null,
      };
    },
  );

  app.put(
    '/scoringtable',
    {
      onRequest: app.authenticate,
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ['questionnaires'],
        security: [{ bearerAuth: [] }],
        summary: 'Imports reference values (kind;metric;country;assetClass;year;value) or emission factors (carrier;country;year;value) from CSV, replacing the stored ones',
        body: scoringImportBodySchema,
        response: { 200: z.object({ imported: z.number() }), ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      requireScoringManager(request.actor);
      // The reference data kept in this process (createReferenceDataCache) is emptied before the answer goes out.
      request.changesKeptData = true;
      const { kind, csv, dataSetName } = request.body;
      let records: Record<string, string>[];
      try {
        records = parseReferenceCsv(csv);
      } catch {
        throw new HttpError(400, 'scoringtable-import-invalid', { details: '1' });
      }
      const importedBy = displayName(await findSignInUserById(deps.db, request.actor.userId), request.actor);
      const set = { name: dataSetName, illustrative: false, note: '', importedBy };
      // The row errors go out as the message and, one per row, as `fields` (path `rows.<line>.<column>`) for the form.
      const refuse = (problems: RowProblem[]) =>
        reply.status(400).send({
          statusCode: 400,
          key: 'scoringtable-import-invalid',
          message: message('scoringtable-import-invalid', request.language, { details: problems.map((p) => `${p.line} (${p.field})`).join(', ') || '—' }),
          fields: problems.map((p) => ({ path: `rows.${p.line}.${p.field}`, key: 'validation-generic', message: message('validation-generic', request.language) })),
        });
      if (kind === 'referenceValues') {
        const { rows, problems } = validateRows(referenceRowSchema, records);
        if (problems.length || rows.length === 0) return refuse(problems);
        await deps.db.transaction().execute(async (trx) => {
          await replaceReferenceValues(trx, rows, set);
          // The stored list scores follow the new data (Closed and Expired keep theirs; issue 15).
          await rescore(trx, new Date(deps.clock()));
        });
        return { imported: rows.length };
      }
      const { rows, problems } = validateRows(emissionFactorRowSchema, records);
      if (problems.length || rows.length === 0) return refuse(problems);
      await deps.db.transaction().execute(async (trx) => {
        await replaceEmissionFactors(trx, rows, set);
        await rescore(trx, new Date(deps.clock()));
      });
      return { imported: rows.length };
    },
  );
};
