import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { mayViewAsset, type AssetActor, type AssetFacts } from '../assets/asset-access.ts';
import { rolesOfArea } from '../identity/route-access.ts';
import { NUMBER_OF_REVIEWED_ANSWERS } from '../assets/review-config.ts';
import { answerableQuestions, type AnswerStructure } from '../answering/applicability.ts';
import { isCleared } from '../answering/answer-rules.ts';
import { REVIEWED_STATES, type AnswerState, type AssetQuestionnaireState, type ReviewStatus, type StoredAnswer } from '../answering/answers.ts';
import type { GroupState } from '../object-groups/group-rules.ts';
import { isAssignedTester, isEvaluator } from './testers.ts';
import { mayCheckInternally } from './internal-check.ts';

/**
 * An answer as review sees it: the stored answer with its review marks. `evidenceRequested` records that a
 * tester once sent the answer out for documents ("upload documents"); it outlives the answer state, because
 * closing asks for every such answer to be accepted (DOMAIN.md §3 code 9) long after its state moved on.
 */
export type ReviewAnswer = Pick<StoredAnswer, 'questionId' | 'inputAnswer' | 'multipleChoiceOption' | 'state' | 'reviewStatus' | 'documentCount' | 'expiredEvidence'> & {
  changedSinceDecline?: boolean;
  evidenceRequested?: boolean;
};

/** What a tester decides per answer during Review (spec 02 §2 check screen); `unreview` takes a decision back. */
export const TESTER_DECISIONS = ['accept', 'reject', 'requestEvidence', 'unreview'] as const;
/** What the evaluator decides per answer during Evaluation (spec 02 §3 EvaluationAccepted, Declined). */
export const EVALUATOR_DECISIONS = ['evaluationAccept', 'evaluationDecline'] as const;
export const ANSWER_DECISIONS = [...TESTER_DECISIONS, ...EVALUATOR_DECISIONS] as const;
export type TesterDecision = (typeof TESTER_DECISIONS)[number];
export type EvaluatorDecision = (typeof EVALUATOR_DECISIONS)[number];
export type AnswerDecision = (typeof ANSWER_DECISIONS)[number];

/** One answer's new review marks, as a decision or a transition writes them. */
export interface AnswerUpdate {
  questionId: number;
  state: AnswerState | null;
  reviewStatus: ReviewStatus;
  /** Set to true where the answer's documents were asked for (kept from then on). */
  evidenceRequested?: true;
}

/**
 * The answer state and review status each decision gives (spec 02 §3): accept ReviewAccepted / Approved,
 * reject Declined / Rejected, upload documents Verification (not yet decided: Unchecked), take back Answered /
 * Unchecked; the evaluator EvaluationAccepted / Approved or Declined / Rejected.
 */
export const DECISION_MARKS: Record<AnswerDecision, { state: AnswerState; reviewStatus: ReviewStatus }> = {
  accept: { state: 'ReviewAccepted', reviewStatus: 'Approved' },
  reject: { state: 'Declined', reviewStatus: 'Rejected' },
  requestEvidence: { state: 'Verification', reviewStatus: 'Unchecked' },
  unreview: { state: 'Answered', reviewStatus: 'Unchecked' },
  evaluationAccept: { state: 'EvaluationAccepted', reviewStatus: 'Approved' },
  evaluationDecline: { state: 'Declined', reviewStatus: 'Rejected' },
};

/** The facts of one filled questionnaire that review decisions and state changes look at. */
export interface ReviewFacts {
  actor: AssetActor;
  asset: AssetFacts;
  state: AssetQuestionnaireState;
  /** The applicable structure (answering's `applicableTemplate`). */
  structure: AnswerStructure;
  answers: readonly ReviewAnswer[];
  /** `numberOfReviewedAnswers` of `GET asset/config` (spec 02 §9: 16). */
  numberOfReviewedAnswers?: number;
  /**
   * Set while the object's group is under review (group Review, ReviewPassed or ReviewFailed, DOMAIN.md §4):
   * whether this object is one of the sampled sheets. Only sampled sheets are reviewed; the group, not the
   * sheet, is evaluated and resubmitted.
   */
  groupSheet?: { sampled: boolean } | null;
}

