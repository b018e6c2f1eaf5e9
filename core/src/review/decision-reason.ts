import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import type { AnswerState } from '../answering/answers.ts';
import type { AnswerDecision } from './answer-review.ts';
import type { GroupState } from '../object-groups/group-rules.ts';

/** The bounds of a reason for a rejection or a decline (DOMAIN.md §1): at least 10, at most 2 000 characters. */
export const REASON_MIN_LENGTH = 10;
export const REASON_MAX_LENGTH = 2000;

/** Why a reason is refused; each key has a text (review-messages.ts) and is answered as a field error. */
export type ReasonRefusal = 'review-reason-required' | 'review-reason-too-short' | 'review-reason-too-long';

/**
 * A reason as the collector will read it: trimmed, then at least `REASON_MIN_LENGTH` and at most
 * `REASON_MAX_LENGTH` characters (counted as a reader counts them, not as UTF-16 units).
 */
export const checkReason = (reason: string | null | undefined): Either<ReasonRefusal, string> =>
  checkBoundedText(reason, REASON_MIN_LENGTH, REASON_MAX_LENGTH, { required: 'review-reason-required', tooShort: 'review-reason-too-short', tooLong: 'review-reason-too-long' });

/**
 * A text a reader is given (a reason, an explanation): trimmed, then at least `min` and at most `max` characters,
 * counted as a reader counts them (not as UTF-16 units); else the refusal key of what is wrong.
 */
export const checkBoundedText = <K extends string>(
  text: string | null | undefined,
  min: number,
  max: number,
  keys: { required: K; tooShort: K; tooLong: K },
): Either<K, string> => {
  const trimmed = (text ?? '').trim();
  const length = [...trimmed].length;
  if (length === 0) return E.left(keys.required);
  if (length < min) return E.left(keys.tooShort);
  if (length > max) return E.left(keys.tooLong);
  return E.right(trimmed);
};

/**
 * Whether a decision on an answer needs a reason (DOMAIN.md §1): rejecting it (the tester's reject, the
 * evaluator's decline), and any new decision on an answer that stands rejected, which takes the rejection back.
 */
export const answerDecisionNeedsReason = (decision: AnswerDecision, current: AnswerState | null): boolean =>
  decision === 'reject' || decision === 'evaluationDecline' || current === 'Declined';

/**
 * What the answer's change log records of a decision: a rejection (also a rejection given again with a new reason),
 * the withdrawal of a standing rejection (a new decision with its own entry), or nothing (other decisions show in
 * the answer's review mark).
 */
export const decisionLogKind = (decision: AnswerDecision, current: AnswerState | null): 'Rejected' | 'RejectionWithdrawn' | null => {
  if (decision === 'reject' || decision === 'evaluationDecline') return 'Rejected';
  return current === 'Declined' ? 'RejectionWithdrawn' : null;
};

/** Declining a filled questionnaire needs a reason (DOMAIN.md §1); other state changes do not ask for one. */
export const stateChangeNeedsReason = (target: string): boolean => target === 'Declined';

/** The evaluator's decline of a group (back to Active, DOMAIN.md §4) needs a reason; accepting does not. */
export const groupChangeNeedsReason = (target: GroupState): boolean => target === 'Active';

/** The reason of a decision, or null where none is needed; a refusal where one is needed and does not do. */
export const reasonFor = (needed: boolean, reason: string | null | undefined): Either<ReasonRefusal, string | null> =>
  needed ? checkReason(reason) : E.right(null);
