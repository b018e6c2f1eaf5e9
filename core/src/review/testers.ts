import { Role } from '../identity/roles.ts';

/**
 * Who assigns testers to objects and groups, and so may read the tester list (issue 9): the roles of
 * job management that hand out work — the account administrator, evaluators and internal testers
 * (spec 02 §2 "/job-management"; the list offers external accredited testers, spec 02 §6). Buyers,
 * object roles and the external testers themselves may not list testers' names.
 */
export const TESTER_ASSIGNERS: readonly Role[] = [Role.AccountAdministrator, Role.Evaluator, Role.InternalTester];

/**
 * Who is offered as a tester (spec 02 §6): users holding ExternalAccreditedTester and not InternalTester,
 * active and not locked. The repository filters by these roles in the database.
 */
export const TESTER_ROLE = { required: Role.ExternalAccreditedTester, excluded: Role.InternalTester } as const;

export const isAssignableTester = (user: { roles: readonly Role[]; active: boolean; locked: boolean }): boolean =>
  user.active && !user.locked && user.roles.includes(TESTER_ROLE.required) && !user.roles.includes(TESTER_ROLE.excluded);

export const mayAssignTesters = (actor: { roles: readonly Role[] }): boolean => actor.roles.some((r) => TESTER_ASSIGNERS.includes(r));
