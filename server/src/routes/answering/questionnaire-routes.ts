import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import { mayDeleteQuestionnaire, mayStartQuestionnaire } from '@ecore/core/answering/submission.ts';
import { mayStartNewRun, pickTemplate, reportingYearOf } from '@ecore/core/answering/versions.ts';
import { changeReportingYear, mayChangeReportingYear, reportingYearBodySchema } from '@ecore/core/answering/reporting-year.ts';
import { templateTitleIn } from '@ecore/core/questionnaires/template.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { deleteAssetQuestionnaire, findAssetQuestionnaire, findLatestAssetQuestionnaire, insertAssetQuestionnaire, insertChange, listAssetQuestionnaires, setReportingYear } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { actorName, answersOf, questionnaireState, visibleAsset, visibleQuestionnaire } from './context.ts';
import { filledQuestionnaireSchema, simplifiedSchema } from './schemas.ts';
import { tags, security, responses, assetQuery, twoIds, type AnsweringApp, type AnsweringShared } from './answering-shared.ts';

/** Filled questionnaires: start, read, delete, and the reporting year (spec 02 §4, DOMAIN.md §5, §9). */
export function questionnaireRoutes(app: AnsweringApp, deps: AppDeps, shared: AnsweringShared) {
  const { caches, structureFor, scores, now, templateOf, activeTemplateIds, freshSheet, checkLock, present, sendPresented } = shared;

  app.post(
    '/asset/:id/questionnaire',
    {
      config: idempotentRoute.config,
      schema: { tags, security, summary: 'Starts a filled questionnaire on the active template DOMAIN.md §9 picks', headers: idempotentRoute.headers, params: idParams, response: { 201: filledQuestionnaireSchema, ...responses, ...idempotentRoute.responses } },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(deps.db, actor, request.params.id);
      if (!mayStartQuestionnaire(actor, asset)) throw new HttpError(403, 'forbidden');
      const templateId = pickTemplate(asset.conditionsAndEnvironmentGoals, asset.isBuyerAsset, await activeTemplateIds());
      if (templateId === null) throw new HttpError(400, 'questionnaire-start-error');
      const template = await templateOf(templateId);
      const at = now();
      const scoring = await scores.prepare();
      const id = await deps.db.transaction().execute(async (trx) => {
        const latest = await findLatestAssetQuestionnaire(trx, asset.id, true);
        if (!mayStartNewRun(latest ? questionnaireState(latest) : null)) throw new HttpError(409, 'questionnaire-start-error');
        const total = answerableQuestions(structureFor(template, asset)).length;
        const reportingYear = reportingYearOf(at.getTime());
        const created = await insertAssetQuestionnaire(trx, { assetId: asset.id, questionnaireId: templateId, reportingYear, createdBy: actor.userId, total, at });
        await scoring.store(trx, template, { ...asset, area: asset.assetTotalArea }, { id: created, reportingYear }, []);
        return created;
      });
      return reply.status(201).send(await present(actor, asset, await freshSheet(asset.id, id), request.language));
    },
  );

  app.get(
    '/asset/:id/questionnaire/simplified',
    { schema: { tags, security, summary: "An object's filled questionnaires, newest first", params: idParams, querystring: assetQuery, response: { 200: z.array(simplifiedSchema), ...responses } } },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(deps.db, actor, request.params.id, request.query.isBuyerAsset);
      const runs = await listAssetQuestionnaires(deps.db, asset.id);
      const titles = new Map(await Promise.all([...new Set(runs.map((q) => q.questionnaireId))].map(async (id) => [id, templateTitleIn(await templateOf(id), request.language)] as const)));
      return runs.map((q) => ({
        id: q.id,
        questionnaireId: q.questionnaireId,
        title: titles.get(q.questionnaireId) ?? q.title,
        version: q.version,
        assetQuestionnaireState: q.state,
        createdAt: q.createdAt,
        progress: { answered: q.answered, total: q.total },
      }));
    },
  );

  app.get(
    '/asset/:id/questionnaire/latest',
    { schema: { tags, security, summary: "The object's latest filled questionnaire", params: idParams, querystring: assetQuery, response: { 200: filledQuestionnaireSchema, ...responses } } },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, latestId } = await caches.visibleObject(actor, request.params.id, request.query.isBuyerAsset);
      const latest = await caches.sheetOf(asset.id, latestId);
      if (!latest) throw new HttpError(404, 'not-found');
      return sendPresented(request, reply, actor, asset, latest);
    },
  );

  app.get(
    '/asset/:id/questionnaire/:qid',
    { schema: { tags, security, summary: 'One filled questionnaire with its applicable structure and answers', params: twoIds, querystring: assetQuery, response: { 200: filledQuestionnaireSchema, ...responses } } },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset } = await caches.visibleObject(actor, request.params.id, request.query.isBuyerAsset);
      const sheet = await caches.sheetOf(asset.id, request.params.qid);
      if (!sheet) throw new HttpError(404, 'not-found');
      return sendPresented(request, reply, actor, asset, sheet);
    },
  );

  app.delete(
    '/asset/:id/questionnaire/:qid',
    { schema: { tags, security, summary: 'Deletes a filled questionnaire that nobody has reviewed yet', params: twoIds, response: { 204: z.null(), ...responses } } },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      const { stored } = await answersOf(deps.db, questionnaire);
      const allowed = mayDeleteQuestionnaire(actor, asset, questionnaireState(questionnaire), stored);
      if (E.isLeft(allowed)) throw allowed.left === 'not-allowed' ? new HttpError(403, 'forbidden') : new HttpError(400, allowed.left);
      await deps.db.transaction().execute(async (trx) => {
        await checkLock(trx, actor, questionnaire.id);
        await deleteAssetQuestionnaire(trx, asset.id, questionnaire.id);
      });
      return reply.status(204).send(null);
    },
  );


  app.put(
    '/asset/:id/questionnaire/:qid/reportingYear',
    {
      schema: {
        tags,
        security,
        summary: 'Changes the reporting year (2015 up to the year before today) of an editable filled questionnaire, logs it and stores its score again',
        params: twoIds,
        body: reportingYearBodySchema,
        response: { 200: filledQuestionnaireSchema, ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      if (!mayChangeReportingYear(actor, asset)) throw new HttpError(403, 'forbidden');
      const template = await templateOf(questionnaire.questionnaireId);
      const by = await actorName(app, deps.db, request.actor);
      const scoring = await scores.prepare();
      await deps.db.transaction().execute(async (trx) => {
        const row = await findAssetQuestionnaire(trx, asset.id, questionnaire.id, true);
        if (!row) throw new HttpError(404, 'not-found');
        const decided = changeReportingYear({ state: questionnaireState(row), current: row.reportingYear }, request.body.reportingYear, deps.clock());
        if (E.isLeft(decided)) {
          const refusal = decided.left;
          throw new FieldsError([{ path: 'reportingYear', key: refusal._tag, params: refusal._tag === 'questionnaire-reporting-year-range' ? { from: refusal.from, to: refusal.to } : {} }]);
        }
        await checkLock(trx, actor, row.id);
        if (!decided.right.changed) return;
        const at = now();
        const year = (y: number) => ({ reportingYear: y, text: { de: String(y), en: String(y) } });
        await setReportingYear(trx, row.id, decided.right.to);
        await insertChange(trx, { assetQuestionnaireId: row.id, questionId: 0, kind: 'ModifiedReportingYear', userId: actor.userId, userName: by, at, oldValue: year(decided.right.from), newValue: year(decided.right.to) });
        await scoring.store(trx, template, { ...asset, area: asset.assetTotalArea }, { id: row.id, reportingYear: decided.right.to });
      });
      return present(actor, asset, await freshSheet(asset.id, questionnaire.id), request.language);
    },
  );

}
