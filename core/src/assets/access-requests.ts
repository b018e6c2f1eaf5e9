import { Role } from '../identity/roles.ts';
import { grantCovers, type AssetActor, type AssetFacts, type AssetGrant } from './asset-access.ts';

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

/**
 * Where a request stands: decided once an owner decided (the first decision stands, however late); otherwise expired
 * from the moment its link expires (DOMAIN.md §2: 14 days); otherwise open.
 */
export type RequestState = 'open' | 'decided' | 'expired';
export const requestState = (request: { decidedAt: number | null; expiresAt: number }, now: number): RequestState =>
  request.decidedAt !== null ? 'decided' : request.expiresAt <= now ? 'expired' : 'open';

/** A request is open while undecided and its link has not expired. */
export const isOpenRequest = (request: { decidedAt: number | null; expiresAt: number }, now: number): boolean => requestState(request, now) === 'open';

/** Whether the actor's role lets it decide any request at all (the screen, its list and the tab; others are refused 403). */
export const mayDecideAccessRequests = (actor: Pick<AssetActor, 'roles' | 'orgBuyer' | 'orgFinance'>): boolean =>
  actor.roles.includes(Role.AccountAdministrator) || (actor.roles.includes(Role.ObjectAdministrator) && !actor.orgBuyer && !actor.orgFinance);

/**
 * Who decides a request inside the portal, as the objects they decide for: the owner organisation's
 * ObjectAdministrators, within their access list where they have one (DOMAIN.md §1), and the AccountAdministrator,
 * the platform's operator, for any organisation. Buyer organisations cannot be asked for access (spec 02 §6) and
 * finance-partner organisations see only export (spec 01 §6): neither decides. Nobody else does.
 */
export const accessDecisionGrants = (actor: AssetActor): AssetGrant[] => {
  if (actor.roles.includes(Role.AccountAdministrator)) return [{ kind: 'all' }];
  if (!mayDecideAccessRequests(actor)) return [];
  return [
    {
      kind: 'organisation',
      orgId: actor.orgId,
      buyerAssets: false,
      groupIds: actor.accessGroups.length > 0 ? actor.accessGroups : null,
      assetIds: actor.accessAssets.length > 0 ? actor.accessAssets : null,
    },
  ];
};


/** Whether the actor decides the requests for this object (a request it may not decide is unknown to it: 404). */
export const mayDecideAccessRequest = (actor: AssetActor, asset: AssetFacts): boolean => accessDecisionGrants(actor).some((g) => grantCovers(g, asset));

export type PortalDecisionOutcome =
  /** HTTP 404: no such request, or one for an object the caller does not decide (DOMAIN.md §1). */
  | 'notFound'
  /** HTTP 409: decided already, in the portal or through the mailed link; the first decision stands. */
  | 'alreadyDecided'
  /** HTTP 410: undecided until its link expired; the buyer asks again. */
  | 'expired'
  | 'decided';

/** What a decision inside the portal does: the same states as the mailed link's, with the caller's right in place of the token. */
export const portalDecisionOutcome = (request: { decidedAt: number | null; expiresAt: number } | null, mayDecide: boolean, now: number): PortalDecisionOutcome => {
  if (request === null || !mayDecide) return 'notFound';
  const state = requestState(request, now);
  return state === 'decided' ? 'alreadyDecided' : state === 'expired' ? 'expired' : 'decided';
};

export const PORTAL_DECISION_KEYS = {
  notFound: 'asset-access-decision-not-found',
  alreadyDecided: 'asset-access-decision-already-decided',
  expired: 'asset-access-decision-expired',
} as const;

/**
 * The owner's list of received requests: open ones first, then the others (decided or expired), each group the
 * newest first (then by id, so that equal times keep one order).
 */
export const compareReceivedRequests = (
  a: { id: number; requestedAt: number; decidedAt: number | null; expiresAt: number },
  b: { id: number; requestedAt: number; decidedAt: number | null; expiresAt: number },
  now: number,
): number => Number(!isOpenRequest(a, now)) - Number(!isOpenRequest(b, now)) || b.requestedAt - a.requestedAt || b.id - a.id;

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
  const state = requestState(request, now);
  return state === 'decided' ? 'alreadyDecided' : state === 'expired' ? 'invalidToken' : 'decided';
};
