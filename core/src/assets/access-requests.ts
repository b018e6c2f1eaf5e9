import { Role } from '../identity/roles.ts';

/** A buyer asks an owner for an object's data (spec 02 §4 "Access request"). */
export const mayRequestAccess = (actor: { roles: readonly Role[]; orgBuyer: boolean }): boolean =>
  actor.orgBuyer && actor.roles.includes(Role.ProspectiveBuyer);

export type AccessRequestProblem = 'notFound' | 'buyerOrganisation' | 'alreadyGranted' | 'ownObject';

/**
 * Refusals of a request (spec 02 §5, §8): the object must exist, must not belong to a buyer organisation,
 * must not be the buyer's own, and access must not have been granted already.
 */
export const accessRequestProblem = (
  asset: { organisationId: number; organisationIsBuyer: boolean; isBuyerAsset: boolean } | null,
  buyerOrganisationId: number,
  alreadyGranted: boolean,
): AccessRequestProblem | null => {
  if (asset === null) return 'notFound';
  if (asset.organisationId === buyerOrganisationId) return 'ownObject';
  if (asset.organisationIsBuyer || asset.isBuyerAsset) return 'buyerOrganisation';
  if (alreadyGranted) return 'alreadyGranted';
  return null;
};

export const ACCESS_REQUEST_PROBLEM_KEYS = {
  notFound: 'asset-access-request-not-found',
  buyerOrganisation: 'asset-access-request-buyer-organisation',
  alreadyGranted: 'asset-access-request-already-granted',
  ownObject: 'asset-access-request-own-object',
} as const;

/** The decision parameter of the link must be true or false. */
export const parseDecision = (value: unknown): boolean | null => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : null);

export type DecisionOutcome =
  /** HTTP 404: no request with that id. */
  | 'invalidId'
  /** HTTP 401: the token does not belong to the request, or it has expired. */
  | 'invalidToken'
  /** HTTP 304: the owner has already decided; the first decision stands. */
  | 'alreadyDecided'
  | 'decided';

/** Decides what a click on the approve or decline link does; a request is decided once. */
export const decisionOutcome = (
  request: { tokenHash: string; expiresAt: number; decidedAt: number | null } | null,
  presentedTokenHash: string,
  now: number,
): DecisionOutcome => {
  if (request === null) return 'invalidId';
  if (request.tokenHash !== presentedTokenHash) return 'invalidToken';
  if (request.decidedAt !== null) return 'alreadyDecided';
  if (request.expiresAt <= now) return 'invalidToken';
  return 'decided';
};
