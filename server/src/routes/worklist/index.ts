import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { worklistRoutes } from './worklist.ts';

/** What waits for the caller (the home page's worklist). */
export const worklistModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(worklistRoutes, deps);
};
