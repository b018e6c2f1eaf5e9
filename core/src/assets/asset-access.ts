import { Role } from '../identity/roles.ts';

/** The actor as object visibility sees them (DOMAIN.md §1), with the access list of their account. */
export interface AssetActor {
  userId: number;
  roles: readonly Role[];
  orgId: number;
  orgBuyer: boolean;
  orgFinance: boolean;
  accessGroups: readonly number[];
  accessAssets: readonly number[];
}

/**
 * One way of seeing objects; a user sees the union of their grants (none: nothing).
 * - all: the account administrator, the platform's operator;
 * - organisation: the objects of the own organisation (restricted to the access list where it is not empty;
 *   buyer organisations see their buyer assets);
 * - granted: objects whose owners approved the buyer organisation's access request (read only);
 * - assignedTester: objects a tester has been assigned to;
 * - inEvaluation: objects whose filled questionnaire is in Evaluation, for evaluators (DOMAIN.md §1);
 * - internalCheck: the own organisation's objects from submission until closed, for its internal testers, the
 *   owner's own check before the accredited one (DOMAIN.md §1; core/src/review/internal-check.ts).
 * - closedBy: objects with a filled questionnaire the user closed (accepted), the evaluator's "closed by me" view
 *   (DOMAIN.md §1: "afterwards, read only, what they closed, with its label"; `closedByMeGrants`).
 */
export type AssetGrant =
  | { kind: 'all' }
  | { kind: 'organisation'; orgId: number; buyerAssets: boolean | null; groupIds: readonly number[] | null; assetIds: readonly number[] | null }
  | { kind: 'granted'; orgId: number }
  | { kind: 'assignedTester'; userId: number }
  | { kind: 'inEvaluation' }
  | { kind: 'internalCheck'; orgId: number }
  | { kind: 'closedBy'; userId: number };

/**
 * The states of a filled questionnaire in which the owner's internal tester checks it (DOMAIN.md §1 "from
 * submission (Review) until closed"): Review and what follows it before the label, a decline included (the owner
 * mends and resubmits). Closed leaves the list, as do DefinitelyDeclined and Expired, which nothing follows.
 */
export const INTERNAL_CHECK_STATES = ['Review', 'Verification', 'Evaluation', 'Declined'] as const;
/** The group states of the same span: submitted, and its sample's review passed or failed, until the evaluator decides. */
export const INTERNAL_CHECK_GROUP_STATES = ['Review', 'ReviewPassed', 'ReviewFailed'] as const;

/** Whether the state lies in the internal tester's span (INTERNAL_CHECK_STATES). */
export const inInternalCheck = (state: string | null | undefined): boolean => (INTERNAL_CHECK_STATES as readonly (string | null | undefined)[]).includes(state);

const ORGANISATION_ROLES: readonly Role[] = [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.ObjectAnalyst, Role.AccountManager, Role.ProspectiveBuyer];
const TESTER_ROLES: readonly Role[] = [Role.InternalTester, Role.ExternalAccreditedTester];
/** Edit groups and objects: object administrator, account administrator, prospective buyer (spec 02 §6). */
const EDIT_ROLES: readonly Role[] = [Role.ObjectAdministrator, Role.AccountAdministrator, Role.ProspectiveBuyer];

export const assetGrants = (actor: AssetActor): AssetGrant[] => {
  if (actor.roles.includes(Role.AccountAdministrator)) return [{ kind: 'all' }];
  const grants: AssetGrant[] = [];
  // Finance-partner organisations see only export (spec 01 §6); their view of buyers' objects is the export's.
  if (!actor.orgFinance && actor.roles.some((r) => ORGANISATION_ROLES.includes(r))) {
    grants.push({
      kind: 'organisation',
      orgId: actor.orgId,
      buyerAssets: actor.orgBuyer ? true : null,
      groupIds: actor.accessGroups.length > 0 ? actor.accessGroups : null,
      assetIds: actor.accessAssets.length > 0 ? actor.accessAssets : null,
    });
  }
  if (actor.orgBuyer) grants.push({ kind: 'granted', orgId: actor.orgId });
  if (actor.roles.some((r) => TESTER_ROLES.includes(r))) grants.push({ kind: 'assignedTester', userId: actor.userId });
  if (actor.roles.includes(Role.Evaluator)) grants.push({ kind: 'inEvaluation' });
  // The owner's internal tester is never assigned (the tester list leaves it out): it sees its organisation's work.
  if (!actor.orgFinance && actor.roles.includes(Role.InternalTester)) grants.push({ kind: 'internalCheck', orgId: actor.orgId });
  return grants;
};

/** The facts of one object that decide whether a grant covers it. */
export interface AssetFacts {
  id: number;
  organisationId: number;
  assetGroupId: number;
  isBuyerAsset: boolean;
  testerUserId: number | null;
  /** Buyer organisations whose access request the owner approved. */
  grantedOrganisationIds: readonly number[];
  /** The state of the latest filled questionnaire (null: none); evaluators see objects in Evaluation. */
  status?: string | null;
  /** The users who closed (accepted) a filled questionnaire of the object, where known. */
  closedByUserIds?: readonly number[];
}

