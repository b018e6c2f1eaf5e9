import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { dashboardRoutes } from './dashboard.ts';

/** Analysis and benchmark (issue 17). */
export const analysisModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(dashboardRoutes, deps);
};
