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

/**
 * Why someone does not see scores, or `null` where they do (mayViewScore). Spec 02 §1: members see the real-time
 * score and non-members are asked to become members; a buyer organisation (`isBuyer`) is a bank's customer, not a
 * member of the portal, and so is asked. Every other organisation is a member: where its user's role is not among the
 * score roles of spec 02 §6 (the object analyst, the account manager, …), the reason is the role, never the
 * membership, and no menu entry leads to results (`offersResults`).
 */
export type ScoreWithheld = 'scoring-become-member' | 'scoring-not-for-role';

export const scoreWithheld = (actor: { roles: readonly Role[]; orgBuyer?: boolean }): ScoreWithheld | null => {
  if (mayViewScore(actor)) return null;
  return actor.orgBuyer === true ? 'scoring-become-member' : 'scoring-not-for-role';
};

/** Whether an object's or group's results are offered (the Results tab, the score columns' place): where a score is seen, or where becoming a member would show it. */
export const offersResults = (actor: { roles: readonly Role[]; orgBuyer?: boolean }): boolean => scoreWithheld(actor) !== 'scoring-not-for-role';
