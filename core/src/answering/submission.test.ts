// Who answers, starts, deletes and updates a filled questionnaire, and what submitting for review needs (DOMAIN.md §3, spec 02 §4, §6).
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { mayViewAsset, type AssetActor, type AssetFacts } from '../assets/asset-access.ts';
import { ALL_ROLES, Role, roleName } from '../identity/roles.ts';
import { blankOption, blankQuestion } from '../questionnaires/editing.ts';
import { anyActor, anyAsset } from './arbitraries/actors.ts';
import { answerStructure, storedAnswers } from './arbitraries/answering.ts';
import { answerableQuestions, type AnswerStructure } from './applicability.ts';
import { isCleared } from './answer-rules.ts';
import { ANSWER_STATES, ASSET_QUESTIONNAIRE_STATES, REVIEW_STATUSES, type StoredAnswer } from './answers.ts';
import { canSubmit, mayAnswer, mayDeleteQuestionnaire, mayStartQuestionnaire, mayUpdateToActive, submitProblem, SUBMITTABLE_STATES, type SubmitFacts } from './submission.ts';

const actor = (roles: Role[], changes: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...changes });
const asset = (changes: Partial<AssetFacts> = {}): AssetFacts => ({ id: 10, organisationId: 1, assetGroupId: 5, isBuyerAsset: false, testerUserId: null, grantedOrganisationIds: [], ...changes });

describe('who answers an object\'s questionnaire', () => {
  const own = asset();
  const buyerAsset = asset({ organisationId: 3, isBuyerAsset: true });
  const buyerOrg = { orgId: 3, orgBuyer: true };
  it.each(ALL_ROLES.map((role) => [roleName(role), role] as const))('%s of the owning organisation', (_, role) => {
    const expected = role === Role.ObjectAdministrator || role === Role.ObjectDataCollector || role === Role.ProspectiveBuyer;
    expect(mayAnswer(actor([role]), own)).toBe(expected);
    expect(mayStartQuestionnaire(actor([role]), own)).toBe(expected);
    expect(mayUpdateToActive(actor([role]), own)).toBe(role === Role.ObjectAdministrator || role === Role.ProspectiveBuyer);
  });

  it.each(ALL_ROLES.map((role) => [roleName(role), role] as const))('%s of a buyer organisation, on its buyer asset', (_, role) => {
    const expected = role === Role.ObjectAdministrator || role === Role.ObjectDataCollector || role === Role.ProspectiveBuyer;
    expect(mayAnswer(actor([role], buyerOrg), buyerAsset)).toBe(expected);
    expect(mayUpdateToActive(actor([role], buyerOrg), buyerAsset)).toBe(role === Role.ObjectAdministrator || role === Role.ProspectiveBuyer);
  });

  it.each<[string, AssetActor, AssetFacts]>([
    ['a buyer on an object whose owner granted access (read only)', actor([Role.ProspectiveBuyer], buyerOrg), asset({ grantedOrganisationIds: [3] })],
    ['an assigned tester who is also a collector elsewhere', actor([Role.InternalTester, Role.ObjectDataCollector], { orgId: 2 }), asset({ testerUserId: 1 })],
    ['the account administrator, who sees every object', actor([Role.AccountAdministrator]), own],
    ['an account administrator who is object administrator of another organisation', actor([Role.AccountAdministrator, Role.ObjectAdministrator], { orgId: 2 }), own],
    ['a collector outside their access list', actor([Role.ObjectDataCollector], { accessGroups: [6] }), own],
    ['an object administrator of a finance partner', actor([Role.ObjectAdministrator], { orgFinance: true }), own],
    ['a buyer organisation\'s collector on a non-buyer object of its own organisation', actor([Role.ObjectDataCollector], buyerOrg), asset({ organisationId: 3 })],
  ])('not %s', (_, who, what) => {
    expect(mayAnswer(who, what)).toBe(false);
    expect(mayUpdateToActive(who, what)).toBe(false);
  });

  it('an account administrator who is also object administrator answers for the own organisation', () => {
    expect(mayAnswer(actor([Role.AccountAdministrator, Role.ObjectAdministrator]), own)).toBe(true);
  });

  it('nobody answers an object they cannot see', () => {
    fc.assert(
      fc.property(anyActor(), anyAsset(), (a, o) => {
        if (mayAnswer(a, o)) expect(mayViewAsset(a, o)).toBe(true);
        if (mayUpdateToActive(a, o)) expect(mayAnswer(a, o)).toBe(true);
      }),
    );
  });

  it('answering is never the granted view\'s or the tester\'s: without the own organisation there is no answer', () => {
    fc.assert(
      fc.property(anyActor(), anyAsset(), (a, o) => {
        if (o.organisationId !== a.orgId) expect(mayAnswer(a, o)).toBe(false);
      }),
    );
  });
});

