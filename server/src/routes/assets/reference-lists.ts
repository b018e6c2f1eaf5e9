import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryOptions } from '@ecore/core/shared/countries.ts';
import { ASSET_TYPES, selectableAssetTypes } from '@ecore/core/assets/asset-classes.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../schemas.ts';

/** Option lists the forms need (spec 01 §3 countries; spec 02 §7 asset/countries). */
export const referenceListRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.get(
    '/asset/countries',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference lists'],
        summary: 'Countries (code and name in the request language), OTHER last',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(z.object({ code: z.string(), countryName: z.string() })), ...errorResponses },
      },
    },
    async (request) => countryOptions(request.language),
  );

  app.get(
    '/asset/assetType',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference lists'],
        summary: 'Asset classes OFF … RESI with pilot marker; buyer users get only the classes open to buyers',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              assetClassIdentifier: z.string(),
              assetClassIsPilot: z.boolean(),
              availableForBuyers: z.boolean(),
              name: z.object({ de: z.string(), en: z.string() }),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => (request.actor.orgBuyer ? selectableAssetTypes(true) : [...ASSET_TYPES]),
  );

  app.get(
    '/asset/config',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['reference lists'],
        summary: 'Review process settings (numberOfReviewedAnswers)',
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ reviewProcess: z.object({ numberOfReviewedAnswers: z.number() }) }), ...errorResponses },
      },
    },
    async () => ({ reviewProcess: { numberOfReviewedAnswers: NUMBER_OF_REVIEWED_ANSWERS } }),
  );
};
