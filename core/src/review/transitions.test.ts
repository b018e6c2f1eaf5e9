// The state changes of a filled questionnaire (DOMAIN.md §3): who, from where, what they need, and the code of each refusal.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { ANSWER_STATES, ASSET_QUESTIONNAIRE_STATES, REVIEW_STATUSES, type AssetQuestionnaireState } from '../answering/answers.ts';
import { anyActor, anyAsset } from '../answering/arbitraries/actors.ts';
import { mayAnswer } from '../answering/submission.ts';
import type { ReviewAnswer } from './answer-review.ts';
import { ACCEPTED, answerAll, EVALUATED, EVIDENCE, factsFor, marked, PERSON_NAMES, personOrStateCode, REJECTED, reviewStructure, type Person } from './arbitraries/review.ts';
import {
  availableTransitions,
  calendarDate,
  CHANGE_TARGETS,
  decideStateChange,
  expire,
  isCalendarDate,
  resubmitAfterDecline,
  resubmitFromVerification,
  stateAfterDecline,
  submit,
  toClosed,
  toDeclined,
  toEvaluation,
  toVerification,
  validUntil,
  type ChangeTarget,
  type QuestionnaireFacts,
  type Transition,
  needsFreeAnswerLock,
  recordedOnEntering,
} from './transitions.ts';

const outcome = (r: E.Either<{ code: number }, Transition>): number | string => (E.isRight(r) ? r.right.to : r.left.code);

const structure = reviewStructure(3);
const all = answerAll(structure);

/** Answers that meet what each change needs, so that only the person and the state decide. */
const answersFor = (target: ChangeTarget, state: AssetQuestionnaireState): ReviewAnswer[] => {
  switch (target) {
    case 'Review':
      return state === 'Verification' ? marked(all, { 1: { ...EVIDENCE, documentCount: 1 } }) : all;
    case 'Evaluation':
      return marked(all, { 1: ACCEPTED, 2: ACCEPTED, 3: ACCEPTED });
    case 'Declined':
      return marked(all, { 1: REJECTED });
    case 'Verification':
      return marked(all, { 1: EVIDENCE });
    case 'Closed':
      return marked(all, { 1: EVALUATED, 2: EVALUATED, 3: ACCEPTED });
  }
};

const expected = (target: ChangeTarget, who: Person, state: AssetQuestionnaireState): number | string =>
  personOrStateCode(target, who, state) ?? target;

describe('every change by every person from every state (DOMAIN.md §3 codes 1 and 2)', () => {
  const rows = CHANGE_TARGETS.flatMap((target) => PERSON_NAMES.flatMap((who) => ASSET_QUESTIONNAIRE_STATES.map((state) => [target, who, state] as const)));
  it.each(rows)('to %s asked by the %s in state %s', (target, who, state) => {
    const facts = factsFor(who, { state, answers: answersFor(target, state) });
    expect(outcome(decideStateChange(target, facts))).toBe(expected(target, who, state));
  });

  it.each(['Active', 'DefinitelyDeclined', 'Expired'] as const)('nobody asks for %s: code 2, whoever asks', (target) => {
    for (const who of PERSON_NAMES) for (const state of ASSET_QUESTIONNAIRE_STATES) expect(outcome(decideStateChange(target, factsFor(who, { state })))).toBe(2);
  });
});

describe('submitting for review (codes 3 and 4 are answering\'s)', () => {
  it.each<[string, ReviewAnswer[], number | string]>([
    ['everything answered', all, 'Review'],
    ['a question without answer', all.slice(1), 3],
    ['an answer cleared', marked(all, { 2: { multipleChoiceOption: [], state: null } }), 3],
    ['an answer in verification without a document', marked(all, { 2: EVIDENCE }), 4],
  ])('%s', (_, answers, code) => {
    expect(outcome(submit(factsFor('collector', { answers })))).toBe(code);
  });

  it('marks the object as submitted alone, so that its group can no longer be submitted (spec 02 §4)', () => {
    expect(submit(factsFor('collector'))).toEqual(E.right({ kind: 'submit', from: 'Active', to: 'Review', submittedAlone: true }));
  });

  it('an object whose group is under review is submitted by its group, not alone', () => {
    expect(outcome(submit(factsFor('collector', { groupSheet: { sampled: false } })))).toBe(2);
  });
});

