import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleSet } from '../identity/arbitraries/users.ts';
import { Role } from '../identity/roles.ts';
import { ACCESS_REQUEST_WINDOW_MS, accessRequestProblem, buyerViewOfRequest, decisionOutcome, isOpenRequest, mayRequestAccess, parseDecision } from './access-requests.ts';
import { assetGrants, createsBuyerAssets, groupScope, mayChooseGroupOrganisation, mayDeleteGroup, mayEditAsset, mayViewAsset, readsAsItsCloser, type AssetActor, type AssetFacts } from './asset-access.ts';

const actor = (changes: Partial<AssetActor> = {}): AssetActor => ({ userId: 1, roles: [Role.ObjectAdministrator], orgId: 1, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...changes });
const asset = (changes: Partial<AssetFacts> = {}): AssetFacts => ({ id: 10, organisationId: 1, assetGroupId: 5, isBuyerAsset: false, testerUserId: null, grantedOrganisationIds: [], ...changes });
const anyAsset = (): fc.Arbitrary<AssetFacts> =>
  fc.record({
    id: fc.integer({ min: 1, max: 20 }),
    organisationId: fc.integer({ min: 1, max: 3 }),
    assetGroupId: fc.integer({ min: 1, max: 5 }),
    isBuyerAsset: fc.boolean(),
    testerUserId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    grantedOrganisationIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 })),
  });
const anyActor = (): fc.Arbitrary<AssetActor> =>
  fc.record({
    userId: fc.integer({ min: 1, max: 3 }),
    roles: roleSet(),
    orgId: fc.integer({ min: 1, max: 3 }),
    orgBuyer: fc.boolean(),
    orgFinance: fc.boolean(),
    accessGroups: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 2 }),
    accessAssets: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 2 }),
  });

describe('who sees which objects (DOMAIN.md §1)', () => {
  it('an evaluator reads afterwards exactly the questionnaires whose close it made; nobody else gains a read by closing', () => {
    fc.assert(
      fc.property(anyActor(), fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }), (someone, closers) => {
        expect(readsAsItsCloser(someone, closers)).toBe(someone.roles.includes(Role.Evaluator) && closers.includes(someone.userId));
      }),
    );
    expect(readsAsItsCloser(actor({ roles: [Role.Evaluator] }), [1])).toBe(true);
    expect(readsAsItsCloser(actor({ roles: [Role.Evaluator] }), [2])).toBe(false);
    expect(readsAsItsCloser(actor({ roles: [Role.ExternalAccreditedTester] }), [1])).toBe(false);
  });

  it('never shows a user without the administrator role another organisation’s object that was not granted or assigned', () => {
    fc.assert(
      fc.property(anyActor(), anyAsset(), (a, o) => {
        if (a.roles.includes(Role.AccountAdministrator)) return;
        const foreign = o.organisationId !== a.orgId && !o.grantedOrganisationIds.includes(a.orgId) && o.testerUserId !== a.userId;
        if (foreign) expect(mayViewAsset(a, o)).toBe(false);
      }),
    );
  });

  it('only ever lets a user edit what they can see', () => {
    fc.assert(
      fc.property(anyActor(), anyAsset(), (a, o) => {
        if (mayEditAsset(a, o)) expect(mayViewAsset(a, o)).toBe(true);
      }),
    );
  });

  it('restricts collectors to their access list of groups and objects', () => {
    const collector = actor({ roles: [Role.ObjectDataCollector], accessGroups: [5] });
    expect(mayViewAsset(collector, asset({ assetGroupId: 5 }))).toBe(true);
    expect(mayViewAsset(collector, asset({ assetGroupId: 6 }))).toBe(false);
    const narrower = actor({ roles: [Role.ObjectDataCollector], accessGroups: [5], accessAssets: [11] });
    expect(mayViewAsset(narrower, asset({ id: 10 }))).toBe(false);
    expect(mayViewAsset(narrower, asset({ id: 11 }))).toBe(true);
    expect(mayEditAsset(collector, asset())).toBe(false);
  });

  it('gives buyers their buyer assets to edit and approved objects to read', () => {
    const buyer = actor({ roles: [Role.ProspectiveBuyer], orgId: 3, orgBuyer: true });
    expect(mayEditAsset(buyer, asset({ organisationId: 3, isBuyerAsset: true }))).toBe(true);
    const approved = asset({ organisationId: 1, grantedOrganisationIds: [3] });
    expect(mayViewAsset(buyer, approved)).toBe(true);
    expect(mayEditAsset(buyer, approved)).toBe(false);
  });

  it('shows finance partners no objects in asset management and testers only what they are assigned', () => {
    expect(assetGrants(actor({ roles: [Role.ObjectAdministrator, Role.AccountManager], orgFinance: true }))).toEqual([]);
    const tester = actor({ roles: [Role.ExternalAccreditedTester], userId: 7 });
    expect(mayViewAsset(tester, asset({ organisationId: 2, testerUserId: 7 }))).toBe(true);
    expect(mayViewAsset(tester, asset({ organisationId: 2 }))).toBe(false);
  });
});

