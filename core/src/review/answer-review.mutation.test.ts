// Decisions on single answers at the edges of their rules: the evaluator's eligible answers, the tester's limit
// of `numberOfReviewedAnswers` (DOMAIN.md §3, spec 02 §2–§4; issue 15: the mutation score of the review module).
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { Role } from '../identity/roles.ts';
import { mayOpenCheck, reviewAnswer, structureAnswers } from './answer-review.ts';
import { ACCEPTED, answerAll, ASSET, factsFor, marked, reviewStructure } from './arbitraries/review.ts';

const structure = reviewStructure(3);
const all = answerAll(structure);

describe('what the evaluator decides on', () => {
  it('not an answer the tester left unreviewed, unless its documents were asked for', () => {
    const answers = marked(all, { 1: ACCEPTED, 3: { evidenceRequested: true } });
    const facts = factsFor('evaluator', { state: 'Evaluation', answers });
    expect(reviewAnswer(facts, 2, 'evaluationAccept')).toEqual(E.left('answer-review-not-eligible'));
    expect(reviewAnswer(facts, 3, 'evaluationAccept')).toEqual(E.right({ questionId: 3, state: 'EvaluationAccepted', reviewStatus: 'Approved' }));
    expect(reviewAnswer(facts, 1, 'evaluationDecline')).toEqual(E.right({ questionId: 1, state: 'Declined', reviewStatus: 'Rejected' }));
  });

  it('is not held to the tester’s limit', () => {
    const facts = factsFor('evaluator', { state: 'Evaluation', answers: marked(all, { 1: ACCEPTED }), numberOfReviewedAnswers: 1 });
    expect(E.isRight(reviewAnswer(facts, 1, 'evaluationAccept'))).toBe(true);
  });
});

describe('the tester’s limit of reviewed answers', () => {
  // One answer must be reviewed, and answer 1 is.
  const facts = factsFor('assignedTester', { state: 'Review', answers: marked(all, { 1: ACCEPTED }), numberOfReviewedAnswers: 1 });

  it('a further answer needs a decision taken back first', () => {
    expect(reviewAnswer(facts, 2, 'accept')).toEqual(E.left('answer-review-limit'));
    expect(reviewAnswer(facts, 2, 'reject')).toEqual(E.left('answer-review-limit'));
  });

  it('taking back, or changing, a decision already made is always possible', () => {
    expect(reviewAnswer(facts, 1, 'unreview')).toEqual(E.right({ questionId: 1, state: 'Answered', reviewStatus: 'Unchecked' }));
    expect(reviewAnswer(facts, 1, 'reject')).toEqual(E.right({ questionId: 1, state: 'Declined', reviewStatus: 'Rejected' }));
    expect(reviewAnswer(facts, 2, 'unreview')).toEqual(E.right({ questionId: 2, state: 'Answered', reviewStatus: 'Unchecked' }));
  });
});

describe('answers and the check button', () => {
  it('only the answered questions of the structure have answers, one each', () => {
    expect(structureAnswers(structure, all.slice(1)).map((a) => a.questionId)).toEqual([2, 3, 4]);
  });

  it('a tester who holds another role besides opens the check screen in Review', () => {
    const actor = { userId: 7, roles: [Role.ObjectAnalyst, Role.ExternalAccreditedTester], orgId: 50, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [] };
    expect(mayOpenCheck(actor, ASSET, 'Review')).toBe(true);
  });
});