describe('resubmitting after a decline (code 10)', () => {
  const declined = (answers: ReviewAnswer[]) => factsFor('collector', { state: 'Declined', answers, declineCount: 1 });
  it.each<[string, ReviewAnswer[], number | string]>([
    ['a rejected answer left as it was', marked(all, { 1: REJECTED }), 10],
    ['a rejected answer changed', marked(all, { 1: { state: 'Answered', reviewStatus: 'Rejected', changedSinceDecline: true } }), 'Review'],
    ['one of two rejected answers changed', marked(all, { 1: { state: 'Answered', reviewStatus: 'Rejected', changedSinceDecline: true }, 2: REJECTED }), 10],
    ['a rejected answer cleared: unanswered comes first', marked(all, { 1: { state: null, reviewStatus: 'Rejected', multipleChoiceOption: [], changedSinceDecline: true } }), 3],
    ['nothing rejected (the evaluator declined on evidence)', marked(all, { 1: { ...EVIDENCE, documentCount: 1 } }), 'Review'],
    ['an answer sent out for documents still without one', marked(all, { 1: EVIDENCE }), 4],
  ])('%s', (_, answers, code) => {
    expect(outcome(resubmitAfterDecline(declined(answers)))).toBe(code);
  });

  it('the tester looks again at what changed; the evaluator\'s acceptance falls back to the tester\'s', () => {
    const answers = marked(all, { 1: { state: 'Answered', reviewStatus: 'Rejected', changedSinceDecline: true }, 2: EVALUATED, 3: ACCEPTED, 4: { ...EVIDENCE, documentCount: 1 } });
    expect(resubmitAfterDecline(declined(answers))).toEqual(
      E.right({
        kind: 'resubmitAfterDecline',
        from: 'Declined',
        to: 'Review',
        answerUpdates: [
          { questionId: 1, state: 'Answered', reviewStatus: 'Unchecked' },
          { questionId: 2, state: 'ReviewAccepted', reviewStatus: 'Approved' },
          { questionId: 4, state: 'Answered', reviewStatus: 'Unchecked', evidenceRequested: true },
        ],
      }),
    );
  });

  it('a sheet of a group under review is resubmitted with its group', () => {
    expect(outcome(resubmitAfterDecline({ ...declined(all), groupSheet: { sampled: true } }))).toBe(2);
  });
});

describe('resubmitting once the requested documents are uploaded', () => {
  const verification = (answers: ReviewAnswer[]) => factsFor('objectAdministrator', { state: 'Verification', answers });
  it('refuses with 4 while a requested document is missing', () => {
    expect(outcome(resubmitFromVerification(verification(marked(all, { 1: { ...EVIDENCE, documentCount: 1 }, 2: EVIDENCE }))))).toBe(4);
  });
  it('goes back to Review; the documented answers wait for the tester again, marked as evidence-demanded', () => {
    expect(resubmitFromVerification(verification(marked(all, { 1: { ...EVIDENCE, documentCount: 2 }, 2: ACCEPTED })))).toEqual(
      E.right({ kind: 'resubmitFromVerification', from: 'Verification', to: 'Review', answerUpdates: [{ questionId: 1, state: 'Answered', reviewStatus: 'Unchecked', evidenceRequested: true }] }),
    );
  });
  it('a sampled sheet goes back to its group\'s review', () => {
    expect(outcome(resubmitFromVerification({ ...verification(marked(all, { 1: { ...EVIDENCE, documentCount: 1 } })), groupSheet: { sampled: true } }))).toBe('Review');
  });
});

