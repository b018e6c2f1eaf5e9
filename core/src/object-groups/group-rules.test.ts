// Object groups under review (DOMAIN.md §4, spec 02 §4): who submits, the codes of a submission, the sample of
// sheets, the review outcome, the evaluator's decision and the limit on adjusting a sheet.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { AssetActor } from '../assets/asset-access.ts';
import type { AnswerStructure } from '../answering/applicability.ts';
import type { AssetQuestionnaireState } from '../answering/answers.ts';
import { anyActor } from '../answering/arbitraries/actors.ts';
import { ALL_ROLES, Role, roleName } from '../identity/roles.ts';
import { answerAll, marked, reviewStructure } from '../review/arbitraries/review.ts';
import { stateAfterDecline } from '../review/transitions.ts';
import {
  decideGroupStateChange,
  evaluateGroup,
  finishGroupReview,
  GROUP_STATES,
  groupChangeKey,
  groupReviewOutcome,
  groupSubmitProblem,
  MAX_SHEET_ADJUSTMENTS,
  mayAdjustSheet,
  mayDownloadGroupLabel,
  mayViewGroupForReview,
  maySubmitGroup,
  sameClusterOneAnswers,
  sampleSheets,
  sampleSize,
  sheetAfterGroupDecision,
  submitGroup,
  type GroupFacts,
  type GroupObject,
  type GroupState,
  type GroupSubmitFacts,
  type SheetRecord,
} from './group-rules.ts';

const actor = (roles: Role[], changes: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...changes });
const administrator = actor([Role.ObjectAdministrator]);
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
const submission = (changes: Partial<GroupSubmitFacts> = {}): GroupSubmitFacts => ({
  actor: administrator,
  group: GROUP,
  objects: [object(1), object(2), object(3)],
  completenessConfirmed: true,
  ...changes,
});
const code = (r: E.Either<{ code: number }, unknown>): number | 'ok' => (E.isRight(r) ? 'ok' : r.left.code);

describe('who submits a group for review (spec 02 §4, §6)', () => {
  // Written out: object and account administrators; prospective buyers see no submit for review.
  const SUBMITTERS = ['AccountAdministrator', 'ObjectAdministrator'];
  it.each(ALL_ROLES.map((r) => [roleName(r), r] as const))('%s of the owning organisation', (name, role) => {
    expect(maySubmitGroup(actor([role]), GROUP)).toBe(SUBMITTERS.includes(name));
  });

  it.each<[string, AssetActor, boolean]>([
    ['an object administrator of another organisation', actor([Role.ObjectAdministrator], { orgId: 2 }), false],
    ['the account administrator of another organisation', actor([Role.AccountAdministrator], { orgId: 2 }), true],
    ['an object administrator whose access list names the group', actor([Role.ObjectAdministrator], { accessGroups: [5] }), true],
    ['an object administrator whose access list names another group', actor([Role.ObjectAdministrator], { accessGroups: [6] }), false],
    ['an object administrator of a finance partner', actor([Role.ObjectAdministrator], { orgFinance: true }), false],
    ['a prospective buyer who is also object administrator', actor([Role.ProspectiveBuyer, Role.ObjectAdministrator]), true],
  ])('%s', (_, who, expected) => {
    expect(maySubmitGroup(who, GROUP)).toBe(expected);
  });
});

