import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { groupScope, mayEditGroup, type AssetActor } from '../assets/asset-access.ts';
import type { AnswerStructure } from '../answering/applicability.ts';
import type { AnswerValue, AssetQuestionnaireState, StoredAnswer } from '../answering/answers.ts';
import { clusterOneQuestions, defaultsOf } from '../answering/cluster-defaults.ts';
import { submitProblem } from '../answering/submission.ts';
import { Role } from '../identity/roles.ts';
import { seededShuffle } from '../review/random.ts';
import { isAssignedGroupTester, isEvaluator } from '../review/testers.ts';
import { DECLINE_LIMIT, stateAfterDecline } from '../review/transitions.ts';

/** The states of an object group (spec 02 §3 "Object group status", DOMAIN.md §4). */
export const GROUP_STATES = ['Active', 'Review', 'ReviewFailed', 'ReviewPassed', 'Closed'] as const;
export type GroupState = (typeof GROUP_STATES)[number];

/**
 * The codes of DOMAIN.md §4 (`objectGroups-change-{code}`): 1 no access, 2 an object in an unsuitable state,
 * 3 completeness box not ticked, 4 no objects, 5 gross floor area (BGF) missing, 6 cluster I answers differ,
 * 7 the group is not in a state that allows it.
 */
export type GroupCode = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export interface GroupRefusal {
  code: GroupCode;
}
export const groupChangeKey = (code: GroupCode | 0): `objectGroups-change-${GroupCode | 0}` => `objectGroups-change-${code}`;

/** The group as its rules see it. */
export interface GroupFacts {
  id: number;
  organisationId: number;
  state: GroupState;
  testerUserId: number | null;
}

export type GroupAnswer = Pick<StoredAnswer, 'questionId' | 'inputAnswer' | 'multipleChoiceOption' | 'state' | 'documentCount'>;

/** One object of the group with its latest filled questionnaire (none: `questionnaireState` null). */
export interface GroupObject {
  assetId: number;
  /** BGF, gross floor area (spec 02 §3 `assetTotalArea`). */
  assetTotalArea: number | null;
  questionnaireState: AssetQuestionnaireState | null;
  /** The questionnaire was submitted on its own (answering's `submitted_alone`): the group can no longer submit it (spec 02 §4). */
  submittedAlone: boolean;
  /** The applicable structure of its questionnaire, and its answers. */
  structure: AnswerStructure;
  answers: readonly GroupAnswer[];
}

// ---------------------------------------------------------------------------------------------------------------
// Who

/**
 * Who submits a group for review ("start audit"): object administrator or account administrator (spec 02 §6
 * edit rights), for a group they edit (`mayEditGroup`) and within their access list. Prospective buyers see
 * neither the download label nor the submit for review (spec 02 §4), so their edit right does not count here.
 */
export const maySubmitGroup = (actor: AssetActor, group: Pick<GroupFacts, 'id' | 'organisationId'>): boolean => {
  const withoutBuyer = { ...actor, roles: actor.roles.filter((r) => r !== Role.ProspectiveBuyer) };
  if (!mayEditGroup(withoutBuyer, group)) return false;
  const scope = groupScope(withoutBuyer);
  return scope.kind === 'all' || (scope.kind === 'organisation' && (scope.groupIds === null || scope.groupIds.includes(group.id)));
};

/** Accepting or declining a group: evaluators (spec 02 §2 evaluator group row, §6). */
export const mayEvaluateGroup = (actor: Pick<AssetActor, 'roles'>): boolean => isEvaluator(actor);

/**
 * Download label of a group (spec 02 §4, §6): the group is Closed, and the caller is an evaluator, or an object
 * administrator of the owning organisation (not a finance partner's). Prospective buyers never.
 */
export const mayDownloadGroupLabel = (actor: AssetActor, group: Pick<GroupFacts, 'organisationId' | 'state'>): boolean =>
  group.state === 'Closed' && (isEvaluator(actor) || (actor.roles.includes(Role.ObjectAdministrator) && !actor.orgFinance && actor.orgId === group.organisationId));

/**
 * Who sees a group in job management (DOMAIN.md §1): its assigned tester, evaluators while it waits for them
 * (ReviewPassed, ReviewFailed), and the account administrator.
 */
