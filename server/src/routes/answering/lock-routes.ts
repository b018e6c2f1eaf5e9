import { z } from 'zod';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import { lockDecision, mayRelease } from '@ecore/core/questionnaires/locks.ts';
import { deleteAnswerLock, findAnswerLock, writeAnswerLock } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { LockedError, actorName, visibleQuestionnaire } from './context.ts';
import { lockStatusSchema } from './schemas.ts';
import { tags, security, responses, booleanQuery, twoIds, type AnsweringApp, type AnsweringShared } from './answering-shared.ts';

/** A filled questionnaire's lock (DOMAIN.md §7). */
export function lockRoutes(app: AnsweringApp, deps: AppDeps, shared: AnsweringShared) {
  const { caches } = shared;

  app.put(
    '/asset/:id/questionnaire/:qid/lock',
    {
      schema: {
        tags,
        security,
        summary: 'Takes, keeps alive (isLocked=true) or releases (false) the lock of a filled questionnaire; 423 names the holder',
        params: twoIds,
        querystring: z.object({ isLocked: booleanQuery, isBuyerAsset: booleanQuery.optional() }),
        response: { 200: lockStatusSchema, ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid, request.query.isBuyerAsset);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      const at = deps.clock();
      const lock = await findAnswerLock(deps.db, questionnaire.id);
      // Only the lock changes: this process forgets that questionnaire alone (a kept-alive lock is frequent).
      if (!request.query.isLocked) {
        if (mayRelease(lock, actor.userId, at)) await deleteAnswerLock(deps.db, questionnaire.id);
        caches.keepOwn(request, [questionnaire.id]);
        return { isLocked: false, currentLockerName: null, lastActivity: null };
      }
      const decision = lockDecision(lock, actor.userId, at);
      if (decision.outcome === 'held') throw new LockedError(decision);
      const holderName = await actorName(app, deps.db, request.actor);
      await writeAnswerLock(deps.db, questionnaire.id, { userId: actor.userId, holderName, since: decision.outcome === 'refresh' && lock ? lock.since : at, lastActivity: at });
      caches.keepOwn(request, [questionnaire.id]);
      return { isLocked: true, currentLockerName: holderName, lastActivity: new Date(at).toISOString() };
    },
  );

}
