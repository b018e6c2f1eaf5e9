import { z } from 'zod';
import { idValue } from '../shared/schemas.ts';

/** The states of a filled questionnaire ("asset questionnaire", spec 02 §3 "Other enums", DOMAIN.md §3). */
export const ASSET_QUESTIONNAIRE_STATES = ['Active', 'Review', 'Evaluation', 'Closed', 'Declined', 'Verification', 'DefinitelyDeclined', 'Expired'] as const;
export type AssetQuestionnaireState = (typeof ASSET_QUESTIONNAIRE_STATES)[number];

/** The states of one answer (spec 02 §3 "Answer"); an answer that was cleared has state null. */
export const ANSWER_STATES = ['Answered', 'ReviewAccepted', 'EvaluationAccepted', 'Declined', 'Verification'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

/** What a tester decided about an answer (spec 02 §3 "Answer review status"). */
export const REVIEW_STATUSES = ['Unchecked', 'Rejected', 'Approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * The kinds of the change log (spec 02 §3, DOMAIN.md §8); `ModifiedReportingYear` belongs to the questionnaire (question id 0),
 * DOMAIN.md §5; `Rejected` and `RejectionWithdrawn` are review's decisions with their reason (DOMAIN.md §1);
 * `ModifiedProvenance` is a figure whose provenance alone changed (issue 40).
 */
export const CHANGE_KINDS = [
  'Answered',
  'ModifiedAnswer',
  'ModifiedProvenance',
  'ModifiedQuestionnaireVersion',
  'RemovedAnswer',
  'CarriedFromPreviousYear',
  'ModifiedReportingYear',
  'Rejected',
  'RejectionWithdrawn',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * What an answer says: a figure for a value question, option ids for a choice question (single choice: one
 * id). Neither a number nor an option is a cleared answer.
 */
export interface AnswerValue {
  inputAnswer: number | null;
  multipleChoiceOption: number[];
}

/** An answer as stored, with what review made of it and how many documents prove it. */
export interface StoredAnswer extends AnswerValue {
  id: number;
  questionId: number;
  state: AnswerState | null;
  reviewStatus: ReviewStatus;
  documentCount: number;
  /**
   * The titles of the answer's library documents that are not valid on the questionnaire's reporting date: counted in
   * documentCount, they do not count as evidence (core evidence.ts countsAsEvidence); absent where not read.
   */
  expiredEvidence?: readonly string[];
  /** Whether the answer was changed after the questionnaire was last declined (DOMAIN.md §3 code 10). */
  changedSinceDecline?: boolean;
  /** Where a figure comes from (core provenance.ts); absent where the reader does not carry it. */
  provenance?: 'measured' | 'estimated' | 'calculated' | null;
}

/**
 * An answer as it arrives, from the form, a save list or an import row, before `checkAnswer` has looked at
 * it: anything may stand in either field, and a missing field means "nothing".
 */
export interface AnswerInput {
  inputAnswer?: unknown;
  multipleChoiceOption?: unknown;
}

/** The cleared answer: no number, no option (a fresh object each time, so that nobody shares one by mistake). */
export const clearedValue = (): AnswerValue => ({ inputAnswer: null, multipleChoiceOption: [] });

/**
 * The answers given (spec 02 §3): a cleared answer keeps its row (its change log and comments stay) with state
 * null, and is no answer; every reading of answers (scores, carry-overs, defaults, certificates) takes these.
 */
export const isGivenAnswer = (row: { state?: AnswerState | string | null }): boolean => row.state !== null;
export const givenAnswers = <T extends { state?: AnswerState | string | null }>(rows: readonly T[]): T[] => rows.filter(isGivenAnswer);

/** The answer states that mean a tester has looked at the answer (spec 02 §4 "reviewed"). */
export const REVIEWED_STATES: readonly AnswerState[] = ['Declined', 'Verification', 'ReviewAccepted'];
/** The answer states that mean an evaluator has decided (spec 02 §4 "evaluated"). */
export const EVALUATED_STATES: readonly AnswerState[] = ['Declined', 'EvaluationAccepted'];

/** Two values say the same: the same number (or none) and the same options, in whatever order. */
export const sameValue = (a: AnswerValue, b: AnswerValue): boolean => {
  if (a.inputAnswer !== b.inputAnswer) return false;
  const left = new Set(a.multipleChoiceOption);
  const right = new Set(b.multipleChoiceOption);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

/**
 * One entry of the list `PUT asset/answer` takes (docs/answering.md). Types are checked loosely here on
 * purpose: whether the number and options fit the question is `checkAnswer`'s decision, with its own keys.
 */
export const answerItemSchema = z.object({
  assetId: idValue,
  questionId: idValue,
  inputAnswer: z.number({ error: 'answer-value-not-number' }).nullable().default(null),
  multipleChoiceOption: z.array(z.number({ error: 'answer-option-unknown' }).int({ error: 'answer-option-unknown' }), { error: 'answer-option-unknown' }).max(100).nullable().default([]),
  isBuyerAsset: z.boolean().default(false),
  /** Where the figure comes from (issue 40): measured, estimated or calculated; absent: the answer's own, else measured. */
  provenance: z.enum(['measured', 'estimated', 'calculated'], { error: 'answer-provenance-unknown' }).nullable().optional(),
});
export type AnswerItem = z.infer<typeof answerItemSchema>;

/** A save sends one or more answers, all stored or none. */
export const saveAnswersSchema = z.array(answerItemSchema).min(1, { error: 'validation-required' }).max(1000);