/** A decision of an answer counts as reviewed: Declined, Verification or ReviewAccepted (spec 02 §4), or accepted again by the evaluator. */
export const isReviewedState = (state: AnswerState | null): boolean => state !== null && (REVIEWED_STATES.includes(state) || state === 'EvaluationAccepted');
/** Accepted by the tester or the evaluator. */
export const isAcceptedState = (state: AnswerState | null): boolean => state === 'ReviewAccepted' || state === 'EvaluationAccepted';

const lastPerQuestion = <A extends { questionId: number }>(answers: readonly A[]): Map<number, A> => {
  const byId = new Map<number, A>();
  // As in progress: where a question has more than one row, the last one counts.
  for (const a of answers) byId.set(a.questionId, a);
  return byId;
};

/**
 * The answers eligible for review (DOMAIN.md §3): answered (not cleared) answers to questions of the applicable
 * structure that are answered by hand and marked `relevantForReview`, in tree order.
 */
export const eligibleAnswers = <A extends ReviewAnswer>(structure: AnswerStructure, answers: readonly A[]): A[] => {
  const byId = lastPerQuestion(answers);
  return answerableQuestions(structure).flatMap((q) => {
    const a = q.relevantForReview && q.id !== null ? byId.get(q.id) : undefined;
    return a && !isCleared(a) ? [a] : [];
  });
};

/** The answers of the structure's questions answered by hand (eligible or not), one per question. */
export const structureAnswers = <A extends ReviewAnswer>(structure: AnswerStructure, answers: readonly A[]): A[] => {
  const byId = lastPerQuestion(answers);
  return answerableQuestions(structure).flatMap((q) => {
    const a = q.id === null ? undefined : byId.get(q.id);
    return a ? [a] : [];
  });
};

export interface ReviewCounts {
  /** Eligible answers a tester has decided on (accepted, rejected or sent out for documents). */
  reviewed: number;
  /** How many must be reviewed to submit to evaluation: `numberOfReviewedAnswers`, or every eligible one where there are fewer. */
  required: number;
  /** Answered and relevant for review. */
  eligible: number;
  accepted: number;
  rejected: number;
  evidenceRequested: number;
}

/**
 * The count the check screen always shows (issue 14: reviewed against `numberOfReviewedAnswers`), over the
 * eligible answers (DOMAIN.md §3): "exactly 16 reviewed; where fewer than 16 answers are eligible, all eligible
 * answers". reviewed = accepted + rejected + evidenceRequested.
 */
export const reviewCounts = (structure: AnswerStructure, answers: readonly ReviewAnswer[], numberOfReviewedAnswers: number = NUMBER_OF_REVIEWED_ANSWERS): ReviewCounts => {
  const eligible = eligibleAnswers(structure, answers);
  const count = (p: (a: ReviewAnswer) => boolean) => eligible.filter(p).length;
  return {
    reviewed: count((a) => isReviewedState(a.state)),
    required: Math.min(Math.max(0, numberOfReviewedAnswers), eligible.length),
    eligible: eligible.length,
    accepted: count((a) => isAcceptedState(a.state)),
    rejected: count((a) => a.state === 'Declined'),
    evidenceRequested: count((a) => a.state === 'Verification'),
  };
};

/** Why a decision on an answer is refused; each key has a text (review-messages.ts). */
export type AnswerReviewRefusal =
  | 'answer-review-not-allowed'
  | 'answer-review-state'
  | 'answer-review-not-sampled'
  | 'answer-review-not-eligible'
  | 'answer-review-limit';

const isTesterDecision = (d: AnswerDecision): d is TesterDecision => (TESTER_DECISIONS as readonly string[]).includes(d);

