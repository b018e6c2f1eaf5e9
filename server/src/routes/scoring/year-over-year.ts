import { givenAnswers } from '@ecore/core/answering/answers.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetGrants, groupScope } from '@ecore/core/assets/asset-access.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { groupResult, score } from '@ecore/core/scoring/score.ts';
import { refuseWithheldScore } from './score-refusal.ts';
import { CONSUMPTION_KEYS, groupYearFigures, objectYearFigures, yearOverYear, type YearFigures } from '@ecore/core/scoring/year-over-year.ts';
import { idParam, idParams } from '@ecore/core/shared/schemas.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { findAssetQuestionnaire, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { findAnnualStart, previousYearsOfGroup } from '@ecore/adapters/db/answering/annual-repository.ts';
import { latestScoringSubjectsOfGroup, scoringAnswersOf } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { createTemplateCache } from '../questionnaires/template-cache.ts';
import { answersOf, visibleAsset } from '../answering/context.ts';
import { createReferenceDataCache } from './stored-score.ts';

const tags = ['scoring'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema } as const;

const strandingSchema = z.object({ year: z.number().nullable(), beyond2050: z.boolean() });
const figuresSchema = z.object({
  reportingYear: z.number(),
  ecore: z.number().nullable(),
  clusters: z.array(z.object({ clusterIdentifier: z.string(), score: z.number().nullable() })),
  stranding: strandingSchema,
  consumption: z.object(Object.fromEntries(CONSUMPTION_KEYS.map((k) => [k, z.number().nullable()])) as Record<(typeof CONSUMPTION_KEYS)[number], z.ZodNullable<z.ZodNumber>>).nullable(),
  area: z.number(),
});
const difference = { previous: z.number().nullable(), current: z.number().nullable(), difference: z.number().nullable() };
const comparisonSchema = z.object({
  previousYear: z.number(),
  currentYear: z.number(),
  ecore: z.object(difference),
  clusters: z.array(z.object({ clusterIdentifier: z.string(), ...difference })),
  stranding: z.object({ previous: strandingSchema, current: strandingSchema, difference: z.number().nullable() }),
  consumption: z.array(z.object({ key: z.enum(CONSUMPTION_KEYS), ...difference, changePercent: z.number().nullable(), comparable: z.boolean() })),
  areaUnchanged: z.boolean(),
});
const yearOverYearSchema = z.object({
  current: figuresSchema,
  previous: figuresSchema.nullable().describe("last year's figures: null unless this questionnaire was started as next year's (updateType=annual)"),
  comparison: comparisonSchema.nullable(),
});

const answer = (current: YearFigures, previous: YearFigures | null) => ({ current, previous, comparison: previous ? yearOverYear(previous, current) : null });

/**
 * Year over year (issue 22, docs/annual-cycle.md): this year's total, cluster scores, stranding year and consumption
 * values beside last year's, with core's `yearOverYear` differences. Last year is the questionnaire this one was
 * started from (updateType=annual), scored as it is now by core's `score`; consumption is like-for-like only where
 * the gross floor area is the one last year was answered with.
 */
export const yearOverYearRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);
  const references = createReferenceDataCache(app, deps.db);

  const objectFigures = async (asset: AssetView, row: AssetQuestionnaireRow, area: number): Promise<YearFigures> => {
    const template = await templates.get(row.questionnaireId);
    if (!template) throw new HttpError(404, 'not-found');
    const { stored } = await answersOf(deps.db, row);
    const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea, reportingYear: row.reportingYear };
    return objectYearFigures(score(template, object, givenAnswers(stored), await references(), { explain: false }), row.reportingYear, area);
  };

  app.get(
    '/asset/:id/questionnaire/:qid/yearOverYear',
    {
      schema: {
        tags,
        security,
        summary: "A filled questionnaire's results beside last year's: total, clusters, stranding year, consumption change in percent",
        params: z.object({ id: idParam, qid: idParam }),
        response: { 200: yearOverYearSchema, ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(deps.db, actor, request.params.id);
      refuseWithheldScore(actor);
      const row = await findAssetQuestionnaire(deps.db, asset.id, request.params.qid);
      if (!row) throw new HttpError(404, 'not-found');
      const start = await findAnnualStart(deps.db, row.id);
      const previousRow = start ? await findAssetQuestionnaire(deps.db, asset.id, start.previousId) : null;
      const current = await objectFigures(asset, row, asset.assetTotalArea);
      const previous = previousRow && start ? await objectFigures(asset, previousRow, start.previousArea) : null;
      return answer(current, previous);
    },
  );

  for (const path of ['/AssetGroup/:id/yearOverYear', '/assetGroup/:id/yearOverYear']) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: "A group's results beside last year's: its objects' latest questionnaires and the ones they were started from",
          params: idParams,
          response: { 200: yearOverYearSchema, ...responses },
        },
      },
      async (request) => {
        const actor = await assetActorOf(app, request.actor);
        const group = await findGroup(deps.db, request.params.id, groupScope(actor), assetGrants(actor));
        if (!group) throw new HttpError(404, 'not-found');
        refuseWithheldScore(actor);
        const [subjects, previousYears, referenceData] = await Promise.all([latestScoringSubjectsOfGroup(deps.db, group.id), previousYearsOfGroup(deps.db, group.id), references()]);
        const answers = await scoringAnswersOf(deps.db, [...subjects.map((s) => s.assetQuestionnaireId), ...previousYears.map((p) => p.previousId)]);
        const parts = async (items: { questionnaireId: number; assetQuestionnaireId: number; reportingYear: number; area: number; subject: (typeof subjects)[number] }[]) => {
          const out = [];
          for (const i of items) {
            const template = await templates.get(i.questionnaireId);
            if (!template) continue;
            const object = { country: i.subject.country, assetAssetTypes: i.subject.assetAssetTypes, area: i.area, reportingYear: i.reportingYear };
            out.push({ area: i.area, result: score(template, object, answers.get(i.assetQuestionnaireId) ?? [], referenceData, { explain: false }) });
          }
          return out;
        };
        const currentItems = subjects.map((s) => ({ questionnaireId: s.questionnaireId, assetQuestionnaireId: s.assetQuestionnaireId, reportingYear: s.reportingYear, area: s.area, subject: s }));
        const previousItems = previousYears.flatMap((p) => {
          const subject = subjects.find((s) => s.assetId === p.assetId);
          return subject ? [{ questionnaireId: p.previousQuestionnaireId, assetQuestionnaireId: p.previousId, reportingYear: p.previousReportingYear, area: p.previousArea, subject }] : [];
        });
        const year = (items: typeof currentItems) => Math.max(...items.map((i) => i.reportingYear));
        const areaOf = (items: typeof currentItems) => items.reduce((sum, i) => sum + i.area, 0);
        const current = groupYearFigures(groupResult(await parts(currentItems)), currentItems.length > 0 ? year(currentItems) : 0, areaOf(currentItems));
        const previous = previousItems.length > 0 ? groupYearFigures(groupResult(await parts(previousItems)), year(previousItems), areaOf(previousItems)) : null;
        return answer(current, previous);
      },
    );
  }
};
