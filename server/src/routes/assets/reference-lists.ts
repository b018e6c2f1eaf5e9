import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryOptions } from '@ecore/core/shared/countries.ts';
import type { AppDeps } from '../../app.ts';
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
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return countryOptions(request.language);
    },
  );
};
