// The state changes of a filled questionnaire asked for directly (not through the route), and what exactly they
// write (DOMAIN.md §3; issue 15: the mutation score of the review module).
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { AssetQuestionnaireState } from '../answering/answers.ts';
import { ACCEPTED, answerAll, EVALUATED, EVIDENCE, factsFor, marked, REJECTED, reviewStructure } from './arbitraries/review.ts';
import { resubmitAfterDecline, resubmitFromVerification, submit, toClosed, toEvaluation, toVerification, validUntil, type Refusal, type Transition } from './transitions.ts';

const all = answerAll(reviewStructure(3));
const outcome = (r: E.Either<Refusal, Transition>): number | string => (E.isRight(r) ? r.right.to : r.left.code);

describe('each submission starts only from its own state (code 2), even where answering would let it through', () => {
  it.each<[string, (state: AssetQuestionnaireState) => E.Either<Refusal, Transition>, AssetQuestionnaireState[]]>([
    ['the first submission', (state) => submit(factsFor('collector', { state })), ['Declined', 'Verification']],
    ['the resubmission after a decline', (state) => resubmitAfterDecline(factsFor('collector', { state })), ['Active', 'Verification']],
    ['the resubmission with documents', (state) => resubmitFromVerification(factsFor('collector', { state })), ['Active', 'Declined']],
  ])('%s', (_, change, states) => {
    for (const state of states) expect(outcome(change(state)), state).toBe(2);
  });
});

describe('what a change writes', () => {
  it('to evaluation and closing carry their kind and both states, and nothing else', () => {
    expect(toEvaluation(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: ACCEPTED, 2: ACCEPTED, 3: ACCEPTED }) }))).toEqual(
      E.right({ kind: 'toEvaluation', from: 'Review', to: 'Evaluation' }),
    );
    expect(toClosed(factsFor('evaluator', { state: 'Evaluation', answers: marked(all, { 1: EVALUATED, 2: ACCEPTED }) }))).toEqual(E.right({ kind: 'toClosed', from: 'Evaluation', to: 'Closed' }));
  });

  it('requesting evidence marks only answers not marked yet, and writes no answers where all are marked', () => {
    const answers = marked(all, { 1: { ...EVIDENCE, evidenceRequested: true }, 2: EVIDENCE });
    expect(toVerification(factsFor('assignedTester', { state: 'Review', answers }))).toEqual(
      E.right({ kind: 'toVerification', from: 'Review', to: 'Verification', answerUpdates: [{ questionId: 2, state: 'Verification', reviewStatus: 'Unchecked', evidenceRequested: true }] }),
    );
    const marks = marked(all, { 1: { ...EVIDENCE, evidenceRequested: true } });
    expect(toVerification(factsFor('assignedTester', { state: 'Review', answers: marks }))).toEqual(E.right({ kind: 'toVerification', from: 'Review', to: 'Verification' }));
  });

  it('a resubmission after a decline with nothing to look at again writes no answers', () => {
    expect(resubmitAfterDecline(factsFor('collector', { state: 'Declined' }))).toEqual(E.right({ kind: 'resubmitAfterDecline', from: 'Declined', to: 'Review' }));
  });

  it('an answer still Declined but changed since is unreviewed again as Answered', () => {
    const answers = marked(all, { 2: { ...REJECTED, changedSinceDecline: true } });
    expect(resubmitAfterDecline(factsFor('collector', { state: 'Declined', answers }))).toEqual(
      E.right({ kind: 'resubmitAfterDecline', from: 'Declined', to: 'Review', answerUpdates: [{ questionId: 2, state: 'Answered', reviewStatus: 'Unchecked' }] }),
    );
  });
});

describe('what a change needs of the answers', () => {
  it('an answer declined (whatever its review status says) must be changed before resubmitting (code 10)', () => {
    const answers = marked(all, { 2: { state: 'Declined', reviewStatus: 'Unchecked' } });
    expect(outcome(resubmitAfterDecline(factsFor('collector', { state: 'Declined', answers })))).toBe(10);
  });

  it('an answer set to "upload documents" must be accepted before closing, even if it was never marked (code 9)', () => {
    const answers = marked(all, { 1: EVALUATED, 2: EVIDENCE });
    expect(outcome(toClosed(factsFor('evaluator', { state: 'Evaluation', answers })))).toBe(9);
  });
});

describe('validity', () => {
  it('a date that does not exist is refused, naming it', () => {
    expect(() => validUntil('2025-02-30')).toThrow(new RangeError('not a calendar date: 2025-02-30'));
  });
});
