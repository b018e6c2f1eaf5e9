import { assetTypeById } from './asset-classes.ts';

/** One row of the object's asset classes (spec 02 §3 assetAssetTypes). */
export interface AssetClassShare {
  assetTypeId: number;
  percentage: number;
}

export const SHARE_MIN = 1;
export const SHARE_MAX = 100;
export const SHARE_TOTAL = 100;
/** Spec 02 §5: a usage above 85 % may be entered as the sole main usage at 100 %. */
export const MAIN_USAGE_THRESHOLD = 85;

export type ShareProblem =
  /** A row without a class, an unknown class, or a class not open to the user. */
  | { kind: 'classMissing'; row: number }
  /** A share outside 1–100 or not a whole number (the form rounds on focus out). */
  | { kind: 'percentageRange'; row: number }
  /** The same class twice: 'Jede Objektklasse kann nur einmal hinzugefügt werden.' */
  | { kind: 'duplicate'; row: number }
  /** The shares do not add up to exactly 100. */
  | { kind: 'total'; total: number }
  | { kind: 'empty' };

/** The message key of the specification for each problem (spec 02 §8 group create errors). */
export const shareProblemKey = (problem: ShareProblem): 'objectGroups-create-error-assettype-duplicate' | 'objectGroups-create-error-percentages' | 'validation-required' =>
  problem.kind === 'duplicate' ? 'objectGroups-create-error-assettype-duplicate' : problem.kind === 'classMissing' || problem.kind === 'empty' ? 'validation-required' : 'objectGroups-create-error-percentages';

/** Rounds a typed share to a whole number on focus out; what is not a number stays for the check to refuse. */
export const roundShare = (value: number): number => (Number.isFinite(value) ? Math.round(value) : value);

export const shareTotal = (rows: readonly AssetClassShare[]): number => rows.reduce((sum, r) => sum + (Number.isFinite(r.percentage) ? r.percentage : 0), 0);

/** The shares add up to exactly 100 (spec 02 §3). */
export const sharesAddUp = (total: number): boolean => total === SHARE_TOTAL;

/**
 * Every problem of the asset-class rows, first by row: each row needs a class (one the user may choose)
 * and a whole-number share of 1 to 100, each class once, and the shares add up to exactly 100.
 */
export const shareProblems = (rows: readonly AssetClassShare[], allowedTypeIds?: readonly number[]): ShareProblem[] => {
  if (rows.length === 0) return [{ kind: 'empty' }];
  const problems: ShareProblem[] = [];
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const known = assetTypeById(row.assetTypeId) !== undefined && (allowedTypeIds === undefined || allowedTypeIds.includes(row.assetTypeId));
    if (!known) problems.push({ kind: 'classMissing', row: index });
    else if (seen.has(row.assetTypeId)) problems.push({ kind: 'duplicate', row: index });
    seen.add(row.assetTypeId);
    if (!Number.isInteger(row.percentage) || row.percentage < SHARE_MIN || row.percentage > SHARE_MAX) problems.push({ kind: 'percentageRange', row: index });
  });
  const total = shareTotal(rows);
  if (!sharesAddUp(total)) problems.push({ kind: 'total', total });
  return problems;
};

export const sharesAccepted = (rows: readonly AssetClassShare[], allowedTypeIds?: readonly number[]): boolean => shareProblems(rows, allowedTypeIds).length === 0;

/** The class whose share lies above 85 %, which may then be recorded alone at 100 %; null where none does. */
export const mainUsage = (rows: readonly AssetClassShare[]): number | null =>
  rows.find((r) => r.percentage > MAIN_USAGE_THRESHOLD)?.assetTypeId ?? null;

/** Applies the mixed-use rule: the main usage alone at 100 %, or the rows unchanged where there is none. */
export const collapseToMainUsage = (rows: readonly AssetClassShare[]): AssetClassShare[] => {
  const main = mainUsage(rows);
  return main === null ? [...rows] : [{ assetTypeId: main, percentage: SHARE_TOTAL }];
};

/** A new object starts with one row at 100 % (spec 02 §5 "default first row 100"). */
export const initialShares = (firstTypeId: number): AssetClassShare[] => [{ assetTypeId: firstTypeId, percentage: SHARE_TOTAL }];

/** The delete button of a row is disabled while it is the only row. */
export const mayDeleteShareRow = (rows: readonly AssetClassShare[]): boolean => rows.length > 1;

/** The share a new row proposes: what is left to 100, at least 1. */
export const remainingShare = (rows: readonly AssetClassShare[]): number => Math.max(SHARE_MIN, SHARE_TOTAL - shareTotal(rows));

/**
 * The asset-class mix of a group: each class's share of the gross floor area of the group's objects,
 * in whole percent (largest remainder, so the shares add up to 100 where there is any area).
 */
export const groupClassShares = (objects: readonly { area: number; shares: readonly AssetClassShare[] }[]): AssetClassShare[] => {
  const areaByType = new Map<number, number>();
  let totalArea = 0;
  for (const o of objects) {
    if (!(o.area > 0)) continue;
    totalArea += o.area;
    for (const s of o.shares) areaByType.set(s.assetTypeId, (areaByType.get(s.assetTypeId) ?? 0) + (o.area * s.percentage) / 100);
  }
  if (totalArea === 0) return [];
  const exact = [...areaByType].map(([assetTypeId, area]) => ({ assetTypeId, exact: (area / totalArea) * 100 }));
  const floors = exact.map((e) => ({ assetTypeId: e.assetTypeId, percentage: Math.floor(e.exact), rest: e.exact - Math.floor(e.exact) }));
  let missing = 100 - floors.reduce((sum, f) => sum + f.percentage, 0);
  for (const f of [...floors].sort((a, b) => b.rest - a.rest || a.assetTypeId - b.assetTypeId)) {
    if (missing <= 0) break;
    f.percentage += 1;
    missing -= 1;
  }
  return floors.filter((f) => f.percentage > 0).sort((a, b) => b.percentage - a.percentage || a.assetTypeId - b.assetTypeId).map(({ assetTypeId, percentage }) => ({ assetTypeId, percentage }));
};

/** The same mix from areas already summed per class (the database sums them for large groups). */
export const classSharesFromAreas = (areaByType: ReadonlyMap<number, number>): AssetClassShare[] => {
  const totalArea = [...areaByType.values()].reduce((sum, a) => sum + a, 0);
  if (!(totalArea > 0)) return [];
  return groupClassShares([...areaByType].map(([assetTypeId, area]) => ({ area, shares: [{ assetTypeId, percentage: 100 }] })));
};
