import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { answeringRoutes } from './answering.ts';
import { documentRoutes } from './documents.ts';
import { evidenceRoutes } from './evidence.ts';
import { answerExportRoutes } from './export.ts';
import { outlierRoutes } from './outliers.ts';

/** Filled questionnaires (issue 13, docs/answering.md). */
export const answeringModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(answeringRoutes, deps);
  await app.register(documentRoutes, deps);
  await app.register(evidenceRoutes, deps);
  await app.register(answerExportRoutes, deps);
  await app.register(outlierRoutes, deps);
};
