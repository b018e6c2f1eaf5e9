import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { templateTitleIn } from '@ecore/core/questionnaires/template.ts';
import { assetGrants, groupScope, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { findQuestion } from '@ecore/core/answering/applicability.ts';
import { checkAnswer } from '@ecore/core/answering/answer-rules.ts';
import { answerItemSchema, givenAnswers } from '@ecore/core/answering/answers.ts';
import { groupResult, score, scoreSummary, type ScoreResult, type ScoreSummary, type ScoringAnswer } from '@ecore/core/scoring/score.ts';
import { groupStructure } from '@ecore/core/scoring/group-structure.ts';
import { crremQuerySchema, crremSheets, objectCrremReport, portfolioCrremReport, type CrremReport } from '@ecore/core/scoring/crrem-report.ts';
import { consumptionValuesSchema, crremReportSchema, groupResultSchema, groupStructureSchema, scoreResultSchema, strandingPairSchema } from '@ecore/core/scoring/score-schemas.ts';
import { isVerifiedScore } from '@ecore/core/scoring/score-access.ts';
import { refuseWithheldScore } from './score-refusal.ts';
import { flagParam, idParam, idParams } from '@ecore/core/shared/schemas.ts';
import { countGroupAssets, findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { findAssetQuestionnaire, findLatestAssetQuestionnaire, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import { latestScoringSubjectsOfGroup, scoringAnswersOf } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import { writeWorkbook } from '@ecore/adapters/exports/table-file.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { sendDownload } from '../exports/download.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { groupDataQualityOf, questionnaireDataQuality } from '../answering/plausibility.ts';
import { createTemplateCache, type ScoredTemplate } from '../questionnaires/template-cache.ts';
import { answersOf, structureFor, visibleAsset } from '../answering/context.ts';
import { answeringCachesOf, createAnsweringCaches } from '../answering/sheet-cache.ts';
import { createReferenceDataCache, REFERENCE_TABLES } from './stored-score.ts';

const tags = ['scoring'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema } as const;
const booleanQuery = flagParam;
/** The score of core (DOMAIN.md §5) as it computes it: totals unrounded, every level, every question, the "why" of virtual questions. */
const dataQualitySchema = z
  .object({
    figures: z.number().describe('the consumption figures asked (value questions with a KPI key)'),
    shares: z.object({ measured: z.number(), estimated: z.number(), calculated: z.number(), missing: z.number() }).describe('shares from 0 to 1 adding up to 1; for groups weighted by floor area'),
    openFlags: z.number(),
    flags: z.number(),
    openFlagShare: z.number().describe('the share of asked figures with an open plausibility flag'),
    weak: z.boolean().describe('more than a fifth estimated'),
  })
  .describe('where the consumption figures come from, and their open plausibility flags');
const objectScoreSchema = z.object({
  assetId: z.number(),
  questionnaireId: z.number(),
  assetQuestionnaireState: z.string(),
  verified: z.boolean(),
  result: scoreResultSchema,
  dataQuality: dataQualitySchema.optional().describe('on the score calls; not on the what-if preview'),
});
const groupScoreSchema = z.object({
  groupId: z.number(),
  objects: z.array(z.object({ assetId: z.number(), area: z.number(), ecore: z.number().nullable(), verified: z.boolean() })),
  result: groupResultSchema,
});
const objectCrremSchema = z.object({ assetId: z.number(), questionnaireId: z.number(), reportingYear: z.number(), report: crremReportSchema });
const groupCrremSchema = z.object({ groupId: z.number(), report: crremReportSchema });
const crremSummary = ' (`?format=xlsx`: the same as an Excel download, a sheet of the years and one of the summary)';

const structureInfoSchema = groupStructureSchema.extend({
  groupId: z.number(),
  groupName: z.string(),
  objectCount: z.number().describe('every object of the group'),
  scoredObjectCount: z.number().describe('objects on the structure’s template with an ECORE score'),
  questionnaire: z.object({ id: z.number(), name: z.string() }).nullable().describe('the template most of the objects’ latest filled questionnaires use'),
  objects: z.array(
    z.object({
      assetId: z.number(),
      name: z.string(),
      area: z.number(),
      assetQuestionnaireId: z.number(),
      questionnaireId: z.number(),
      assetQuestionnaireState: z.string(),
      ecore: z.number().nullable(),
      finance: z.number().nullable(),
      verified: z.boolean(),
    }),
  ),
});

/**
 * Scores (issue 15): an object's ECORE and finance score with every level and question, consumption values, the
 * group score weighted by gross floor area and the group's structure, and the what-if preview; all computed by core's
 * `score` from the stored answers and the reference data at each call, so they always follow the answers (the lists
 * show the totals stored with every change of answers, stored-score.ts).
 */
export const scoreRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const templates = createTemplateCache(deps.db);
  const references = createReferenceDataCache(app, deps.db);

  /** The object and its filled questionnaire, for someone who sees the object and its score; else 404 / 403. */
  const scoredObject = async (actor: AssetActor, assetId: number, qid: number | null, isBuyerAsset?: boolean) => {
    const asset = await visibleAsset(deps.db, actor, assetId, isBuyerAsset);
    refuseWithheldScore(actor);
    const row = qid === null ? await findLatestAssetQuestionnaire(deps.db, asset.id) : await findAssetQuestionnaire(deps.db, asset.id, qid);
    if (!row) throw new HttpError(404, 'not-found');
    return { asset, row };
  };

  const resultOf = async (asset: AssetView, row: AssetQuestionnaireRow, changes: readonly ScoringAnswer[] = []): Promise<ScoreResult> => {
    const template = await templates.get(row.questionnaireId);
    if (!template) throw new HttpError(404, 'not-found');
    const { stored } = await answersOf(deps.db, row);
    const answers = [...givenAnswers(stored), ...changes];
    const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea, reportingYear: row.reportingYear };
    // core's score applies the applicability rules itself (asset classes, scored ambition levels).
    return score(template, object, answers, await references());
  };

  // An object's score read again (issue 11): the object, its filled questionnaire and the template come from what the
  // answering routes keep (emptied by the change notifications of each), and the result is kept with the
  // questionnaire until its answers, the object's scored facts, the template or the reference data change.
  const caches = answeringCachesOf(app) ?? createAnsweringCaches(app, deps.db);
  const keptScore = async (request: FastifyRequest, reply: FastifyReply, assetId: number, qid: number | null, isBuyerAsset?: boolean) => {
    const actor = await assetActorOf(app, request.actor);
    const { asset, latestId } = await caches.visibleObject(actor, assetId, isBuyerAsset);
    refuseWithheldScore(actor);
    const sheet = await caches.sheetOf(asset.id, qid ?? latestId);
    if (!sheet) throw new HttpError(404, 'not-found');
    const template = await caches.template(sheet.row.questionnaireId);
    const referenceData = await references();
    const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea, reportingYear: sheet.row.reportingYear };
    const facts = JSON.stringify(object);
    let kept = sheet.score;
    if (kept?.template !== template || kept.references !== referenceData || kept.object !== facts) {
      // Data quality reads the flags' explanations and the annual start besides the answers; both tables notify with
      // the questionnaire's id (migration 132), so they are read again whenever the kept questionnaire is.
      const result = score(template, object, givenAnswers(sheet.stored), referenceData);
      const dataQuality = await questionnaireDataQuality(deps.db, template, asset, sheet.row, sheet.stored, referenceData);
      kept = { template, references: referenceData, object: facts, result: { ...answer(asset, sheet.row, result), dataQuality } };
      sheet.score = kept;
    }
    kept.written ??= keepJson(reply, kept.result);
    return sendKeptJson(request, reply, kept.written);
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
    async (request, reply) => keptScore(request, reply, request.params.id, null, request.query.isBuyerAsset),
  );

  app.get(
    '/asset/:id/questionnaire/:qid/score',
    { schema: { tags, security, summary: 'The score of one filled questionnaire', params: z.object({ id: idParam, qid: idParam }), response: { 200: objectScoreSchema, ...responses } } },
    async (request, reply) => keptScore(request, reply, request.params.id, request.params.qid),
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
        response: { 200: z.object({ consumption: consumptionValuesSchema, stranding: strandingPairSchema }), ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, row } = await scoredObject(actor, request.params.id, request.params.qid);
      const result = await resultOf(asset, row);
      return { consumption: result.consumption, stranding: result.stranding };
    },
  );

  /** The report as JSON, or its two sheets in the request's language as an Excel download (docs/crrem.md). */
  const sendCrrem = async <T extends { report: CrremReport }>(request: FastifyRequest, reply: FastifyReply, answer: T, subject: string, fileName: string) => {
    if ((request.query as { format: string }).format !== 'xlsx') return answer;
    const file = await writeWorkbook(crremSheets(answer.report, subject, request.language));
    return sendDownload(reply, file, fileName, new Date(deps.clock()));
  };

  app.get(
    '/asset/:id/questionnaire/:qid/crrem',
    {
      schema: {
        tags,
        security,
        summary: `The CRREM report of a filled questionnaire: per year to 2050 intensity, pathway, excess and excess emissions, the misalignment years${crremSummary}`,
        params: z.object({ id: idParam, qid: idParam }),
        querystring: crremQuerySchema,
        response: { 200: objectCrremSchema, ...responses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, row } = await scoredObject(actor, request.params.id, request.params.qid);
      const result = await resultOf(asset, row);
      const report = objectCrremReport(result.stranding, asset.assetTotalArea, row.reportingYear);
      const answer = { assetId: asset.id, questionnaireId: row.id, reportingYear: row.reportingYear, report };
      return sendCrrem(request, reply, answer, asset.objectName, `CRREM-${request.language === 'de' ? 'Objekt' : 'object'}-${asset.id}-${row.reportingYear}`);
    },
  );

  /** A group the actor sees and may see the score of; else 404 / 403. */
  const scoredGroup = async (actor: AssetActor, id: number) => {
    const group = await findGroup(deps.db, id, groupScope(actor), assetGrants(actor));
    if (!group) throw new HttpError(404, 'not-found');
    refuseWithheldScore(actor);
    return group;
  };

  /**
   * Every object of a group on its latest filled questionnaire with what the group's results read of its score: the
   * summary stored with its score (migration 045, written in every transaction that changes what it is computed
   * from), computed here only for those without one yet (the start-up backfill has not reached them). Two statements
   * for any size when all are stored: a group of 1 000 objects reads 1 000 small summaries, not some 70 000 answers.
   */
  const groupSummaries = async (groupId: number) => {
    const subjects = await latestScoringSubjectsOfGroup(deps.db, groupId);
    const missing = subjects.filter((s) => s.scoreSummary === null);
    const computed = new Map<number, ScoreSummary>();
    if (missing.length > 0) {
      const [answers, referenceData] = await Promise.all([scoringAnswersOf(deps.db, missing.map((s) => s.assetQuestionnaireId)), references()]);
      for (const s of missing) {
        const template = await templates.get(s.questionnaireId);
        if (!template) continue;
        const object = { country: s.country, assetAssetTypes: s.assetAssetTypes, area: s.area, reportingYear: s.reportingYear };
        computed.set(s.assetQuestionnaireId, scoreSummary(score(template, object, answers.get(s.assetQuestionnaireId) ?? [], referenceData, { explain: false })));
      }
    }
    const used = new Map<number, ScoredTemplate | null>();
    for (const id of new Set(subjects.map((s) => s.questionnaireId))) used.set(id, await templates.get(id));
    return subjects.flatMap((s) => {
      const template = used.get(s.questionnaireId);
      const summary = s.scoreSummary ?? computed.get(s.assetQuestionnaireId);
      return template && summary ? [{ subject: s, template, area: s.area, result: summary }] : [];
    });
  };

  /**
   * A group's parts and its score's bytes, kept until anything they are read from changes in any process (the
   * questionnaires with their stored scores and states, the objects with their classes and areas, the groups, the
   * templates, the reference data): a group of 1 000 objects read again is neither read nor summed again (issue 18).
   */
  const keptGroups = app.watchTables(
    ['asset_questionnaires', 'assets', 'asset_asset_types', 'asset_groups', 'questionnaires', ...REFERENCE_TABLES],
    createNotifiedCache<number, { parts: Awaited<ReturnType<typeof groupSummaries>>; score?: KeptJson }>({ maxEntries: 500 }),
  );
  const keptGroup = (groupId: number) => keptGroups.get(groupId, async () => ({ parts: await groupSummaries(groupId) }));

  for (const path of ['/AssetGroup/:id/score', '/assetGroup/:id/score']) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: "A group's score: its objects' scores weighted by gross floor area (BGF)",
          params: idParams,
          response: { 200: groupScoreSchema, ...responses },
        },
      },
      async (request, reply) => {
        const actor = await assetActorOf(app, request.actor);
        const group = await scoredGroup(actor, request.params.id);
        const kept = await keptGroup(group.id);
        kept.score ??= keepJson(reply, {
          groupId: group.id,
          objects: kept.parts.map((p) => ({ assetId: p.subject.assetId, area: p.area, ecore: p.result.ecore, verified: isVerifiedScore(p.subject.state) })),
          result: groupResult(kept.parts.map((p) => ({ area: p.area, result: p.result }))),
        });
        return sendKeptJson(request, reply, kept.score);
      },
    );
  }

  const groupDataQualitySchema = z.object({
    groupId: z.number(),
    dataQuality: dataQualitySchema,
    objects: z.array(z.object({ assetId: z.number(), area: z.number(), dataQuality: dataQualitySchema })).describe('each object of the group with its latest filled questionnaire'),
  });
  for (const path of ['/AssetGroup/:id/dataQuality', '/assetGroup/:id/dataQuality']) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: "A group's data quality: where its objects' consumption figures come from, weighted by gross floor area (BGF), and their open plausibility flags",
          params: idParams,
          response: { 200: groupDataQualitySchema, ...responses },
        },
      },
      async (request) => {
        const actor = await assetActorOf(app, request.actor);
        const group = await scoredGroup(actor, request.params.id);
        const [subjects, referenceData] = await Promise.all([latestScoringSubjectsOfGroup(deps.db, group.id), references()]);
        return { groupId: group.id, ...(await groupDataQualityOf(deps.db, subjects, (id) => templates.get(id), referenceData)) };
      },
    );
  }

  for (const path of ['/AssetGroup/:id/structureInfo', '/assetGroup/:id/structureInfo']) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: "A group's clusters, categories and sections with their ratios weighted by gross floor area (the group results' details)",
          params: idParams,
          response: { 200: structureInfoSchema, ...responses },
        },
      },
      async (request) => {
        const actor = await assetActorOf(app, request.actor);
        const group = await scoredGroup(actor, request.params.id);
        const [{ parts }, objectCount] = await Promise.all([keptGroup(group.id), countGroupAssets(deps.db, group.id)]);
        // The structure is that of the template most objects use (ties: the newer template); the others are listed only.
        const uses = new Map<number, number>();
        for (const p of parts) uses.set(p.template.id, (uses.get(p.template.id) ?? 0) + 1);
        const [templateId] = [...uses].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [null];
        const onTemplate = parts.filter((p) => p.template.id === templateId);
        const template = onTemplate[0]?.template ?? null;
        return {
          groupId: group.id,
          groupName: group.name,
          objectCount,
          scoredObjectCount: onTemplate.filter((p) => p.result.ecore !== null).length,
          questionnaire: template ? { id: template.id, name: `${templateTitleIn(template, request.language)} ${template.version}` } : null,
          objects: parts.map((p) => ({
            assetId: p.subject.assetId,
            name: p.subject.assetName,
            area: p.area,
            assetQuestionnaireId: p.subject.assetQuestionnaireId,
            questionnaireId: p.subject.questionnaireId,
            assetQuestionnaireState: p.subject.state,
            ecore: p.result.ecore,
            finance: p.result.finance,
            verified: isVerifiedScore(p.subject.state),
          })),
          clusters: template ? groupStructure(template, onTemplate.map((p) => ({ area: p.area, result: p.result }))).clusters : [],
        };
      },
    );
  }

  for (const path of ['/AssetGroup/:id/crrem', '/assetGroup/:id/crrem']) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          summary: `The CRREM report of a group: area-weighted intensities and pathways, its objects' excess emissions summed${crremSummary}`,
          params: idParams,
          querystring: crremQuerySchema,
          response: { 200: groupCrremSchema, ...responses },
        },
      },
      async (request, reply) => {
        const actor = await assetActorOf(app, request.actor);
        const group = await scoredGroup(actor, request.params.id);
        const { parts } = await keptGroup(group.id);
        const report = portfolioCrremReport(parts.map((p) => ({ area: p.area, stranding: p.result.stranding })));
        return sendCrrem(request, reply, { groupId: group.id, report }, group.name, `CRREM-${request.language === 'de' ? 'Objektgruppe' : 'group'}-${group.id}`);
      },
    );
  }
};
