import type { MessageKey } from '../shared/messages.ts';
import { ALL_ROLES, Role, hasAnyRole } from './roles.ts';

/** The acting user as the user dialog's rules see them. */
export interface AssigningActor {
  roles: readonly Role[];
  orgFinance: boolean;
}

/** The organisation the edited user belongs to (or will belong to). */
export interface TargetOrganisation {
  isTestAccount: boolean;
  isFinancePartner: boolean;
  isBuyer: boolean;
}

/** Roles that stay available in a test-account organisation (spec 01 §6). */
export const OBJECT_ROLES: readonly Role[] = [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ObjectAnalyst];

/** A finance-partner organisation's users hold exactly these (spec 01 §6). */
export const FINANCE_PARTNER_ROLES: readonly Role[] = [Role.ObjectAdministrator, Role.AccountManager];

/**
 * Who may assign which role (spec 01 §6 "Who may assign which role in the user dialog").
 * The specification leaves BillingManager, ObjectAnalyst, InternalTester and ImportAdmin open: the
 * platform's account administrator assigns the operator roles, and ObjectAnalyst goes with the other
 * object roles.
 */
export const mayAssignRole = (actor: AssigningActor, role: Role): boolean => {
  const is = (r: Role) => actor.roles.includes(r);
  switch (role) {
    case Role.AccountAdministrator:
    case Role.Evaluator:
    case Role.ScoringModelManager:
      return is(Role.ScoringModelManager);
    case Role.ObjectAdministrator:
    case Role.ObjectDataCollector:
    case Role.ObjectAnalyst:
      return (is(Role.AccountAdministrator) || is(Role.AccountManager)) && !actor.orgFinance;
    case Role.AccountManager:
      return is(Role.AccountAdministrator);
    case Role.ExternalAccreditedTester:
      return is(Role.AccountAdministrator) || is(Role.ScoringModelManager);
    case Role.ProspectiveBuyer:
      return (is(Role.AccountManager) && actor.orgFinance) || is(Role.ProspectiveBuyer);
    case Role.BillingManager:
    case Role.InternalTester:
    case Role.ImportAdmin:
      return is(Role.AccountAdministrator);
  }
};

export interface RoleOption {
  role: Role;
  disabled: boolean;
}

/** Choosing a finance-partner organisation forces its two roles and locks the selector. */
export const forcedRoles = (org: TargetOrganisation | null): readonly Role[] | null =>
  org?.isFinancePartner ? FINANCE_PARTNER_ROLES : null;

/**
 * The role selector of the user dialog: the roles the actor may assign, each disabled where the chosen
 * organisation does not allow it (test accounts keep only the object roles; finance partners are fixed).
 */
export const roleOptions = (actor: AssigningActor, org: TargetOrganisation | null): RoleOption[] => {
  const forced = forcedRoles(org);
  return ALL_ROLES.filter((role) => mayAssignRole(actor, role) || (forced?.includes(role) ?? false)).map((role) => ({
    role,
    disabled: forced !== null || (org?.isTestAccount === true && !OBJECT_ROLES.includes(role)),
  }));
};

export type RoleAssignmentProblem =
  | { kind: 'noRole' }
  | { kind: 'notAssignable'; role: Role }
  | { kind: 'notAllowedInTestAccount'; role: Role }
  | { kind: 'financePartnerRolesRequired' };

/**
 * Checks the roles a user is given. Roles the user already held may stay even when the actor could not
 * assign them (an account manager edits the phone number of an administrator); every role that is added
 * or removed must be one the actor may assign.
 */
export const roleAssignmentProblem = (
  actor: AssigningActor,
  org: TargetOrganisation,
  requested: readonly Role[],
  previous: readonly Role[] = [],
): RoleAssignmentProblem | null => {
  const wanted = [...new Set(requested)];
  if (wanted.length === 0) return { kind: 'noRole' };
  const forced = forcedRoles(org);
  if (forced) {
    const same = wanted.length === forced.length && forced.every((r) => wanted.includes(r));
    return same ? null : { kind: 'financePartnerRolesRequired' };
  }
  const changed = [...wanted.filter((r) => !previous.includes(r)), ...previous.filter((r) => !wanted.includes(r))];
  const refused = changed.find((role) => !mayAssignRole(actor, role));
  if (refused !== undefined) return { kind: 'notAssignable', role: refused };
  if (org.isTestAccount) {
    const outside = wanted.find((role) => !OBJECT_ROLES.includes(role));
    if (outside !== undefined) return { kind: 'notAllowedInTestAccount', role: outside };
  }
  return null;
};

