import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { strandingRoutes } from './stranding.ts';
import { scoreRoutes } from './scores.ts';

/** Scoring (issue 15). */
export const scoringModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(strandingRoutes, deps);
  await app.register(scoreRoutes, deps);
};
