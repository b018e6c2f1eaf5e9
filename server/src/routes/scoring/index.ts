import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { strandingRoutes } from './stranding.ts';
import { scoreRoutes } from './scores.ts';
import { rescore } from './stored-score.ts';

/** Scoring (issue 15). */
export const scoringModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(strandingRoutes, deps);
  await app.register(scoreRoutes, deps);
  // Filled questionnaires from before stored scores (migration 042) get theirs once, when the server starts.
  app.addHook('onReady', async () => {
    await deps.db.transaction().execute((trx) => rescore(trx, new Date(deps.clock()), { onlyUnscored: true }));
  });
};
