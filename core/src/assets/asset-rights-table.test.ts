// Issue 10: the asset rights of every role against a table written out from DOMAIN.md §1 and spec 02 §6
// ("Edit groups and objects: object administrator, account administrator, prospective buyer"), not
// computed by the functions under test.
import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role, roleName, type RoleName } from '../identity/roles.ts';
import { mayEditAsset, mayEditGroup, mayViewAsset, type AssetActor, type AssetFacts } from './asset-access.ts';

const OWN = 10;
const OTHER = 20;
const actor = (role: Role, org: Partial<AssetActor> = {}): AssetActor => ({
  userId: 7, roles: [role], orgId: OWN, orgBuyer: false, orgFinance: false, accessGroups: [], accessAssets: [], ...org,
});
const object = (facts: Partial<AssetFacts> = {}): AssetFacts => ({
  id: 1, organisationId: OWN, assetGroupId: 3, isBuyerAsset: false, testerUserId: null, grantedOrganisationIds: [], ...facts,
});

type Right = 'viewOwn' | 'editOwn' | 'viewOther' | 'editOther' | 'viewAssigned' | 'editAssigned';
/**
 * A user holding the row's one role in an ordinary organisation. Evaluators see objects in state
 * Evaluation only (DOMAIN.md §1), which no object reaches before review exists: none yet.
 */
const RIGHTS: Record<RoleName, readonly Right[]> = {
  AccountAdministrator: ['viewOwn', 'editOwn', 'viewOther', 'editOther', 'viewAssigned', 'editAssigned'],
  BillingManager: [],
  Evaluator: [],
  ScoringModelManager: [],
  ObjectAdministrator: ['viewOwn', 'editOwn'],
  ObjectDataCollector: ['viewOwn'],
  ObjectAnalyst: ['viewOwn'],
  InternalTester: ['viewAssigned'],
  ExternalAccreditedTester: ['viewAssigned'],
  ImportAdmin: [],
  AccountManager: ['viewOwn'],
  ProspectiveBuyer: ['viewOwn', 'editOwn'],
};

describe('asset rights: every role (DOMAIN.md §1, spec 02 §6)', () => {
  for (const role of ALL_ROLES) {
    const expected = RIGHTS[roleName(role)];
    it(`${roleName(role)}: ${expected.join(', ') || 'nothing'}`, () => {
      const a = actor(role);
      const own = object();
      const other = object({ organisationId: OTHER });
      const assigned = object({ organisationId: OTHER, testerUserId: 7 });
      const rights: Right[] = [];
      if (mayViewAsset(a, own)) rights.push('viewOwn');
      if (mayEditAsset(a, own)) rights.push('editOwn');
      if (mayViewAsset(a, other)) rights.push('viewOther');
      if (mayEditAsset(a, other)) rights.push('editOther');
      if (mayViewAsset(a, assigned)) rights.push('viewAssigned');
      if (mayEditAsset(a, assigned)) rights.push('editAssigned');
      expect(rights).toEqual(expected);
    });
  }

  it('a finance partner’s users see and edit no object here (they see export only, spec 01 §6)', () => {
    for (const role of [Role.ObjectAdministrator, Role.AccountManager]) {
      const bank = actor(role, { orgFinance: true });
      expect(mayViewAsset(bank, object())).toBe(false);
      expect(mayEditAsset(bank, object())).toBe(false);
    }
  });

  it('a buyer edits its buyer assets, reads approved objects, and nothing else', () => {
    const buyer = actor(Role.ProspectiveBuyer, { orgBuyer: true });
    expect([mayViewAsset(buyer, object({ isBuyerAsset: true })), mayEditAsset(buyer, object({ isBuyerAsset: true }))]).toEqual([true, true]);
    const approved = object({ organisationId: OTHER, grantedOrganisationIds: [OWN] });
    expect([mayViewAsset(buyer, approved), mayEditAsset(buyer, approved)]).toEqual([true, false]);
    expect(mayViewAsset(buyer, object({ organisationId: OTHER }))).toBe(false);
  });

  it('a collector or administrator with an access list sees only the groups and objects in it', () => {
    const listed = actor(Role.ObjectDataCollector, { accessGroups: [3], accessAssets: [1] });
    expect(mayViewAsset(listed, object())).toBe(true);
    expect(mayViewAsset(listed, object({ id: 2 }))).toBe(false);
    expect(mayViewAsset(listed, object({ assetGroupId: 4 }))).toBe(false);
    const admin = actor(Role.ObjectAdministrator, { accessGroups: [4] });
    expect(mayEditAsset(admin, object())).toBe(false);
  });
});

describe('who changes or deletes a group (spec 02 §6)', () => {
  it('editing roles in the group’s organisation, and the account administrator in any', () => {
    const own = { organisationId: OWN };
    const other = { organisationId: OTHER };
    const verdicts = (role: Role) => [mayEditGroup(actor(role), own), mayEditGroup(actor(role), other)];
    expect(verdicts(Role.AccountAdministrator)).toEqual([true, true]);
    expect(verdicts(Role.ObjectAdministrator)).toEqual([true, false]);
    expect(verdicts(Role.ProspectiveBuyer)).toEqual([true, false]);
    for (const role of [Role.ObjectDataCollector, Role.ObjectAnalyst, Role.AccountManager, Role.Evaluator, Role.ScoringModelManager]) expect(verdicts(role)).toEqual([false, false]);
    expect(mayEditGroup(actor(Role.ObjectAdministrator, { orgFinance: true }), own)).toBe(false);
  });
});
