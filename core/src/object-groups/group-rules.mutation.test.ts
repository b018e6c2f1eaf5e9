// Object groups under review at the edges of their rules (DOMAIN.md §4, spec 02 §4; issue 15: the mutation score
// of the review module).
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { AssetActor } from '../assets/asset-access.ts';
import type { AnswerStructure } from '../answering/applicability.ts';
import { Role } from '../identity/roles.ts';
import { blankQuestion } from '../questionnaires/editing.ts';
import type { Question, QuestionOption } from '../questionnaires/template.ts';
import { answerAll, reviewStructure } from '../review/arbitraries/review.ts';
import {
  evaluateGroup,
  finishGroupReview,
  groupReviewOutcome,
  groupSubmitProblem,
  hasGrossFloorArea,
  isGroupDecision,
  isSuitableGroupObject,
  mayAdjustSheet,
  mayViewGroupForReview,
  sameClusterOneAnswers,
  sampleSheets,
  sampleSize,
  sheetAfterGroupDecision,
  submitGroup,
  type GroupFacts,
  type GroupObject,
} from './group-rules.ts';

const actor = (roles: Role[], userId = 1): AssetActor => ({ userId, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [] });
const GROUP: GroupFacts = { id: 5, organisationId: 1, state: 'Active', testerUserId: 7 };
const structure = reviewStructure(3);
const object = (assetId: number, changes: Partial<GroupObject> = {}): GroupObject => ({
  assetId,
  assetTotalArea: 1200,
  questionnaireState: 'Active',
  submittedAlone: false,
  structure,
  answers: answerAll(structure),
  ...changes,
});

