import { grantCovers, type AssetFacts } from '../assets/asset-access.ts';
import { Role } from '../identity/roles.ts';

/**
 * Who assigns testers to objects and groups, and so may read the tester list (issue 9): the roles of
 * job management that hand out work — the account administrator and internal testers (spec 02 §2
 * "/job-management"; the list offers external accredited testers, spec 02 §6). Evaluators do not: spec 02 §2
 * gives the evaluator's row decline, accept and download label, and what reaches an evaluator was reviewed
 * already. Buyers, object roles and the external testers themselves may not list testers' names.
 */
export const TESTER_ASSIGNERS: readonly Role[] = [Role.AccountAdministrator, Role.InternalTester];

/**
 * Who is offered as a tester (spec 02 §6): users holding ExternalAccreditedTester and not InternalTester,
 * active and not locked. The repository filters by these roles in the database.
 */
export const TESTER_ROLE = { required: Role.ExternalAccreditedTester, excluded: Role.InternalTester } as const;

export const isAssignableTester = (user: { roles: readonly Role[]; active: boolean; locked: boolean }): boolean =>
  user.active && !user.locked && user.roles.includes(TESTER_ROLE.required) && !user.roles.includes(TESTER_ROLE.excluded);

export const mayAssignTesters = (actor: { roles: readonly Role[] }): boolean => actor.roles.some((r) => TESTER_ASSIGNERS.includes(r));

/** The roles that review objects when assigned (spec 02 §6 "Review and evaluation"; asset-access.ts shows them their jobs). */
export const REVIEWER_ROLES: readonly Role[] = [Role.InternalTester, Role.ExternalAccreditedTester];

/**
 * Whether the actor is the object's assigned tester (DOMAIN.md §3 "assigned tester"): a tester role, and the
 * `assignedTester` grant of asset-access.ts covers the object. Asked without the account administrator's
 * view of everything, which shows objects but assigns nobody.
 */
export const isAssignedTester = (actor: { userId: number; roles: readonly Role[] }, asset: AssetFacts): boolean =>
  actor.roles.some((r) => REVIEWER_ROLES.includes(r)) && grantCovers({ kind: 'assignedTester', userId: actor.userId }, asset);

/** Whether the actor is the group's assigned tester (the group variant of `isAssignedTester`). */
export const isAssignedGroupTester = (actor: { userId: number; roles: readonly Role[] }, group: { testerUserId: number | null }): boolean =>
  actor.roles.some((r) => REVIEWER_ROLES.includes(r)) && group.testerUserId === actor.userId;

/** Evaluators decide the last step of objects and groups (spec 02 §6); they work across organisations (DOMAIN.md §1). */
export const isEvaluator = (actor: { roles: readonly Role[] }): boolean => actor.roles.includes(Role.Evaluator);