describe('submitting to evaluation (codes 5 and 6)', () => {
  const many = reviewStructure(20, 2);
  const manyAnswers = answerAll(many);
  const accept = (n: number, from = 1) => Object.fromEntries(Array.from({ length: n }, (_, i) => [from + i, ACCEPTED]));
  const review = (answers: ReviewAnswer[], s = structure) => factsFor('assignedTester', { state: 'Review', structure: s, answers });
  it.each<[string, QuestionnaireFacts, number | string]>([
    ['16 of 20 eligible answers reviewed and accepted', review(marked(manyAnswers, accept(16)), many), 'Evaluation'],
    ['15 of 20', review(marked(manyAnswers, accept(15)), many), 5],
    ['17 of 20', review(marked(manyAnswers, accept(17)), many), 5],
    ['15 eligible and one answer not relevant for review', review(marked(manyAnswers, { ...accept(15), 21: ACCEPTED }), many), 5],
    ['16 with one rejected', review(marked(manyAnswers, { ...accept(15), 16: REJECTED }), many), 6],
    ['16 with one sent out for documents', review(marked(manyAnswers, { ...accept(15), 16: EVIDENCE }), many), 6],
    ['all 3 of 3 eligible (fewer than 16)', review(marked(all, accept(3))), 'Evaluation'],
    ['2 of 3 eligible', review(marked(all, accept(2))), 5],
    ['nothing eligible: nothing to review', review(answerAll(reviewStructure(0, 3)), reviewStructure(0, 3)), 'Evaluation'],
    ['an eligible answer cleared no longer counts', review(marked(all, { ...accept(2), 3: { multipleChoiceOption: [], state: null } })), 'Evaluation'],
  ])('%s', (_, facts, code) => {
    expect(outcome(toEvaluation(facts))).toBe(code);
  });

  it('the number comes from the configuration', () => {
    expect(outcome(toEvaluation({ ...review(marked(manyAnswers, accept(4)), many), numberOfReviewedAnswers: 4 }))).toBe('Evaluation');
  });

  it.each<[string, { sampled: boolean }, number | string]>([
    ['a sampled sheet of a group', { sampled: true }, 'Evaluation'],
    ['a sheet the sample left out', { sampled: false }, 2],
  ])('%s', (_, groupSheet, code) => {
    expect(outcome(toEvaluation({ ...review(marked(all, accept(3))), groupSheet }))).toBe(code);
  });
});

describe('declining (code 7, the third decline)', () => {
  it.each<[string, Person, AssetQuestionnaireState, ReviewAnswer[], number, number | string]>([
    ['the tester, nothing rejected', 'assignedTester', 'Review', marked(all, { 1: ACCEPTED }), 0, 7],
    ['the tester, one rejected', 'assignedTester', 'Review', marked(all, { 1: REJECTED }), 0, 'Declined'],
    ['the evaluator, one declined', 'evaluator', 'Evaluation', marked(all, { 1: REJECTED, 2: EVALUATED }), 1, 'Declined'],
    ['the evaluator, nothing declined', 'evaluator', 'Evaluation', marked(all, { 1: EVALUATED }), 1, 7],
    ['the third decline', 'assignedTester', 'Review', marked(all, { 1: REJECTED }), 2, 'DefinitelyDeclined'],
    ['a rejected answer to a question that no longer applies does not count', 'assignedTester', 'Review', [...all, { ...all[0]!, questionId: 777, ...REJECTED }], 0, 7],
  ])('%s', (_, who, state, answers, declineCount, code) => {
    expect(outcome(toDeclined(factsFor(who, { state, answers, declineCount })))).toBe(code);
  });

  it('counts the decline, keeps the answers sent out for documents marked, and starts the change marks afresh', () => {
    expect(toDeclined(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: REJECTED, 2: EVIDENCE }), declineCount: 1 }))).toEqual(
      E.right({
        kind: 'toDeclined',
        from: 'Review',
        to: 'Declined',
        declineCount: 2,
        resetChangedSinceDecline: true,
        answerUpdates: [{ questionId: 2, state: 'Verification', reviewStatus: 'Unchecked', evidenceRequested: true }],
      }),
    );
  });

  it.each([[0, 'Declined', 1], [1, 'Declined', 2], [2, 'DefinitelyDeclined', 3], [5, 'DefinitelyDeclined', 6]] as const)('after %i declines the next gives %s', (before, state, count) => {
    expect(stateAfterDecline(before)).toEqual({ state, declineCount: count });
  });

  it('the group, not the evaluator on its sheet, is declined; the tester declines only sampled sheets', () => {
    expect(outcome(toDeclined(factsFor('evaluator', { state: 'Evaluation', answers: marked(all, { 1: REJECTED }), groupSheet: { sampled: true } })))).toBe(2);
    expect(outcome(toDeclined(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: REJECTED }), groupSheet: { sampled: false } })))).toBe(2);
    expect(outcome(toDeclined(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: REJECTED }), groupSheet: { sampled: true } })))).toBe('Declined');
  });
});

