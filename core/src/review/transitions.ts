import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { expiredEvidenceOf, mayAnswer, submitProblem } from '../answering/submission.ts';
import type { AssetQuestionnaireState } from '../answering/answers.ts';
import {
  isAcceptedState,
  reviewCounts,
  structureAnswers,
  type AnswerUpdate,
  type ReviewAnswer,
  type ReviewFacts,
} from './answer-review.ts';
import { isAssignedTester, isEvaluator } from './testers.ts';

/**
 * The codes of DOMAIN.md §3 (`questionnaire-change-{code}`): 1 the caller may not act, 2 the change does not
 * start from the current state, 3 a question unanswered, 4 a requested document missing, 5 not exactly
 * `numberOfReviewedAnswers` reviewed, 6 a reviewed answer not accepted, 7 no answer rejected, 8 no answer set to
 * "upload documents", 9 an evidence-demanded answer not accepted, 10 a rejected answer unchanged since the decline.
 */
export type TransitionCode = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
export interface Refusal {
  code: TransitionCode;
  /** Code 11: the titles of the documents that expired before the reporting date. */
  documents?: string[];
}

export const TRANSITION_KINDS = [
  'submit',
  'resubmitAfterDecline',
  'resubmitFromVerification',
  'toEvaluation',
  'toDeclined',
  'toVerification',
  'toClosed',
  'expire',
] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

/**
 * An accepted state change: what the server writes in one transaction with one audit row (audit.ts).
 * - `answerUpdates`: answers whose state or review status change with it (the answer rows to write);
 * - `declineCount`: the questionnaire's new count of declines (toDeclined);
 * - `resetChangedSinceDecline`: every answer's "changed since the decline" mark starts afresh (toDeclined);
 * - `submittedAlone`: the object was submitted on its own, so its group can no longer be submitted (spec 02 §4).
 */
export interface Transition {
  kind: TransitionKind;
  from: AssetQuestionnaireState;
  to: AssetQuestionnaireState;
  answerUpdates?: AnswerUpdate[];
  declineCount?: number;
  resetChangedSinceDecline?: true;
  submittedAlone?: true;
}

/** The facts of a state change: review's facts and how often the questionnaire has been declined. */
export interface QuestionnaireFacts extends ReviewFacts {
  declineCount: number;
}

/** The third decline of the same sheet makes it DefinitelyDeclined (DOMAIN.md §3, §4). */
export const DECLINE_LIMIT = 3;

/** The state after one more decline, and the new count. */
export const stateAfterDecline = (previousDeclines: number): { state: 'Declined' | 'DefinitelyDeclined'; declineCount: number } => {
  const declineCount = Math.max(0, previousDeclines) + 1;
  return { state: declineCount >= DECLINE_LIMIT ? 'DefinitelyDeclined' : 'Declined', declineCount };
};

const refuse = (code: TransitionCode): Either<Refusal, Transition> => E.left({ code });
const allow = (t: Transition): Either<Refusal, Transition> => E.right(t);

/** Answers of the structure (answered by hand), one per question. */
const answersOf = (f: ReviewFacts): ReviewAnswer[] => structureAnswers(f.structure, f.answers);

/** Was asked for documents: marked so, or set to "upload documents" now. */
const evidenceDemanded = (a: ReviewAnswer): boolean => a.evidenceRequested === true || a.state === 'Verification';
/** Was rejected in the last decline, by a tester or the evaluator (its state moves to Answered when the owner changes it). */
export const wasRejected = (a: Pick<ReviewAnswer, 'reviewStatus' | 'state'>): boolean => a.reviewStatus === 'Rejected' || a.state === 'Declined';

/** Answers sent out for documents: from now on they are marked as evidence-demanded. */
const markEvidence = (answers: readonly ReviewAnswer[]): AnswerUpdate[] =>
  answers.filter((a) => a.state === 'Verification' && a.evidenceRequested !== true).map((a) => ({ questionId: a.questionId, state: a.state, reviewStatus: a.reviewStatus, evidenceRequested: true }));

