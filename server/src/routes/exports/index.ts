import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { usersExportRoutes } from './users-export.ts';
import { financeExportRoutes } from './finance-exports.ts';

/** The exports module: users (spec 01 §7) and the finance partners' export area (issue 17). */
export const exportModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(usersExportRoutes, deps);
  await app.register(financeExportRoutes, deps);
};
