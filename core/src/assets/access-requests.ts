import { Role } from '../identity/roles.ts';

/** A buyer asks an owner for an object's data (spec 02 §4 "Access request"). */
export const mayRequestAccess = (actor: { roles: readonly Role[]; orgBuyer: boolean }): boolean =>
  actor.orgBuyer && actor.roles.includes(Role.ProspectiveBuyer);

export type AccessRequestProblem = 'notFound' | 'buyerOrganisation' | 'alreadyGranted' | 'alreadyRequested' | 'ownObject' | 'tooMany';

/** Requests that mail an owner, per buyer organisation and hour: nobody mail-bombs owners (issue 9). */
export const ACCESS_REQUESTS_PER_HOUR = 20;
export const ACCESS_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** What the buyer organisation already did: an open request for this object, a grant, its requests of the last hour. */
export interface BuyerHistory {
  alreadyGranted: boolean;
  openRequest: boolean;
  requestsInWindow: number;
}

/**
 * Refusals of a request (spec 02 §5, §8): the object must exist, must not belong to a buyer organisation,
 * must not be the buyer's own, and access must not have been granted or be asked for already (the
 * owner is mailed once per open request); at most ACCESS_REQUESTS_PER_HOUR requests an hour.
 */
export const accessRequestProblem = (
  asset: { organisationId: number; organisationIsBuyer: boolean; isBuyerAsset: boolean } | null,
  buyerOrganisationId: number,
  history: BuyerHistory,
): AccessRequestProblem | null => {
  if (history.requestsInWindow >= ACCESS_REQUESTS_PER_HOUR) return 'tooMany';
  if (asset === null) return 'notFound';
  if (asset.organisationId === buyerOrganisationId) return 'ownObject';
  if (asset.organisationIsBuyer || asset.isBuyerAsset) return 'buyerOrganisation';
  if (history.alreadyGranted) return 'alreadyGranted';
  if (history.openRequest) return 'alreadyRequested';
  return null;
};

/** A request is open while undecided and its link has not expired. */
export const isOpenRequest = (request: { decidedAt: number | null; expiresAt: number }, now: number): boolean =>
  request.decidedAt === null && request.expiresAt > now;

export const ACCESS_REQUEST_PROBLEM_KEYS = {
  notFound: 'asset-access-request-not-found',
  buyerOrganisation: 'asset-access-request-buyer-organisation',
  // The specification has one warning for both: already requested or granted.
  alreadyGranted: 'asset-access-request-already-granted',
  alreadyRequested: 'asset-access-request-already-granted',
  ownObject: 'asset-access-request-own-object',
  tooMany: 'asset-access-request-too-many',
} as const;

/**
 * What a buyer sees of its own requests (issue 9): before the owner approved, only the object ID it
 * typed and the state; the object's name and its owner only once access is granted, so that walking
 * ids reveals nothing of the catalogue.
 */
export const buyerViewOfRequest = <R extends { decision: boolean | null; assetName: string; ownerOrganisationName: string }>(
  request: R,
): Omit<R, 'assetName' | 'ownerOrganisationName'> & { assetName: string | null; ownerOrganisationName: string | null } =>
  request.decision === true ? request : { ...request, assetName: null, ownerOrganisationName: null };

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
