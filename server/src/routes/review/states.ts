import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { ANSWER_DECISIONS, reviewAnswer, reviewCounts } from '@ecore/core/review/answer-review.ts';
import { auditEntry } from '@ecore/core/review/audit.ts';
import { answerDecisionNeedsReason, decisionLogKind, reasonFor, stateChangeNeedsReason } from '@ecore/core/review/decision-reason.ts';
import { isOwnerMailState, reviewDecisionMail } from '@ecore/core/review/review-mails.ts';
import { contactPersonsOf } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { decideStateChange, needsFreeAnswerLock, recordedOnEntering, type QuestionnaireFacts, type Transition } from '@ecore/core/review/transitions.ts';
import { ASSET_QUESTIONNAIRE_STATES } from '@ecore/core/answering/answers.ts';
import { checkerOf, reportingDateOf, withExpiredEvidence } from '@ecore/core/answering/evidence.ts';
import { evidenceOfAnswers } from '@ecore/adapters/db/answering/evidence-repository.ts';
import { message } from '@ecore/core/shared/messages.ts';
import { flagParam, idParam, idParams, text } from '@ecore/core/shared/schemas.ts';
import {
  deleteAnswerLock,
  findAnswerLock,
  findAnswerOwner,
  findAssetQuestionnaire,
  findLatestAssetQuestionnaire,
  insertChange,
  insertComment,
  lockAnswer,
  type AssetQuestionnaireRow,
} from '@ecore/adapters/db/answering/answering-repository.ts';
import { groupReviewOf, listQuestionnaireAudit, writeAnswerReview, writeTransition } from '@ecore/adapters/db/review/review-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { LockedError, actorName, answerResponse, answersOf, questionnaireState, structureFor, readableQuestionnaire, visibleAsset } from '../answering/context.ts';
import { answerSchema, lockedSchema } from '../answering/schemas.ts';
import { loadReferenceData } from '../scoring/stranding.ts';
import { issueAssetCertificate, type IssueInputs } from '../certificates/issue.ts';

const tags = ['review'];
const security = [{ bearerAuth: [] }];
const booleanQuery = flagParam;
const refusalSchema = errorSchema.extend({ customErrorCode: z.number().optional(), fields: z.array(z.unknown()).optional() });
const responses = { ...errorResponses, 400: refusalSchema, 403: errorSchema, 423: lockedSchema } as const;
const countsSchema = z.object({ reviewed: z.number(), required: z.number(), eligible: z.number(), accepted: z.number(), rejected: z.number(), evidenceRequested: z.number() });
const auditSchema = z.object({ id: z.number(), from: z.string(), to: z.string(), userName: z.string(), role: z.string(), reason: z.string(), answersTouched: z.array(z.number()), note: z.string(), at: z.string() });

/** Whether the object is a sheet of a group under review, and if so whether it was sampled (DOMAIN.md §4). */
export async function groupSheetOf(db: Kysely<DB>, asset: Pick<AssetView, 'id' | 'assetGroupId'>): Promise<{ sampled: boolean } | null> {
  return groupSheetFrom(await groupReviewOf(db, asset.assetGroupId), asset);
}

/** groupSheetOf from the group's review facts as read (the answering routes keep them between requests). */
export function groupSheetFrom(group: Awaited<ReturnType<typeof groupReviewOf>>, asset: Pick<AssetView, 'id'>): { sampled: boolean } | null {
  if (!group || !['Review', 'ReviewPassed', 'ReviewFailed'].includes(group.state) || !group.submission?.assetIds.includes(asset.id)) return null;
  return { sampled: group.submission.sampledAssetIds.includes(asset.id) };
}

/** The facts core's transitions and review decisions are asked with. */
export async function questionnaireFacts(
  db: Kysely<DB>,
  actor: AssetActor,
  asset: AssetView,
  row: AssetQuestionnaireRow,
  template: ScoredTemplate,
): Promise<QuestionnaireFacts> {
  // A library document expired on the reporting date does not count as evidence (docs/evidence.md).
  const { stored } = await answersOf(db, row);
  return {
    actor,
    asset,
    state: questionnaireState(row),
    structure: structureFor(template, asset),
    answers: withExpiredEvidence(stored, await evidenceOfAnswers(db, row.id), reportingDateOf(row.reportingYear)),
    numberOfReviewedAnswers: NUMBER_OF_REVIEWED_ANSWERS,
    groupSheet: await groupSheetOf(db, asset),
    declineCount: row.declineCount,
  };
}