/**
 * What a resubmission does to the answers, so that the tester looks again at what changed:
 * - a rejected answer the owner changed is unreviewed again (Answered, Unchecked);
 * - an answer whose documents were uploaded is unreviewed again, marked as evidence-demanded;
 * - the evaluator's acceptance of the last round falls back to the tester's (ReviewAccepted), so that the
 *   evaluator decides afresh in the next Evaluation and the tester's count keeps it.
 */
const resubmissionUpdates = (answers: readonly ReviewAnswer[]): AnswerUpdate[] =>
  answers.flatMap((a): AnswerUpdate[] => {
    if (a.state === 'Verification') return [{ questionId: a.questionId, state: 'Answered', reviewStatus: 'Unchecked', evidenceRequested: true }];
    if (a.state === 'EvaluationAccepted') return [{ questionId: a.questionId, state: 'ReviewAccepted', reviewStatus: 'Approved' }];
    if (wasRejected(a)) return [{ questionId: a.questionId, state: a.state === 'Declined' ? 'Answered' : a.state, reviewStatus: 'Unchecked' }];
    return [];
  });

const withUpdates = (t: Transition, updates: AnswerUpdate[]): Transition => (updates.length > 0 ? { ...t, answerUpdates: updates } : t);

/** Codes 3, 4 and 11 of answering's `submitProblem` (the state was checked already); 11 names the expired documents. */
const answeringRefusal = (f: QuestionnaireFacts): Refusal | null => {
  const decided = submitProblem({ mayAct: true, state: f.state, structure: f.structure, answers: f.answers });
  if (E.isRight(decided)) return null;
  return decided.left === 11 ? { code: 11, documents: expiredEvidenceOf(f) } : { code: decided.left };
};

/**
 * Submit for review, the first time (DOMAIN.md §3): an owner role (`mayAnswer`: ObjectAdministrator,
 * ObjectDataCollector, ProspectiveBuyer acting for the owner) → 1; from Active → 2 (not while the object's group
 * is under review: the group submits it); every applicable question answered → 3; every answer in Verification
 * with a document → 4. Marks the object as submitted alone.
 */
export const submit = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  if (!mayAnswer(f.actor, f.asset)) return refuse(1);
  if (f.state !== 'Active' || f.groupSheet) return refuse(2);
  const refused = answeringRefusal(f);
  if (refused !== null) return E.left(refused);
  return allow({ kind: 'submit', from: 'Active', to: 'Review', submittedAlone: true });
};

/**
 * Resubmit after a decline (DOMAIN.md §3, spec 02 §4 "After a decline, every rejected answer must be updated
 * before resubmitting"): owner roles → 1; from Declined, not a sheet of a group under review (the group is
 * resubmitted) → 2; codes 3 and 4 as for submitting; every answer rejected in the decline changed since → 10.
 */
export const resubmitAfterDecline = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  if (!mayAnswer(f.actor, f.asset)) return refuse(1);
  if (f.state !== 'Declined' || f.groupSheet) return refuse(2);
  const refused = answeringRefusal(f);
  if (refused !== null) return E.left(refused);
  const answers = answersOf(f);
  if (answers.some((a) => wasRejected(a) && a.changedSinceDecline !== true)) return refuse(10);
  return allow(withUpdates({ kind: 'resubmitAfterDecline', from: 'Declined', to: 'Review' }, resubmissionUpdates(answers)));
};

/**
 * Resubmit from Verification (spec 02 §4: "Verification becomes editable again once the customer has uploaded
 * all requested documents"): owner roles → 1; from Verification → 2; code 3; every answer set to "upload
 * documents" has a document → 4 (answering's `submitProblem`). Back to Review, also for a sampled sheet of a
 * group, whose review then goes on.
 */
export const resubmitFromVerification = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  if (!mayAnswer(f.actor, f.asset)) return refuse(1);
  if (f.state !== 'Verification') return refuse(2);
  const refused = answeringRefusal(f);
  if (refused !== null) return E.left(refused);
  return allow(withUpdates({ kind: 'resubmitFromVerification', from: 'Verification', to: 'Review' }, resubmissionUpdates(answersOf(f))));
};

/** `PUT asset/state?state=Review`: the first submission, or a resubmission, by the current state. */
export const resubmit = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  switch (f.state) {
    case 'Declined':
      return resubmitAfterDecline(f);
    case 'Verification':
      return resubmitFromVerification(f);
    default:
      return submit(f);
  }
};

