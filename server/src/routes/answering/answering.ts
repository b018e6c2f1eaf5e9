import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { answerableQuestions, findQuestion } from '@ecore/core/answering/applicability.ts';
import { givenAnswers, saveAnswersSchema } from '@ecore/core/answering/answers.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import { mayAnswer, mayDeleteQuestionnaire, mayStartQuestionnaire, mayUpdateToActive, submitProblem } from '@ecore/core/answering/submission.ts';
import { carryOver, mayStartNewRun, pickTemplate, reportingYearOf, updateToActiveProblem, groupUpdateToActiveProblem } from '@ecore/core/answering/versions.ts';
import { defaultsOf, fillFromDefaults } from '@ecore/core/answering/cluster-defaults.ts';
import { changeReportingYear, mayChangeReportingYear, REPORTING_YEAR_EDITABLE_STATES, reportingYearBodySchema, reportingYearRange } from '@ecore/core/answering/reporting-year.ts';
import { figureWarnings } from '@ecore/core/scoring/figures.ts';
import { yearFactors } from '@ecore/core/scoring/stranding.ts';
import { lockDecision, mayRelease } from '@ecore/core/questionnaires/locks.ts';
import { mayEditAsset, mayEditGroup, groupScope, assetGrants, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import { templateTitleIn, type QuestionnaireType } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { flagParam, idParam, idParams, idValue, requiredText } from '@ecore/core/shared/schemas.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { findGroup } from '@ecore/adapters/db/assets/groups-repository.ts';
import {
  deleteAnswerLock,
  deleteAssetQuestionnaire,
  findAnswerLock,
  findAssetQuestionnaire,
  findAssetQuestionnaireById,
  findGroupDefaults,
  findLatestAssetQuestionnaire,
  insertAssetQuestionnaire,
  insertChange,
  insertComment,
  latestQuestionnairesOfGroup,
  listAssetQuestionnaires,
  listChanges,
  lockAnswer,
  moveAnswersToVersion,
  moveChangesToQuestion,
  saveGroupDefaults,
  setReportingYear,
  writeAnswerLock,
  type AssetQuestionnaireRow,
} from '@ecore/adapters/db/answering/answering-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { assetActorOf } from '../assets/asset-actor.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import { saveSheetAnswers, type ScoreWith } from './save-answers.ts';
import { ANSWERING_NOTIFICATION } from '@ecore/migrations/index.ts';
import { LockedError, actorName, answerResponse, answersOf, questionnaireState, storedAnswers, visibleAsset, visibleQuestionnaire } from './context.ts';
import { createAnsweringCaches, type KeptSheet } from './sheet-cache.ts';
import { groupSheetFrom } from '../review/states.ts';
import { availableTransitions } from '@ecore/core/review/transitions.ts';
import { mayOpenCheck, reviewCounts } from '@ecore/core/review/answer-review.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import { findSheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { createScoreKeeper, type ScoreKeeper } from '../scoring/stored-score.ts';
import { groupAnnualStartProblem, annualStartProblem } from '@ecore/core/answering/annual.ts';
import { findAnnualStart, lockGroupRow } from '@ecore/adapters/db/answering/annual-repository.ts';
import { startAnnual, type AnnualInputs } from './annual.ts';
import { filledQuestionnaireSchema, answerSchema, progressSchema, changeSchema, commentSchema, simplifiedSchema, lockStatusSchema, lockedSchema } from './schemas.ts';

const tags = ['answering'];
const security = [{ bearerAuth: [] }];
const responses = { ...errorResponses, 403: errorSchema, 409: errorSchema, 423: lockedSchema } as const;
const booleanQuery = flagParam;
const assetQuery = z.object({ isBuyerAsset: booleanQuery.optional() });
const twoIds = z.object({ id: idParam, qid: idParam });
/** `update` moves to the active version (spec 02 §4); `annual` starts next year's questionnaire (issue 22). */
const updateTypeQuery = z.object({ updateType: z.enum(['update', 'annual'], { error: 'validation-generic' }).default('update') });

const loggedText = (logged: unknown, language: Language): string | null => {
  if (logged === null || logged === undefined) return null;
  const text = (logged as { text?: Record<string, string> }).text;
  return text?.[language] ?? text?.de ?? null;
};

type Trx = Transaction<DB>;

/**
 * Filled questionnaires: start, read, delete, answer, comment, change log, lock, cluster I defaults, update to the
 * active version and submit for review (spec 02 §2–§8, DOMAIN.md §3, §7, §8, §9; docs/answering.md).
 */
export const answeringRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  // Filled questionnaires, objects, groups, templates kept between requests (issue 11, ./sheet-cache.ts).
  const caches = createAnsweringCaches(app, deps.db);
  const structureFor = caches.structure;
  // Stored scores for the lists (issue 15): computed in the transaction of every change of answers.
  const scores = createScoreKeeper(app, deps.db, deps.clock);
  const now = () => new Date(deps.clock());

  const templateOf = caches.template;

  /** The template each questionnaire type starts on now (DOMAIN.md §9). */
  const activeTemplateIds = (): Promise<Partial<Record<QuestionnaireType, number>>> => caches.activeTemplateIds();

  /** A filled questionnaire read afresh (after a change), as present() takes it. */
  const freshSheet = async (assetId: number, id: number): Promise<KeptSheet> => {
    const sheet = await findSheet(deps.db, assetId, id);
    if (!sheet) throw new HttpError(404, 'not-found');
    return { ...sheet, stored: storedAnswers(sheet.answers, sheet.documents) };
  };

  /** Refuses with 423 when another user holds a live lock on the filled questionnaire (DOMAIN.md §7). */
  const checkLock = async (db: Trx | typeof deps.db, actor: AssetActor, questionnaireId: number) => {
    const decision = lockDecision(await findAnswerLock(db, questionnaireId), actor.userId, deps.clock());
    if (decision.outcome === 'held') throw new LockedError(decision);
  };

  /**
   * The filled questionnaire as the API answers it (docs/answering.md "FilledQuestionnaire"): what is stored of it
   * comes from the kept sheet (no database round trip while nothing it shows changed); what depends on the caller
   * (rights, whose lock, the transitions open to them) is decided here for each request.
   */
  const view = async (actor: AssetActor, asset: AssetView, sheet: KeptSheet, language: Language) => {
    const { row, stored } = sheet;
    const [template, actives, group, annual, referenceData] = await Promise.all([
      templateOf(row.questionnaireId),
      activeTemplateIds(),
      caches.group(asset.assetGroupId),
      findAnnualStart(deps.db, row.id),
      scores.references(),
    ]);
    const structure = structureFor(template, asset);
    // The factors of the reporting year, with which the screens read carbon from the carriers (DOMAIN.md §5).
    const factors = yearFactors(referenceData, asset.country, row.reportingYear);
    const state = questionnaireState(row);
    const lock = lockDecision(sheet.lock, actor.userId, deps.clock());
    const answering = mayAnswer(actor, asset);
    const defaults = group.defaults;
    const defaultsTitle = defaults ? templateTitleIn(await templateOf(defaults.questionnaireId), language) : null;
    const facts = {
      actor,
      asset,
      state,
      structure,
      answers: stored,
      numberOfReviewedAnswers: NUMBER_OF_REVIEWED_ANSWERS,
      groupSheet: groupSheetFrom(group.review, asset),
      declineCount: row.declineCount,
    };
    // Every field that depends on the caller (or on the clock: a lock expires), apart from the kept facts.
    const perCaller = {
      canEdit: answering && (state === 'Active' || state === 'Declined'),
      canChangeReportingYear: mayChangeReportingYear(actor, asset) && REPORTING_YEAR_EDITABLE_STATES.includes(state),
      canBeSubmitted: E.isRight(submitProblem({ mayAct: answering, state, structure, answers: stored })),
      canBeReviewed: mayOpenCheck(actor, asset, state),
      canSetGroupDefaultAnswers: mayEditAsset(actor, asset),
      canDelete: E.isRight(mayDeleteQuestionnaire(actor, asset, state, stored)),
      lockedStatus:
        lock.outcome === 'held'
          ? { isLocked: true, currentLockerName: lock.currentLockerName, lastActivity: new Date(lock.lastActivity).toISOString() }
          : { isLocked: false, currentLockerName: null, lastActivity: null },
      availableTransitions: availableTransitions(facts),
    };
    const { availableTransitions: transitions, ...flags } = perCaller;
    const build = () => ({
      id: row.id,
      assetId: asset.id,
      isBuyerAsset: asset.isBuyerAsset,
      assetName: asset.objectName,
      assetGroupId: asset.assetGroupId,
      assetGroupName: asset.assetGroupName,
      questionnaireId: row.questionnaireId,
      // The template's title in the caller's language (German where it has none).
      title: templateTitleIn(template, language),
      version: template.version,
      type: template.type,
      assetQuestionnaireState: row.state,
      createdAt: row.createdAt,
      closedAt: row.closedAt,
      reportingYear: row.reportingYear,
      reportingYearRange: reportingYearRange(deps.clock()),
      emissionFactors: factors,
      figureWarnings: figureWarnings(structure, givenAnswers(stored), factors),
      declineCount: row.declineCount,
      // Next year's questionnaire (issue 22): the one it followed and last year's figures beside the value questions.
      lastYear: annual
        ? { assetQuestionnaireId: annual.previousId, reportingYear: annual.previousReportingYear, values: annual.lastYearValues.map((v) => ({ questionId: v.questionId, inputAnswer: v.inputAnswer })) }
        : null,
      canStartNextYear: mayUpdateToActive(actor, asset) && E.isRight(annualStartProblem(state)) && row.id === asset.questionnaireId,
      ...flags,
      // Whether a newer version is active for this questionnaire, whoever asks: collectors are then told to ask the
      // administrator (spec 02 §1); the update itself checks the role (mayUpdateToActive).
      canBeUpdatedToActiveQuestionnaire: E.isRight(
        updateToActiveProblem({ state, questionnaireId: row.questionnaireId }, pickTemplate(asset.conditionsAndEnvironmentGoals, asset.isBuyerAsset, actives)),
      ),
      groupDefaults: defaults ? { groupName: asset.assetGroupName, questionnaireTitle: defaultsTitle ?? defaults.questionnaireTitle, savedAt: defaults.savedAt } : null,
      progress: progress(structure, stored, state),
      review: {
        counts: reviewCounts(structure, stored, NUMBER_OF_REVIEWED_ANSWERS),
        numberOfReviewedAnswers: NUMBER_OF_REVIEWED_ANSWERS,
        testerName: asset.testerName === null ? null : asset.testerName.trim(),
        testerUserId: asset.testerUserId,
        availableTransitions: transitions,
        // Whether the object is a sheet of a group under review, and sampled: the check screen's buttons need it,
        // and the group itself may be hidden from the tester (so the screen never asks for it).
        groupSheet: facts.groupSheet,
      },
      clusters: structure.clusters,
      answers: caches.responses(sheet, asset),
    });
    return { basis: [sheet, template, actives, group, asset, referenceData] as const, build };
  };

  const present = async (actor: AssetActor, asset: AssetView, sheet: KeptSheet, language: Language) => (await view(actor, asset, sheet, language)).build();

  /**
   * Answers a read of a filled questionnaire (some 100 KB) as bytes written once per kept state and caller, gzipped
   * once for clients that accept it, as the group list does (routes/assets/groups.ts): while nothing it shows
   * changes, a read of it by the same caller neither decides the caller's rights again nor serialises or compresses
   * it. The key is the caller as its rights see it (the actor with roles, organisation and access lists) and the
   * lock's outcome for it now (a lock expires with time); the kept facts it was made from must be the current ones.
   * The bytes are written by the route's serialiser, which the tests check against the schema.
   */
  const written = new Map<string, KeptJson & { basis: readonly unknown[] }>();
  const WRITTEN_ENTRIES = 500;
  const sendPresented = async (request: FastifyRequest, reply: FastifyReply, actor: AssetActor, asset: AssetView, sheet: KeptSheet) => {
    const [template, actives, group, referenceData] = await Promise.all([templateOf(sheet.row.questionnaireId), activeTemplateIds(), caches.group(asset.assetGroupId), scores.references()]);
    const basis = [sheet, template, actives, group, asset, referenceData];
    const lock = lockDecision(sheet.lock, actor.userId, deps.clock());
    const key = `${sheet.row.id}|${request.language}|${lock.outcome === 'held' ? `held:${lock.currentLockerName}@${lock.lastActivity}` : 'free'}|${JSON.stringify(actor)}`;
    let kept = written.get(key);
    if (!kept || kept.basis.some((part, i) => part !== basis[i])) {
      const made = await view(actor, asset, sheet, request.language);
      kept = { basis: made.basis, ...keepJson(reply, made.build()) };
      if (written.size >= WRITTEN_ENTRIES) written.clear();
      written.set(key, kept);
    }
    return sendKeptJson(request, reply, kept);
  };

  // -------------------------------------------------------------------------------------------------------------
  // Start, read, delete

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

  // -------------------------------------------------------------------------------------------------------------
  // Answers, comments, change log

  app.put(
    '/asset/answer',
    {
      // What a save writes (answers, their change log, the run's progress, adjustments and stored score): this process
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
      // What is read before the transaction comes from the caches (object, its latest run's template, its group); the
      // transaction reads each run with its row locked (its lock, answers, comments and documents in one statement),
      // core decides on that (save-answers.ts), and what it decided is written in one statement per run.
      const targets: { asset: AssetView; list: typeof items; template: ScoredTemplate; sampled: boolean }[] = [];
      for (const [assetId, list] of byAsset) {
        const { asset, latestId } = await caches.visibleObject(actor, assetId, list[0]!.isBuyerAsset);
        if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
        const templateId = await caches.templateIdOf(asset.id, latestId);
        if (templateId === null) throw new HttpError(404, 'not-found');
        const group = (await caches.group(asset.assetGroupId)).review;
        const sampled = group?.submission?.sampledAssetIds.includes(asset.id) ?? false;
        targets.push({ asset, list, template: await templateOf(templateId), sampled });
      }
      const scoring = await scores.prepare();
      const result = await deps.db.transaction().execute(async (trx) => {
        const out = [];
        for (const { asset, list, template, sampled } of targets) {
          const locked = await findSheet(trx, asset.id, null, true);
          if (!locked) throw new HttpError(404, 'not-found');
          // A new version or run since the template was picked: the caller reloads (the answers were checked for another).
          if (locked.row.questionnaireId !== template.id) throw new HttpError(409, 'questionnaire-stale');
          const object = { ...asset, area: asset.assetTotalArea };
          const scoreWith: ScoreWith = (answers) => ({ ...scoring.figures(template, object, locked.row.reportingYear, answers), scoredAt: new Date(deps.clock()) });
          const saved = await saveSheetAnswers(trx, { actor, by, at: now(), now: deps.clock(), locked, structure: structureFor(template, asset), items: list, sampled, scoreWith });
          out.push({ asset, locked, saved });
        }
        return out;
      });
      // Committed: this process forgets the questionnaires it changed before it answers (the others when the
      // notification comes); it keeps everything else it knows.
      caches.keepOwn(
        request,
        result.map((r) => r.locked.row.id),
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

  // -------------------------------------------------------------------------------------------------------------
  // Lock

  app.put(
    '/asset/:id/questionnaire/:qid/lock',
    {
      schema: {
        tags,
        security,
        summary: 'Takes, keeps alive (isLocked=true) or releases (false) the lock of a filled questionnaire; 423 names the holder',
        params: twoIds,
        querystring: z.object({ isLocked: booleanQuery, isBuyerAsset: booleanQuery.optional() }),
        response: { 200: lockStatusSchema, ...responses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const { asset, questionnaire } = await visibleQuestionnaire(deps.db, actor, request.params.id, request.params.qid, request.query.isBuyerAsset);
      if (!mayAnswer(actor, asset)) throw new HttpError(403, 'forbidden');
      const at = deps.clock();
      const lock = await findAnswerLock(deps.db, questionnaire.id);
      // Only the lock changes: this process forgets that questionnaire alone (a kept-alive lock is frequent).
      if (!request.query.isLocked) {
        if (mayRelease(lock, actor.userId, at)) await deleteAnswerLock(deps.db, questionnaire.id);
        caches.keepOwn(request, [questionnaire.id]);
        return { isLocked: false, currentLockerName: null, lastActivity: null };
      }
      const decision = lockDecision(lock, actor.userId, at);
      if (decision.outcome === 'held') throw new LockedError(decision);
      const holderName = await actorName(app, deps.db, request.actor);
      await writeAnswerLock(deps.db, questionnaire.id, { userId: actor.userId, holderName, since: decision.outcome === 'refresh' && lock ? lock.since : at, lastActivity: at });
      caches.keepOwn(request, [questionnaire.id]);
      return { isLocked: true, currentLockerName: holderName, lastActivity: new Date(at).toISOString() };
    },
  );

  // -------------------------------------------------------------------------------------------------------------
  // Cluster I defaults

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

  // -------------------------------------------------------------------------------------------------------------
  // Update to the active version (DOMAIN.md §8)

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
};