describe('access requests (spec 02 §4, §5)', () => {
  const none = { alreadyGranted: false, openRequest: false, requestsInWindow: 0 };
  const owned = { organisationId: 1, organisationIsBuyer: false, isBuyerAsset: false };

  it('refuses unknown objects, objects of buyer organisations, the own objects and access already granted', () => {
    expect(accessRequestProblem(null, 3, none)).toBe('notFound');
    expect(accessRequestProblem({ organisationId: 2, organisationIsBuyer: true, isBuyerAsset: false }, 3, none)).toBe('buyerOrganisation');
    expect(accessRequestProblem({ organisationId: 3, organisationIsBuyer: true, isBuyerAsset: true }, 3, none)).toBe('ownObject');
    expect(accessRequestProblem(owned, 3, { ...none, alreadyGranted: true })).toBe('alreadyGranted');
    expect(accessRequestProblem(owned, 3, none)).toBeNull();
  });

  it('mails the owner once per open request, and at most 20 requests an hour per buyer organisation', () => {
    expect(accessRequestProblem(owned, 3, { ...none, openRequest: true })).toBe('alreadyRequested');
    expect(accessRequestProblem(owned, 3, { ...none, requestsInWindow: 19 })).toBeNull();
    expect(accessRequestProblem(owned, 3, { ...none, requestsInWindow: 20 })).toBe('tooMany');
    // The limit is checked first: past it, nothing about the object is told.
    expect(accessRequestProblem(null, 3, { ...none, requestsInWindow: 20 })).toBe('tooMany');
    expect(isOpenRequest({ decidedAt: null, expiresAt: 100 }, 99)).toBe(true);
    expect(isOpenRequest({ decidedAt: null, expiresAt: 100 }, 100)).toBe(false);
    expect(isOpenRequest({ decidedAt: 50, expiresAt: 100 }, 60)).toBe(false);
  });

  it('shows the buyer the object’s name and owner only after approval', () => {
    const request = { id: 1, assetId: 9, assetName: 'Hotel', ownerOrganisationName: 'Owner AG' };
    expect(buyerViewOfRequest({ ...request, decision: null })).toEqual({ ...request, decision: null, assetName: null, ownerOrganisationName: null });
    expect(buyerViewOfRequest({ ...request, decision: false })).toEqual({ ...request, decision: false, assetName: null, ownerOrganisationName: null });
    expect(buyerViewOfRequest({ ...request, decision: true })).toEqual({ ...request, decision: true });
  });

  it('decides once: a second click answers already decided, a wrong token invalid token', () => {
    const request = { tokenHash: 'h', expiresAt: 100, decidedAt: null };
    expect(decisionOutcome(request, 'h', 50)).toBe('decided');
    expect(decisionOutcome({ ...request, decidedAt: 60 }, 'h', 70)).toBe('alreadyDecided');
    expect(decisionOutcome(request, 'forged', 50)).toBe('invalidToken');
    expect(decisionOutcome(request, 'h', 100)).toBe('invalidToken');
    expect(decisionOutcome(null, 'h', 50)).toBe('invalidId');
  });

  it('reads the decision only as true or false, from the link or from a JSON body', () => {
    expect([parseDecision('true'), parseDecision('false'), parseDecision('yes'), parseDecision(undefined)]).toEqual([true, false, null, null]);
    expect([parseDecision(true), parseDecision(false), parseDecision(1), parseDecision(0), parseDecision(null)]).toEqual([true, false, null, null, null]);
  });

  it('lets only prospective buyers of a buyer organisation ask for access', () => {
    expect(mayRequestAccess({ roles: [Role.ProspectiveBuyer], orgBuyer: true })).toBe(true);
    expect(mayRequestAccess({ roles: [Role.ProspectiveBuyer], orgBuyer: false })).toBe(false);
    expect(mayRequestAccess({ roles: [Role.ObjectAdministrator, Role.AccountManager], orgBuyer: true })).toBe(false);
  });

  it('counts the requests of one hour: 3 600 000 ms', () => {
    expect(ACCESS_REQUEST_WINDOW_MS).toBe(3_600_000);
  });
});