describe('submitting a group for review (DOMAIN.md §4 codes 1 to 7)', () => {
  it.each<[string, Partial<GroupSubmitFacts>, number | 'ok']>([
    ['three complete objects, box ticked', {}, 'ok'],
    ['a collector', { actor: actor([Role.ObjectDataCollector]) }, 1],
    ['a prospective buyer', { actor: actor([Role.ProspectiveBuyer]) }, 1],
    ['an object in Review', { objects: [object(1), object(2, { questionnaireState: 'Review' })] }, 2],
    ['an object without questionnaire', { objects: [object(1), object(2, { questionnaireState: null })] }, 2],
    ['an object with an open question', { objects: [object(1), object(2, { answers: answerAll(structure).slice(1) })] }, 2],
    ['an object submitted alone before', { objects: [object(1), object(2, { submittedAlone: true })] }, 2],
    ['the box not ticked', { completenessConfirmed: false }, 3],
    ['no objects', { objects: [] }, 4],
    ['an object without gross floor area', { objects: [object(1), object(2, { assetTotalArea: null })] }, 5],
    ['an object with gross floor area 0', { objects: [object(1), object(2, { assetTotalArea: 0 })] }, 5],
    ['cluster I answered differently', { objects: [object(1), object(2, { answers: marked(answerAll(structure), { 1: { multipleChoiceOption: [12] } }) })] }, 6],
    ['a group already in review', { group: { ...GROUP, state: 'Review' } }, 7],
    ['a closed group', { group: { ...GROUP, state: 'Closed' } }, 7],
  ])('%s', (_, changes, expected) => {
    expect(code(groupSubmitProblem(submission(changes)))).toBe(expected);
  });

  it('the box is asked last, so that the client can offer the button by asking with it ticked', () => {
    expect(code(groupSubmitProblem(submission({ completenessConfirmed: false, objects: [] })))).toBe(4);
  });

  it('a group with one object lacking gross floor area is never submitted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.constantFrom(null, 0, -5, Number.NaN),
        fc.option(anyActor(), { nil: undefined }),
        fc.boolean(),
        fc.nat(),
        (n, pick, missing, who, box, seed) => {
          const objects = Array.from({ length: n }, (_, i) => object(i + 1, i === pick % n ? { assetTotalArea: missing } : {}));
          const facts = submission({ objects, completenessConfirmed: box, ...(who ? { actor: who } : {}) });
          expect(E.isLeft(submitGroup(facts, seed))).toBe(true);
          if (!who) expect(code(groupSubmitProblem(facts))).toBe(5);
        },
      ),
    );
  });

  it('submitting records the seed and the sample drawn with it', () => {
    const objects = Array.from({ length: 10 }, (_, i) => object(101 + i));
    expect(submitGroup(submission({ objects }), 42)).toEqual(E.right({ kind: 'submitGroup', from: 'Active', to: 'Review', seed: 42, sampledAssetIds: sampleSheets(objects.map((o) => o.assetId), 42) }));
  });
});

describe('cluster I alike in every object (answering\'s defaults by static title and option text)', () => {
  const version = (offset: number): AnswerStructure => {
    const s = reviewStructure(2);
    return {
      clusters: s.clusters.map((c) => ({
        ...c,
        categories: c.categories.map((cat) => ({
          ...cat,
          sections: cat.sections.map((sec) => ({ ...sec, questions: sec.questions.map((q) => ({ ...q, id: q.id! + offset, options: q.options.map((o) => ({ ...o, id: o.id! + offset * 10 })) })) })),
        })),
      })),
    };
  };
  const answered = (s: AnswerStructure, choice: 0 | 1) =>
    s.clusters[0]!.categories[0]!.sections[0]!.questions.filter((q) => q.type !== 'VirtualQuestion').map((q) => ({ questionId: q.id!, inputAnswer: null, multipleChoiceOption: [q.options[choice]!.id!], state: 'Answered' as const, documentCount: 0 }));

  it('objects on two versions with the same titles and option texts answer alike', () => {
    expect(sameClusterOneAnswers([{ structure: version(0), answers: answered(version(0), 0) }, { structure: version(500), answers: answered(version(500), 0) }])).toBe(true);
  });
  it('a different option is a different answer', () => {
    expect(sameClusterOneAnswers([{ structure: version(0), answers: answered(version(0), 0) }, { structure: version(500), answers: answered(version(500), 1) }])).toBe(false);
  });
  it('a question answered in one object and not in the other differs', () => {
    expect(sameClusterOneAnswers([{ structure: version(0), answers: answered(version(0), 0) }, { structure: version(0), answers: answered(version(0), 0).slice(1) }])).toBe(false);
  });
  it('one object, or none, is alike with itself', () => {
    expect(sameClusterOneAnswers([])).toBe(true);
    expect(sameClusterOneAnswers([{ structure: version(0), answers: [] }])).toBe(true);
  });
});

