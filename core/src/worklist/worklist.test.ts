import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSET_QUESTIONNAIRE_STATES, type AssetQuestionnaireState } from '../answering/answers.ts';
import { mayAnswer } from '../answering/submission.ts';
import { grantCovers, type AssetActor, type AssetFacts } from '../assets/asset-access.ts';
import { Role } from '../identity/roles.ts';
import { isAssignedTester, isEvaluator } from '../review/testers.ts';
import { objectInState, worklistActor, worklistRow } from './arbitraries/worklist.ts';
import { compareItems, worklist, worklistLink, worklistPlan, WORKLIST_KINDS, type WorklistKind, type WorklistPlan } from './worklist.ts';

const TODAY = '2027-01-01';
const actor = (roles: Role[], more: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles, orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...more });
const object = (status: AssetQuestionnaireState, more: Partial<Omit<AssetFacts, 'status'>> = {}): AssetFacts & { status: AssetQuestionnaireState } => ({
  id: 100,
  organisationId: 1,
  assetGroupId: 10,
  isBuyerAsset: false,
  testerUserId: 1,
  grantedOrganisationIds: [],
  status,
  ...more,
});

/** The kind the plan gives an object in its state, or null: the object is not on the list. */
const kindOf = (plan: WorklistPlan, asset: AssetFacts & { status: AssetQuestionnaireState }): WorklistKind | null =>
  plan.questionnaires.find((q) => q.parts.some((p) => p.states.includes(asset.status) && p.grants.some((g) => grantCovers(g, asset))))?.kind ?? null;

const row = (status: AssetQuestionnaireState, roles: Role[], more: Partial<AssetActor> = {}) => kindOf(worklistPlan(actor(roles, more), TODAY), object(status));

describe('which filled questionnaires wait for whom (DOMAIN.md §3)', () => {
  // Each row: a person of the object's organisation (user 1, assigned as its tester) and the kind each state makes for them.
  const TABLE: [string, Role[], Partial<Record<AssetQuestionnaireState, WorklistKind>>][] = [
    ['ObjectDataCollector', [Role.ObjectDataCollector], { Active: 'answersToFinish', Verification: 'documentsRequested', Declined: 'questionnaireDeclined' }],
    ['ObjectAdministrator', [Role.ObjectAdministrator], { Active: 'answersToFinish', Verification: 'documentsRequested', Declined: 'questionnaireDeclined' }],
    ['ProspectiveBuyer', [Role.ProspectiveBuyer], { Active: 'answersToFinish', Verification: 'documentsRequested', Declined: 'questionnaireDeclined' }],
    ['ExternalAccreditedTester (assigned)', [Role.ExternalAccreditedTester], { Review: 'reviewJob' }],
    ['InternalTester (own organisation)', [Role.InternalTester], { Review: 'reviewJob' }],
    ['Evaluator', [Role.Evaluator], { Evaluation: 'reviewJob' }],
    ['ObjectAnalyst', [Role.ObjectAnalyst], {}],
    ['AccountManager', [Role.AccountManager], {}],
    ['AccountAdministrator', [Role.AccountAdministrator], {}],
    ['ImportAdmin', [Role.ImportAdmin], {}],
  ];
  for (const [name, roles, expected] of TABLE) {
    it(`gives the ${name} exactly these states: ${JSON.stringify(expected)}`, () => {
      for (const state of ASSET_QUESTIONNAIRE_STATES) expect([state, row(state, roles)]).toEqual([state, expected[state] ?? null]);
    });
  }

  it('leaves an object of another organisation, outside the access list or assigned to another tester off the list', () => {
    expect(kindOf(worklistPlan(actor([Role.ObjectDataCollector]), TODAY), object('Declined', { organisationId: 2 }))).toBeNull();
    expect(kindOf(worklistPlan(actor([Role.ObjectDataCollector], { accessAssets: [101] }), TODAY), object('Declined'))).toBeNull();
    expect(kindOf(worklistPlan(actor([Role.ExternalAccreditedTester]), TODAY), object('Review', { testerUserId: 2 }))).toBeNull();
    expect(kindOf(worklistPlan(actor([Role.ObjectDataCollector], { orgFinance: true }), TODAY), object('Active'))).toBeNull();
  });

  it('puts an object on the list exactly when the state waits for the person by the rules of who may act (mayAnswer, the assigned tester, the evaluator, the internal check)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(worklistActor(), objectInState(), (a, o) => {
        const owner = mayAnswer(a, o) && ['Active', 'Verification', 'Declined'].includes(o.status);
        const internal = a.roles.includes(Role.InternalTester) && !a.orgFinance && o.organisationId === a.orgId;
        const tester = o.status === 'Review' && (isAssignedTester(a, o) || internal);
        const evaluator = o.status === 'Evaluation' && isEvaluator(a);
        const expected = owner || tester || evaluator;
        const kind = kindOf(worklistPlan(a, TODAY), o);
        expect(kind !== null).toBe(expected);
        seen.add(String(expected));
      }),
      { numRuns: 500 },
    );
    expect(seen).toEqual(new Set(['true', 'false']));
  });
});

