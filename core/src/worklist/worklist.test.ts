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

const kindOfGrants = (grants: NonNullable<WorklistPlan['epcsExpiring']>['grants'], asset: AssetFacts): boolean => grants.some((g) => grantCovers(g, asset));

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

  // Each row: a person of the owner's organisation and the dated kinds it gets (labels and energy performance
  // certificates are the object administrator's, who starts the next year and enters a new certificate; evidence is
  // for everybody who answers and changes the organisation's library, docs/evidence.md).
  const DATED: [string, Role[], ('labelsExpiring' | 'epcsExpiring' | 'evidenceExpiring')[]][] = [
    ['ObjectAdministrator', [Role.ObjectAdministrator], ['labelsExpiring', 'epcsExpiring', 'evidenceExpiring']],
    ['ObjectDataCollector', [Role.ObjectDataCollector], ['evidenceExpiring']],
    ['ProspectiveBuyer', [Role.ProspectiveBuyer], ['evidenceExpiring']],
    ['ObjectAnalyst', [Role.ObjectAnalyst], []],
    ['ExternalAccreditedTester', [Role.ExternalAccreditedTester], []],
    ['InternalTester', [Role.InternalTester], []],
    ['Evaluator', [Role.Evaluator], []],
    ['AccountAdministrator', [Role.AccountAdministrator], []],
    ['AccountManager who also administers objects', [Role.AccountManager, Role.ObjectAdministrator], ['labelsExpiring', 'epcsExpiring', 'evidenceExpiring']],
    ['ImportAdmin', [Role.ImportAdmin], []],
  ];
  for (const [name, roles, expected] of DATED) {
    it(`gives the ${name} these dated kinds: ${expected.join(', ') || 'none'}`, () => {
      const plan = worklistPlan(actor(roles), TODAY);
      expect((['labelsExpiring', 'epcsExpiring', 'evidenceExpiring'] as const).filter((k) => plan[k] !== null)).toEqual(expected);
    });
  }

  it('counts energy performance certificates within 90 days and evidence within 60, today included, for the answers still open', () => {
    const plan = worklistPlan(actor([Role.ObjectAdministrator]), TODAY);
    expect(plan.epcsExpiring).toMatchObject({ from: '2027-01-01', until: '2027-04-01', grants: [{ kind: 'organisation', orgId: 1 }] });
    expect(plan.evidenceExpiring).toMatchObject({ from: '2027-01-01', until: '2027-03-02', states: ['Active', 'Verification', 'Declined'] });
    // Another organisation's objects are not the person's: the grants are its own organisation's only.
    expect(kindOfGrants(plan.evidenceExpiring!.grants, object('Active', { organisationId: 2 }))).toBe(false);
    expect(kindOfGrants(plan.evidenceExpiring!.grants, object('Active'))).toBe(true);
  });

  it('tells those who manage webhooks (account and object administrators) of the paused ones they made', () => {
    expect(worklistPlan(actor([Role.AccountAdministrator], { userId: 7 }), TODAY).webhooksPaused).toEqual({ createdBy: 7 });
    expect(worklistPlan(actor([Role.ObjectAdministrator], { userId: 8 }), TODAY).webhooksPaused).toEqual({ createdBy: 8 });
    for (const role of [Role.ObjectDataCollector, Role.Evaluator, Role.AccountManager, Role.ObjectAnalyst]) expect(worklistPlan(actor([role]), TODAY).webhooksPaused).toBeNull();
  });

  // Each row: a person of the owner's organisation and the states of the object's latest questionnaire in which its
  // open plausibility flags are on the person's list (those who answer, while they answer or after a decline).
  const FLAGS: [string, Role[], AssetQuestionnaireState[]][] = [
    ['ObjectDataCollector', [Role.ObjectDataCollector], ['Active', 'Declined']],
    ['ObjectAdministrator', [Role.ObjectAdministrator], ['Active', 'Declined']],
    ['ProspectiveBuyer', [Role.ProspectiveBuyer], ['Active', 'Declined']],
    ['ObjectAnalyst', [Role.ObjectAnalyst], []],
    ['ExternalAccreditedTester (assigned)', [Role.ExternalAccreditedTester], []],
    ['InternalTester', [Role.InternalTester], []],
    ['Evaluator', [Role.Evaluator], []],
    ['AccountAdministrator', [Role.AccountAdministrator], []],
    ['ImportAdmin', [Role.ImportAdmin], []],
  ];
  for (const [name, roles, expected] of FLAGS) {
    it(`gives the ${name} open plausibility flags in: ${expected.join(', ') || 'no state'}`, () => {
      const part = worklistPlan(actor(roles), TODAY).plausibilityFlags;
      const states = ASSET_QUESTIONNAIRE_STATES.filter((s) => part !== null && part.states.includes(s) && kindOfGrants(part.grants, object(s)));
      expect(states).toEqual(expected);
    });
  }

  it('puts open plausibility flags on the list exactly for those who may answer the questionnaire (mayAnswer), never of another organisation', () => {
    fc.assert(
      fc.property(worklistActor(), objectInState(), (a, o) => {
        const part = worklistPlan(a, TODAY).plausibilityFlags;
        const listed = part !== null && part.states.includes(o.status) && kindOfGrants(part.grants, o);
        expect(listed).toBe(mayAnswer(a, o) && ['Active', 'Declined'].includes(o.status));
      }),
      { numRuns: 500 },
    );
    expect(kindOfGrants(worklistPlan(actor([Role.ObjectDataCollector]), TODAY).plausibilityFlags!.grants, object('Active', { organisationId: 2 }))).toBe(false);
  });

  it('says how many figures are implausible and links to the answering screen', () => {
    const base = { subjectType: 'asset' as const, subjectId: 4, subjectName: 'O', questionnaireId: 9, isBuyerAsset: false, state: 'Active', since: '2026-01-01T00:00:00Z', dueOn: null, note: null, answered: 1, total: 2 };
    const [one] = worklist([{ ...base, kind: 'plausibilityFlags', openFlags: 1 }], 'de').items;
    const [two] = worklist([{ ...base, kind: 'plausibilityFlags', openFlags: 2 }], 'en').items;
    expect(one!.why).toBe('Ein Wert ist auffällig: prüfen und korrigieren oder begründen.');
    expect(two!.why).toBe('2 figures are implausible: check them, then correct or explain them.');
    expect(one!.link).toBe('/asset-management/objects/4/false/questionnaire/9/data');
    // Before the drafts, after the deadlines.
    const ranked = worklist([{ ...base, kind: 'answersToFinish', openFlags: null }, { ...base, kind: 'plausibilityFlags', openFlags: 1 }, { ...base, kind: 'epcExpiring', openFlags: null, dueOn: '2027-01-02' }], 'en');
    expect(ranked.items.map((i) => i.kind)).toEqual(['epcExpiring', 'plausibilityFlags', 'answersToFinish']);
  });

  it('names the buyer organisation asking for access, links to the access requests screen, after group decisions and before deadlines', () => {
    const base = { subjectType: 'accessRequest' as const, subjectId: 7, subjectName: 'Hotel am Rheinufer', questionnaireId: null, isBuyerAsset: false, state: 'Open', since: '2026-11-20T00:00:00Z', dueOn: null, note: 'Käufer Wohnbau GmbH', answered: null, total: null, openFlags: null };
    const [de] = worklist([{ ...base, kind: 'accessRequests' }], 'de').items;
    const [en] = worklist([{ ...base, kind: 'accessRequests' }], 'en').items;
    expect(de!.why).toBe('Käufer Wohnbau GmbH bittet um Lesezugriff auf das Objekt: freigeben oder ablehnen.');
    expect(en!.why).toBe('Käufer Wohnbau GmbH asks for read access to the object: approve or decline.');
    expect(de!.link).toBe('/asset-management/access-requests');
    const ranked = worklist([{ ...base, kind: 'labelExpiring', dueOn: '2027-01-02' }, { ...base, kind: 'accessRequests' }, { ...base, kind: 'groupDecision' }], 'en');
    expect(ranked.items.map((i) => i.kind)).toEqual(['groupDecision', 'accessRequests', 'labelExpiring']);
    expect(ranked.counts.accessRequests).toBe(1);
  });

  it('gives the object administrator open access requests; the account administrator decides them on its screen, not from its worklist', () => {
    const open = (roles: Role[], more: Partial<AssetActor> = {}) => worklistPlan(actor(roles, more), TODAY, 5).accessRequests !== null;
    expect(open([Role.ObjectAdministrator])).toBe(true);
    expect(open([Role.AccountAdministrator])).toBe(false);
    expect(open([Role.ObjectAdministrator], { orgBuyer: true })).toBe(false);
    for (const role of [Role.ObjectDataCollector, Role.ObjectAnalyst, Role.ProspectiveBuyer, Role.ExternalAccreditedTester, Role.Evaluator]) expect(open([role])).toBe(false);
  });

  it('tells of failed imports the person who ran them and the organisation\'s ImportAdmins and ObjectAdministrators; the AccountAdministrator only its own', () => {
    expect(worklistPlan(actor([Role.ImportAdmin], { userId: 4 }), TODAY).importsFailed).toEqual({ userId: 4, organisationId: 1, since: '2026-12-18T00:00:00.000Z' });
    expect(worklistPlan(actor([Role.ObjectAdministrator]), TODAY).importsFailed).toMatchObject({ organisationId: 1 });
    expect(worklistPlan(actor([Role.ObjectDataCollector], { userId: 5 }), TODAY).importsFailed).toMatchObject({ userId: 5, organisationId: null });
    expect(worklistPlan(actor([Role.AccountAdministrator], { userId: 6 }), TODAY).importsFailed).toMatchObject({ userId: 6, organisationId: null });
    for (const role of [Role.ObjectAnalyst, Role.Evaluator, Role.ExternalAccreditedTester]) expect(worklistPlan(actor([role]), TODAY).importsFailed).toBeNull();
  });

  it('says how many rows failed and links to the import page with the entry, after paused webhooks and before review jobs', () => {
    const base = { subjectType: 'import' as const, subjectId: 12, subjectName: 'nightly.csv', questionnaireId: null, isBuyerAsset: false, state: 'assets', since: '2026-12-31T02:00:00Z', dueOn: null, note: null, answered: null, openFlags: null };
    const [one] = worklist([{ ...base, kind: 'importsFailed', total: 1 }], 'en').items;
    const [two] = worklist([{ ...base, kind: 'importsFailed', total: 2 }], 'de').items;
    expect(one!.why).toBe('One row failed and nothing was stored: read the report, correct the file and import it again.');
    expect(two!.why).toBe('2 Zeilen sind fehlgeschlagen, nichts wurde gespeichert: Bericht lesen, Datei korrigieren und erneut importieren.');
    expect(one!.link).toBe('/import?importId=12');
    expect(worklistLink({ kind: 'importsFailed', subjectId: 3, questionnaireId: null, isBuyerAsset: false, state: 'loans' })).toBe('/financed-emissions?importId=3');
    const ranked = worklist([{ ...base, kind: 'reviewJob', total: null }, { ...base, kind: 'importsFailed', total: 1 }, { ...base, kind: 'webhookPaused', total: null }], 'en');
    expect(ranked.items.map((i) => i.kind)).toEqual(['webhookPaused', 'importsFailed', 'reviewJob']);
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
    const base = { subjectType: 'asset' as const, subjectName: 'O', questionnaireId: 1, isBuyerAsset: false, state: 'Active', dueOn: null, note: null, answered: 1, total: 2, openFlags: null };
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
    expect(worklist([{ ...base, kind: 'epcExpiring', subjectId: 6, since: '2020-01-01T00:00:00Z', dueOn: '2027-03-01' }], 'de').items[0]!.why).toBe(
      'Der Energieausweis gilt bis 01.03.2027: einen neuen ausstellen lassen und eintragen.',
    );
    expect(worklist([{ ...base, kind: 'evidenceExpiring', subjectId: 6, since: '2026-01-01T00:00:00Z', dueOn: '2027-02-01', note: 'Stromrechnung 2026' }], 'en').items[0]!.why).toBe(
      'The evidence “Stromrechnung 2026” is valid only until 2027-02-01: upload a valid one.',
    );
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
    expect(worklistLink({ kind: 'epcExpiring', subjectId: 8, questionnaireId: null, isBuyerAsset: false })).toBe('/asset-management/objects/8/false/edit/data');
    expect(worklistLink({ kind: 'evidenceExpiring', subjectId: 8, questionnaireId: 3, isBuyerAsset: false })).toBe('/asset-management/objects/8/false/questionnaire/3/data');
    expect(worklistLink({ kind: 'webhookPaused', subjectId: 2, questionnaireId: null, isBuyerAsset: false })).toBe('/webhooks');
  });
});
