import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { templateExportRoutes } from './export.ts';
import { scoringTableRoutes } from './scoring-table.ts';
import { templateRoutes } from './templates.ts';

export const questionnaireRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(templateRoutes, deps);
  await app.register(templateExportRoutes, deps);
  await app.register(scoringTableRoutes, deps);
};
