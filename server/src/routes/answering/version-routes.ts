import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import { mayUpdateToActive } from '@ecore/core/answering/submission.ts';
import { carryOver, pickTemplate, updateToActiveProblem, groupUpdateToActiveProblem } from '@ecore/core/answering/versions.ts';
import { mayEditGroup, groupScope, assetGrants, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { findAssetQuestionnaire, findLatestAssetQuestionnaire, insertChange, latestQuestionnairesOfGroup, moveAnswersToVersion, moveChangesToQuestion, type AssetQuestionnaireRow } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import { actorName, answersOf, questionnaireState, visibleAsset } from './context.ts';
import { type ScoreKeeper } from '../scoring/stored-score.ts';
import { groupAnnualStartProblem, annualStartProblem } from '@ecore/core/answering/annual.ts';
import { lockGroupRow } from '@ecore/adapters/db/answering/annual-repository.ts';
import { startAnnual, type AnnualInputs } from './annual.ts';
import { filledQuestionnaireSchema } from './schemas.ts';
import { tags, security, responses, updateTypeQuery, type Trx, type AnsweringApp, type AnsweringShared } from './answering-shared.ts';

/** Update to the active version (DOMAIN.md §8) and the next year's questionnaire (docs/annual-cycle.md), for an object and a group. */
export function versionRoutes(app: AnsweringApp, deps: AppDeps, shared: AnsweringShared) {
  const { structureFor, scores, now, templateOf, activeTemplateIds, freshSheet, checkLock, present } = shared;

  /** Moves one filled questionnaire to a template, keeping the answers whose staticTitle exists there. */
  // Templates are read before the transaction: the embedded database has one connection, which the transaction holds.
  const moveToVersion = async (trx: Trx, actor: AssetActor, by: string, asset: AssetView, row: AssetQuestionnaireRow, from: ScoredTemplate, to: ScoredTemplate, scoring: ScoreKeeper) => {
    const targetId = to.id;
    const { answers, stored } = await answersOf(trx as never, row);
    const { kept, dropped } = carryOver(from, to, givenAnswers(stored));
    const at = now();
    const keptRows = kept.map((k) => ({ answerId: answers.find((a) => a.questionId === k.fromQuestionId)!.id, questionId: k.questionId, optionIds: k.value.multipleChoiceOption, from: k.fromQuestionId }));
    await moveAnswersToVersion(trx, row.id, targetId, keptRows);
    for (const k of keptRows) {
      if (k.from !== k.questionId) await moveChangesToQuestion(trx, row.id, k.from, k.questionId);
    }
    const versions = (v: string) => ({ text: { de: v, en: v } });
    for (const k of keptRows) {
      await insertChange(trx, { assetQuestionnaireId: row.id, questionId: k.questionId, kind: 'ModifiedQuestionnaireVersion', userId: actor.userId, userName: by, at, oldValue: versions(from.version), newValue: versions(to.version) });
    }
    for (const questionId of dropped) {
      await insertChange(trx, { assetQuestionnaireId: row.id, questionId, kind: 'RemovedAnswer', userId: actor.userId, userName: by, at, oldValue: null, newValue: null, note: `${from.version} → ${to.version}` });
    }
    const structure = structureFor(to, asset);
    const after = await answersOf(trx as never, row);
    await scoring.store(trx, to, { ...asset, area: asset.assetTotalArea }, row, after.stored, progress(structure, after.stored));
  };

  // -------------------------------------------------------------------------------------------------------------
  // Next year (issue 22, docs/annual-cycle.md): updateType=annual

  /** Reads what one object's annual start needs (before the transaction) and refuses what core refuses. */
  const annualInputsOf = async (actor: AssetActor, by: string, asset: AssetView, scoring: ScoreKeeper) => {
    if (!mayUpdateToActive(actor, asset)) throw new HttpError(403, 'questionnaire-annual-role');
    const seen = await findLatestAssetQuestionnaire(deps.db, asset.id);
    if (E.isLeft(annualStartProblem(seen ? questionnaireState(seen) : null))) throw new HttpError(400, 'questionnaire-annual-invalid');
    const targetId = pickTemplate(asset.conditionsAndEnvironmentGoals, asset.isBuyerAsset, await activeTemplateIds());
    if (targetId === null) throw new HttpError(400, 'questionnaire-start-no-template');
    const [from, to] = [await templateOf(seen!.questionnaireId), await templateOf(targetId)];
    return { asset, seen: seen!, from, to, userId: actor.userId, by, at: now(), scoring };
  };

  const startAnnualOf = async (sessionActor: Parameters<typeof actorName>[2], actor: AssetActor, asset: AssetView, language: Language) => {
    const by = await actorName(app, deps.db, sessionActor);
    const input = await annualInputsOf(actor, by, asset, await scores.prepare());
    const id = await deps.db.transaction().execute((trx) => startAnnual(trx, input));
    return present(actor, asset, await freshSheet(asset.id, id), language);
  };

  const startGroupAnnual = async (sessionActor: Parameters<typeof actorName>[2], actor: AssetActor, group: { id: number; organisationId: number }) => {
    if (!mayEditGroup(actor, group)) throw new HttpError(403, 'questionnaire-annual-role');
    const rows = await latestQuestionnairesOfGroup(deps.db, group.id);
    const assets: AssetView[] = [];
    for (const r of rows) {
      const asset = await visibleAsset(deps.db, actor, r.assetId);
      if (!mayUpdateToActive(actor, asset)) throw new HttpError(403, 'questionnaire-annual-role');
      assets.push(asset);
    }
    // An object without any questionnaire is not in the list above: the group's objects are counted from the group.
    const objectCount = await deps.db.selectFrom('assets').select((eb) => eb.fn.countAll<number>().as('n')).where('asset_group_id', '=', group.id).executeTakeFirstOrThrow();
    const states = rows.map((r) => questionnaireState(r));
    if (Number(objectCount.n) !== rows.length || E.isLeft(groupAnnualStartProblem(states))) throw new HttpError(400, 'questionnaire-annual-invalid');
    const by = await actorName(app, deps.db, sessionActor);
    const scoring = await scores.prepare();
    const inputs: AnnualInputs[] = [];
    for (const asset of assets) inputs.push(await annualInputsOf(actor, by, asset, scoring));
    await deps.db.transaction().execute(async (trx) => {
      await lockGroupRow(trx, group.id);
      for (const input of inputs) await startAnnual(trx, input);
      const current = await trx.selectFrom('asset_groups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow();
      if (current.status !== 'Active') {
        const at = now();
        await trx.updateTable('asset_groups').set({ status: 'Active', updated_at: at }).where('id', '=', group.id).execute();
        await trx
          .insertInto('group_transitions')
          .values({ asset_group_id: group.id, from_state: current.status, to_state: 'Active', user_id: actor.userId, user_name: by, role: '', reason: 'annual', at })
          .execute();
      }
    });
  };

  app.put(
    '/asset/:id/questionnaire',
    {
      schema: {
        tags,
        security,
        summary: "updateType=update (default): moves the object's latest filled questionnaire to the active version (200); updateType=annual: starts next year's from the closed or expired one (201)",
        params: idParams,
        querystring: updateTypeQuery,
        response: { 200: filledQuestionnaireSchema, 201: filledQuestionnaireSchema, ...responses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(deps.db, actor, request.params.id);
      if (request.query.updateType === 'annual') return reply.status(201).send(await startAnnualOf(request.actor, actor, asset, request.language));
      if (!mayUpdateToActive(actor, asset)) throw new HttpError(403, 'questionnaire-update-to-active-role');
      const latest = await findLatestAssetQuestionnaire(deps.db, asset.id);
      if (!latest) throw new HttpError(404, 'not-found');
      const targetId = pickTemplate(asset.conditionsAndEnvironmentGoals, asset.isBuyerAsset, await activeTemplateIds());
      const problem = updateToActiveProblem({ state: questionnaireState(latest), questionnaireId: latest.questionnaireId }, targetId);
      if (E.isLeft(problem)) throw new HttpError(400, 'questionnaire-update-to-active-error');
      const by = await actorName(app, deps.db, request.actor);
      const [from, to] = [await templateOf(latest.questionnaireId), await templateOf(problem.right)];
      const scoring = await scores.prepare();
      await deps.db.transaction().execute(async (trx) => {
        const row = (await findAssetQuestionnaire(trx, asset.id, latest.id, true))!;
        if (row.questionnaireId !== from.id) throw new HttpError(409, 'questionnaire-update-to-active-error');
        await checkLock(trx, actor, row.id);
        await moveToVersion(trx, actor, by, asset, row, from, to, scoring);
      });
      return present(actor, asset, await freshSheet(asset.id, latest.id), request.language);
    },
  );

  app.put(
    '/assetGroup/:id/questionnaire',
    {
      schema: {
        tags: ['groups'],
        security,
        summary: "updateType=update (default): moves the group's active objects to the active version; updateType=annual: starts next year for every object of the group",
        params: idParams,
        querystring: updateTypeQuery,
        response: { 204: z.null(), ...responses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const group = await findGroup(deps.db, request.params.id, groupScope(actor), assetGrants(actor));
      if (!group) throw new HttpError(404, 'not-found');
      if (request.query.updateType === 'annual') {
        await startGroupAnnual(request.actor, actor, group);
        return reply.status(204).send(null);
      }
      if (!mayEditGroup(actor, group)) throw new HttpError(403, 'questionnaire-update-to-active-role');
      const rows = await latestQuestionnairesOfGroup(deps.db, group.id);
      const actives = await activeTemplateIds();
      const objects: { asset: AssetView; row: AssetQuestionnaireRow; targetTemplateId: number | null }[] = [];
      for (const r of rows) {
        const asset = await visibleAsset(deps.db, actor, r.assetId);
        if (!mayUpdateToActive(actor, asset)) throw new HttpError(403, 'questionnaire-update-to-active-role');
        objects.push({ asset, row: r, targetTemplateId: pickTemplate(asset.conditionsAndEnvironmentGoals, asset.isBuyerAsset, actives) });
      }
      const decided = groupUpdateToActiveProblem(objects.map((o) => ({ assetId: o.asset.id, state: questionnaireState(o.row), questionnaireId: o.row.questionnaireId, targetTemplateId: o.targetTemplateId })));
      if (E.isLeft(decided)) throw new HttpError(400, 'questionnaire-update-to-active-invalid');
      const by = await actorName(app, deps.db, request.actor);
      const moving = objects.filter((o) => decided.right.assetIds.includes(o.asset.id));
      const from = await templateOf(decided.right.fromTemplateId);
      const targets = new Map<number, ScoredTemplate>();
      for (const o of moving) if (!targets.has(o.targetTemplateId!)) targets.set(o.targetTemplateId!, await templateOf(o.targetTemplateId!));
      const scoring = await scores.prepare();
      await deps.db.transaction().execute(async (trx) => {
        for (const o of moving) {
          const row = (await findAssetQuestionnaire(trx, o.asset.id, o.row.id, true))!;
          if (row.questionnaireId !== from.id || row.state !== 'Active') throw new HttpError(409, 'questionnaire-update-to-active-error');
          await checkLock(trx, actor, row.id);
          await moveToVersion(trx, actor, by, o.asset, row, from, targets.get(o.targetTemplateId!)!, scoring);
        }
      });
      return reply.status(204).send(null);
    },
  );
}
