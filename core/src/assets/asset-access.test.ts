import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleSet } from '../identity/arbitraries/users.ts';
import { Role } from '../identity/roles.ts';
import { accessRequestProblem, decisionOutcome, parseDecision } from './access-requests.ts';
import { assetGrants, mayEditAsset, mayViewAsset, type AssetActor, type AssetFacts } from './asset-access.ts';

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
  it('refuses unknown objects, objects of buyer organisations, the own objects and access already granted', () => {
    expect(accessRequestProblem(null, 3, false)).toBe('notFound');
    expect(accessRequestProblem({ organisationId: 2, organisationIsBuyer: true, isBuyerAsset: false }, 3, false)).toBe('buyerOrganisation');
    expect(accessRequestProblem({ organisationId: 3, organisationIsBuyer: true, isBuyerAsset: true }, 3, false)).toBe('ownObject');
    expect(accessRequestProblem({ organisationId: 1, organisationIsBuyer: false, isBuyerAsset: false }, 3, true)).toBe('alreadyGranted');
    expect(accessRequestProblem({ organisationId: 1, organisationIsBuyer: false, isBuyerAsset: false }, 3, false)).toBeNull();
  });

  it('decides once: a second click answers already decided, a wrong token invalid token', () => {
    const request = { tokenHash: 'h', expiresAt: 100, decidedAt: null };
    expect(decisionOutcome(request, 'h', 50)).toBe('decided');
    expect(decisionOutcome({ ...request, decidedAt: 60 }, 'h', 70)).toBe('alreadyDecided');
    expect(decisionOutcome(request, 'forged', 50)).toBe('invalidToken');
    expect(decisionOutcome(request, 'h', 100)).toBe('invalidToken');
    expect(decisionOutcome(null, 'h', 50)).toBe('invalidId');
  });

  it('reads the decision only as true or false', () => {
    expect([parseDecision('true'), parseDecision('false'), parseDecision('yes'), parseDecision(undefined)]).toEqual([true, false, null, null]);
  });
});