describe('requesting evidence (code 8)', () => {
  it('needs an answer set to "upload documents"', () => {
    expect(outcome(toVerification(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: ACCEPTED }) })))).toBe(8);
    expect(toVerification(factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: EVIDENCE, 2: ACCEPTED }) }))).toEqual(
      E.right({ kind: 'toVerification', from: 'Review', to: 'Verification', answerUpdates: [{ questionId: 1, state: 'Verification', reviewStatus: 'Unchecked', evidenceRequested: true }] }),
    );
  });
});

describe('closing (code 9)', () => {
  const evaluation = (answers: ReviewAnswer[]) => factsFor('evaluator', { state: 'Evaluation', answers });
  it.each<[string, ReviewAnswer[], number | string]>([
    ['nothing was asked for documents', marked(all, { 1: ACCEPTED }), 'Closed'],
    ['the evidence-demanded answer accepted by the evaluator', marked(all, { 1: { ...EVALUATED, evidenceRequested: true } }), 'Closed'],
    ['the evidence-demanded answer accepted by the tester', marked(all, { 1: { ...ACCEPTED, evidenceRequested: true } }), 'Closed'],
    ['the evidence-demanded answer still unreviewed', marked(all, { 1: { state: 'Answered', reviewStatus: 'Unchecked', evidenceRequested: true, documentCount: 1 } }), 9],
    ['the evidence-demanded answer declined', marked(all, { 1: { ...REJECTED, evidenceRequested: true } }), 9],
    ['an answer the evaluator declined (decline instead)', marked(all, { 1: REJECTED }), 6],
  ])('%s', (_, answers, code) => {
    expect(outcome(toClosed(evaluation(answers)))).toBe(code);
  });
});

describe('validity and expiry (DOMAIN.md §6)', () => {
  it.each([
    ['2025-03-15', '2026-03-14'],
    ['2025-01-01', '2025-12-31'],
    ['2024-02-29', '2025-02-28'],
    ['2023-03-01', '2024-02-29'],
    ['2025-12-31', '2026-12-30'],
  ])('a label evaluated on %s is valid until %s', (date, until) => {
    expect(validUntil(date)).toBe(until);
  });

  it('is valid for a year less a day, for any date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const until = validUntil(day);
        const days = (Date.parse(until) - Date.parse(day)) / 86_400_000;
        expect([364, 365]).toContain(days);
        expect(isCalendarDate(until)).toBe(true);
      }),
    );
  });

  it.each<[AssetQuestionnaireState, string, number | string]>([
    ['Closed', '2026-03-14', 2],
    ['Closed', '2026-03-15', 'Expired'],
    ['Closed', '2027-01-01', 'Expired'],
    ['Closed', '2025-03-15', 2],
    ['Evaluation', '2030-01-01', 2],
    ['Expired', '2030-01-01', 2],
  ])('a questionnaire %s valid until 2026-03-14 on %s', (state, today, code) => {
    expect(outcome(expire(state, '2026-03-14', today))).toBe(code);
  });

  it('reads today in the label\'s time zone: 23:30 UTC on 31 December is already New Year in Germany', () => {
    expect(calendarDate(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(calendarDate(new Date('2025-12-31T23:30:00Z'), 'UTC')).toBe('2025-12-31');
  });

  it('refuses a date that does not exist', () => {
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(() => validUntil('15.03.2025')).toThrow(RangeError);
  });
});

describe('the client\'s buttons ask the same question as the route', () => {
  it.each<[string, QuestionnaireFacts, ChangeTarget[]]>([
    ['a collector, everything answered', factsFor('collector'), ['Review']],
    ['an analyst, everything answered', factsFor('analyst'), []],
    ['the tester with all accepted', factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: ACCEPTED, 2: ACCEPTED, 3: ACCEPTED }) }), ['Evaluation']],
    ['the tester with one rejected and one for documents', factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: REJECTED, 2: EVIDENCE, 3: ACCEPTED }) }), ['Declined', 'Verification']],
    ['the evaluator with all accepted', factsFor('evaluator', { state: 'Evaluation', answers: marked(all, { 1: EVALUATED, 2: ACCEPTED, 3: ACCEPTED }) }), ['Closed']],
    ['another tester', factsFor('otherTester', { state: 'Review', answers: marked(all, { 1: REJECTED }) }), []],
  ])('%s', (_, facts, targets) => {
    expect(availableTransitions(facts)).toEqual(targets);
  });
});

