import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { strandingRoutes } from './stranding.ts';
import { scoreRoutes } from './scores.ts';
import { yearOverYearRoutes } from './year-over-year.ts';
import { rescore } from './stored-score.ts';

/** How many unscored questionnaires one start-up transaction scores. */
const BACKFILL_BATCH = 200;

/** Scoring (issue 15). */
export const scoringModuleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(strandingRoutes, deps);
  await app.register(scoreRoutes, deps);
  await app.register(yearOverYearRoutes, deps);
  // Filled questionnaires from before stored scores (migration 042) get theirs once, after the server started: in
  // the background and in batches, each its own short transaction, so that neither the start (Fastify's ready
  // timeout) nor the embedded database's one connection waits for a large database to be scored.
  let stopping = false;
  let backfill: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    backfill = (async () => {
      // Bounded, in case a batch could never be written (its template gone): 2 million questionnaires at most.
      for (let batch = 0; batch < 10_000 && !stopping; batch++) {
        const taken = await deps.db.transaction().execute((trx) => rescore(trx, new Date(deps.clock()), { onlyUnscored: true, limit: BACKFILL_BATCH }));
        if (taken < BACKFILL_BATCH) return;
      }
    })().catch((error: unknown) => app.log.error({ err: error }, 'storing the scores of unscored questionnaires failed'));
  });
  app.addHook('onClose', async () => {
    stopping = true;
    await backfill;
  });
};
