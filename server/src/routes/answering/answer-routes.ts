import { z } from 'zod';
import { findQuestion } from '@ecore/core/answering/applicability.ts';
import { saveAnswersSchema } from '@ecore/core/answering/answers.ts';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import { idParam, idValue, requiredText } from '@ecore/core/shared/schemas.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { findLatestAssetQuestionnaire, insertComment, listChanges, lockAnswer } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { saveSheetAnswers, type ScoreWith } from './save-answers.ts';
import { ANSWERING_NOTIFICATION } from '@ecore/migrations/index.ts';
import { actorName, answerResponse, visibleAsset, visibleQuestionnaire } from './context.ts';
import { lockSheetForSave } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { committedNotifier, notifyCommitted, savedQuestionnaireNotifications } from '@ecore/adapters/db/notifications.ts';
import { answerSchema, progressSchema, changeSchema, commentSchema } from './schemas.ts';
import { tags, security, responses, booleanQuery, twoIds, loggedText, type AnsweringApp, type AnsweringShared } from './answering-shared.ts';

/** Answers, their comments and the change log (spec 02 §4; docs/answering.md "How a save works"). */
export function answerRoutes(app: AnsweringApp, deps: AppDeps, shared: AnsweringShared) {
  const { caches, structureFor, scores, now, templateOf } = shared;
  // The saves' notifications to the other processes, several saves' in one statement when they commit together.
  const notifySaved = committedNotifier((payloads) => notifyCommitted(deps.db, payloads));

  app.put(
    '/asset/answer',
    {
      // What a save writes (answers, their change log, the filled questionnaire's progress, adjustments and stored score): this process
      // empties only the caches of those before answering (the lists' pages), and keeps the sessions, accounts,
      // objects and templates it knows (plugins/auth.ts); its own questionnaires it drops itself (keepOwn).
      config: { writes: ['asset_answers', 'asset_answer_changes', 'asset_questionnaires', ANSWERING_NOTIFICATION] },
      schema: {
        tags,
        security,
        summary: "Saves answers (a list) to the objects' latest filled questionnaires: all or nothing",
        body: saveAnswersSchema,
        response: { 200: z.object({ answers: z.array(answerSchema), progress: progressSchema }), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const by = await actorName(app, deps.db, request.actor);
      const items = request.body.map((item, index) => ({ ...item, index }));
      const byAsset = new Map<number, typeof items>();
      for (const item of items) byAsset.set(item.assetId, [...(byAsset.get(item.assetId) ?? []), item]);
      // What is read before the transaction comes from the caches (object, its group); the transaction reads each filled
      // questionnaire with its row locked (its lock, answers, comments and documents in one statement) and takes its
      // template (kept by id), core decides on that (save-answers.ts), and what it decided is written in one statement.
      const targets: { asset: AssetView; list: typeof items; sampled: boolean }[] = [];
      for (const [assetId, list] of byAsset) {
        const { asset } = await caches.visibleObject(actor, assetId, list[0]!.isBuyerAsset);
        if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
        const group = (await caches.group(asset.assetGroupId)).review;
        const sampled = group?.submission?.sampledAssetIds.includes(asset.id) ?? false;
        targets.push({ asset, list, sampled });
      }
      const scoring = await scores.prepare();
      let origin = '';
      const result = await deps.db.transaction().execute(async (trx) => {
        const out = [];
        for (const { asset, list, sampled } of targets) {
          // The save notifies the other processes itself once committed (adapters/src/db/notifications.ts): a
          // notification inside the transaction would make every save wait for the disk flush of the one before.
          const found = await lockSheetForSave(trx, asset.id);
          if (!found) throw new HttpError(404, 'not-found');
          const locked = found.sheet;
          origin = found.origin;
          // Kept by id; read in the transaction where it is not (the embedded database has one connection).
          const template = await templateOf(locked.row.questionnaireId, trx);
          const object = { ...asset, area: asset.assetTotalArea };
          const scoreWith: ScoreWith = (answers) => ({ ...scoring.figures(template, object, locked.row.reportingYear, answers), scoredAt: new Date(deps.clock()) });
          const saved = await saveSheetAnswers(trx, { actor, by, at: now(), now: deps.clock(), locked, structure: structureFor(template, asset), items: list, sampled, scoreWith, flags: { object, data: scoring.referenceData } });
          out.push({ asset, locked, saved });
        }
        return out;
      });
      // Committed: this process forgets the questionnaires it changed before it answers (the others when the
      // notification comes); it keeps everything else it knows.
      const saved = result.map((r) => r.locked.row.id);
      caches.keepOwn(request, saved);
      await notifySaved(savedQuestionnaireNotifications(saved, origin)).catch((error: unknown) =>
        request.log.error({ err: error, questionnaireIds: saved }, 'the notification of a committed save was not sent: other processes may show the answers before it until their next change'),
      );
      const answers = [];
      for (const { asset, locked, saved } of result) answers.push(...saved.written.map((a) => answerResponse(a, asset, locked.comments, locked.documents)));
      return { answers, progress: result.at(-1)!.saved.progress };
    },
  );

  app.put(
    '/asset/answerComment',
    {
      schema: {
        tags,
        security,
        summary: 'Adds a comment to the answer of a question (created empty where none exists yet)',
        body: z.object({ assetId: idParam.or(idValue), questionId: idValue, isBuyerAsset: z.boolean().default(false), comment: requiredText(2000) }),
        response: { 201: commentSchema, ...responses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const { assetId, questionId, isBuyerAsset, comment } = request.body;
      const asset = await visibleAsset(deps.db, actor, assetId, isBuyerAsset);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      const latest = await findLatestAssetQuestionnaire(deps.db, asset.id);
      if (!latest) throw new HttpError(404, 'not-found');
      const structure = structureFor(await templateOf(latest.questionnaireId), asset);
      if (!findQuestion(structure, questionId)) throw new FieldsError([{ path: 'questionId', key: 'answer-question-unknown' }]);
      const by = await actorName(app, deps.db, request.actor);
      const created = await deps.db.transaction().execute(async (trx) => {
        const answer = await lockAnswer(trx, latest.id, questionId, by, now());
        return insertComment(trx, answer.id, { id: actor.userId, name: by }, comment, now());
      });
      caches.keepOwn(request, [latest.id]);
      return reply.status(201).send({ id: created.id, answerId: created.answerId, questionId, comment: created.comment, authorName: created.authorName, createdAt: created.createdAt });
    },
  );

  app.get(
    '/asset/:id/questionnaire/:qid/changelog',
    {
      schema: {
        tags,
        security,
        summary: 'The change log of a filled questionnaire, newest first, optionally of one question',
        params: twoIds,
        querystring: z.object({ questionId: idParam.optional(), isBuyerAsset: booleanQuery.optional() }),
        response: { 200: z.array(changeSchema), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid, request.query.isBuyerAsset);
      const rows = await listChanges(deps.db, questionnaire.id, request.query.questionId);
      return rows.map((r) => ({
        id: r.id,
        questionId: r.questionId,
        kind: r.kind,
        userName: r.userName,
        at: r.at,
        oldValue: loggedText(r.oldValue, request.language),
        newValue: loggedText(r.newValue, request.language),
        note: r.note,
      }));
    },
  );

}