describe('properties of every change', () => {
  const anyAnswers: fc.Arbitrary<ReviewAnswer[]> = fc.array(
    fc.record({
      questionId: fc.integer({ min: 1, max: 5 }),
      inputAnswer: fc.constant(null),
      multipleChoiceOption: fc.constantFrom<number[][]>([], [11]),
      state: fc.constantFrom(null, ...ANSWER_STATES),
      reviewStatus: fc.constantFrom(...REVIEW_STATUSES),
      documentCount: fc.integer({ min: 0, max: 1 }),
      changedSinceDecline: fc.boolean(),
      evidenceRequested: fc.boolean(),
    }),
    { maxLength: 6 },
  );
  const anyFacts: fc.Arbitrary<QuestionnaireFacts> = fc.record({
    actor: anyActor(),
    asset: anyAsset(),
    state: fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
    structure: fc.constant(reviewStructure(3, 2)),
    answers: anyAnswers,
    declineCount: fc.integer({ min: 0, max: 3 }),
    numberOfReviewedAnswers: fc.integer({ min: 0, max: 4 }),
    groupSheet: fc.option(fc.record({ sampled: fc.boolean() }), { nil: null }),
  });

  it('a change starts from the current state and ends where it was asked to (the third decline: DefinitelyDeclined)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES), anyFacts, (target, facts) => {
        const r = decideStateChange(target, facts);
        if (E.isRight(r)) {
          expect(r.right.from).toBe(facts.state);
          expect(r.right.to === target || (target === 'Declined' && r.right.to === 'DefinitelyDeclined')).toBe(true);
        }
      }),
    );
  });

  it('only owners submit, only the assigned tester sends to evaluation or verification, only evaluators close', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        const tester = facts.asset.testerUserId === facts.actor.userId && facts.actor.roles.some((r) => r === 7 || r === 8);
        if (!mayAnswer(facts.actor, facts.asset)) expect(outcome(decideStateChange('Review', facts))).toBe(1);
        if (!tester) {
          expect(outcome(decideStateChange('Evaluation', facts))).toBe(1);
          expect(outcome(decideStateChange('Verification', facts))).toBe(1);
        }
        if (!facts.actor.roles.includes(2)) expect(outcome(decideStateChange('Closed', facts))).toBe(1);
      }),
    );
  });

  it('a caller of another organisation never submits (their view of it is not the owner\'s)', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        fc.pre(facts.actor.orgId !== facts.asset.organisationId);
        expect(E.isLeft(decideStateChange('Review', facts))).toBe(true);
      }),
    );
  });

  it('the offered buttons are exactly the changes the route accepts', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        expect(availableTransitions(facts)).toEqual(CHANGE_TARGETS.filter((t) => E.isRight(decideStateChange(t, facts))));
      }),
    );
  });

});

describe('what a state change records and asks of the answer lock', () => {
  const at = new Date('2025-03-15T10:00:00Z');
  it('closing records when, by whom and the label\'s last valid day; sending to evaluation the tester', () => {
    expect(recordedOnEntering('Closed', at, 'Eva Evaluator')).toEqual({ closedAt: at, validUntil: '2026-03-14', evaluatedBy: 'Eva Evaluator' });
    expect(recordedOnEntering('Evaluation', at, 'Tom Tester')).toEqual({ reviewedBy: 'Tom Tester' });
    for (const to of ['Active', 'Review', 'Declined', 'DefinitelyDeclined', 'Verification', 'Expired']) expect(recordedOnEntering(to, at, 'X')).toEqual({});
  });
  it('only submitting for review needs the answers free', () => {
    expect(needsFreeAnswerLock('Review')).toBe(true);
    for (const to of ['Active', 'Evaluation', 'Closed', 'Declined', 'Verification']) expect(needsFreeAnswerLock(to)).toBe(false);
  });
});
