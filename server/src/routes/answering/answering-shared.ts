import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import * as E from 'fp-ts/lib/Either.js';
import { givenAnswers } from '@ecore/core/answering/answers.ts';
import { progress } from '@ecore/core/answering/progress.ts';
import { mayAnswer, mayDeleteQuestionnaire, mayUpdateToActive, submitProblem } from '@ecore/core/answering/submission.ts';
import { pickTemplate, updateToActiveProblem } from '@ecore/core/answering/versions.ts';
import { mayChangeReportingYear, REPORTING_YEAR_EDITABLE_STATES, reportingYearRange } from '@ecore/core/answering/reporting-year.ts';
import { figureWarnings } from '@ecore/core/scoring/figures.ts';
import { yearFactors } from '@ecore/core/scoring/stranding.ts';
import { lockDecision } from '@ecore/core/questionnaires/locks.ts';
import { mayEditAsset, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import { templateTitleIn, type QuestionnaireType } from '@ecore/core/questionnaires/template.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { flagParam, idParam } from '@ecore/core/shared/schemas.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { findAnswerLock } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import { LockedError, questionnaireState, storedAnswers } from './context.ts';
import { createAnsweringCaches, type KeptSheet } from './sheet-cache.ts';
import { groupSheetFrom } from '../review/states.ts';
import { availableTransitions } from '@ecore/core/review/transitions.ts';
import { mayOpenCheck, reviewCounts } from '@ecore/core/review/answer-review.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '@ecore/core/assets/review-config.ts';
import { findSheet } from '@ecore/adapters/db/answering/sheet-repository.ts';
import { createScoreKeeper } from '../scoring/stored-score.ts';
import { annualStartProblem } from '@ecore/core/answering/annual.ts';
import { findAnnualStart } from '@ecore/adapters/db/answering/annual-repository.ts';
import { lockedSchema } from './schemas.ts';


export const tags = ['answering'];
export const security = [{ bearerAuth: [] }];
export const responses = { ...errorResponses, 403: errorSchema, 409: errorSchema, 423: lockedSchema } as const;
export const booleanQuery = flagParam;
export const assetQuery = z.object({ isBuyerAsset: booleanQuery.optional() });
export const twoIds = z.object({ id: idParam, qid: idParam });
/** `update` moves to the active version (spec 02 §4); `annual` starts next year's questionnaire (issue 22). */
export const updateTypeQuery = z.object({ updateType: z.enum(['update', 'annual'], { error: 'validation-generic' }).default('update') });

export const loggedText = (logged: unknown, language: Language): string | null => {
  if (logged === null || logged === undefined) return null;
  const text = (logged as { text?: Record<string, string> }).text;
  return text?.[language] ?? text?.de ?? null;
};

export type Trx = Transaction<DB>;

/** The Fastify instance the answering routes are registered on (with zod's type provider). */
export type AnsweringApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

/**
 * What the answering routes share: the caches of filled questionnaires, objects, groups and templates, the stored
 * scores, and the filled questionnaire as the API answers it (docs/answering.md). One per app.
 */
export function answeringShared(app: AnsweringApp, deps: AppDeps) {
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
        ? { assetQuestionnaireId: annual.previousId, reportingYear: annual.previousReportingYear, values: annual.lastYearValues.map((v) => ({ questionId: v.questionId, inputAnswer: v.inputAnswer, provenance: v.provenance ?? null })) }
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
   * The bytes are written by the route's serialiser, which the tests check against the schema. They are kept with
   * the kept questionnaire (a weak map by it), so they are let go with it: kept apart, 500 of them held some 130 MB of
   * questionnaires the cache had already let go, and every garbage collection of the saves walked them.
   */
  const written = new WeakMap<KeptSheet, Map<string, KeptJson & { basis: readonly unknown[] }>>();
  /** Callers' answers kept per questionnaire at most (each some 100 KB). */
  const WRITTEN_ENTRIES = 20;
  const sendPresented = async (request: FastifyRequest, reply: FastifyReply, actor: AssetActor, asset: AssetView, sheet: KeptSheet) => {
    const [template, actives, group, referenceData] = await Promise.all([templateOf(sheet.row.questionnaireId), activeTemplateIds(), caches.group(asset.assetGroupId), scores.references()]);
    const basis = [sheet, template, actives, group, asset, referenceData];
    const lock = lockDecision(sheet.lock, actor.userId, deps.clock());
    const key = `${request.language}|${lock.outcome === 'held' ? `held:${lock.currentLockerName}@${lock.lastActivity}` : 'free'}|${JSON.stringify(actor)}`;
    let ofSheet = written.get(sheet);
    if (!ofSheet) written.set(sheet, (ofSheet = new Map()));
    let kept = ofSheet.get(key);
    if (!kept || kept.basis.some((part, i) => part !== basis[i])) {
      const made = await view(actor, asset, sheet, request.language);
      kept = { basis: made.basis, ...keepJson(reply, made.build()) };
      if (ofSheet.size >= WRITTEN_ENTRIES) ofSheet.clear();
      ofSheet.set(key, kept);
    }
    return sendKeptJson(request, reply, kept);
  };

  return { caches, structureFor, scores, now, templateOf, activeTemplateIds, freshSheet, checkLock, view, present, sendPresented };
}

export type AnsweringShared = ReturnType<typeof answeringShared>;
