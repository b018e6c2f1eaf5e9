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

/** The states whose score is verified: evaluated and accepted (Closed), and after its validity ends (Expired). */
export const VERIFIED_SCORE_STATES: readonly string[] = ['Closed', 'Expired'];

/**
 * A score is verified once its questionnaire was evaluated and accepted (Closed, and while it lasts Expired); before
 * that it is the unverified real-time score (spec 02 §1). A verified score is kept as it was verified: imports of
 * reference data score only the others again (docs/scoring.md "Stored scores for the lists").
 */
export const isVerifiedScore = (state: string | null): boolean => state !== null && VERIFIED_SCORE_STATES.includes(state);
