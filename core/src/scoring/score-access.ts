import { Role } from '../identity/roles.ts';

/**
 * Who sees an object's or a group's score (spec 02 §6 "See score: account administrator, object administrator,
 * object data collector"), and the testers and evaluators whose job lists show it (spec 02 §2). Seeing the
 * object itself is asked separately (asset-access.ts); finance partners see the finance score through the export
 * area (issue 17).
 */
export const SCORE_ROLES: readonly Role[] = [
  Role.AccountAdministrator,
  Role.ObjectAdministrator,
  Role.ObjectDataCollector,
  Role.InternalTester,
  Role.ExternalAccreditedTester,
  Role.Evaluator,
];

export const mayViewScore = (actor: { roles: readonly Role[] }): boolean => actor.roles.some((r) => SCORE_ROLES.includes(r));

/** A score is verified once its questionnaire was evaluated and accepted (Closed, and while it lasts Expired); before that it is the unverified real-time score (spec 02 §1). */
export const isVerifiedScore = (state: string | null): boolean => state === 'Closed' || state === 'Expired';