describe('gross floor area and suitable objects', () => {
  it.each<[number | null, boolean]>([
    [1200, true],
    [0.5, true],
    [0, false],
    [-10, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [null, false],
  ])('an area of %s is given: %s', (area, given) => {
    expect(hasGrossFloorArea({ assetTotalArea: area })).toBe(given);
  });

  it('an object whose questionnaire is Declined or in Verification is not suitable, though answering could submit it', () => {
    expect(isSuitableGroupObject(object(1))).toBe(true);
    expect(isSuitableGroupObject(object(1, { questionnaireState: 'Declined' }))).toBe(false);
    expect(isSuitableGroupObject(object(1, { questionnaireState: 'Verification' }))).toBe(false);
  });
});

describe('cluster I alike across objects', () => {
  let nextId = 100;
  const choice = (staticTitle: string, texts: string[], assetTypes: Question['assetTypes'] = []): Question => {
    const id = nextId++;
    const options: QuestionOption[] = texts.map((text, i) => ({ id: id * 10 + i, text, score: 1, order: i, isExclusive: false, translations: [] }));
    return { ...blankQuestion(id, staticTitle, 'en', id), type: 'MultipleChoice', options, assetTypes };
  };
  const clusterOne = (questions: Question[]): AnswerStructure => ({
    clusters: [{ id: 1, clusterIdentifier: 'I', weight: 1, financeWeight: 1, isTaxonomyCluster: false, categories: [{ id: 1, translations: [], order: 0, sections: [{ id: 1, translations: [], weight: 1, financeWeight: 1, order: 0, questions }] }] }],
  });
  const answering = (q: Question, texts: string[]) => ({ questionId: q.id!, inputAnswer: null, multipleChoiceOption: q.options.filter((o) => texts.includes(o.text)).map((o) => o.id!), state: 'Answered' as const, documentCount: 0 });

  it('two versions listing the same options in another order answer alike when the same texts are chosen', () => {
    const v1 = choice('G-1', ['Solar', 'Wind']);
    const v2 = choice('G-1', ['Wind', 'Solar']);
    expect(sameClusterOneAnswers([
      { structure: clusterOne([v1]), answers: [answering(v1, ['Solar', 'Wind'])] },
      { structure: clusterOne([v2]), answers: [answering(v2, ['Solar', 'Wind'])] },
    ])).toBe(true);
  });

  it('a question only the first object has (a hotel before an office) is compared among nobody', () => {
    const shared = choice('G-2', ['Ja', 'Nein']);
    const hotelOnly = choice('G-HOT', ['Ja', 'Nein'], ['HOT']);
    const hotel = { structure: clusterOne([shared, hotelOnly]), answers: [answering(shared, ['Ja']), answering(hotelOnly, ['Nein'])] };
    const office = { structure: clusterOne([shared]), answers: [answering(shared, ['Ja'])] };
    expect(sameClusterOneAnswers([hotel, office])).toBe(true);
    expect(sameClusterOneAnswers([hotel, office, office])).toBe(true);
  });
});

describe('the sample and the review outcome', () => {
  it('nothing to sample from a count of 0 or less', () => {
    expect(sampleSize(0)).toBe(0);
    expect(sampleSize(-4)).toBe(0);
  });

  it('the sample of ten objects drawn with seed 42, whatever the order or repetition of their ids', () => {
    expect(sampleSheets([110, 101, 105, 103, 102, 104, 109, 108, 107, 106, 101], 42)).toEqual([101, 104, 106, 108]);
  });

  it('a submission goes from Active to Review and records seed and sample', () => {
    const submitted = submitGroup({ actor: actor([Role.ObjectAdministrator]), group: GROUP, objects: [object(1), object(2)], completenessConfirmed: true }, 42);
    expect(E.isRight(submitted) && submitted.right).toMatchObject({ kind: 'submitGroup', from: 'Active', to: 'Review', seed: 42 });
    expect(groupSubmitProblem({ actor: actor([Role.ObjectAdministrator]), group: GROUP, objects: [object(1)], completenessConfirmed: true })).toEqual(E.right('Review'));
  });

  it.each<[string, (string | null)[], 'ReviewPassed' | 'ReviewFailed' | null]>([
    ['no sampled sheet: no outcome', [], null],
    ['a sheet not yet decided: no outcome', ['Evaluation', 'Verification'], null],
    ['a sheet without questionnaire: no outcome', [null], null],
    ['sent on and closed: passed', ['Evaluation', 'Closed'], 'ReviewPassed'],
    ['one definitely declined: failed', ['Evaluation', 'DefinitelyDeclined'], 'ReviewFailed'],
  ])('%s', (_, states, expected) => {
    expect(groupReviewOutcome(states.map((state) => ({ state: state as never })))).toBe(expected);
  });

  it('the group’s tester records either outcome as its own kind of change', () => {
    const tester = actor([Role.ExternalAccreditedTester], 7);
    const inReview = { ...GROUP, state: 'Review' as const };
    expect(finishGroupReview(tester, inReview, [{ state: 'Evaluation' }], 'ReviewPassed')).toEqual(E.right({ kind: 'groupReviewPassed', from: 'Review', to: 'ReviewPassed' }));
    expect(finishGroupReview(tester, inReview, [{ state: 'Declined' }], 'ReviewFailed')).toEqual(E.right({ kind: 'groupReviewFailed', from: 'Review', to: 'ReviewFailed' }));
    expect(finishGroupReview(tester, inReview, [{ state: 'Declined' }], 'ReviewPassed')).toEqual(E.left({ code: 2 }));
  });
});

describe('the evaluator’s decision and the sheets', () => {
  it('accepting closes a group that passed review', () => {
    expect(evaluateGroup('accept', 'ReviewPassed', actor([Role.Evaluator]))).toEqual(E.right({ kind: 'acceptGroup', from: 'ReviewPassed', to: 'Closed' }));
  });

  it.each<[unknown, boolean]>([
    ['accept', true],
    ['decline', true],
    ['Accept', false],
    ['', false],
    [undefined, false],
  ])('%s is a group decision: %s', (s, expected) => {
    expect(isGroupDecision(s)).toBe(expected);
  });

  it('a definitely declined sampled sheet stays so when the group is declined, its count unchanged', () => {
    expect(sheetAfterGroupDecision('decline', { state: 'DefinitelyDeclined', declineCount: 3, adjustments: 2, sampled: true })).toEqual({ state: 'DefinitelyDeclined', declineCount: 3 });
  });

  it('a definitely declined sheet is never adjusted, even with adjustments left', () => {
    expect(mayAdjustSheet({ state: 'DefinitelyDeclined', declineCount: 2, adjustments: 0 })).toEqual(E.left('objectGroups-adjust-limit'));
    expect(mayAdjustSheet({ state: 'Active', declineCount: 2, adjustments: 0 })).toEqual(E.right(1));
  });

  it('evaluators see a group that passed or failed review, not one still in review', () => {
    const evaluator = actor([Role.Evaluator], 9);
    expect(mayViewGroupForReview(evaluator, { state: 'ReviewPassed', testerUserId: 7 })).toBe(true);
    expect(mayViewGroupForReview(evaluator, { state: 'ReviewFailed', testerUserId: 7 })).toBe(true);
    expect(mayViewGroupForReview(evaluator, { state: 'Review', testerUserId: 7 })).toBe(false);
  });
});