describe('the sample of sheets (DOMAIN.md §4)', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 60 });
  const seed = fc.integer({ min: 0, max: 0xffffffff });

  it('sampling with the same seed picks the same sheets, in whatever order the ids come', () => {
    fc.assert(
      fc.property(ids, seed, fc.nat(), (xs, s, rot) => {
        const rotated = xs.length === 0 ? xs : [...xs.slice(rot % xs.length), ...xs.slice(0, rot % xs.length)].reverse();
        expect(sampleSheets(rotated, s)).toEqual(sampleSheets(xs, s));
      }),
    );
  });

  it('the sample has ceil(sqrt(n)) distinct members of the group', () => {
    fc.assert(
      fc.property(ids, seed, (xs, s) => {
        const sample = sampleSheets(xs, s);
        expect(sample).toHaveLength(xs.length === 0 ? 0 : Math.ceil(Math.sqrt(xs.length)));
        expect(new Set(sample).size).toBe(sample.length);
        for (const id of sample) expect(xs).toContain(id);
      }),
    );
  });

  it.each([[0, 0], [1, 1], [2, 2], [3, 2], [4, 2], [5, 3], [9, 3], [10, 4], [100, 10], [101, 11]])('of %i objects %i are sampled', (n, size) => {
    expect(sampleSize(n)).toBe(size);
  });

  it('a recorded sample is redrawn the same by later versions of the code (mulberry32, Fisher–Yates)', () => {
    expect(sampleSheets([101, 102, 103, 104, 105, 106, 107, 108, 109, 110], 42)).toEqual([101, 104, 106, 108]);
    expect(sampleSheets([1, 2, 3], 7)).toEqual([2, 3]);
  });

  it('another seed draws another sample', () => {
    const group = Array.from({ length: 16 }, (_, i) => i + 1);
    const samples = new Set(Array.from({ length: 20 }, (_, s) => sampleSheets(group, s).join(',')));
    expect(samples.size).toBeGreaterThan(10);
  });
});

describe('the review outcome of the sampled sheets', () => {
  const sheets = (...states: (AssetQuestionnaireState | null)[]) => states.map((state) => ({ state }));
  it.each<[string, ReturnType<typeof sheets>, string | null]>([
    ['every sampled sheet passed review', sheets('Evaluation', 'Evaluation'), 'ReviewPassed'],
    ['one sheet declined', sheets('Evaluation', 'Declined'), 'ReviewFailed'],
    ['one sheet definitely declined', sheets('DefinitelyDeclined', 'Evaluation'), 'ReviewFailed'],
    ['one sheet still under review', sheets('Evaluation', 'Review'), null],
    ['one sheet waiting for documents', sheets('Declined', 'Verification'), null],
    ['no sample', sheets(), null],
  ])('%s', (_, sampled, expected) => {
    expect(groupReviewOutcome(sampled)).toBe(expected);
  });

  const tester = actor([Role.ExternalAccreditedTester], { userId: 7, orgId: 50 });
  it.each<[string, AssetActor, GroupState, 'ReviewPassed' | 'ReviewFailed', number | 'ok']>([
    ['the group\'s tester records a pass', tester, 'Review', 'ReviewPassed', 'ok'],
    ['the group\'s tester records a failure that is not one', tester, 'Review', 'ReviewFailed', 2],
    ['another tester', actor([Role.ExternalAccreditedTester], { userId: 8 }), 'Review', 'ReviewPassed', 1],
    ['the group is not in review', tester, 'Active', 'ReviewPassed', 7],
  ])('%s', (_, who, state, target, expected) => {
    expect(code(finishGroupReview(who, { ...GROUP, state }, sheets('Evaluation', 'Closed'), target))).toBe(expected);
  });
});