export const mayViewGroupForReview = (actor: AssetActor, group: Pick<GroupFacts, 'state' | 'testerUserId'>): boolean =>
  actor.roles.includes(Role.AccountAdministrator) ||
  isAssignedGroupTester(actor, group) ||
  (isEvaluator(actor) && (group.state === 'ReviewPassed' || group.state === 'ReviewFailed'));

// ---------------------------------------------------------------------------------------------------------------
// Submission

/** The reference date of group membership the completeness box confirms (spec 02 §5, §9: 31.12.2021). */
export const GROUP_REFERENCE_DATE = '2021-12-31';

/** Gross floor area given: a positive number (spec 02 §5 "assetTotalArea required"; 0 counts as missing, DOMAIN.md §4). */
export const hasGrossFloorArea = (o: Pick<GroupObject, 'assetTotalArea'>): boolean =>
  typeof o.assetTotalArea === 'number' && Number.isFinite(o.assetTotalArea) && o.assetTotalArea > 0;

/**
 * An object the group may submit (DOMAIN.md §4 code 2): its latest questionnaire is Active, not submitted alone,
 * and ready to submit as answering sees it (`submitProblem`: every applicable question answered, no document
 * missing).
 */
export const isSuitableGroupObject = (o: GroupObject): boolean =>
  o.questionnaireState === 'Active' &&
  !o.submittedAlone &&
  E.isRight(submitProblem({ mayAct: true, state: o.questionnaireState, structure: o.structure, answers: o.answers }));

/** Cluster I answers by static title as compared across objects and versions: the number, or the options' texts. */
const clusterOneValues = (structure: AnswerStructure, answers: readonly (AnswerValue & { questionId: number })[]): Map<string, string> =>
  new Map(defaultsOf(structure, answers).map((d) => [d.staticTitle, JSON.stringify([d.inputAnswer, d.options.map((o) => o.text).sort()])]));

/**
 * Cluster I is answered alike in every object (spec 02 §4, DOMAIN.md §4 code 6): every cluster I question that
 * applies to all objects of the group has the same answer in each, the same number or the same options by text
 * (answering's `defaultsOf`, which is also how the group defaults are carried between versions). A question that
 * applies only to some objects (one meant for hotels in a group with offices) is compared among nobody.
 */
export const sameClusterOneAnswers = (objects: readonly Pick<GroupObject, 'structure' | 'answers'>[]): boolean => {
  if (objects.length <= 1) return true;
  const titles = objects.map((o) => new Set(clusterOneQuestions(o.structure).map((q) => q.staticTitle)));
  const shared = [...titles[0]!].filter((t) => titles.every((set) => set.has(t)));
  const values = objects.map((o) => clusterOneValues(o.structure, o.answers));
  return shared.every((title) => new Set(values.map((v) => v.get(title) ?? '')).size === 1);
};

export interface GroupSubmitFacts {
  actor: AssetActor;
  group: GroupFacts;
  objects: readonly GroupObject[];
  /** The completeness box of the dialog (spec 02 §5, the reference date 31.12.2021). */
  completenessConfirmed: boolean;
}

/**
 * Submitting a group for review (DOMAIN.md §4), the first code that stands in the way: 1 the caller may not
 * (`maySubmitGroup`), 7 the group is not Active, 4 it has no objects, 2 an object is not suitable
 * (`isSuitableGroupObject`), 5 an object lacks gross floor area, 6 cluster I answers differ, 3 the completeness
 * box is not ticked. The box comes last, so that the client learns whether the submit button may be offered by
 * asking with the box ticked.
 */
export const groupSubmitProblem = (facts: GroupSubmitFacts): Either<GroupRefusal, 'Review'> => {
  const refuse = (code: GroupCode) => E.left({ code });
  if (!maySubmitGroup(facts.actor, facts.group)) return refuse(1);
  if (facts.group.state !== 'Active') return refuse(7);
  if (facts.objects.length === 0) return refuse(4);
  if (!facts.objects.every(isSuitableGroupObject)) return refuse(2);
  if (!facts.objects.every(hasGrossFloorArea)) return refuse(5);
  if (!sameClusterOneAnswers(facts.objects)) return refuse(6);
  if (!facts.completenessConfirmed) return refuse(3);
  return E.right('Review');
};