/** The acting user when the rules ask who they are and where they belong. */
export interface ManagingActor extends AssigningActor {
  userId: number;
  orgId: number;
}

/** The user acted on: who, in which organisation, holding which roles. */
export interface ManagedUser {
  id: number;
  organisationId: number;
  roles: readonly Role[];
}

/**
 * Nobody acts on someone with more rights (issue 9, spec 01 §6): an actor may edit, activate,
 * deactivate, lock, unlock or archive another user only when the actor could assign every role that
 * user holds. In a finance partner's own organisation its account manager covers the two roles the
 * organisation forces. Acting on oneself is the edit dialog only (own roles stay; see userEditProblem).
 */
export const mayManageUser = (actor: ManagingActor, target: ManagedUser): boolean => {
  if (target.id === actor.userId) return true;
  const financeColleague = actor.orgFinance && actor.roles.includes(Role.AccountManager) && target.organisationId === actor.orgId;
  return target.roles.every((role) => mayAssignRole(actor, role) || (financeColleague && FINANCE_PARTNER_ROLES.includes(role)));
};

export type UserEditProblem = RoleAssignmentProblem | { kind: 'ownRoles' } | { kind: 'notManageable' };

const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === new Set(b).size && new Set(a).size === a.length && a.every((r) => b.includes(r));

/**
 * Checks an edit of an existing user: nobody changes their own roles, nobody edits a user with more
 * rights (mayManageUser), and the role change itself must be one the actor may make (roleAssignmentProblem).
 */
export const userEditProblem = (actor: ManagingActor, target: ManagedUser, org: TargetOrganisation, requested: readonly Role[]): UserEditProblem | null => {
  if (target.id === actor.userId) return sameRoles([...new Set(requested)], target.roles) ? null : { kind: 'ownRoles' };
  if (!mayManageUser(actor, target)) return { kind: 'notManageable' };
  return roleAssignmentProblem(actor, org, requested, target.roles);
};

/** The message of each refusal, under the role field (notManageable refuses the whole edit). */
export const USER_EDIT_PROBLEM_KEYS: Record<UserEditProblem['kind'], MessageKey> = {
  noRole: 'validation-roles',
  notAssignable: 'user-role-not-assignable',
  notAllowedInTestAccount: 'user-role-test-account',
  financePartnerRolesRequired: 'user-role-finance-partner',
  ownRoles: 'user-role-own',
  notManageable: 'user-not-manageable',
};

/** The external flag matters only together with ObjectDataCollector (spec 01 §6). */
export const externalMatters = (roles: readonly Role[]): boolean => roles.includes(Role.ObjectDataCollector);

/**
 * Access selection (object groups first, then objects; empty means all) appears only for an account
 * manager editing a user who holds ObjectDataCollector or ObjectAdministrator.
 */
export const mayChooseAccess = (actor: AssigningActor, targetRoles: readonly Role[]): boolean =>
  actor.roles.includes(Role.AccountManager) && hasAnyRole(targetRoles, [Role.ObjectDataCollector, Role.ObjectAdministrator]);

/** Objects can be chosen only once at least one group is chosen. */
export const mayChooseAssets = (chosenGroups: readonly number[]): boolean => chosenGroups.length > 0;

export interface AccessList {
  assetGroups: number[];
  assets: number[];
}

/**
 * The access list a saved user gets (spec 01 §6): the one sent where the actor may choose it (objects need a
 * group), else none for a new user and the stored one, unchanged, for an edited user.
 */
export const accessListOnSave = (
  actor: AssigningActor,
  roles: readonly Role[],
  requested: AccessList,
  stored: AccessList | null,
): AccessList | 'objectsNeedGroup' => {
  if (!mayChooseAccess(actor, roles)) return stored ?? { assetGroups: [], assets: [] };
  if (requested.assets.length > 0 && !mayChooseAssets(requested.assetGroups)) return 'objectsNeedGroup';
  return { assetGroups: requested.assetGroups, assets: requested.assets };
};

/** A change of a user's roles ends that user's sessions (DOMAIN.md §2); the same roles in another order do not. */
export const roleChangeEndsSessions = (stored: readonly Role[], requested: readonly Role[]): boolean => !sameRoles([...new Set(requested)], stored);

/**
 * Organisation choice in the user dialog: only when creating, and only for an account administrator or an
 * account manager of a finance partner; otherwise the actor's own organisation is preset.
 */
export const mayChooseOrganisation = (actor: AssigningActor, creating: boolean): boolean =>
  creating && (actor.roles.includes(Role.AccountAdministrator) || (actor.roles.includes(Role.AccountManager) && actor.orgFinance));
