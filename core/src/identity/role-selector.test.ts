// The user dialog's role selector and role checks in worked examples from spec 01 §6, expected values
// written out (the roles an actor may assign are tabled in permission-tables.test.ts).
import { describe, expect, it } from 'vitest';
import {
  externalMatters,
  forcedRoles,
  mayChooseAssets,
  mayManageUser,
  roleAssignmentProblem,
  roleOptions,
  USER_EDIT_PROBLEM_KEYS,
  userEditProblem,
  type TargetOrganisation,
} from './role-assignment.ts';
import { Role } from './roles.ts';

const ordinary: TargetOrganisation = { isTestAccount: false, isFinancePartner: false, isBuyer: false };
const testAccount: TargetOrganisation = { ...ordinary, isTestAccount: true };
const financePartner: TargetOrganisation = { ...ordinary, isFinancePartner: true };
const administrator = { roles: [Role.AccountAdministrator], orgFinance: false };
const scoringManager = { roles: [Role.ScoringModelManager], orgFinance: false };
const accountManager = { roles: [Role.AccountManager], orgFinance: false };

const enabled = (options: { role: Role; disabled: boolean }[]) => options.filter((o) => !o.disabled).map((o) => o.role);
const disabled = (options: { role: Role; disabled: boolean }[]) => options.filter((o) => o.disabled).map((o) => o.role);

describe('the role selector of the user dialog (spec 01 §6)', () => {
  it('offers the account administrator its eight roles, all enabled, when no organisation is chosen yet or an ordinary one', () => {
    const eight = [
      Role.BillingManager,
      Role.ObjectAdministrator,
      Role.ObjectDataCollector,
      Role.ObjectAnalyst,
      Role.InternalTester,
      Role.ExternalAccreditedTester,
      Role.ImportAdmin,
      Role.AccountManager,
    ];
    expect(roleOptions(administrator, null)).toEqual(eight.map((role) => ({ role, disabled: false })));
    expect(roleOptions(administrator, ordinary)).toEqual(eight.map((role) => ({ role, disabled: false })));
  });

  it('in a test account, enables only the object roles', () => {
    const options = roleOptions(administrator, testAccount);
    expect(enabled(options)).toEqual([Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ObjectAnalyst]);
    expect(disabled(options)).toEqual([Role.BillingManager, Role.InternalTester, Role.ExternalAccreditedTester, Role.ImportAdmin, Role.AccountManager]);
  });

  it('for a finance partner, shows its two roles locked, even to a scoring model manager who may not assign them', () => {
    expect(forcedRoles(financePartner)).toEqual([Role.ObjectAdministrator, Role.AccountManager]);
    expect(forcedRoles(ordinary)).toBeNull();
    expect(forcedRoles(null)).toBeNull();
    const options = roleOptions(scoringManager, financePartner);
    expect(enabled(options)).toEqual([]);
    expect(options.map((o) => o.role)).toEqual([
      Role.AccountAdministrator,
      Role.Evaluator,
      Role.ScoringModelManager,
      Role.ObjectAdministrator,
      Role.ExternalAccreditedTester,
      Role.AccountManager,
    ]);
  });
});

describe('the roles given to a user (spec 01 §6)', () => {
  it('accepts what the actor may assign, for a new user', () => {
    expect(roleAssignmentProblem(administrator, ordinary, [Role.ObjectAdministrator, Role.AccountManager])).toBeNull();
    expect(roleAssignmentProblem(accountManager, ordinary, [Role.ObjectDataCollector])).toBeNull();
  });

  it('refuses for a test account the first role that is not an object role', () => {
    expect(roleAssignmentProblem(administrator, testAccount, [Role.ObjectAdministrator, Role.AccountManager, Role.ImportAdmin])).toEqual({
      kind: 'notAllowedInTestAccount',
      role: Role.AccountManager,
    });
    expect(roleAssignmentProblem(administrator, testAccount, [Role.ObjectAnalyst, Role.ObjectDataCollector])).toBeNull();
  });

  it('for a finance partner, accepts exactly ObjectAdministrator and AccountManager, in any order', () => {
    expect(roleAssignmentProblem(administrator, financePartner, [Role.AccountManager, Role.ObjectAdministrator])).toBeNull();
    expect(roleAssignmentProblem(administrator, financePartner, [Role.ObjectAdministrator, Role.ObjectAdministrator, Role.AccountManager])).toBeNull();
    expect(roleAssignmentProblem(administrator, financePartner, [Role.ObjectAdministrator])).toEqual({ kind: 'financePartnerRolesRequired' });
    expect(roleAssignmentProblem(administrator, financePartner, [Role.ObjectAdministrator, Role.ObjectDataCollector])).toEqual({ kind: 'financePartnerRolesRequired' });
    expect(roleAssignmentProblem(administrator, financePartner, [Role.ObjectAdministrator, Role.AccountManager, Role.ObjectAnalyst])).toEqual({
      kind: 'financePartnerRolesRequired',
    });
  });

  it('shows each refusal with its message key', () => {
    expect(USER_EDIT_PROBLEM_KEYS).toEqual({
      noRole: 'validation-roles',
      notAssignable: 'user-role-not-assignable',
      notAllowedInTestAccount: 'user-role-test-account',
      financePartnerRolesRequired: 'user-role-finance-partner',
      ownRoles: 'user-role-own',
      notManageable: 'user-not-manageable',
    });
  });

  it('asks whether the user is external only for data collectors', () => {
    expect(externalMatters([Role.ObjectDataCollector])).toBe(true);
    expect(externalMatters([Role.ObjectAdministrator, Role.ObjectDataCollector])).toBe(true);
    expect(externalMatters([Role.ObjectAdministrator, Role.ExternalAccreditedTester])).toBe(false);
  });

  it('lets objects be chosen only once a group is chosen', () => {
    expect(mayChooseAssets([])).toBe(false);
    expect(mayChooseAssets([3])).toBe(true);
  });
});

describe('editing oneself and others (spec 01 §6, issue 9)', () => {
  const manager = { ...accountManager, userId: 5, orgId: 1 };

  it('lets an account manager edit itself, though it may not assign its own role, but not change its roles', () => {
    const self = { id: 5, organisationId: 1, roles: [Role.AccountManager] };
    expect(mayManageUser(manager, self)).toBe(true);
    expect(userEditProblem(manager, self, ordinary, [Role.AccountManager])).toBeNull();
    expect(userEditProblem(manager, self, ordinary, [Role.AccountManager, Role.ObjectDataCollector])).toEqual({ kind: 'ownRoles' });
    expect(userEditProblem(manager, self, ordinary, [Role.ObjectDataCollector])).toEqual({ kind: 'ownRoles' });
  });

  it('checks an edit of a collector by its account manager like a new assignment', () => {
    const collector = { id: 6, organisationId: 1, roles: [Role.ObjectDataCollector] };
    expect(userEditProblem(manager, collector, ordinary, [Role.ObjectDataCollector, Role.ObjectAnalyst])).toBeNull();
    expect(userEditProblem(manager, collector, ordinary, [Role.ObjectDataCollector, Role.InternalTester])).toEqual({ kind: 'notAssignable', role: Role.InternalTester });
    expect(userEditProblem(manager, collector, ordinary, [])).toEqual({ kind: 'noRole' });
  });
});
