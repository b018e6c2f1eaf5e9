import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';

/** Public settings the client needs before anyone signs in. */
export const appConfigRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/app/config',
    { schema: { tags: ['app'], summary: 'Public client settings', response: { 200: z.object({ twoFactorLogin: z.boolean() }) } } },
    async () => ({ twoFactorLogin: deps.config.twoFactorLogin }),
  );
};
