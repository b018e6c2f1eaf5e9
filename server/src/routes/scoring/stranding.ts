import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { BANK_REFERENCE_KINDS } from '@ecore/core/questionnaires/reference-data.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import { assetStranding, portfolioStranding, refusalParams, strandingBodySchema, strandingPortfolioBodySchema, type StrandingRefusal } from '@ecore/core/scoring/stranding.ts';
import { findDataSet, listEmissionFactors, listReferenceValues } from '@ecore/adapters/db/questionnaires/reference-data-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['scoring'];
const security = [{ bearerAuth: [] }];

const curveSchema = z.object({
  misalignmentYear: z.number().nullable(),
  beyond2050: z.boolean(),
  years: z.array(z.object({ year: z.number(), intensity: z.number(), pathway: z.number() })),
});
const resultSchema = z.object({ carbon: curveSchema, energy: curveSchema });
const dataSetSchema = z.object({ name: z.string(), illustrative: z.boolean() });

/** The reference data scoring reads (DOMAIN.md §5), as stored by the scoring model manager's import. */
export async function loadReferenceData(db: Kysely<DB>): Promise<ReferenceData> {
  const [averages, pathways, emissionFactors, ...bank] = await Promise.all([
    listReferenceValues(db, 'average'),
    listReferenceValues(db, 'pathway'),
    listEmissionFactors(db),
    // The banks' thresholds and carbon per kWh (DOMAIN.md §11): the portfolio reads them from the same data.
    ...BANK_REFERENCE_KINDS.map((kind) => listReferenceValues(db, kind)),
  ]);
  return { values: [...averages, ...pathways, ...bank.flat()], emissionFactors };
}

/** A refusal of the projection (missing reference data, a reporting year outside the data): 400 naming what is missing. */
export const strandingRefusal = (refusal: StrandingRefusal, language: 'de' | 'en') => new HttpError(400, refusal._tag, refusalParams(refusal, language));

/**
 * The stranding calculator (issue 15): the CRREM projection of core for figures typed in, one object or a portfolio,
 * for any signed-in user; nothing is stored.
 */
export const strandingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);

  const dataSet = async () => {
    const set = await findDataSet(deps.db, 'referenceValues');
    return { name: set?.name ?? '', illustrative: set?.illustrative ?? true };
  };

  app.post(
    '/scoring/stranding',
    {
      schema: {
        tags,
        security,
        summary: 'The stranding year (CRREM misalignment year) of carbon and energy intensity for figures typed in, per year to 2050',
        body: strandingBodySchema,
        response: { 200: resultSchema.extend({ dataSet: dataSetSchema }), ...errorResponses },
      },
    },
    async (request) => {
      // The body was checked by core's schema (field errors with its keys); the projection is core's too.
      const result = assetStranding(await loadReferenceData(deps.db), request.body);
      if (E.isLeft(result)) throw strandingRefusal(result.left, request.language);
      return { carbon: result.right.carbon, energy: result.right.energy, dataSet: await dataSet() };
    },
  );

  app.post(
    '/scoring/stranding/portfolio',
    {
      schema: {
        tags,
        security,
        summary: 'The area-weighted stranding of a portfolio, with each asset’s result',
        body: strandingPortfolioBodySchema,
        response: { 200: resultSchema.extend({ assets: z.array(resultSchema), dataSet: dataSetSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const { reportingYear, assets } = request.body;
      const result = portfolioStranding(await loadReferenceData(deps.db), assets.map((asset) => ({ ...asset, reportingYear })));
      if (E.isLeft(result)) throw strandingRefusal(result.left, request.language);
      return {
        carbon: result.right.carbon,
        energy: result.right.energy,
        assets: result.right.assets.map((a) => ({ carbon: a.carbon, energy: a.energy })),
        dataSet: await dataSet(),
      };
    },
  );
};
