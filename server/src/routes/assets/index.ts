import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { accessDecisionRoutes } from './access-decisions.ts';
import { accessRequestRoutes } from './access-requests.ts';
import { assetRoutes } from './assets.ts';
import { referenceListRoutes } from './reference-lists.ts';

export const assetModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(referenceListRoutes, deps);
  await app.register(accessRequestRoutes, deps);
  await app.register(accessDecisionRoutes, deps);
  await app.register(assetRoutes, deps);
};