const testerMayAct = (f: QuestionnaireFacts): TransitionCode | null => {
  if (!isAssignedTester(f.actor, f.asset)) return 1;
  if (f.state !== 'Review' || (f.groupSheet && !f.groupSheet.sampled)) return 2;
  return null;
};

/**
 * Submit to evaluation (DOMAIN.md §3): the assigned tester → 1; from Review (a group's sheet only when sampled)
 * → 2; exactly `numberOfReviewedAnswers` eligible answers reviewed, or all eligible ones where there are fewer
 * → 5; every reviewed answer accepted → 6.
 */
export const toEvaluation = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  const who = testerMayAct(f);
  if (who !== null) return refuse(who);
  const counts = reviewCounts(f.structure, f.answers, f.numberOfReviewedAnswers);
  if (counts.reviewed !== counts.required) return refuse(5);
  if (counts.accepted !== counts.reviewed) return refuse(6);
  return allow({ kind: 'toEvaluation', from: 'Review', to: 'Evaluation' });
};

/**
 * Decline (DOMAIN.md §3): the assigned tester in Review, or an evaluator in Evaluation → 1 (neither role) or
 * 2 (a state neither starts from, or a group's sheet the evaluator would decline: the group is declined as a
 * whole; a tester declines only sampled sheets); then 1 where the role does not fit the state; at least one
 * answer rejected → 7. The third decline of the same sheet gives DefinitelyDeclined. Answers set to "upload
 * documents" keep that state and are marked evidence-demanded; every answer's change mark starts afresh.
 */
export const toDeclined = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  const tester = isAssignedTester(f.actor, f.asset);
  const evaluator = isEvaluator(f.actor);
  if (!tester && !evaluator) return refuse(1);
  if (f.state !== 'Review' && f.state !== 'Evaluation') return refuse(2);
  if (f.state === 'Review' ? !tester : !evaluator) return refuse(1);
  if (f.groupSheet && (f.state === 'Evaluation' || !f.groupSheet.sampled)) return refuse(2);
  const answers = answersOf(f);
  if (!answers.some((a) => a.state === 'Declined')) return refuse(7);
  const next = stateAfterDecline(f.declineCount);
  return allow(withUpdates({ kind: 'toDeclined', from: f.state, to: next.state, declineCount: next.declineCount, resetChangedSinceDecline: true }, markEvidence(answers)));
};

/**
 * Request evidence (DOMAIN.md §3, spec 02 §4 "shown as upload documents"): the assigned tester → 1; from Review
 * (a group's sheet only when sampled) → 2; at least one answer set to "upload documents" → 8. Those answers are
 * marked evidence-demanded.
 */
export const toVerification = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  const who = testerMayAct(f);
  if (who !== null) return refuse(who);
  const answers = answersOf(f);
  if (!answers.some((a) => a.state === 'Verification')) return refuse(8);
  return allow(withUpdates({ kind: 'toVerification', from: 'Review', to: 'Verification' }, markEvidence(answers)));
};

/**
 * Close, the last step, shown as Accepted (DOMAIN.md §3, spec 02 §4): an evaluator → 1; from Evaluation, not a
 * group's sheet (the group is accepted as a whole) → 2; every evidence-demanded answer accepted (by the tester
 * or the evaluator) → 9; and, our decision, no answer the evaluator declined → 6 ("every reviewed answer must be
 * accepted"): an evaluator who rejected an answer declines the questionnaire instead of certifying it.
 */
export const toClosed = (f: QuestionnaireFacts): Either<Refusal, Transition> => {
  if (!isEvaluator(f.actor)) return refuse(1);
  if (f.state !== 'Evaluation' || f.groupSheet) return refuse(2);
  const answers = answersOf(f);
  if (answers.some((a) => evidenceDemanded(a) && !isAcceptedState(a.state))) return refuse(9);
  if (answers.some((a) => a.state === 'Declined')) return refuse(6);
  return allow({ kind: 'toClosed', from: 'Evaluation', to: 'Closed' });
};

// ---------------------------------------------------------------------------------------------------------------
// Validity (DOMAIN.md §6) and expiry

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' that exists. */
export const isCalendarDate = (s: string): boolean => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
};

