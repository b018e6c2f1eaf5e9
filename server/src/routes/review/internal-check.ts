import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { decideInternalMark, mayReadInternalMarks } from '@ecore/core/review/internal-check.ts';
import { idParam, text } from '@ecore/core/shared/schemas.ts';
import { listInternalMarks, writeInternalMark } from '@ecore/adapters/db/review/internal-check-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { answersOf, questionnaireState, structureFor, visibleQuestionnaire } from '../answering/context.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';

const tags = ['review'];
const security = [{ bearerAuth: [] }];
const markSchema = z.object({ questionId: z.number(), checked: z.boolean(), note: z.string().nullable(), checkedBy: z.string(), checkedAt: z.string() });
const params = z.object({ id: idParam, qid: idParam });

/**
 * The owner's internal check (DOMAIN.md §1, docs/review.md "Internal check"): the internal tester's mark and note per
 * answer, read by the owner and the assigned tester. Core decides who reads and who writes (internal-check.ts); a
 * mark is written on its own table and never touches an answer's review marks or the questionnaire's state.
 */
export const internalCheckRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);

  /** The questionnaire of an object the caller sees and whose internal marks it may read; else 404, so ids do not leak. */
  const readable = async (request: { actor: Parameters<typeof assetActorOf>[1]; params: z.infer<typeof params> }) => {
    const actor = await assetActorOf(app, request.actor);
    const seen = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
    if (!mayReadInternalMarks(actor, seen.asset)) throw new HttpError(404, 'not-found');
    return { actor, ...seen };
  };

  app.get(
    '/asset/:id/questionnaire/:qid/internalCheck',
    {
      schema: {
        tags,
        security,
        summary: "The owner's internal check of a filled questionnaire: per answer the internal tester's mark and note (never counted as reviewed)",
        params,
        response: { 200: z.array(markSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { questionnaire } = await readable(request);
      return listInternalMarks(deps.db, questionnaire.id);
    },
  );

  app.put(
    '/asset/:id/questionnaire/:qid/internalCheck/:questionId',
    {
      schema: {
        tags,
        security,
        summary: "The internal tester's mark on one answer: internally checked or not, with an optional note of at most 2000 characters",
        params: params.extend({ questionId: idParam }),
        // The note's bound of 2000 characters is core's (counted as a reader counts them); this only bounds the text.
        body: z.object({ checked: z.boolean({ error: 'validation-generic' }), note: text(8000).nullish() }),
        response: { 200: markSchema, ...errorResponses, 403: errorSchema },
      },
    },
    async (request) => {
      const { actor, asset, questionnaire } = await readable(request);
      const template = await templates.get(questionnaire.questionnaireId);
      if (!template) throw new HttpError(404, 'not-found');
      const { stored } = await answersOf(deps.db, questionnaire);
      const facts = { actor, asset, state: questionnaireState(questionnaire), structure: structureFor(template, asset), answers: stored };
      const decided = decideInternalMark(facts, request.params.questionId, request.body);
      if (E.isLeft(decided)) {
        if (decided.left === 'internal-check-note-too-long') throw new FieldsError([{ path: 'note', key: decided.left }]);
        throw new HttpError(decided.left === 'internal-check-not-allowed' ? 403 : 400, decided.left);
      }
      await writeInternalMark(deps.db, questionnaire.id, decided.right, { userId: actor.userId, at: new Date(deps.clock()) });
      const marks = await listInternalMarks(deps.db, questionnaire.id);
      return marks.find((m) => m.questionId === decided.right.questionId)!;
    },
  );
};