describe('the evaluator accepts or declines a group (spec 02 §4)', () => {
  const evaluator = actor([Role.Evaluator]);
  // Written out: accept needs ReviewPassed, decline ReviewPassed or ReviewFailed.
  const rows = (['accept', 'decline'] as const).flatMap((d) => GROUP_STATES.map((s) => [d, s] as const));
  it.each(rows)('%s a group in %s', (decision, state) => {
    const allowed = decision === 'accept' ? state === 'ReviewPassed' : state === 'ReviewPassed' || state === 'ReviewFailed';
    const r = evaluateGroup(decision, state, evaluator);
    expect(E.isRight(r) ? r.right.to : r.left.code).toBe(allowed ? (decision === 'accept' ? 'Closed' : 'Active') : 7);
  });

  it.each(ALL_ROLES.filter((r) => r !== Role.Evaluator).map((r) => [roleName(r), r] as const))('a %s may not decide', (_, role) => {
    expect(evaluateGroup('accept', 'ReviewPassed', actor([role]))).toEqual(E.left({ code: 1 }));
  });

  it.each<[string, SheetRecord, 'accept' | 'decline', Pick<SheetRecord, 'state' | 'declineCount'>]>([
    ['accept closes a sampled sheet', { state: 'Evaluation', declineCount: 0, adjustments: 0, sampled: true }, 'accept', { state: 'Closed', declineCount: 0 }],
    ['accept closes a sheet left out of the sample', { state: 'Review', declineCount: 0, adjustments: 0, sampled: false }, 'accept', { state: 'Closed', declineCount: 0 }],
    ['decline counts a decline of a sampled sheet that passed', { state: 'Evaluation', declineCount: 0, adjustments: 0, sampled: true }, 'decline', { state: 'Active', declineCount: 1 }],
    ['decline does not count twice a sheet its tester declined', { state: 'Declined', declineCount: 1, adjustments: 0, sampled: true }, 'decline', { state: 'Active', declineCount: 1 }],
    ['the third decline makes a sheet DefinitelyDeclined', { state: 'Evaluation', declineCount: 2, adjustments: 2, sampled: true }, 'decline', { state: 'DefinitelyDeclined', declineCount: 3 }],
    ['a sheet left out of the sample only goes back to Active', { state: 'Review', declineCount: 0, adjustments: 0, sampled: false }, 'decline', { state: 'Active', declineCount: 0 }],
  ])('%s', (_, sheet, decision, expected) => {
    expect(sheetAfterGroupDecision(decision, sheet)).toEqual(expected);
  });
});

describe('adjusting sampled sheets (at most twice)', () => {
  it.each<[string, Pick<SheetRecord, 'state' | 'declineCount' | 'adjustments'>, number | string]>([
    ['after the first decline', { state: 'Active', declineCount: 1, adjustments: 0 }, 1],
    ['a second time in the same round', { state: 'Active', declineCount: 1, adjustments: 1 }, 'objectGroups-adjust-limit'],
    ['after the second decline', { state: 'Active', declineCount: 2, adjustments: 1 }, 2],
    ['never declined', { state: 'Active', declineCount: 0, adjustments: 0 }, 'objectGroups-adjust-limit'],
    ['definitely declined', { state: 'DefinitelyDeclined', declineCount: 3, adjustments: 2 }, 'objectGroups-adjust-limit'],
  ])('%s', (_, sheet, expected) => {
    const r = mayAdjustSheet(sheet);
    expect(E.isRight(r) ? r.right : r.left).toBe(expected);
  });

  it('a sheet is never adjusted a third time, and the third decline ends it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('groupDecline', 'testerDecline', 'adjust', 'resubmit'), { maxLength: 40 }), (events) => {
        let sheet: SheetRecord = { state: 'Review', declineCount: 0, adjustments: 0, sampled: true };
        for (const event of events) {
          if (event === 'adjust') {
            const r = mayAdjustSheet(sheet);
            if (E.isRight(r)) sheet = { ...sheet, adjustments: r.right };
          } else if (event === 'testerDecline' && sheet.state === 'Review') {
            const next = stateAfterDecline(sheet.declineCount);
            sheet = { ...sheet, state: next.state, declineCount: next.declineCount };
          } else if (event === 'groupDecline' && sheet.state !== 'Active' && sheet.state !== 'DefinitelyDeclined') {
            sheet = { ...sheet, ...sheetAfterGroupDecision('decline', sheet) };
          } else if (event === 'resubmit' && sheet.state === 'Active') {
            sheet = { ...sheet, state: 'Review' };
          }
          expect(sheet.adjustments).toBeLessThanOrEqual(MAX_SHEET_ADJUSTMENTS);
          expect(sheet.adjustments).toBeLessThanOrEqual(sheet.declineCount);
          expect(sheet.state === 'DefinitelyDeclined').toBe(sheet.declineCount >= 3);
        }
      }),
    );
  });
});

