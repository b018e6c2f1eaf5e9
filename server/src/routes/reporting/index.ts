import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { gresbExportRoutes } from './gresb-export.ts';

/** The reporting module (issue 41): GRESB asset data out (the import is part of the object import). */
export const reportingModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(gresbExportRoutes, deps);
};
