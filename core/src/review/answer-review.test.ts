// What testers and evaluators decide per answer, and the count of reviewed answers the check screen shows (spec 02 §2–§4, DOMAIN.md §3).
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { answerStructure, storedAnswers } from '../answering/arbitraries/answering.ts';
import { ASSET_QUESTIONNAIRE_STATES, type AssetQuestionnaireState } from '../answering/answers.ts';
import { Role } from '../identity/roles.ts';
import { ANSWER_DECISIONS, availableDecisions, mayOpenCheck, mayViewForReview, reviewAnswer, reviewCounts, type AnswerDecision, type ReviewAnswer } from './answer-review.ts';
import { ACCEPTED, actorOf, answerAll, ASSET, EVALUATED, EVIDENCE, factsFor, marked, PERSON_NAMES, REJECTED, reviewStructure, type Person } from './arbitraries/review.ts';
import type { GroupState } from '../object-groups/group-rules.ts';
import { isAssignedGroupTester, isAssignedTester, isEvaluator } from './testers.ts';

const structure = reviewStructure(3, 2);
const all = answerAll(structure);

describe('the count of reviewed answers', () => {
  it.each<[string, ReviewAnswer[], number, Partial<ReturnType<typeof reviewCounts>>]>([
    ['nothing reviewed yet: all three eligible answers must be reviewed', all, 16, { reviewed: 0, required: 3, eligible: 3 }],
    ['questions not relevant for review never count', marked(all, { 4: ACCEPTED, 5: REJECTED }), 16, { reviewed: 0, eligible: 3 }],
    ['each decision counts once', marked(all, { 1: ACCEPTED, 2: REJECTED, 3: EVIDENCE }), 16, { reviewed: 3, accepted: 1, rejected: 1, evidenceRequested: 1 }],
    ['the evaluator\'s acceptance counts as accepted', marked(all, { 1: EVALUATED }), 16, { reviewed: 1, accepted: 1 }],
    ['a cleared answer is not eligible', marked(all, { 1: { multipleChoiceOption: [], state: null } }), 16, { eligible: 2, required: 2 }],
    ['with more eligible answers than asked for, the configured number', all, 2, { required: 2, eligible: 3 }],
    ['an answer to a question outside the structure is ignored', [...all, { ...all[0]!, questionId: 777, ...ACCEPTED }], 16, { reviewed: 0, eligible: 3 }],
  ])('%s', (_, answers, n, expected) => {
    expect(reviewCounts(structure, answers, n)).toMatchObject(expected);
  });

  it('16 by default (spec 02 §9)', () => {
    const many = reviewStructure(20);
    expect(reviewCounts(many, answerAll(many)).required).toBe(16);
  });

  it('reviewed is accepted, rejected and sent for documents together, never more than the eligible answers, and required is the smaller of the number and the eligible', () => {
    fc.assert(
      fc.property(
        answerStructure().chain((s) => fc.tuple(fc.constant(s), storedAnswers(s))),
        fc.integer({ min: 0, max: 20 }),
        ([s, answers], n) => {
          const c = reviewCounts(s, answers, n);
          expect(c.reviewed).toBe(c.accepted + c.rejected + c.evidenceRequested);
          expect(c.reviewed).toBeLessThanOrEqual(c.eligible);
          expect(c.required).toBe(Math.min(n, c.eligible));
        },
      ),
    );
  });
});

describe('who decides on an answer, and when', () => {
  // Written out: the tester's decisions in Review, the evaluator's in Evaluation.
  const TESTER: AnswerDecision[] = ['accept', 'reject', 'requestEvidence', 'unreview'];
  const expected = (who: Person, decision: AnswerDecision, state: AssetQuestionnaireState): string => {
    const testerDecision = TESTER.includes(decision);
    if (testerDecision ? who !== 'assignedTester' : who !== 'evaluator') return 'answer-review-not-allowed';
    if (state !== (testerDecision ? 'Review' : 'Evaluation')) return 'answer-review-state';
    return 'right';
  };
  const rows = PERSON_NAMES.flatMap((who) => ANSWER_DECISIONS.flatMap((d) => ASSET_QUESTIONNAIRE_STATES.map((s) => [who, d, s] as const)));
  it.each(rows)('the %s decides %s in state %s', (who, decision, state) => {
    // Answer 1 was accepted by the tester, so that the evaluator may decide on it too.
    const r = reviewAnswer(factsFor(who, { state, structure, answers: marked(all, { 1: ACCEPTED }) }), 1, decision);
    expect(E.isRight(r) ? 'right' : r.left).toBe(expected(who, decision, state));
  });
});