describe('who edits, who chooses a group’s organisation, which groups are listed (spec 02 §5, §6)', () => {
  it('shows a buyer organisation only its buyer assets, not other objects that carry its id', () => {
    const buyer = actor({ roles: [Role.ProspectiveBuyer], orgId: 3, orgBuyer: true });
    expect(mayViewAsset(buyer, asset({ organisationId: 3, isBuyerAsset: true }))).toBe(true);
    expect(mayViewAsset(buyer, asset({ organisationId: 3, isBuyerAsset: false }))).toBe(false);
  });

  it('grants by any one of a user’s roles: an administrator who is also an evaluator sees the own objects, a collector who also tests sees what they test', () => {
    expect(mayViewAsset(actor({ roles: [Role.Evaluator, Role.ObjectAdministrator] }), asset())).toBe(true);
    const testingCollector = actor({ roles: [Role.ObjectDataCollector, Role.InternalTester], userId: 7 });
    expect(mayViewAsset(testingCollector, asset({ organisationId: 2, testerUserId: 7 }))).toBe(true);
    expect(mayEditAsset(actor({ roles: [Role.ObjectAnalyst, Role.ObjectAdministrator] }), asset())).toBe(true);
  });

  it('shows an evaluator exactly the objects in Evaluation, of any organisation, read only (DOMAIN.md §1)', () => {
    const evaluator = actor({ roles: [Role.Evaluator], orgId: 9 });
    for (const status of [null, 'Active', 'Review', 'Declined', 'Verification', 'Closed', 'Expired']) {
      expect(mayViewAsset(evaluator, asset({ organisationId: 2, status }))).toBe(false);
    }
    expect(mayViewAsset(evaluator, asset({ organisationId: 2, status: 'Evaluation' }))).toBe(true);
    expect(mayEditAsset(evaluator, asset({ organisationId: 2, status: 'Evaluation' }))).toBe(false);
  });

  it('lets an object administrator who also tests read but not edit another organisation’s object assigned to them', () => {
    const testingAdmin = actor({ roles: [Role.ObjectAdministrator, Role.ExternalAccreditedTester], userId: 7 });
    const assigned = asset({ organisationId: 2, testerUserId: 7 });
    expect(mayViewAsset(testingAdmin, assigned)).toBe(true);
    expect(mayEditAsset(testingAdmin, assigned)).toBe(false);
  });

  it('lets nobody of a buyer organisation edit an object that is not a buyer asset, whatever their role', () => {
    const buyerAdministrator = actor({ roles: [Role.AccountAdministrator], orgId: 3, orgBuyer: true });
    expect(mayViewAsset(buyerAdministrator, asset({ organisationId: 3, isBuyerAsset: false }))).toBe(true);
    expect(mayEditAsset(buyerAdministrator, asset({ organisationId: 3, isBuyerAsset: false }))).toBe(false);
    expect(mayEditAsset(buyerAdministrator, asset({ organisationId: 3, isBuyerAsset: true }))).toBe(true);
  });

  it('makes objects created in a buyer organisation buyer assets, and no others', () => {
    expect(createsBuyerAssets({ orgBuyer: true })).toBe(true);
    expect(createsBuyerAssets({ orgBuyer: false })).toBe(false);
  });

  it('lets only the account administrator choose a group’s organisation', () => {
    expect(mayChooseGroupOrganisation({ roles: [Role.AccountAdministrator] })).toBe(true);
    expect(mayChooseGroupOrganisation({ roles: [Role.ObjectAdministrator, Role.AccountManager] })).toBe(false);
    expect(mayChooseGroupOrganisation({ roles: [Role.ProspectiveBuyer] })).toBe(false);
  });

  it('lists every group for the administrator, the own organisation’s (within the access list) for its users, none for others', () => {
    expect(groupScope(actor({ roles: [Role.AccountAdministrator] }))).toEqual({ kind: 'all' });
    expect(groupScope(actor({ roles: [Role.ObjectAdministrator], orgId: 4 }))).toEqual({ kind: 'organisation', orgId: 4, groupIds: null });
    expect(groupScope(actor({ roles: [Role.ObjectDataCollector], orgId: 4, accessGroups: [5, 6] }))).toEqual({ kind: 'organisation', orgId: 4, groupIds: [5, 6] });
    expect(groupScope(actor({ roles: [Role.InternalTester], userId: 8 }))).toEqual({ kind: 'jobs', testerUserId: 8, evaluator: false, internalCheckOrgId: 1 });
    expect(groupScope(actor({ roles: [Role.Evaluator] }))).toEqual({ kind: 'jobs', testerUserId: null, evaluator: true, internalCheckOrgId: null });
    expect(groupScope(actor({ roles: [Role.BillingManager] }))).toEqual({ kind: 'none' });
    expect(groupScope(actor({ roles: [Role.ObjectAdministrator, Role.AccountManager], orgFinance: true }))).toEqual({ kind: 'none' });
  });
});

describe('deleting a group (issue 12)', () => {
  it('only an empty group is deleted', () => {
    expect(mayDeleteGroup(0)).toBe(true);
    expect(mayDeleteGroup(1)).toBe(false);
    expect(mayDeleteGroup(1000)).toBe(false);
  });
});