describe('groups, labels and webhooks on the plan (DOMAIN.md §4, §6)', () => {
  it('gives the assigned tester the groups in Review and the evaluator the groups whose review passed or failed', () => {
    expect(worklistPlan(actor([Role.ExternalAccreditedTester]), TODAY).groups).toEqual([{ states: ['Review'], testerUserId: 1 }]);
    expect(worklistPlan(actor([Role.Evaluator]), TODAY).groups).toEqual([{ states: ['ReviewPassed', 'ReviewFailed'], testerUserId: null }]);
    expect(worklistPlan(actor([Role.ObjectDataCollector]), TODAY).groups).toEqual([]);
  });

  it('gives the object administrator, and nobody else, the labels expiring within 60 days', () => {
    expect(worklistPlan(actor([Role.ObjectAdministrator]), TODAY).labelsExpiring).toMatchObject({ from: '2027-01-01', until: '2027-03-02' });
    for (const role of [Role.ObjectDataCollector, Role.Evaluator, Role.AccountAdministrator, Role.ObjectAnalyst]) expect(worklistPlan(actor([role]), TODAY).labelsExpiring).toBeNull();
  });

  it('tells the account administrator of its own paused webhooks', () => {
    expect(worklistPlan(actor([Role.AccountAdministrator], { userId: 7 }), TODAY).webhooksPaused).toEqual({ createdBy: 7 });
    expect(worklistPlan(actor([Role.ObjectAdministrator]), TODAY).webhooksPaused).toBeNull();
  });

  it('asks one query per kind', () => {
    fc.assert(
      fc.property(worklistActor(), (a) => {
        const kinds = worklistPlan(a, TODAY).questionnaires.map((q) => q.kind);
        expect(new Set(kinds).size).toBe(kinds.length);
      }),
    );
  });
});

describe('ranking', () => {
  it('ranks what came back to the caller before jobs, deadlines and drafts, the longest waiting first within a kind', () => {
    const base = { subjectType: 'asset' as const, subjectName: 'O', questionnaireId: 1, isBuyerAsset: false, state: 'Active', dueOn: null, note: null, answered: 1, total: 2 };
    const list = worklist(
      [
        { ...base, kind: 'answersToFinish', subjectId: 1, since: '2026-01-01T00:00:00Z' },
        { ...base, kind: 'questionnaireDeclined', subjectId: 2, state: 'Declined', since: '2026-11-02T00:00:00Z' },
        { ...base, kind: 'questionnaireDeclined', subjectId: 3, state: 'Declined', since: '2026-11-01T00:00:00Z' },
        { ...base, kind: 'labelExpiring', subjectId: 4, state: 'Closed', since: '2026-01-01T00:00:00Z', dueOn: '2027-02-01' },
        { ...base, kind: 'labelExpiring', subjectId: 5, state: 'Closed', since: '2025-01-01T00:00:00Z', dueOn: '2027-03-01' },
      ],
      'en',
    );
    expect(list.items.map((i) => i.subjectId)).toEqual([3, 2, 4, 5, 1]);
    expect(list.counts).toMatchObject({ questionnaireDeclined: 2, labelExpiring: 2, answersToFinish: 1, reviewJob: 0 });
    expect(list.items[0]!.link).toBe('/asset-management/objects/3/false/questionnaire/1/data');
  });

  it('keeps every item, orders by kind first, and counts add up to the total', () => {
    fc.assert(
      fc.property(fc.array(worklistRow(), { maxLength: 30 }), (rows) => {
        const list = worklist(rows, 'de');
        expect(list.items).toHaveLength(rows.length);
        expect(Object.values(list.counts).reduce((s, n) => s + n, 0)).toBe(list.total);
        for (let i = 1; i < list.items.length; i++) {
          expect(WORKLIST_KINDS.indexOf(list.items[i - 1]!.kind)).toBeLessThanOrEqual(WORKLIST_KINDS.indexOf(list.items[i]!.kind));
          expect(compareItems(list.items[i - 1]!, list.items[i]!)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('links a job to the check screen and a declined questionnaire to its answering screen', () => {
    expect(worklistLink({ kind: 'reviewJob', subjectId: 8, questionnaireId: 3, isBuyerAsset: false })).toBe('/job-management/check/8/false/data');
    expect(worklistLink({ kind: 'questionnaireDeclined', subjectId: 8, questionnaireId: 3, isBuyerAsset: true })).toBe('/asset-management/objects/8/true/questionnaire/3/data');
    expect(worklistLink({ kind: 'webhookPaused', subjectId: 2, questionnaireId: null, isBuyerAsset: false })).toBe('/account-management/webhooks');
  });
});