describe('what each decision writes (spec 02 §3)', () => {
  const review = factsFor('assignedTester', { state: 'Review', structure });
  const evaluation = factsFor('evaluator', { state: 'Evaluation', structure, answers: marked(all, { 1: ACCEPTED }) });
  it.each<[AnswerDecision, string, string]>([
    ['accept', 'ReviewAccepted', 'Approved'],
    ['reject', 'Declined', 'Rejected'],
    ['requestEvidence', 'Verification', 'Unchecked'],
    ['unreview', 'Answered', 'Unchecked'],
    ['evaluationAccept', 'EvaluationAccepted', 'Approved'],
    ['evaluationDecline', 'Declined', 'Rejected'],
  ])('%s: answer state %s, review status %s', (decision, state, reviewStatus) => {
    const facts = decision.startsWith('evaluation') ? evaluation : review;
    expect(reviewAnswer(facts, 1, decision)).toEqual(E.right({ questionId: 1, state, reviewStatus }));
  });
});

describe('which answers are decided on', () => {
  const review = (answers: ReviewAnswer[], n = 16) => factsFor('assignedTester', { state: 'Review', structure, answers, numberOfReviewedAnswers: n });
  const evaluation = (answers: ReviewAnswer[]) => factsFor('evaluator', { state: 'Evaluation', structure, answers });
  const result = (r: E.Either<string, unknown>) => (E.isRight(r) ? 'right' : r.left);
  it.each<[string, E.Either<string, unknown>, string]>([
    ['an eligible answer', reviewAnswer(review(all), 2, 'accept'), 'right'],
    ['an answer not relevant for review', reviewAnswer(review(all), 4, 'accept'), 'answer-review-not-eligible'],
    ['a cleared answer', reviewAnswer(review(marked(all, { 2: { multipleChoiceOption: [], state: null } })), 2, 'reject'), 'answer-review-not-eligible'],
    ['a question that is not there', reviewAnswer(review(all), 900, 'accept'), 'answer-review-not-eligible'],
    ['a further answer once the required number is reviewed', reviewAnswer(review(marked(all, { 1: ACCEPTED, 2: ACCEPTED }), 2), 3, 'accept'), 'answer-review-limit'],
    ['a changed mind on an answer already reviewed, at the limit', reviewAnswer(review(marked(all, { 1: ACCEPTED, 2: ACCEPTED }), 2), 2, 'reject'), 'right'],
    ['taking a decision back at the limit', reviewAnswer(review(marked(all, { 1: ACCEPTED, 2: ACCEPTED }), 2), 2, 'unreview'), 'right'],
    ['the evaluator on an answer the tester reviewed', reviewAnswer(evaluation(marked(all, { 1: ACCEPTED })), 1, 'evaluationDecline'), 'right'],
    ['the evaluator on an answer the tester never saw', reviewAnswer(evaluation(marked(all, { 1: ACCEPTED })), 2, 'evaluationAccept'), 'answer-review-not-eligible'],
    ['the evaluator on an answer whose documents were asked for', reviewAnswer(evaluation(marked(all, { 2: { evidenceRequested: true, documentCount: 1 } })), 2, 'evaluationAccept'), 'right'],
    ['the evaluator on a decision already taken', reviewAnswer(evaluation(marked(all, { 1: EVALUATED })), 1, 'evaluationDecline'), 'right'],
  ])('%s', (_, r, expected) => {
    expect(result(r)).toBe(expected);
  });

  it.each<[string, { sampled: boolean }, AnswerDecision, Person, AssetQuestionnaireState, string]>([
    ['the tester on a sampled sheet of a group', { sampled: true }, 'accept', 'assignedTester', 'Review', 'right'],
    ['the tester on a sheet the sample left out', { sampled: false }, 'accept', 'assignedTester', 'Review', 'answer-review-not-sampled'],
    ['the evaluator on a sheet of a group (the group is evaluated)', { sampled: true }, 'evaluationAccept', 'evaluator', 'Evaluation', 'answer-review-state'],
  ])('%s', (_, groupSheet, decision, who, state, expected) => {
    expect(result(reviewAnswer(factsFor(who, { state, structure, answers: marked(all, { 1: ACCEPTED }), groupSheet }), 1, decision))).toBe(expected);
  });

  it('the check screen offers the tester four buttons on an eligible answer, none on another', () => {
    expect(availableDecisions(review(all), 1)).toEqual(['accept', 'reject', 'requestEvidence', 'unreview']);
    expect(availableDecisions(review(all), 4)).toEqual([]);
  });

  it('no decision ever leaves the eligible answers or the required number behind', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...ANSWER_DECISIONS)), { maxLength: 30 }), fc.integer({ min: 0, max: 4 }), (steps, n) => {
        let answers = all;
        for (const [q, d] of steps) {
          const r = reviewAnswer(review(answers, n), q, d);
          if (E.isRight(r)) answers = answers.map((a) => (a.questionId === q ? { ...a, ...r.right } : a));
        }
        const c = reviewCounts(structure, answers, n);
        expect(c.reviewed).toBeLessThanOrEqual(c.required);
        expect(answers.filter((a) => a.questionId > 3).every((a) => a.state === 'Answered')).toBe(true);
      }),
    );
  });
});