describe('deleting a filled questionnaire', () => {
  const answer = (changes: Partial<StoredAnswer> = {}) => ({ state: 'Answered' as const, reviewStatus: 'Unchecked' as const, ...changes });
  it.each<[string, AssetActor, string, Parameters<typeof mayDeleteQuestionnaire>[3], string]>([
    ['the object administrator, Active, nothing reviewed', actor([Role.ObjectAdministrator]), 'Active', [answer(), answer({ state: null })], 'right'],
    ['the account administrator of another organisation', actor([Role.AccountAdministrator], { orgId: 2 }), 'Active', [], 'right'],
    ['a collector', actor([Role.ObjectDataCollector]), 'Active', [], 'not-allowed'],
    ['the object administrator, in Review', actor([Role.ObjectAdministrator]), 'Review', [], 'questionnaire-delete-not-active'],
    ['the object administrator, Declined', actor([Role.ObjectAdministrator]), 'Declined', [], 'questionnaire-delete-not-active'],
    ['the object administrator, Active with an accepted answer', actor([Role.ObjectAdministrator]), 'Active', [answer({ state: 'ReviewAccepted' })], 'questionnaire-delete-not-active'],
    ['the object administrator, Active with an answer a tester approved', actor([Role.ObjectAdministrator]), 'Active', [answer({ reviewStatus: 'Approved' })], 'questionnaire-delete-not-active'],
  ])('%s', (_, who, state, answers, expected) => {
    const result = mayDeleteQuestionnaire(who, asset(), state as 'Active', answers);
    expect(E.isRight(result) ? 'right' : result.left).toBe(expected);
  });

  it('only an Active questionnaire without reviewed answers is ever deleted', () => {
    fc.assert(
      fc.property(
        anyActor(),
        anyAsset(),
        fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
        fc.array(fc.record({ state: fc.option(fc.constantFrom(...ANSWER_STATES), { nil: null }), reviewStatus: fc.constantFrom(...REVIEW_STATUSES) }), { maxLength: 4 }),
        (a, o, state, answers) => {
          if (E.isRight(mayDeleteQuestionnaire(a, o, state, answers))) {
            expect(state).toBe('Active');
            expect(answers.every((x) => (x.state === null || x.state === 'Answered') && x.reviewStatus === 'Unchecked')).toBe(true);
            expect(mayViewAsset(a, o)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('submitting for review (DOMAIN.md §3 codes 1 to 4)', () => {
  const facts = () =>
    answerStructure().chain((structure) =>
      fc.record({
        mayAct: fc.boolean(),
        state: fc.constantFrom(...ASSET_QUESTIONNAIRE_STATES),
        structure: fc.constant(structure),
        answers: storedAnswers(structure),
      }),
    );

  /** The table of DOMAIN.md §3 read top to bottom: the first rule that fails gives the code. */
  const model = (f: SubmitFacts): 1 | 2 | 3 | 4 | 'Review' => {
    if (!f.mayAct) return 1;
    if (!['Active', 'Declined', 'Verification'].includes(f.state)) return 2;
    const unanswered = answerableQuestions(f.structure).some((q) => {
      const a = f.answers.find((x) => x.questionId === q.id);
      return !a || isCleared(a);
    });
    if (unanswered) return 3;
    if (f.answers.some((a) => a.state === 'Verification' && a.documentCount === 0)) return 4;
    return 'Review';
  };

  it('refuses with the first code that stands in the way, and otherwise goes to Review', () => {
    fc.assert(
      fc.property(facts(), (f) => {
        const result = submitProblem(f);
        expect(E.isRight(result) ? result.right : result.left).toBe(model(f));
        expect(canSubmit(f)).toBe(E.isRight(result));
      }),
    );
  });

  it('once every question is answered and every answer in verification has a document, an owner submits from Active, Declined or Verification', () => {
    fc.assert(
      fc.property(answerStructure(['SingleChoice', 'ValueQuestion']), fc.constantFrom(...SUBMITTABLE_STATES), (structure, state) => {
        const answers = answerableQuestions(structure).map((q, i) => ({
          questionId: q.id!,
          inputAnswer: q.type === 'ValueQuestion' ? 1 : null,
          multipleChoiceOption: q.type === 'ValueQuestion' ? [] : [q.options[0]!.id!],
          state: i % 2 === 0 ? ('Verification' as const) : ('Answered' as const),
          documentCount: 1,
        }));
        expect(submitProblem({ mayAct: true, state, structure, answers })).toEqual(E.right('Review'));
      }),
    );
  });

  const structure: AnswerStructure = {
    clusters: [{
      id: 1, clusterIdentifier: 'I', weight: 100, financeWeight: 100, isTaxonomyCluster: false,
      categories: [{ id: 11, order: 1, translations: [], sections: [{ id: 101, order: 1, weight: 1, financeWeight: 1, translations: [], questions: [
        { ...blankQuestion(1, 'policy', 'en', 1), options: [blankOption(11, 1), blankOption(12, 2)] },
        { ...blankQuestion(2, 'energy', 'en', 2), type: 'ValueQuestion', kpiKey: 'finalEnergyTotal' },
        { ...blankQuestion(3, 'energy-dw', 'en', 3), type: 'VirtualQuestion', virtualQuestionType: 'DW', parentQuestionId: 2 },
      ] }] }],
    }],
  };
  const both = [
    { questionId: 1, inputAnswer: null, multipleChoiceOption: [11], state: 'Answered' as const, documentCount: 0 },
    { questionId: 2, inputAnswer: 120, multipleChoiceOption: [], state: 'Answered' as const, documentCount: 0 },
  ];
  it.each<[string, Partial<SubmitFacts>, number | string]>([
    ['everything answered, Active', {}, 'Review'],
    ['the virtual question needs no answer', { answers: both }, 'Review'],
    ['a caller who may not act', { mayAct: false }, 1],
    ['a questionnaire in Review', { state: 'Review' }, 2],
    ['a closed questionnaire', { state: 'Closed' }, 2],
    ['an answer missing', { answers: both.slice(0, 1) }, 3],
    ['an answer cleared', { answers: [both[0]!, { ...both[1]!, inputAnswer: null, state: null }] }, 3],
    ['an answer in verification without a document', { state: 'Verification', answers: [both[0]!, { ...both[1]!, state: 'Verification' }] }, 4],
    ['an answer in verification with a document', { state: 'Verification', answers: [both[0]!, { ...both[1]!, state: 'Verification', documentCount: 2 }] }, 'Review'],
  ])('%s', (_, changes, expected) => {
    const result = submitProblem({ mayAct: true, state: 'Active', structure, answers: both, ...changes });
    expect(E.isRight(result) ? result.right : result.left).toBe(expected);
  });
});