/** The size of the sample (DOMAIN.md §4): ceil(sqrt(n)), at least one of a group that has objects. */
export const sampleSize = (n: number): number => (n <= 0 ? 0 : Math.ceil(Math.sqrt(n)));

/**
 * The sampled sheets (DOMAIN.md §4): the ids are put in ascending order (so the order they arrive in does not
 * matter), shuffled with the seed (mulberry32, Fisher–Yates) and the first `sampleSize(n)` taken; answered in
 * ascending order. The same seed and ids always give the same sample, so anyone can redraw it.
 */
export const sampleSheets = (assetIds: readonly number[], seed: number): number[] => {
  const ids = [...new Set(assetIds)].sort((a, b) => a - b);
  return seededShuffle(ids, seed)
    .slice(0, sampleSize(ids.length))
    .sort((a, b) => a - b);
};

export const GROUP_TRANSITION_KINDS = ['submitGroup', 'groupReviewPassed', 'groupReviewFailed', 'acceptGroup', 'declineGroup'] as const;
export type GroupTransitionKind = (typeof GROUP_TRANSITION_KINDS)[number];

/**
 * An accepted group change. On submission it carries the seed and the sample to record; every object's
 * questionnaire goes to Review with it (frozen; not submitted alone). What the evaluator's decision does to the
 * sheets is `sheetAfterGroupDecision`.
 */
export interface GroupTransition {
  kind: GroupTransitionKind;
  from: GroupState;
  to: GroupState;
  seed?: number;
  sampledAssetIds?: number[];
}

/** Submit for review: the checks of `groupSubmitProblem`, then the sample drawn with the seed given (the server's random number, stored). */
export const submitGroup = (facts: GroupSubmitFacts, seed: number): Either<GroupRefusal, GroupTransition> =>
  E.map(() => ({ kind: 'submitGroup' as const, from: 'Active' as const, to: 'Review' as const, seed, sampledAssetIds: sampleSheets(facts.objects.map((o) => o.assetId), seed) }))(
    groupSubmitProblem(facts),
  );

// ---------------------------------------------------------------------------------------------------------------
// Review of the sampled sheets and the evaluator's decision

/** Sheet states that have passed review (sent on to evaluation, or closed). */
const PASSED: readonly (AssetQuestionnaireState | null)[] = ['Evaluation', 'Closed'];
/** Sheet states that failed review. */
const FAILED: readonly (AssetQuestionnaireState | null)[] = ['Declined', 'DefinitelyDeclined'];

/**
 * The group's review outcome from its sampled sheets (DOMAIN.md §4): null while a sheet is still being
 * reviewed (Review, Verification); once every sampled sheet is decided, ReviewPassed when every one passed review
 * (Evaluation), else ReviewFailed.
 */
export const groupReviewOutcome = (sampled: readonly { state: AssetQuestionnaireState | null }[]): 'ReviewPassed' | 'ReviewFailed' | null => {
  if (sampled.length === 0) return null;
  if (!sampled.every((s) => PASSED.includes(s.state) || FAILED.includes(s.state))) return null;
  return sampled.every((s) => PASSED.includes(s.state)) ? 'ReviewPassed' : 'ReviewFailed';
};

/**
 * The group's tester records the review outcome: 1 not the group's assigned tester, 7 the group is not in
 * Review, 2 a sampled sheet is still under review or the outcome is the other one.
 */
export const finishGroupReview = (
  actor: AssetActor,
  group: GroupFacts,
  sampled: readonly { state: AssetQuestionnaireState | null }[],
  target: 'ReviewPassed' | 'ReviewFailed',
): Either<GroupRefusal, GroupTransition> => {
  if (!isAssignedGroupTester(actor, group)) return E.left({ code: 1 });
  if (group.state !== 'Review') return E.left({ code: 7 });
  if (groupReviewOutcome(sampled) !== target) return E.left({ code: 2 });
  return E.right({ kind: target === 'ReviewPassed' ? 'groupReviewPassed' : 'groupReviewFailed', from: 'Review', to: target });
};

export type GroupDecision = 'accept' | 'decline';
export const isGroupDecision = (s: unknown): s is GroupDecision => s === 'accept' || s === 'decline';