describe('assigned testers and evaluators', () => {
  const actor = (userId: number, roles: Role[]) => ({ userId, roles });
  it.each<[string, { userId: number; roles: Role[] }, boolean]>([
    ['the external tester assigned to the object', actor(7, [Role.ExternalAccreditedTester]), true],
    ['an internal tester assigned to it', actor(7, [Role.InternalTester]), true],
    ['another tester', actor(8, [Role.ExternalAccreditedTester]), false],
    ['the assigned user without a tester role any more', actor(7, [Role.ObjectAnalyst]), false],
    ['an account administrator assigned and holding no tester role', actor(7, [Role.AccountAdministrator]), false],
    ['an account administrator who is also the assigned tester', actor(7, [Role.AccountAdministrator, Role.ExternalAccreditedTester]), true],
  ])('%s', (_, who, expected) => {
    expect(isAssignedTester(who, ASSET)).toBe(expected);
    expect(isAssignedGroupTester(who, { testerUserId: 7 })).toBe(expected);
  });

  it('nobody is the tester of an object without one', () => {
    expect(isAssignedTester(actor(7, [Role.ExternalAccreditedTester]), { ...ASSET, testerUserId: null })).toBe(false);
    expect(isAssignedGroupTester(actor(7, [Role.ExternalAccreditedTester]), { testerUserId: null })).toBe(false);
  });

  it('evaluators hold the Evaluator role', () => {
    expect(isEvaluator({ roles: [Role.Evaluator] })).toBe(true);
    expect(isEvaluator({ roles: [Role.AccountAdministrator, Role.InternalTester] })).toBe(false);
  });
});

describe('job management: who sees an object and its check button', () => {
  it.each<[Person, AssetQuestionnaireState, GroupState | null, boolean, boolean]>([
    ['assignedTester', 'Review', null, true, true],
    ['assignedTester', 'Evaluation', null, true, false],
    ['otherTester', 'Review', null, false, false],
    ['evaluator', 'Evaluation', null, true, true],
    ['evaluator', 'Review', null, false, false],
    ['evaluator', 'Review', 'ReviewPassed', true, true],
    ['evaluator', 'Declined', 'ReviewFailed', true, true],
    ['accountAdministrator', 'Review', null, true, true],
    ['accountAdministrator', 'Active', null, true, false],
    ['collector', 'Review', null, true, false],
    ['strangerCollector', 'Review', null, false, false],
  ])('the %s, questionnaire %s, group %s: sees %s, check %s', (who, state, groupState, sees, check) => {
    expect(mayViewForReview(actorOf(who), ASSET, state, groupState)).toBe(sees);
    expect(mayOpenCheck(actorOf(who), ASSET, state, groupState)).toBe(check);
  });
});
