import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { answerImportRoutes } from './answer-import.ts';
import { importHistoryRoutes } from './import-history.ts';
import { objectImportRoutes } from './object-import.ts';

/** The imports module (issue 20, DOMAIN.md §10): object import, history and reports. */
export const importModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(objectImportRoutes, deps);
  await app.register(answerImportRoutes, deps);
  await app.register(importHistoryRoutes, deps);
};
