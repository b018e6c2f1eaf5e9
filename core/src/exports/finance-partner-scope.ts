import type { Role } from '../identity/roles.ts';

/**
 * What a finance partner may export (spec 01 §6, spec 02 §2 "/export", DOMAIN.md §1): finance-partner
 * organisations see only the export area, and there only the objects of their buyers: the buyer assets of the
 * buyer organisations whose finance partner they are, and the objects whose owners granted access to one of
 * those buyers or to the finance partner itself. Nobody else exports objects here.
 */
export interface ExportActor {
  roles: readonly Role[];
  orgId: number;
  orgFinance: boolean;
}

/** The finance partner whose view an export takes. */
export interface FinancePartnerScope {
  financePartnerId: number;
}

/** Finance-partner users only (spec 02 §2 "/export: finance-partner users only"); null: the export area is closed. */
export const financePartnerScope = (actor: ExportActor): FinancePartnerScope | null =>
  actor.orgFinance ? { financePartnerId: actor.orgId } : null;

export const mayUseExportArea = (actor: ExportActor): boolean => financePartnerScope(actor) !== null;

/** An organisation as the scope sees it: is it a buyer, and whose. */
export interface ExportOrganisationFacts {
  id: number;
  isBuyer: boolean;
  financePartnerId: number | null;
}

/** The facts of one object that decide whether a finance partner exports it. */
export interface ExportAssetFacts {
  owner: ExportOrganisationFacts;
  isBuyerAsset: boolean;
  /** Organisations whose access the owner approved (asset_access_grants). */
  grantedTo: readonly ExportOrganisationFacts[];
}

/** Is this organisation a buyer tied to the finance partner? */
export const isBuyerOf = (scope: FinancePartnerScope, organisation: ExportOrganisationFacts): boolean =>
  organisation.isBuyer && organisation.financePartnerId === scope.financePartnerId;

/** How the finance partner reaches an object: as its buyer's own asset, or by a grant (null: not at all). */
export type ExportReach = 'buyerAsset' | 'granted';

export const exportReach = (scope: FinancePartnerScope, asset: ExportAssetFacts): ExportReach | null => {
  if (asset.isBuyerAsset && isBuyerOf(scope, asset.owner)) return 'buyerAsset';
  if (asset.grantedTo.some((o) => o.id === scope.financePartnerId || isBuyerOf(scope, o))) return 'granted';
  return null;
};

export const mayExportAsset = (scope: FinancePartnerScope | null, asset: ExportAssetFacts): boolean =>
  scope !== null && exportReach(scope, asset) !== null;

/**
 * A group is exportable when it holds an object in the scope; its export holds only those objects (a group of
 * another owner with one granted object shows that object alone, never its neighbours).
 */
export const mayExportGroup = (scope: FinancePartnerScope | null, assets: readonly ExportAssetFacts[]): boolean =>
  scope !== null && assets.some((a) => mayExportAsset(scope, a));

/**
 * A chosen subset of a group's objects (`Assets` repeated) must name only objects of the group that are in the
 * scope; an empty or missing choice means all of them. Answers the ids to export, or the ids that do not belong.
 */
export const chosenAssets = (
  exportable: readonly number[],
  chosen: readonly number[] | undefined,
): { ok: true; ids: number[] } | { ok: false; foreign: number[] } => {
  if (chosen === undefined || chosen.length === 0) return { ok: true, ids: [...exportable] };
  const allowed = new Set(exportable);
  const foreign = chosen.filter((id) => !allowed.has(id));
  if (foreign.length > 0) return { ok: false, foreign: [...new Set(foreign)] };
  return { ok: true, ids: [...new Set(chosen)].sort((a, b) => a - b) };
};