/**
 * Review, evaluation and verification of filled questionnaires (issue 14, DOMAIN.md §3): every state change through
 * `PUT /api/asset/state` asks core's `decideStateChange` and writes the transition with one audit row in one
 * transaction; the tester's and the evaluator's decisions per answer ask core's `reviewAnswer`.
 */
export const reviewStateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);
  const templateOf = async (id: number) => {
    const template = await templates.get(id);
    if (!template) throw new HttpError(404, 'not-found');
    return template;
  };

  app.put(
    '/asset/state',
    {
      schema: {
        tags,
        security,
        summary: "Changes the state of an object's latest filled questionnaire: Review (submit, resubmit), Evaluation, Closed, Declined, Verification",
        querystring: z.object({ assetId: idParam, state: z.enum(ASSET_QUESTIONNAIRE_STATES, { error: 'validation-generic' }), isBuyerAsset: booleanQuery.optional() }),
        body: z.object({ reason: text(2000).optional() }).nullish(),
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(deps.db, actor, request.query.assetId, request.query.isBuyerAsset);
      const refuse = (code: number, documents: readonly string[] = []) =>
        reply.status(400).send({
          statusCode: 400, key: `questionnaire-change-${code}`, customErrorCode: code,
          message: message(`questionnaire-change-${code}` as never, request.language, { documents: documents.map((d) => `„${d}“`).join(', ') }),
        });
      const seen = await findLatestAssetQuestionnaire(deps.db, asset.id);
      if (!seen) return refuse(2);
      const template = await templateOf(seen.questionnaireId);
      const name = await actorName(app, deps.db, request.actor);
      const target = request.query.state;
      // A decline needs its reason (DOMAIN.md §1), asked before anything is read for the change.
      const reason = reasonFor(stateChangeNeedsReason(target), request.body?.reason);
      if (E.isLeft(reason)) throw new FieldsError([{ path: 'reason', key: reason.left }]);
      // Closing issues the certificate (issue 16) in the same transaction; what it reads is loaded before it.
      const issuing: IssueInputs | null = target === 'Closed' ? { templates: new Map([[template.id, template]]), referenceData: await loadReferenceData(deps.db) } : null;
      const outcome = await deps.db.transaction().execute(async (trx) => {
        // The row lock makes two testers pressing the same button one transition and one audit row.
        const row = await findLatestAssetQuestionnaire(trx, asset.id, true);
        if (!row || row.id !== seen.id || row.questionnaireId !== seen.questionnaireId) return { code: 2 };
        const facts = await questionnaireFacts(trx as never, actor, asset, row, template);
        const decided = decideStateChange(target, facts);
        if (E.isLeft(decided)) return decided.left;
        const transition: Transition = decided.right;
        if (needsFreeAnswerLock(target)) {
          const lock = lockDecision(await findAnswerLock(trx, row.id), actor.userId, deps.clock());
          if (lock.outcome === 'held') throw new LockedError(lock);
          await deleteAnswerLock(trx, row.id);
        }
        const at = new Date(deps.clock());
        const entry = auditEntry(transition, { userId: actor.userId, name, roles: actor.roles }, at);
        await writeTransition(
          trx,
          {
            assetQuestionnaireId: row.id,
            assetId: asset.id,
            from: transition.from,
            to: transition.to,
            declineCount: transition.declineCount,
            submittedAlone: transition.submittedAlone,
            resetChangedSinceDecline: transition.resetChangedSinceDecline,
            answerUpdates: transition.answerUpdates,
            ...recordedOnEntering(transition.to, at, name),
          },
          { userId: actor.userId, userName: name, role: entry.role ?? '', reason: entry.reason, answersTouched: entry.answersTouched, at, note: reason.right },
        );
        if (transition.to === 'Closed' && issuing) await issueAssetCertificate(trx, asset.id, issuing, at);
        return null;
      });
      if (outcome !== null) return refuse(outcome.code, 'documents' in outcome ? outcome.documents : []);
      const reached = (await findLatestAssetQuestionnaire(deps.db, asset.id))?.state ?? '';
      if (isOwnerMailState(reached)) {
        // The owner's contacts learn of declines, requested documents and the acceptance (issue 14), in their language.
        const contacts = await contactPersonsOf(deps.db, asset.organisationId, 0);
        const link = `${deps.config.publicUrl}/asset-management/objects/${asset.id}/${asset.isBuyerAsset}/questionnaire/${seen.id}/data`;
        app.runInBackground('review decision mail', async () => {
          for (const c of contacts) await deps.mailer.send(reviewDecisionMail(reached, c.language, c.email, c.name, asset.objectName, link));
        }, request.log);
      }
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/asset/answer/:id/review',
    {
      schema: {
        tags,
        security,
        summary:
          "A tester's or evaluator's decision on one answer (accept, reject, requestEvidence, unreview, evaluationAccept, evaluationDecline), with a comment; rejecting, and any new decision on a rejected answer, needs it as a reason of 10 to 2000 characters",
        params: idParams,
        body: z.object({ decision: z.enum(ANSWER_DECISIONS, { error: 'validation-generic' }), comment: text(2000).optional() }),
        response: { 200: z.object({ answer: answerSchema, reviewCounts: countsSchema }), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const owner = await findAnswerOwner(deps.db, request.params.id);
      if (!owner) throw new HttpError(404, 'not-found');
      const asset = await visibleAsset(deps.db, actor, owner.assetId);
      const seen = await findAssetQuestionnaire(deps.db, asset.id, owner.assetQuestionnaireId);
      if (!seen) throw new HttpError(404, 'not-found');
      const template = await templateOf(seen.questionnaireId);
      const name = await actorName(app, deps.db, request.actor);
      const { decision, comment } = request.body;
      await deps.db.transaction().execute(async (trx) => {
        const row = (await findAssetQuestionnaire(trx, asset.id, seen.id, true))!;
        const facts = await questionnaireFacts(trx as never, actor, asset, row, template);
        const decided = reviewAnswer(facts, owner.questionId, decision);
        if (E.isLeft(decided)) throw new HttpError(decided.left === 'answer-review-not-allowed' ? 403 : 400, decided.left);
        // A rejection, and taking one back, needs its reason (DOMAIN.md §1): the comment sent with the decision.
        const current = facts.answers.find((a) => a.questionId === owner.questionId)?.state ?? null;
        const reason = reasonFor(answerDecisionNeedsReason(decision, current), comment);
        if (E.isLeft(reason)) throw new FieldsError([{ path: 'comment', key: reason.left }]);
        const at = new Date(deps.clock());
        await writeAnswerReview(trx, row.id, decided.right, at, reason.right, checkerOf(decided.right.state, name));
        const logKind = decisionLogKind(decision, current);
        if (logKind !== null) {
          await insertChange(trx, { assetQuestionnaireId: row.id, questionId: owner.questionId, kind: logKind, userId: actor.userId, userName: name, at, oldValue: null, newValue: null, note: reason.right ?? '' });
        }
        if (comment && comment.trim() !== '') {
          const answer = await lockAnswer(trx, row.id, owner.questionId, name, at);
          await insertComment(trx, answer.id, { id: actor.userId, name }, comment.trim(), at);
        }
      });
      const row = (await findAssetQuestionnaire(deps.db, asset.id, seen.id))!;
      const found = await answersOf(deps.db, row);
      const answer = found.answers.find((a) => a.id === owner.answerId)!;
      return { answer: answerResponse(answer, asset, found.comments, found.documents), reviewCounts: reviewCounts(structureFor(template, asset), found.stored, NUMBER_OF_REVIEWED_ANSWERS) };
    },
  );

  app.get(
    '/asset/:id/questionnaire/:qid/audit',
    {
      schema: {
        tags,
        security,
        summary: 'The append-only audit log of a filled questionnaire: who, role, when, from, to, reason, answers touched',
        params: z.object({ id: idParam, qid: idParam }),
        response: { 200: z.array(auditSchema), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { questionnaire } = await readableQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      return listQuestionnaireAudit(deps.db, questionnaire.id);
    },
  );
};
