import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { assetGrants, groupScope, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { findQuestion } from '@ecore/core/answering/applicability.ts';
import { checkAnswer } from '@ecore/core/answering/answer-rules.ts';
import { answerItemSchema } from '@ecore/core/answering/answers.ts';
import { groupResult, score, type ScoreResult, type ScoringAnswer } from '@ecore/core/scoring/score.ts';
import { isVerifiedScore, mayViewScore } from '@ecore/core/scoring/score-access.ts';
import { idParam, idParams } from '@ecore/core/shared/schemas.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findGroup } from '@ecore/adapters/db/assets/groups-repository.ts';
import { findAssetQuestionnaire, findLatestAssetQuestionnaire, latestQuestionnairesOfGroup, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { answersOf, structureFor, visibleAsset } from '../answering/context.ts';
import { loadReferenceData } from './stranding.ts';

const tags = ['scoring'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema } as const;
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
/** The score of core (DOMAIN.md §5) as it computes it: totals unrounded, every level, every question, the "why" of virtual questions. */
const objectScoreSchema = z.object({ assetId: z.number(), questionnaireId: z.number(), assetQuestionnaireState: z.string(), verified: z.boolean(), result: z.unknown() });

/**
 * Scores (issue 15): an object's ECORE and finance score with every level and question, consumption values, the
 * group score weighted by gross floor area, and the what-if preview; all computed by core's `score` from the
 * stored answers and the reference data, never stored, so they always follow the answers.
 */
export const scoreRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);

  /** The object and its filled questionnaire, for someone who sees the object and its score; else 404 / 403. */
  const scoredObject = async (actor: AssetActor, assetId: number, qid: number | null, isBuyerAsset?: boolean) => {
    const asset = await visibleAsset(deps.db, actor, assetId, isBuyerAsset);
    if (!mayViewScore(actor)) throw new HttpError(403, 'forbidden');
    const row = qid === null ? await findLatestAssetQuestionnaire(deps.db, asset.id) : await findAssetQuestionnaire(deps.db, asset.id, qid);
    if (!row) throw new HttpError(404, 'not-found');
    return { asset, row };
  };

  const resultOf = async (asset: AssetView, row: AssetQuestionnaireRow, changes: readonly ScoringAnswer[] = []): Promise<ScoreResult> => {
    const template = await templates.get(row.questionnaireId);
    if (!template) throw new HttpError(404, 'not-found');
    const { stored } = await answersOf(deps.db, row);
    const answers = [...stored.filter((a) => a.state !== null), ...changes];
    const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea, reportingYear: row.reportingYear };
    // core's score applies the applicability rules itself (asset classes, scored ambition levels).
    return score(template, object, answers, await loadReferenceData(deps.db));
  };

  const answer = (asset: AssetView, row: AssetQuestionnaireRow, result: ScoreResult) => ({
    assetId: asset.id,
    questionnaireId: row.id,
    assetQuestionnaireState: row.state,
    verified: isVerifiedScore(row.state),
    result,
  });

  app.get(
    '/asset/:id/questionnaire/score',
    { schema: { tags, security, summary: "The score of the object's latest filled questionnaire (unverified until closed)", params: idParams, querystring: z.object({ isBuyerAsset: booleanQuery.optional() }), response: { 200: objectScoreSchema, ...responses } } },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, row } = await scoredObject(actor, request.params.id, null, request.query.isBuyerAsset);
      return answer(asset, row, await resultOf(asset, row));
    },
  );

  app.get(
    '/asset/:id/questionnaire/:qid/score',
    { schema: { tags, security, summary: 'The score of one filled questionnaire', params: z.object({ id: idParam, qid: idParam }), response: { 200: objectScoreSchema, ...responses } } },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, row } = await scoredObject(actor, request.params.id, request.params.qid);
      return answer(asset, row, await resultOf(asset, row));
    },
  );

  app.post(
    '/asset/:id/questionnaire/:qid/score/preview',
    {
      schema: {
        tags,
        security,
        summary: 'What-if: the score with some answers changed, computed without storing anything',
        params: z.object({ id: idParam, qid: idParam }),
        body: z.array(answerItemSchema.omit({ assetId: true, isBuyerAsset: true })).max(1000),
        response: { 200: objectScoreSchema, ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, row } = await scoredObject(actor, request.params.id, request.params.qid);
      const template = await templates.get(row.questionnaireId);
      if (!template) throw new HttpError(404, 'not-found');
      const structure = structureFor(template, asset);
      const changes: ScoringAnswer[] = [];
      const problems: { path: string; key: never }[] = [];
      request.body.forEach((item, index) => {
        const checked = checkAnswer(findQuestion(structure, item.questionId), item);
        if (E.isLeft(checked)) problems.push({ path: [index, ...checked.left.path].join('.'), key: checked.left.key as never });
        else changes.push({ questionId: item.questionId, ...checked.right });
      });
      if (problems.length > 0) throw new FieldsError(problems);
      return answer(asset, row, await resultOf(asset, row, changes));
    },
  );

  app.get(
    '/asset/:id/questionnaire/:qid/consumptionValues',
    {
      schema: {
        tags,
        security,
        summary: 'Consumption values per m² (final energy, CO2, water, waste) with the stranding projections',
        params: z.object({ id: idParam, qid: idParam }),
        response: { 200: z.object({ consumption: z.unknown(), stranding: z.unknown() }), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, row } = await scoredObject(actor, request.params.id, request.params.qid);
      const result = await resultOf(asset, row);
      return { consumption: result.consumption, stranding: result.stranding };
    },
  );

  for (const path of ['/AssetGroup/:id/score', '/assetGroup/:id/score']) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: "A group's score: its objects' scores weighted by gross floor area (BGF)",
          params: idParams,
          response: { 200: z.object({ groupId: z.number(), objects: z.array(z.object({ assetId: z.number(), area: z.number(), ecore: z.number().nullable(), verified: z.boolean() })), result: z.unknown() }), ...responses },
        },
      },
      async (request) => {
        const actor = await assetActorOf(app, request.actor);
        const group = await findGroup(deps.db, request.params.id, groupScope(actor), assetGrants(actor));
        if (!group) throw new HttpError(404, 'not-found');
        if (!mayViewScore(actor)) throw new HttpError(403, 'forbidden');
        const parts = [];
        for (const row of await latestQuestionnairesOfGroup(deps.db, group.id)) {
          const asset = await findAsset(deps.db, row.assetId);
          if (!asset) continue;
          parts.push({ asset, row, area: asset.assetTotalArea, result: await resultOf(asset, row) });
        }
        return {
          groupId: group.id,
          objects: parts.map((p) => ({ assetId: p.asset.id, area: p.area, ecore: p.result.ecore, verified: isVerifiedScore(p.row.state) })),
          result: groupResult(parts.map((p) => ({ area: p.area, result: p.result }))),
        };
      },
    );
  }
};
