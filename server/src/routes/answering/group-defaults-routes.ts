import { z } from 'zod';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import { mayAnswer } from '@ecore/core/answering/submission.ts';
import { defaultsOf, fillFromDefaults } from '@ecore/core/answering/cluster-defaults.ts';
import { mayEditAsset } from '@ecore/core/assets/asset-access.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { findAssetQuestionnaireById, findGroupDefaults, saveGroupDefaults } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { saveSheetAnswers, type ScoreWith } from './save-answers.ts';
import { actorName, answersOf, visibleAsset, visibleQuestionnaire } from './context.ts';
import { findSheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { filledQuestionnaireSchema } from './schemas.ts';
import { tags, security, responses, twoIds, type AnsweringApp, type AnsweringShared } from './answering-shared.ts';

/** A group's cluster I answers, saved and taken over (spec 02 §4). */
export function groupDefaultsRoutes(app: AnsweringApp, deps: AppDeps, shared: AnsweringShared) {
  const { structureFor, scores, now, templateOf, freshSheet, present } = shared;

  app.put(
    '/asset/questionnaire/:id/defaults/save',
    { schema: { tags, security, summary: "Saves a filled questionnaire's cluster I answers as its group's defaults", params: idParams, response: { 204: z.null(), ...responses } } },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const row = await findAssetQuestionnaireById(deps.db, request.params.id);
      if (!row) throw new HttpError(404, 'not-found');
      const asset = await visibleAsset(deps.db, actor, row.assetId);
      if (!mayEditAsset(actor, asset)) throw new HttpError(403, 'forbidden');
      const template = await templateOf(row.questionnaireId);
      const { stored } = await answersOf(deps.db, row);
      const answers = defaultsOf(structureFor(template, asset), givenAnswers(stored));
      const by = await actorName(app, deps.db, request.actor);
      await deps.db.transaction().execute((trx) => saveGroupDefaults(trx, asset.assetGroupId, row.questionnaireId, by, now(), answers));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/asset/:id/questionnaire/:qid/defaults/fill',
    { schema: { tags, security, summary: "Takes the group's cluster I answers over into the filled questionnaire, overwriting", params: twoIds, response: { 200: filledQuestionnaireSchema, ...responses } } },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      const defaults = await findGroupDefaults(deps.db, asset.assetGroupId);
      if (!defaults) throw new HttpError(404, 'take-answers-from-group-error');
      const template = await templateOf(questionnaire.questionnaireId);
      const target = structureFor(template, asset);
      const fills = fillFromDefaults(target, defaults.answers);
      const by = await actorName(app, deps.db, request.actor);
      const scoring = await scores.prepare();
      const object = { ...asset, area: asset.assetTotalArea };
      await deps.db.transaction().execute(async (trx) => {
        const locked = (await findSheet(trx, asset.id, questionnaire.id, true))!;
        const scoreWith: ScoreWith = (answers) => ({ ...scoring.figures(template, object, locked.row.reportingYear, answers), scoredAt: new Date(deps.clock()) });
        const items = fills.map((f, index) => ({ index, questionId: f.questionId, ...f.value }));
        const saved = await saveSheetAnswers(trx, { actor, by, at: now(), now: deps.clock(), locked, structure: target, items, sampled: false, note: 'defaults', scoreWith });
        // Taking the group's answers over stores the questionnaire's score even where no answer changed (a score from
        // before a change of the rules, or none yet, is brought up to date by it).
        if (!saved.changed) await scoring.store(trx, template, object, locked.row);
      });
      return present(actor, asset, await freshSheet(asset.id, questionnaire.id), request.language);
    },
  );

}
