import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { webhookRoutes } from './webhooks.ts';

/** Webhooks for backend callers (docs/webhooks.md); the delivery worker runs in server.ts. */
export const webhookModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(webhookRoutes, deps);
};