describe('labels and job management for groups', () => {
  it.each<[string, AssetActor, GroupState, boolean]>([
    ['an object administrator of a closed group', administrator, 'Closed', true],
    ['an evaluator of any organisation', actor([Role.Evaluator], { orgId: 9 }), 'Closed', true],
    ['an object administrator before it is closed', administrator, 'ReviewPassed', false],
    ['a prospective buyer', actor([Role.ProspectiveBuyer]), 'Closed', false],
    ['a collector', actor([Role.ObjectDataCollector]), 'Closed', false],
    ['an object administrator of another organisation', actor([Role.ObjectAdministrator], { orgId: 2 }), 'Closed', false],
  ])('download label: %s', (_, who, state, expected) => {
    expect(mayDownloadGroupLabel(who, { ...GROUP, state })).toBe(expected);
  });

  it.each<[string, AssetActor, GroupState, boolean]>([
    ['its tester', actor([Role.ExternalAccreditedTester], { userId: 7 }), 'Review', true],
    ['another tester', actor([Role.ExternalAccreditedTester], { userId: 8 }), 'Review', false],
    ['an evaluator once reviewed', actor([Role.Evaluator]), 'ReviewFailed', true],
    ['an evaluator during review', actor([Role.Evaluator]), 'Review', false],
    ['the account administrator', actor([Role.AccountAdministrator], { orgId: 9 }), 'Active', true],
  ])('job management shows the group to %s', (_, who, state, expected) => {
    expect(mayViewGroupForReview(who, { ...GROUP, state })).toBe(expected);
  });
});

describe('the group state route', () => {
  const facts = (who: AssetActor, state: GroupState) => ({ ...submission({ actor: who, group: { ...GROUP, state } }), sampled: [{ state: 'Evaluation' as const }], seed: 3 });
  it.each<[GroupState, AssetActor, GroupState, string | number]>([
    ['Review', administrator, 'Active', 'Review'],
    ['ReviewPassed', actor([Role.ExternalAccreditedTester], { userId: 7 }), 'Review', 'ReviewPassed'],
    ['ReviewFailed', actor([Role.ExternalAccreditedTester], { userId: 7 }), 'Review', 2],
    ['Closed', actor([Role.Evaluator]), 'ReviewPassed', 'Closed'],
    ['Active', actor([Role.Evaluator]), 'ReviewFailed', 'Active'],
    ['Closed', administrator, 'ReviewPassed', 1],
  ])('to %s', (target, who, from, expected) => {
    const r = decideGroupStateChange(target, facts(who, from));
    expect(E.isRight(r) ? r.right.to : r.left.code).toBe(expected);
  });

  it('texts are keyed objectGroups-change-{code}', () => {
    expect(groupChangeKey(5)).toBe('objectGroups-change-5');
  });
});

describe('cluster I compared across a mixed group', () => {
  const question = (id: number, staticTitle: string, assetTypes: string[] = []) => ({
    id,
    staticTitle,
    type: 'SingleChoice' as const,
    translations: [],
    assetTypes,
    clusterType: null,
    taxonomyRelevant: false,
    relevantForReview: false,
    isGreenHouseGas: false,
    scoreType: 'Ecore' as const,
    options: [
      { id: id * 10 + 1, text: 'Ja', score: 1, order: 0, isExclusive: false, translations: [] },
      { id: id * 10 + 2, text: 'Nein', score: 0, order: 1, isExclusive: false, translations: [] },
    ],
    virtualQuestionType: null,
    averageVariator: null,
    parentQuestionId: null,
    basicQuestion: false,
    averageValue: null,
    virtualMaxScore: null,
    ambitionLevel: 'A1' as const,
    kpiKey: null,
    order: id,
  });
  const structure = (questions: ReturnType<typeof question>[]) => ({
    clusters: [{ id: 1, clusterIdentifier: 'I', weight: 1, financeWeight: 1, isTaxonomyCluster: false, categories: [{ id: 1, translations: [], order: 0, sections: [{ id: 1, translations: [], weight: 1, financeWeight: 1, order: 0, questions: questions as never }] }] }],
  });
  const yes = (questionId: number) => ({ questionId, inputAnswer: null, multipleChoiceOption: [questionId * 10 + 1], state: 'Answered' as const, documentCount: 0 });
  const no = (questionId: number) => ({ questionId, inputAnswer: null, multipleChoiceOption: [questionId * 10 + 2], state: 'Answered' as const, documentCount: 0 });

  it('compares only the questions that apply to every object: a hotel-only question does not split an office from a hotel', () => {
    const office = { structure: structure([question(1, 'G-1')]), answers: [yes(1)] };
    const hotel = { structure: structure([question(1, 'G-1'), question(2, 'G-HOT', ['HOT'])]), answers: [yes(1), no(2)] };
    expect(sameClusterOneAnswers([office, hotel])).toBe(true);
    expect(sameClusterOneAnswers([office, { ...hotel, answers: [no(1), no(2)] }])).toBe(false);
    expect(sameClusterOneAnswers([office, { ...hotel, answers: [no(2)] }])).toBe(false);
  });
});
