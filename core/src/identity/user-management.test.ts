import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleSet } from './arbitraries/users.ts';
import { accessListOnSave, mayManageUser, roleChangeEndsSessions, userEditProblem, type ManagingActor } from './role-assignment.ts';
import { ALL_ROLES, Role, roleName } from './roles.ts';

const R = Role;
/**
 * Spec 01 §6 "who may assign which role", written out from the specification (and, where it is
 * silent, our decision: only the account administrator assigns BillingManager, InternalTester and
 * ImportAdmin). An actor holding the row's one role acts on a user holding the column's one role
 * exactly when that role is listed: nobody acts on someone with more rights (issue 9).
 */
const MANAGES: Record<keyof typeof Role, readonly Role[]> = {
  AccountAdministrator: [R.ObjectAdministrator, R.ObjectDataCollector, R.ObjectAnalyst, R.AccountManager, R.ExternalAccreditedTester, R.BillingManager, R.InternalTester, R.ImportAdmin],
  ScoringModelManager: [R.AccountAdministrator, R.Evaluator, R.ScoringModelManager, R.ExternalAccreditedTester],
  AccountManager: [R.ObjectAdministrator, R.ObjectDataCollector, R.ObjectAnalyst],
  ProspectiveBuyer: [R.ProspectiveBuyer],
  BillingManager: [],
  Evaluator: [],
  ObjectAdministrator: [],
  ObjectDataCollector: [],
  ObjectAnalyst: [],
  InternalTester: [],
  ExternalAccreditedTester: [],
  ImportAdmin: [],
};

const actorWith = (roles: Role[], extra: Partial<ManagingActor> = {}): ManagingActor => ({ userId: 1, orgId: 10, roles, orgFinance: false, ...extra });
const plainOrg = { isTestAccount: false, isFinancePartner: false, isBuyer: false };

describe('nobody acts on someone with more rights (issue 9)', () => {
  for (const actorRole of ALL_ROLES) {
    for (const targetRole of ALL_ROLES) {
      const expected = MANAGES[roleName(actorRole)].includes(targetRole);
      it(`${roleName(actorRole)} ${expected ? 'may' : 'may not'} act on a ${roleName(targetRole)}`, () => {
        expect(mayManageUser(actorWith([actorRole]), { id: 2, organisationId: 10, roles: [targetRole] })).toBe(expected);
      });
    }
  }

  it('an account manager can neither edit nor deactivate the platform’s account administrator', () => {
    const manager = actorWith([R.AccountManager]);
    const administrator = { id: 2, organisationId: 10, roles: [R.AccountAdministrator] };
    expect(mayManageUser(manager, administrator)).toBe(false);
    expect(userEditProblem(manager, administrator, plainOrg, [R.AccountAdministrator])).toEqual({ kind: 'notManageable' });
  });

  it('a user is within reach exactly when every role they hold is within reach of one of the actor’s roles', () => {
    fc.assert(
      fc.property(roleSet(), roleSet(), (actorRoles, targetRoles) => {
        const expected = targetRoles.every((r) => actorRoles.some((a) => MANAGES[roleName(a)].includes(r)));
        expect(mayManageUser(actorWith(actorRoles), { id: 2, organisationId: 10, roles: targetRoles })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('nobody changes their own roles, whatever they hold; editing oneself with the same roles passes', () => {
    fc.assert(
      fc.property(roleSet(), roleSet(), (held, requested) => {
        const self = actorWith(held);
        const same = requested.length === held.length && requested.every((r) => held.includes(r));
        expect(userEditProblem(self, { id: self.userId, organisationId: 10, roles: held }, plainOrg, requested)).toEqual(same ? null : { kind: 'ownRoles' });
      }),
      { examples: [[[R.ScoringModelManager], [R.ScoringModelManager, R.AccountAdministrator]]] },
    );
  });

  it('a finance partner’s account manager manages its colleagues, who hold the two forced roles, and its buyers', () => {
    const bank = actorWith([R.ObjectAdministrator, R.AccountManager], { orgFinance: true });
    expect(mayManageUser(bank, { id: 2, organisationId: 10, roles: [R.ObjectAdministrator, R.AccountManager] })).toBe(true);
    expect(mayManageUser(bank, { id: 3, organisationId: 77, roles: [R.ProspectiveBuyer] })).toBe(true);
    // The same roles in another organisation are beyond it.
    expect(mayManageUser(bank, { id: 4, organisationId: 11, roles: [R.ObjectAdministrator, R.AccountManager] })).toBe(false);
  });
});

describe('the access list and sessions when a user is saved (issue 12: rules out of the route)', () => {
  const manager = { roles: [R.AccountManager], orgFinance: false };
  const admin = { roles: [R.AccountAdministrator], orgFinance: false };
  const requested = { assetGroups: [3], assets: [9] };
  const stored = { assetGroups: [4], assets: [] };

  it('an account manager sets the list of a collector or an object administrator; objects need a group', () => {
    expect(accessListOnSave(manager, [R.ObjectDataCollector], requested, null)).toEqual(requested);
    expect(accessListOnSave(manager, [R.ObjectAdministrator], requested, stored)).toEqual(requested);
    expect(accessListOnSave(manager, [R.ObjectDataCollector], { assetGroups: [], assets: [9] }, null)).toBe('objectsNeedGroup');
  });

  it('whoever may not choose it gives a new user none and leaves a stored list as it is', () => {
    expect(accessListOnSave(admin, [R.ObjectDataCollector], requested, null)).toEqual({ assetGroups: [], assets: [] });
    expect(accessListOnSave(admin, [R.ObjectDataCollector], requested, stored)).toEqual(stored);
    expect(accessListOnSave(manager, [R.ObjectAnalyst], requested, stored)).toEqual(stored);
  });

  it('a change of roles ends the sessions; the same roles in another order or twice do not', () => {
    expect(roleChangeEndsSessions([R.ObjectDataCollector], [R.ObjectDataCollector, R.ObjectAnalyst])).toBe(true);
    expect(roleChangeEndsSessions([R.ObjectDataCollector, R.ObjectAnalyst], [R.ObjectDataCollector])).toBe(true);
    expect(roleChangeEndsSessions([R.ObjectDataCollector, R.ObjectAnalyst], [R.ObjectAnalyst, R.ObjectDataCollector, R.ObjectAnalyst])).toBe(false);
  });
});
