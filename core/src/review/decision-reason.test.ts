import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { ANSWER_DECISIONS } from './answer-review.ts';
import { ANSWER_STATES } from '../answering/answers.ts';
import { answerDecisionNeedsReason, checkReason, decisionLogKind, groupChangeNeedsReason, reasonFor, stateChangeNeedsReason } from './decision-reason.ts';

describe('the reason of a rejection or a decline (DOMAIN.md §1)', () => {
  it('refuses an empty, a blank, a 9-character and a 2001-character reason, and takes 10 and 2000 characters, trimmed', () => {
    expect(checkReason(undefined)).toEqual(E.left('review-reason-required'));
    expect(checkReason('   \n ')).toEqual(E.left('review-reason-required'));
    expect(checkReason(' 123456789 ')).toEqual(E.left('review-reason-too-short'));
    expect(checkReason('x'.repeat(2001))).toEqual(E.left('review-reason-too-long'));
    expect(checkReason(' 1234567890 ')).toEqual(E.right('1234567890'));
    expect(checkReason('x'.repeat(2000))).toEqual(E.right('x'.repeat(2000)));
  });

  it('counts characters as a reader does: ten umlauts or emoji are ten characters', () => {
    expect(E.isRight(checkReason('ä'.repeat(10)))).toBe(true);
    expect(E.isRight(checkReason('📄'.repeat(10)))).toBe(true);
    expect(checkReason('📄'.repeat(9))).toEqual(E.left('review-reason-too-short'));
  });

  it('any reason of 10 to 2000 non-blank characters is taken as written (trimmed)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 10, maxLength: 200, unit: fc.constantFrom('a', 'ü', 'Z', '1', '.') }), (reason) => {
        expect(checkReason(reason)).toEqual(E.right(reason));
      }),
    );
  });

  it('rejecting needs a reason, and so does every new decision on a rejected answer; other decisions do not', () => {
    let counted = 0;
    for (const decision of ANSWER_DECISIONS) {
      for (const state of [null, ...ANSWER_STATES]) {
        const rejecting = decision === 'reject' || decision === 'evaluationDecline';
        expect(answerDecisionNeedsReason(decision, state), `${decision} on ${state}`).toBe(rejecting || state === 'Declined');
        if (!rejecting && state !== 'Declined') counted += 1;
      }
    }
    expect(counted).toBeGreaterThan(0);
  });

  it('logs a rejection, and the withdrawal of a standing one, as their own entries', () => {
    expect(decisionLogKind('reject', 'Answered')).toBe('Rejected');
    expect(decisionLogKind('evaluationDecline', 'ReviewAccepted')).toBe('Rejected');
    expect(decisionLogKind('accept', 'Declined')).toBe('RejectionWithdrawn');
    expect(decisionLogKind('unreview', 'Declined')).toBe('RejectionWithdrawn');
    expect(decisionLogKind('accept', 'Answered')).toBeNull();
  });

  it('asks a reason for declining a questionnaire and for the evaluator declining a group, not for other changes', () => {
    expect(stateChangeNeedsReason('Declined')).toBe(true);
    for (const target of ['Review', 'Evaluation', 'Closed', 'Verification']) expect(stateChangeNeedsReason(target)).toBe(false);
    expect(groupChangeNeedsReason('Active')).toBe(true);
    for (const target of ['Review', 'ReviewPassed', 'ReviewFailed', 'Closed'] as const) expect(groupChangeNeedsReason(target)).toBe(false);
    expect(reasonFor(false, undefined)).toEqual(E.right(null));
    expect(reasonFor(true, 'kurz')).toEqual(E.left('review-reason-too-short'));
  });
});