const parseDate = (s: string): Date => {
  if (!isCalendarDate(s)) throw new RangeError(`not a calendar date: ${s}`);
  const m = DATE.exec(s)!;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
};

/**
 * The last day a label is valid (DOMAIN.md §6): evaluation date + 1 year − 1 day, as calendar dates
 * ('YYYY-MM-DD'): 2025-03-15 → 2026-03-14; a label of 29 February is valid to 28 February of the next year.
 */
export const validUntil = (evaluationDate: string): string => {
  const d = parseDate(evaluationDate);
  const next = new Date(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), d.getUTCDate() - 1));
  // 29 February + 1 year rolls over to 1 March; one day less is 28 February, as wanted.
  return next.toISOString().slice(0, 10);
};

/** One formatter per time zone: making one costs about 0.1 ms, more than the object list's whole cached answer. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (timeZone: string): Intl.DateTimeFormat => {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format;
};

/** The calendar date of a moment where the label is issued (Germany by default), for `validUntil` and `expire`. */
export const calendarDate = (at: Date, timeZone = 'Europe/Berlin'): string => {
  const parts = dateFormat(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/**
 * Closed → Expired once the validity has passed (DOMAIN.md §3, §6): on the day after `validUntil`. The clock
 * comes in as today's calendar date ('YYYY-MM-DD', `calendarDate(now)`). Nobody asks for it; the server's
 * sweep does. Refused with 2 when the questionnaire is not Closed or still valid.
 */
export const expire = (state: AssetQuestionnaireState, validUntilDate: string, today: string): Either<Refusal, Transition> => {
  if (state !== 'Closed') return refuse(2);
  if (!(parseDate(today).getTime() > parseDate(validUntilDate).getTime())) return refuse(2);
  return allow({ kind: 'expire', from: 'Closed', to: 'Expired' });
};

// ---------------------------------------------------------------------------------------------------------------
// The route's question and the client's buttons

/** The states `PUT asset/state?state=` moves to by a person's decision. */
export const CHANGE_TARGETS = ['Review', 'Evaluation', 'Closed', 'Declined', 'Verification'] as const;
export type ChangeTarget = (typeof CHANGE_TARGETS)[number];

/**
 * What `PUT /api/asset/state?state=` decides, for any target state: Review → submit or resubmit (by the
 * current state), Evaluation → toEvaluation, Closed → toClosed, Declined → toDeclined (DefinitelyDeclined follows
 * from the third), Verification → toVerification; Active, DefinitelyDeclined and Expired are never asked for
 * (code 2, whoever asks).
 */
export const decideStateChange = (target: AssetQuestionnaireState, facts: QuestionnaireFacts): Either<Refusal, Transition> => {
  switch (target) {
    case 'Review':
      return resubmit(facts);
    case 'Evaluation':
      return toEvaluation(facts);
    case 'Closed':
      return toClosed(facts);
    case 'Declined':
      return toDeclined(facts);
    case 'Verification':
      return toVerification(facts);
    default:
      return refuse(2);
  }
};

/** The targets the caller may move the questionnaire to now: the client's enabled buttons. */
export const availableTransitions = (facts: QuestionnaireFacts): ChangeTarget[] => CHANGE_TARGETS.filter((t) => E.isRight(decideStateChange(t, facts)));


/**
 * What a filled questionnaire records when it enters a state (DOMAIN.md §3, §6), for an object's own transition and a
 * group decision alike: on Closed when and by whom it was closed and the label's last valid day; on Evaluation the
 * tester who sent it.
 */
export const recordedOnEntering = (
  to: string,
  at: Date,
  by: string,
): { closedAt: Date; validUntil: string; evaluatedBy: string } | { reviewedBy: string } | Record<string, never> =>
  to === 'Closed' ? { closedAt: at, validUntil: validUntil(calendarDate(at)), evaluatedBy: by } : to === 'Evaluation' ? { reviewedBy: by } : {};

/**
 * Submitting for review takes the answers out of the owner's hands (DOMAIN.md §7): it is refused while another user
 * holds the questionnaire's answer lock, and ends the submitter's own lock. No other transition looks at the lock.
 */
export const needsFreeAnswerLock = (to: string): boolean => to === 'Review';
