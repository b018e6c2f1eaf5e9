import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedShares, anyShares, nearMisses } from './arbitraries/asset-class-shares.ts';
import { ASSET_TYPES, selectableAssetTypes } from './asset-classes.ts';
import {
  collapseToMainUsage,
  groupClassShares,
  mainUsage,
  mayDeleteShareRow,
  remainingShare,
  roundShare,
  shareProblemKey,
  shareProblems,
  sharesAccepted,
  shareTotal,
} from './asset-class-shares.ts';

const OFF = 1;
const RESI = 12;
const KNOWN_TYPES = new Set(ASSET_TYPES.map((t) => t.id));

describe('asset-class shares (spec 02 §5)', () => {
  /** Spec 02 §5 written out: at least one row, known classes each once, whole shares of 1 to 100, summing to 100. */
  const specAccepts = (rows: readonly { assetTypeId: number; percentage: number }[]) =>
    rows.length > 0 &&
    rows.every((r) => KNOWN_TYPES.has(r.assetTypeId) && Number.isInteger(r.percentage) && r.percentage >= 1 && r.percentage <= 100) &&
    new Set(rows.map((r) => r.assetTypeId)).size === rows.length &&
    rows.reduce((sum, r) => sum + r.percentage, 0) === 100;

  it('accepts exactly the lists the specification accepts, over accepted lists, near misses and anything typed', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(acceptedShares(), nearMisses(), anyShares()), (rows) => {
        const verdict = sharesAccepted(rows);
        expect(verdict).toBe(specAccepts(rows));
        if (verdict) accepted += 1;
        else refused += 1;
      }),
      { numRuns: 600 },
    );
    // Both branches really ran (a filter that never passes would prove nothing).
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('accepts every split of 100 over distinct classes', () => {
    fc.assert(
      fc.property(acceptedShares(), (rows) => {
        expect(shareProblems(rows)).toEqual([]);
      }),
    );
  });

  it('rounding on focus out never makes an accepted list invalid', () => {
    fc.assert(
      fc.property(acceptedShares(), (rows) => {
        expect(sharesAccepted(rows.map((r) => ({ ...r, percentage: roundShare(r.percentage) })))).toBe(true);
      }),
    );
  });

  it('refuses 60 % + 30 % with the percentages message', () => {
    const problems = shareProblems([{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: RESI, percentage: 30 }]);
    expect(problems).toEqual([{ kind: 'total', total: 90 }]);
    expect(shareProblemKey(problems[0]!)).toBe('objectGroups-create-error-percentages');
  });

  it('refuses a class twice with the duplicate message', () => {
    const problems = shareProblems([{ assetTypeId: OFF, percentage: 50 }, { assetTypeId: OFF, percentage: 50 }]);
    expect(problems).toEqual([{ kind: 'duplicate', row: 1 }]);
    expect(shareProblemKey(problems[0]!)).toBe('objectGroups-create-error-assettype-duplicate');
  });

  it('refuses shares outside 1 to 100 and fractions', () => {
    expect(shareProblems([{ assetTypeId: OFF, percentage: 0 }, { assetTypeId: RESI, percentage: 100 }])).toContainEqual({ kind: 'percentageRange', row: 0 });
    expect(shareProblems([{ assetTypeId: OFF, percentage: 50.5 }, { assetTypeId: RESI, percentage: 49.5 }])).toContainEqual({ kind: 'percentageRange', row: 0 });
    expect(shareProblems([])).toEqual([{ kind: 'empty' }]);
  });

  it('keeps buyer users to the classes open to buyers', () => {
    const allowed = selectableAssetTypes(true).map((t) => t.id);
    expect(allowed.length).toBeLessThan(ASSET_TYPES.length);
    const hotel = ASSET_TYPES.find((t) => t.assetClassIdentifier === 'HOT')!.id;
    expect(shareProblems([{ assetTypeId: hotel, percentage: 100 }], allowed)).toEqual([{ kind: 'classMissing', row: 0 }]);
  });

  it('mixed use: a usage above 85 % may stand alone at 100 %, one of 85 % or less may not', () => {
    expect(mainUsage([{ assetTypeId: OFF, percentage: 86 }, { assetTypeId: RESI, percentage: 14 }])).toBe(OFF);
    expect(mainUsage([{ assetTypeId: OFF, percentage: 85 }, { assetTypeId: RESI, percentage: 15 }])).toBeNull();
    fc.assert(
      fc.property(acceptedShares(), (rows) => {
        const collapsed = collapseToMainUsage(rows);
        expect(sharesAccepted(collapsed)).toBe(true);
        if (mainUsage(rows) !== null) expect(collapsed).toEqual([{ assetTypeId: mainUsage(rows), percentage: 100 }]);
        else expect(collapsed).toEqual(rows);
      }),
    );
  });

  it('disables deleting the only row and proposes what is left to 100 for a new one', () => {
    expect(mayDeleteShareRow([{ assetTypeId: OFF, percentage: 100 }])).toBe(false);
    expect(mayDeleteShareRow([{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: RESI, percentage: 40 }])).toBe(true);
    expect(remainingShare([{ assetTypeId: OFF, percentage: 60 }])).toBe(40);
    expect(remainingShare([{ assetTypeId: OFF, percentage: 100 }])).toBe(1);
  });
});

describe('asset-class mix of a group', () => {
  it('weights each object by its gross floor area and adds up to 100', () => {
    expect(groupClassShares([
      { area: 3000, shares: [{ assetTypeId: OFF, percentage: 100 }] },
      { area: 1000, shares: [{ assetTypeId: OFF, percentage: 50 }, { assetTypeId: RESI, percentage: 50 }] },
    ])).toEqual([{ assetTypeId: OFF, percentage: 88 }, { assetTypeId: RESI, percentage: 12 }]);
  });

  it('always adds up to exactly 100 for objects with area', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ area: fc.integer({ min: 1, max: 100_000 }), shares: acceptedShares() }), { minLength: 1, maxLength: 8 }), (objects) => {
        expect(shareTotal(groupClassShares(objects))).toBe(100);
      }),
    );
    expect(groupClassShares([])).toEqual([]);
  });
});
