import { Role } from '../identity/roles.ts';

/**
 * Who assigns testers to objects and groups, and so may read the tester list (issue 9): the roles of
 * job management that hand out work — the account administrator, evaluators and internal testers
 * (spec 02 §2 "/job-management"; the list offers external accredited testers, spec 02 §6). Buyers,
 * object roles and the external testers themselves may not list testers' names.
 */
export const TESTER_ASSIGNERS: readonly Role[] = [Role.AccountAdministrator, Role.Evaluator, Role.InternalTester];

export const mayAssignTesters = (actor: { roles: readonly Role[] }): boolean => actor.roles.some((r) => TESTER_ASSIGNERS.includes(r));
