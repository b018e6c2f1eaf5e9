import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { assetGrants, groupScope, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { AssetQuestionnaireState } from '@ecore/core/answering/answers.ts';
import { auditEntry, auditReason } from '@ecore/core/review/audit.ts';
import {
  GROUP_STATES,
  decideGroupStateChange,
  groupChangeKey,
  groupSubmitProblem,
  sheetAfterGroupDecision,
  type GroupObject,
  type GroupState,
  type GroupTransition,
} from '@ecore/core/object-groups/group-rules.ts';
import { recordedOnEntering } from '@ecore/core/review/transitions.ts';
import { groupChangeNeedsReason, reasonFor } from '@ecore/core/review/decision-reason.ts';
import { flagParam, idParam, idParams, text } from '@ecore/core/shared/schemas.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { latestQuestionnairesOfGroup } from '@ecore/adapters/db/answering/answering-repository.ts';
import { groupReviewOf, listGroupAudit, writeTransition } from '@ecore/adapters/db/review/review-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { actorName, answersOf, structureFor } from '../answering/context.ts';
import { loadReferenceData } from '../scoring/stranding.ts';
import { issueGroupCertificates } from '../certificates/issue.ts';

const tags = ['review'];
const security = [{ bearerAuth: [] }];
const booleanQuery = flagParam;
const refusalSchema = errorSchema.extend({ customErrorCode: z.number().optional(), fields: z.array(z.unknown()).optional() });
const responses = { ...errorResponses, 400: refusalSchema, 403: errorSchema } as const;
const auditSchema = z.object({ id: z.number(), from: z.string(), to: z.string(), userName: z.string(), role: z.string(), reason: z.string(), answersTouched: z.array(z.number()), note: z.string(), at: z.string() });
/** The reason of a decline (DOMAIN.md §1), sent in the body of a group's state change. */
const reasonBody = z.object({ reason: text(2000).optional() }).nullish();

/**
 * The group workflow (issue 14, DOMAIN.md §4): submit for review with the completeness box and a recorded,
 * reproducible sample; the tester's outcome; the evaluator's accept or decline. Core decides
 * (`decideGroupStateChange`); each change writes the group's audit row and each object's in one transaction.
 */
export const groupReviewRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);

  const visibleGroup = async (actor: AssetActor, id: number) => {
    const group = await findGroup(deps.db, id, groupScope(actor), assetGrants(actor));
    if (!group) throw new HttpError(404, 'not-found');
    return group;
  };

  /** The templates of the group's filled questionnaires, read before a transaction (one connection on the embedded database). */
  const templatesOfGroup = async (groupId: number) => {
    const map = new Map<number, ScoredTemplate>();
    for (const row of await latestQuestionnairesOfGroup(deps.db, groupId)) {
      const template = await templates.get(row.questionnaireId);
      if (template) map.set(template.id, template);
    }
    return map;
  };

  /** Each object of the group with its latest filled questionnaire, as core's group rules read it. */
  const groupObjects = async (db: Kysely<DB>, groupId: number, templateMap: Map<number, ScoredTemplate>) => {
    const ids = await db.selectFrom('assets').select('id').where('asset_group_id', '=', groupId).orderBy('id').execute();
    const latest = await latestQuestionnairesOfGroup(db, groupId);
    const objects: (GroupObject & { questionnaireId: number | null; declineCount: number; adjustments: number })[] = [];
    for (const { id } of ids) {
      const asset = (await findAsset(db, id))!;
      const row = latest.find((q) => q.assetId === id);
      const template = row ? (templateMap.get(row.questionnaireId) ?? null) : null;
      const structure = template ? structureFor(template, asset) : { clusters: [] };
      const answers = row ? (await answersOf(db, row)).stored : [];
      objects.push({
        assetId: id,
        assetTotalArea: asset.assetTotalArea,
        questionnaireState: (row?.state ?? null) as AssetQuestionnaireState | null,
        submittedAlone: row?.submittedAlone ?? false,
        structure,
        answers,
        questionnaireId: row?.id ?? null,
        declineCount: row?.declineCount ?? 0,
        adjustments: 0,
      });
    }
    return objects;
  };

  app.get(
    '/assetGroup/:id/review',
    {
      schema: {
        tags,
        security,
        summary: "A group's workflow: state, whether it can be submitted (asked with the box ticked), the recorded sample",
        params: idParams,
        response: {
          200: z.object({
            id: z.number(),
            status: z.string(),
            canBeSubmitted: z.boolean(),
            submitProblem: z.number().nullable(),
            sample: z.object({ seed: z.number(), assetIds: z.array(z.number()), sampledAssetIds: z.array(z.number()), submittedAt: z.string(), submittedBy: z.string() }).nullable(),
          }),
          ...responses,
        },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const group = await visibleGroup(actor, request.params.id);
      const review = (await groupReviewOf(deps.db, group.id))!;
      const objects = await groupObjects(deps.db, group.id, await templatesOfGroup(group.id));
      const facts = { id: group.id, organisationId: group.organisationId, state: group.status as GroupState, testerUserId: group.testerUserId };
      const problem = groupSubmitProblem({ actor, group: facts, objects, completenessConfirmed: true });
      return {
        id: group.id,
        status: group.status,
        canBeSubmitted: E.isRight(problem),
        submitProblem: E.isLeft(problem) ? problem.left.code : null,
        sample: review.submission,
      };
    },
  );

  /** Applies a group change: the group's state and audit row, and what it does to each object's questionnaire. */
  const change = async (
    request: { actor: Parameters<typeof assetActorOf>[1]; language: 'de' | 'en' },
    groupId: number,
    target: GroupState,
    completenessConfirmed: boolean,
    givenReason?: string,
  ) => {
    const actor = await assetActorOf(app, request.actor);
    const group = await visibleGroup(actor, groupId);
    // The evaluator's decline needs its reason (DOMAIN.md §1).
    const reason = reasonFor(groupChangeNeedsReason(target), givenReason);
    if (E.isLeft(reason)) throw new FieldsError([{ path: 'reason', key: reason.left }]);
    const note = reason.right ?? '';
    const name = await actorName(app, deps.db, request.actor);
    const templateMap = await templatesOfGroup(group.id);
    // Accepting issues the certificates (issue 16) in the same transaction; what it reads is loaded before it.
    const referenceData = target === 'Closed' ? await loadReferenceData(deps.db) : null;
    return deps.db.transaction().execute(async (trx) => {
      // The group's row lock: two presses are one change.
      const locked = await trx.selectFrom('asset_groups').select(['status', 'tester_user_id']).where('id', '=', group.id).forUpdate().executeTakeFirstOrThrow();
      const objects = await groupObjects(trx as never, group.id, templateMap);
      const submission = (await groupReviewOf(trx as never, group.id))!.submission;
      const sampled = objects.filter((o) => submission?.sampledAssetIds.includes(o.assetId)).map((o) => ({ state: o.questionnaireState }));
      const facts = { id: group.id, organisationId: group.organisationId, state: locked.status as GroupState, testerUserId: locked.tester_user_id };
      const decided = decideGroupStateChange(target, { actor, group: facts, objects, sampled, completenessConfirmed, seed: randomInt(0, 2 ** 31 - 1) });
      if (E.isLeft(decided)) return decided.left.code;
      const transition: GroupTransition = decided.right;
      const at = new Date(deps.clock());
      const entry = auditEntry(transition, { userId: actor.userId, name, roles: actor.roles }, at);
      await trx.updateTable('asset_groups').set({ status: transition.to, updated_at: at }).where('id', '=', group.id).execute();
      await trx
        .insertInto('group_transitions')
        .values({ asset_group_id: group.id, from_state: transition.from, to_state: transition.to, user_id: actor.userId, user_name: name, role: entry.role ?? '', reason: entry.reason, note, at })
        .execute();
      const audit = { userId: actor.userId, userName: name, role: entry.role ?? '', reason: auditReason(transition), answersTouched: [], at, note };
      if (transition.kind === 'submitGroup') {
        await trx
          .insertInto('group_submissions')
          .values({ asset_group_id: group.id, seed: transition.seed!, asset_ids: objects.map((o) => o.assetId), sampled_asset_ids: transition.sampledAssetIds!, submitted_by: name, submitted_at: at })
          .execute();
        for (const o of objects) {
          await writeTransition(trx, { assetQuestionnaireId: o.questionnaireId!, assetId: o.assetId, from: o.questionnaireState!, to: 'Review', submittedAlone: false }, audit);
        }
      }
      if (transition.kind === 'acceptGroup' || transition.kind === 'declineGroup') {
        const decision = transition.kind === 'acceptGroup' ? 'accept' : 'decline';
        for (const o of objects) {
          if (o.questionnaireId === null || o.questionnaireState === null) continue;
          const next = sheetAfterGroupDecision(decision, { state: o.questionnaireState, declineCount: o.declineCount, adjustments: o.adjustments, sampled: submission?.sampledAssetIds.includes(o.assetId) ?? false });
          if (next.state === o.questionnaireState && next.declineCount === o.declineCount) continue;
          await writeTransition(trx, { assetQuestionnaireId: o.questionnaireId, assetId: o.assetId, from: o.questionnaireState, to: next.state!, declineCount: next.declineCount, ...recordedOnEntering(next.state!, at, name) }, audit);
        }
      }
      if (transition.kind === 'acceptGroup' && referenceData) await issueGroupCertificates(trx, group.id, { templates: templateMap, referenceData }, at, name);
      return null;
    });
  };

  /** A refused group change: 400 with `objectGroups-change-{code}` and the code as `customErrorCode` (spec 02 §8). */
  const refusal = (code: number) => new HttpError(400, groupChangeKey(code as never), {}, { customErrorCode: code });

  app.put(
    '/assetGroup/:id/assetState/:state',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a group’s state: Review (submit; needs completenessConfirmed=true), ReviewPassed / ReviewFailed (its tester), Closed / Active (the evaluator)',
        params: z.object({ id: idParam, state: z.enum(GROUP_STATES, { error: 'validation-generic' }) }),
        querystring: z.object({ completenessConfirmed: booleanQuery.optional() }),
        body: reasonBody,
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
      const code = await change(request, request.params.id, request.params.state, request.query.completenessConfirmed ?? false, request.body?.reason);
      if (code !== null) throw refusal(code);
      return reply.status(204).send(null);
    },
  );

  for (const path of ['/assetGroup/:id/evaluate', '/assetGroup/:id/evaluate/']) {
    app.put(
      path,
      {
        schema: {
          tags,
          security,
          summary: "The evaluator's decision on a reviewed group: true accepts (Closed), false declines (back to Active) and needs a reason of 10 to 2000 characters",
          params: idParams,
          querystring: z.object({ decision: booleanQuery }),
          body: reasonBody,
          response: { 204: z.null(), ...responses },
        },
      },
      async (request, reply) => {
        const code = await change(request, request.params.id, request.query.decision ? 'Closed' : 'Active', false, request.body?.reason);
        if (code !== null) throw refusal(code);
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    '/assetGroup/:id/audit',
    { schema: { tags, security, summary: 'The append-only audit log of a group', params: idParams, response: { 200: z.array(auditSchema), ...responses } } },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const group = await visibleGroup(actor, request.params.id);
      return listGroupAudit(deps.db, group.id);
    },
  );
};