/**
 * A tester's or the evaluator's decision on one answer (spec 02 §2 check screen, §3, §4; DOMAIN.md §3):
 * - accept, reject, upload documents and taking a decision back: the object's assigned tester, while the
 *   questionnaire is in Review (a sheet of a group under review only when sampled);
 * - evaluation accept or decline: an evaluator, while the questionnaire is in Evaluation (not a group's sheet:
 *   the group is evaluated as a whole);
 * - only on eligible answers (answered, relevant for review, of the applicable structure); the evaluator only
 *   on those the tester reviewed or whose documents were asked for (closing needs those accepted, code 9);
 * - a tester decides on at most `required` answers: once that many are reviewed, a further answer needs one
 *   decision taken back first, so that "exactly 16" is reachable and never overshot (code 5 stays honest).
 *   Changing the decision on an answer already reviewed is always possible.
 * Refusal 'answer-review-not-allowed' is answered as 404 where the caller cannot see the object at all.
 */
export const reviewAnswer = (facts: ReviewFacts, questionId: number, decision: AnswerDecision): Either<AnswerReviewRefusal, AnswerUpdate> => {
  const tester = isTesterDecision(decision);
  if (tester ? !isAssignedTester(facts.actor, facts.asset) : !isEvaluator(facts.actor)) return E.left('answer-review-not-allowed');
  if (facts.state !== (tester ? 'Review' : 'Evaluation')) return E.left('answer-review-state');
  if (facts.groupSheet) {
    if (!tester) return E.left('answer-review-state');
    if (!facts.groupSheet.sampled) return E.left('answer-review-not-sampled');
  }
  const answer = eligibleAnswers(facts.structure, facts.answers).find((a) => a.questionId === questionId);
  // The evaluator decides on what the tester reviewed, and on every answer whose documents were asked for.
  if (!answer || (!tester && !isReviewedState(answer.state) && answer.evidenceRequested !== true)) return E.left('answer-review-not-eligible');
  if (tester && decision !== 'unreview' && !isReviewedState(answer.state)) {
    const counts = reviewCounts(facts.structure, facts.answers, facts.numberOfReviewedAnswers);
    if (counts.reviewed >= counts.required) return E.left('answer-review-limit');
  }
  return E.right({ questionId, ...DECISION_MARKS[decision] });
};

/** The decisions the check screen offers on this answer now (its enabled buttons). */
export const availableDecisions = (facts: ReviewFacts, questionId: number): AnswerDecision[] =>
  ANSWER_DECISIONS.filter((d) => E.isRight(reviewAnswer(facts, questionId, d)));

/**
 * Who sees an object in job management and its check screen (DOMAIN.md §1): whoever sees it anyway (its assigned
 * tester through asset-access.ts, the account administrator, the owner's people), and evaluators while it waits
 * for them: the questionnaire in Evaluation, or the object's group in ReviewPassed or ReviewFailed.
 */
export const mayViewForReview = (
  actor: AssetActor,
  asset: AssetFacts,
  state: AssetQuestionnaireState | null,
  groupState: GroupState | null = null,
): boolean => mayViewAsset(actor, asset) || (isEvaluator(actor) && (state === 'Evaluation' || groupState === 'ReviewPassed' || groupState === 'ReviewFailed'));

/**
 * The check button (spec 02 §4 "Check button on an object needs review state or an evaluator"): a role of job
 * management (spec 02 §2, `rolesOfArea('jobManagement')`), the object seen for review, and the questionnaire in
 * Review or the caller an evaluator; and the owner's internal tester from submission until closed (DOMAIN.md §1),
 * whose check screen is its internal check.
 */
export const mayOpenCheck = (actor: AssetActor, asset: AssetFacts, state: AssetQuestionnaireState | null, groupState: GroupState | null = null): boolean =>
  mayCheckInternally(actor, asset, state) ||
  (actor.roles.some((r) => (rolesOfArea('jobManagement') ?? []).includes(r)) &&
    mayViewForReview(actor, asset, state, groupState) &&
    (state === 'Review' || isEvaluator(actor)));
