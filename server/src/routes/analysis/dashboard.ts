import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assetGrants, groupScope, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import { dashboard, type DashboardInput } from '@ecore/core/analysis/dashboard.ts';
import { dashboardSchema } from '@ecore/core/analysis/dashboard-schema.ts';
import { canAccessArea } from '@ecore/core/identity/route-access.ts';
import { score } from '@ecore/core/scoring/score.ts';
import { VERIFIED_SCORE_STATES } from '@ecore/core/scoring/score-access.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { scoringAnswersOf } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import { analysisObjects, peerScores, questionnairesInStates, type AnalysisObjectRow } from '@ecore/adapters/db/analysis/analysis-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { createReferenceDataCache } from '../scoring/stored-score.ts';

const tags = ['analysis'];
const security = [{ bearerAuth: [] }];
const responses = { 200: dashboardSchema, ...errorResponses, 403: errorSchema } as const;

/**
 * The analysis and benchmark dashboard (issue 17, docs/analysis-exports.md "Dashboard"): every figure of a group's
 * or an object's page in one answer. Reads a fixed number of statements whatever the group's size — the objects
 * the caller sees with their latest questionnaires and stored scores, all their answers (the consumption values and
 * projections are core's `score` of them), their verified questionnaires (ESG path), the peers' stored scores —
 * plus the reference data and templates from their caches; core's `dashboard` shapes the rest.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);
  const references = createReferenceDataCache(app, deps.db);

  const allowed = async (request: { actor: Parameters<typeof assetActorOf>[1] }): Promise<AssetActor> => {
    if (!canAccessArea(request.actor, 'analysisAndBenchmark')) throw new HttpError(403, 'forbidden');
    return assetActorOf(app, request.actor);
  };

  const answer = async (subject: DashboardInput['subject'], objects: AnalysisObjectRow[]) => {
    const latest = objects.flatMap((o) => (o.latest ? [o.latest] : []));
    const classes = [...new Set(objects.flatMap((o) => o.assetAssetTypes.map((s) => s.assetTypeId)))];
    const [answers, verified, peers, referenceData] = await Promise.all([
      scoringAnswersOf(deps.db, latest.map((l) => l.assetQuestionnaireId)),
      questionnairesInStates(deps.db, objects.map((o) => o.assetId), VERIFIED_SCORE_STATES),
      peerScores(deps.db, classes),
      references(),
    ]);
    const used = new Map<number, ScoredTemplate | null>();
    for (const id of new Set(latest.map((l) => l.questionnaireId))) used.set(id, await templates.get(id));
    const scored = objects.map(({ latest: questionnaire, ...object }) => {
      const template = questionnaire ? used.get(questionnaire.questionnaireId) : null;
      const result =
        questionnaire && template
          ? score(template, { ...object, reportingYear: questionnaire.reportingYear }, answers.get(questionnaire.assetQuestionnaireId) ?? [], referenceData, { explain: false })
          : null;
      return { ...object, result };
    });
    return dashboard({ subject, objects: scored, verified, peers });
  };

  app.get(
    '/analysis/group/:id',
    { schema: { tags, security, summary: "The dashboard of an object group: the figures of the objects of it the caller sees", params: idParams, response: responses } },
    async (request) => {
      const actor = await allowed(request);
      const group = await findGroup(deps.db, request.params.id, groupScope(actor), assetGrants(actor));
      if (!group) throw new HttpError(404, 'not-found');
      const objects = await analysisObjects(deps.db, { groupId: group.id }, assetGrants(actor));
      return answer({ kind: 'group', id: group.id, name: group.name }, objects);
    },
  );

  app.get(
    '/analysis/object/:id',
    { schema: { tags, security, summary: 'The dashboard of one object', params: idParams, response: responses } },
    async (request) => {
      const actor = await allowed(request);
      const objects = await analysisObjects(deps.db, { assetId: request.params.id }, assetGrants(actor));
      const object = objects[0];
      if (!object) throw new HttpError(404, 'not-found');
      return answer({ kind: 'object', id: object.assetId, name: object.name }, objects);
    },
  );
};