export const grantCovers = (grant: AssetGrant, asset: AssetFacts): boolean => {
  switch (grant.kind) {
    case 'all':
      return true;
    case 'organisation':
      return (
        asset.organisationId === grant.orgId &&
        (grant.buyerAssets === null || asset.isBuyerAsset === grant.buyerAssets) &&
        (grant.groupIds === null || grant.groupIds.includes(asset.assetGroupId)) &&
        (grant.assetIds === null || grant.assetIds.includes(asset.id))
      );
    case 'granted':
      return asset.grantedOrganisationIds.includes(grant.orgId);
    case 'assignedTester':
      return asset.testerUserId === grant.userId;
    case 'inEvaluation':
      return asset.status === 'Evaluation';
    case 'internalCheck':
      return asset.organisationId === grant.orgId && inInternalCheck(asset.status);
    case 'closedBy':
      return (asset.closedByUserIds ?? []).includes(grant.userId);
  }
};

/**
 * The evaluator's "closed by me" list (DOMAIN.md §1): the objects whose questionnaire this evaluator closed, read
 * only, each with its label. `null` for everyone else: the view is the evaluator's.
 */
export const closedByMeGrants = (actor: Pick<AssetActor, 'userId' | 'roles'>): AssetGrant[] | null =>
  actor.roles.includes(Role.Evaluator) ? [{ kind: 'closedBy', userId: actor.userId }] : null;

/**
 * DOMAIN.md §1: an evaluator reads, afterwards and read only, what it closed: the filled questionnaire whose change
 * to Closed it made (`closers`, the users of those changes), with its audit log and plausibility flags.
 */
export const readsAsItsCloser = (actor: Pick<AssetActor, 'userId' | 'roles'>, closers: readonly number[]): boolean =>
  closedByMeGrants(actor) !== null && closers.includes(actor.userId);

export const mayViewAsset = (actor: AssetActor, asset: AssetFacts): boolean => assetGrants(actor).some((g) => grantCovers(g, asset));

/** May the actor create or edit objects and groups at all (spec 02 §6)? */
export const mayEditAssets = (actor: Pick<AssetActor, 'roles' | 'orgFinance'>): boolean =>
  !actor.orgFinance && actor.roles.some((r) => EDIT_ROLES.includes(r));

/**
 * May the actor change this object: an editing role, and the object is the actor's through the
 * organisation grant (objects seen by approval or assignment are read only). Buyers edit only buyer assets.
 */
export const mayEditAsset = (actor: AssetActor, asset: AssetFacts): boolean =>
  mayEditAssets(actor) &&
  assetGrants(actor).some((g) => (g.kind === 'all' || g.kind === 'organisation') && grantCovers(g, asset)) &&
  (!actor.orgBuyer || asset.isBuyerAsset);

/** Objects created by users of a buyer organisation are buyer assets; others are not. */
export const createsBuyerAssets = (actor: Pick<AssetActor, 'orgBuyer'>): boolean => actor.orgBuyer;

/**
 * May the actor change or delete this group (spec 02 §6): an editing role, and the group is of the actor's
 * organisation, or the actor is the account administrator, who works across organisations.
 */
export const mayEditGroup = (actor: AssetActor, group: { organisationId: number }): boolean =>
  mayEditAssets(actor) && (mayChooseGroupOrganisation(actor) || group.organisationId === actor.orgId);

/**
 * Only an empty group is deleted: objects are never deleted as a side effect of deleting their group, so
 * that no answer is lost (issue 12, spec 02 §8 keeps its own message for it).
 */
export const mayDeleteGroup = (objectCount: number): boolean => objectCount === 0;

/** Only account administrators choose the organisation of a group; others get their own (spec 02 §5). */
export const mayChooseGroupOrganisation = (actor: Pick<AssetActor, 'roles'>): boolean => actor.roles.includes(Role.AccountAdministrator);

/**
 * Which groups the actor sees: all (administrator), or the own organisation's, restricted by the access list; testers
 * and evaluators without such a view see their jobs: the groups assigned to them, for evaluators the groups whose
 * review has ended (ReviewPassed, ReviewFailed; DOMAIN.md §1), and for internal testers the own organisation's groups
 * from submission until the evaluator decides (INTERNAL_CHECK_GROUP_STATES).
 */
export type GroupScope =
  | { kind: 'all' }
  | { kind: 'organisation'; orgId: number; groupIds: readonly number[] | null }
  | { kind: 'jobs'; testerUserId: number | null; evaluator: boolean; internalCheckOrgId: number | null }
  | { kind: 'none' };

/** The group states an evaluator works on (DOMAIN.md §1). */
export const EVALUATOR_GROUP_STATES = ['ReviewPassed', 'ReviewFailed'] as const;

export const groupScope = (actor: AssetActor): GroupScope => {
  const grants = assetGrants(actor);
  if (grants.some((g) => g.kind === 'all')) return { kind: 'all' };
  const own = grants.find((g): g is Extract<AssetGrant, { kind: 'organisation' }> => g.kind === 'organisation');
  if (own) return { kind: 'organisation', orgId: own.orgId, groupIds: own.groupIds };
  const tester = grants.some((g) => g.kind === 'assignedTester');
  const evaluator = grants.some((g) => g.kind === 'inEvaluation');
  const internal = grants.find((g): g is Extract<AssetGrant, { kind: 'internalCheck' }> => g.kind === 'internalCheck');
  return tester || evaluator || internal
    ? { kind: 'jobs', testerUserId: tester ? actor.userId : null, evaluator, internalCheckOrgId: internal ? internal.orgId : null }
    : { kind: 'none' };
};