/**
 * The evaluator's decision (spec 02 §4, `PUT assetGroup/{id}/evaluate/?decision=`): 1 not an evaluator; accept
 * needs ReviewPassed and closes the group, decline needs ReviewPassed or ReviewFailed and returns it to Active;
 * else 7.
 */
export const evaluateGroup = (decision: GroupDecision, state: GroupState, actor: Pick<AssetActor, 'roles'>): Either<GroupRefusal, GroupTransition> => {
  if (!mayEvaluateGroup(actor)) return E.left({ code: 1 });
  if (decision === 'accept') return state === 'ReviewPassed' ? E.right({ kind: 'acceptGroup', from: state, to: 'Closed' }) : E.left({ code: 7 });
  return state === 'ReviewPassed' || state === 'ReviewFailed' ? E.right({ kind: 'declineGroup', from: state, to: 'Active' }) : E.left({ code: 7 });
};

/** A sheet of a group: its questionnaire's state, how often it was declined, how often adjusted since. */
export interface SheetRecord {
  state: AssetQuestionnaireState | null;
  declineCount: number;
  adjustments: number;
  sampled: boolean;
}

/**
 * What the evaluator's decision does to each object of the group: accept closes every questionnaire; decline
 * counts a decline for each sampled sheet (unless its own review declined it in this round already, which was
 * counted then), makes the third DefinitelyDeclined (DOMAIN.md §4), and returns every other questionnaire to
 * Active, so that the sheets can be adjusted and the group submitted again.
 */
export const sheetAfterGroupDecision = (decision: GroupDecision, sheet: SheetRecord): Pick<SheetRecord, 'state' | 'declineCount'> => {
  if (decision === 'accept') return { state: 'Closed', declineCount: sheet.declineCount };
  if (sheet.state === 'DefinitelyDeclined') return { state: 'DefinitelyDeclined', declineCount: sheet.declineCount };
  if (!sheet.sampled) return { state: 'Active', declineCount: sheet.declineCount };
  const declineCount = sheet.state === 'Declined' ? sheet.declineCount : stateAfterDecline(sheet.declineCount).declineCount;
  return { state: declineCount >= DECLINE_LIMIT ? 'DefinitelyDeclined' : 'Active', declineCount };
};

/** A sampled sheet is adjusted at most twice after submission (DOMAIN.md §4, spec 02 §9). */
export const MAX_SHEET_ADJUSTMENTS = 2;

/**
 * May the owner adjust a sampled sheet now (change its answers after a decline), and the new count: one
 * adjustment per decline, at most two in all, never once it is DefinitelyDeclined. The save route asks it before
 * the first change after a decline and stores the count. Refused with `objectGroups-adjust-limit`.
 */
export const mayAdjustSheet = (sheet: Pick<SheetRecord, 'state' | 'declineCount' | 'adjustments'>): Either<'objectGroups-adjust-limit', number> =>
  sheet.state !== 'DefinitelyDeclined' && sheet.adjustments < Math.min(sheet.declineCount, MAX_SHEET_ADJUSTMENTS)
    ? E.right(sheet.adjustments + 1)
    : E.left('objectGroups-adjust-limit');

// ---------------------------------------------------------------------------------------------------------------
// The route's question

export interface GroupStateFacts {
  actor: AssetActor;
  group: GroupFacts;
  objects: readonly GroupObject[];
  /** The sampled sheets' questionnaire states (for the review outcome). */
  sampled: readonly { state: AssetQuestionnaireState | null }[];
  completenessConfirmed: boolean;
  /** The seed to draw with, should the change be a submission. */
  seed: number;
}

/**
 * What `PUT assetGroup/{id}/assetState/{state}` decides: Review → submit (with the sample), ReviewPassed or
 * ReviewFailed → the tester records the outcome, Closed → the evaluator accepts, Active → the evaluator declines.
 */
export const decideGroupStateChange = (target: GroupState, facts: GroupStateFacts): Either<GroupRefusal, GroupTransition> => {
  switch (target) {
    case 'Review':
      return submitGroup(facts, facts.seed);
    case 'ReviewPassed':
    case 'ReviewFailed':
      return finishGroupReview(facts.actor, facts.group, facts.sampled, target);
    case 'Closed':
      return evaluateGroup('accept', facts.group.state, facts.actor);
    case 'Active':
      return evaluateGroup('decline', facts.group.state, facts.actor);
  }
};
