import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedShares, anyShares, nearMisses } from './arbitraries/asset-class-shares.ts';
import { ASSET_TYPES, selectableAssetTypes } from './asset-classes.ts';
import {
  classSharesFromAreas,
  collapseToMainUsage,
  groupClassShares,
  initialShares,
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

describe('asset-class rows, refused row by row with the message of the specification (spec 02 §5, §8)', () => {
  const HOT = 2;

  it.each([
    ['no row at all', [], [{ kind: 'empty' }]],
    ['an unknown class', [{ assetTypeId: 99, percentage: 100 }], [{ kind: 'classMissing', row: 0 }]],
    ['101 % and -1 %, though they add up to 100', [{ assetTypeId: OFF, percentage: 101 }, { assetTypeId: RESI, percentage: -1 }], [{ kind: 'percentageRange', row: 0 }, { kind: 'percentageRange', row: 1 }]],
    ['99.5 % and 0.5 %, though they add up to 100', [{ assetTypeId: OFF, percentage: 99.5 }, { assetTypeId: RESI, percentage: 0.5 }], [{ kind: 'percentageRange', row: 0 }, { kind: 'percentageRange', row: 1 }]],
    ['50 % + 40 %', [{ assetTypeId: OFF, percentage: 50 }, { assetTypeId: RESI, percentage: 40 }], [{ kind: 'total', total: 90 }]],
    ['70 % + 70 % of the same class', [{ assetTypeId: OFF, percentage: 70 }, { assetTypeId: OFF, percentage: 70 }], [{ kind: 'duplicate', row: 1 }, { kind: 'total', total: 140 }]],
    ['a share that is not a number beside 100 %', [{ assetTypeId: OFF, percentage: 100 }, { assetTypeId: HOT, percentage: Number.NaN }], [{ kind: 'percentageRange', row: 1 }]],
    ['1 % + 99 %', [{ assetTypeId: OFF, percentage: 1 }, { assetTypeId: RESI, percentage: 99 }], []],
    ['100 % of one class', [{ assetTypeId: HOT, percentage: 100 }], []],
  ])('%s', (_, rows, problems) => {
    expect(shareProblems(rows)).toEqual(problems);
  });

  it.each([
    [{ kind: 'empty' }, 'validation-required'],
    [{ kind: 'classMissing', row: 0 }, 'validation-required'],
    [{ kind: 'duplicate', row: 1 }, 'objectGroups-create-error-assettype-duplicate'],
    [{ kind: 'percentageRange', row: 0 }, 'objectGroups-create-error-percentages'],
    [{ kind: 'total', total: 90 }, 'objectGroups-create-error-percentages'],
  ] as const)('shows %o as %s', (problem, key) => {
    expect(shareProblemKey(problem)).toBe(key);
  });

  it('rounds a share to a whole number on focus out, and leaves what is not a number for the check', () => {
    expect([roundShare(33.4), roundShare(33.5), roundShare(66.6), roundShare(100)]).toEqual([33, 34, 67, 100]);
    expect(roundShare(Number.NaN)).toBeNaN();
  });

  it('mixed use: 90 % office and 10 % residential collapse to office alone at 100 %; 60/40 stays as it is', () => {
    expect(collapseToMainUsage([{ assetTypeId: RESI, percentage: 10 }, { assetTypeId: OFF, percentage: 90 }])).toEqual([{ assetTypeId: OFF, percentage: 100 }]);
    expect(collapseToMainUsage([{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: RESI, percentage: 40 }])).toEqual([
      { assetTypeId: OFF, percentage: 60 },
      { assetTypeId: RESI, percentage: 40 },
    ]);
  });

  it('starts a new object with one row at 100 %', () => {
    expect(initialShares(RESI)).toEqual([{ assetTypeId: RESI, percentage: 100 }]);
  });
});

describe('asset-class mix of a group, worked examples (largest remainder)', () => {
  const DWH = 7;
  const HOT = 2;

  it('1 000 m² office and 3 000 m² residential are 75 % residential and 25 % office, largest first', () => {
    expect(groupClassShares([
      { area: 1000, shares: [{ assetTypeId: OFF, percentage: 100 }] },
      { area: 3000, shares: [{ assetTypeId: RESI, percentage: 100 }] },
    ])).toEqual([{ assetTypeId: RESI, percentage: 75 }, { assetTypeId: OFF, percentage: 25 }]);
  });

  it('adds a class’s area over objects: 60/40 office/residential plus a residential object of the same size are 70 % residential', () => {
    expect(groupClassShares([
      { area: 1000, shares: [{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: RESI, percentage: 40 }] },
      { area: 1000, shares: [{ assetTypeId: RESI, percentage: 100 }] },
    ])).toEqual([{ assetTypeId: RESI, percentage: 70 }, { assetTypeId: OFF, percentage: 30 }]);
  });

  it('gives the missing percent to the largest remainder: 57.1, 30.3 and 12.6 % become 57, 30 and 13', () => {
    expect(groupClassShares([
      { area: 126, shares: [{ assetTypeId: DWH, percentage: 100 }] },
      { area: 303, shares: [{ assetTypeId: HOT, percentage: 100 }] },
      { area: 571, shares: [{ assetTypeId: RESI, percentage: 100 }] },
    ])).toEqual([{ assetTypeId: RESI, percentage: 57 }, { assetTypeId: HOT, percentage: 30 }, { assetTypeId: DWH, percentage: 13 }]);
  });

  it('breaks a tie of remainders and of shares by the class id: three equal thirds are 34, 33, 33', () => {
    expect(groupClassShares([
      { area: 500, shares: [{ assetTypeId: RESI, percentage: 100 }] },
      { area: 500, shares: [{ assetTypeId: HOT, percentage: 100 }] },
      { area: 500, shares: [{ assetTypeId: OFF, percentage: 100 }] },
    ])).toEqual([{ assetTypeId: OFF, percentage: 34 }, { assetTypeId: HOT, percentage: 33 }, { assetTypeId: RESI, percentage: 33 }]);
  });

  it('leaves out a class that rounds to 0 %: 999 m² office and 1 m² residential are office alone', () => {
    expect(groupClassShares([
      { area: 999, shares: [{ assetTypeId: OFF, percentage: 100 }] },
      { area: 1, shares: [{ assetTypeId: RESI, percentage: 100 }] },
    ])).toEqual([{ assetTypeId: OFF, percentage: 100 }]);
  });

  it('ignores objects without a gross floor area (none, negative or not a number)', () => {
    expect(groupClassShares([
      { area: 2000, shares: [{ assetTypeId: OFF, percentage: 100 }] },
      { area: 0, shares: [{ assetTypeId: HOT, percentage: 100 }] },
      { area: -500, shares: [{ assetTypeId: RESI, percentage: 100 }] },
      { area: Number.NaN, shares: [{ assetTypeId: DWH, percentage: 100 }] },
    ])).toEqual([{ assetTypeId: OFF, percentage: 100 }]);
    expect(groupClassShares([{ area: 0, shares: [{ assetTypeId: HOT, percentage: 100 }] }])).toEqual([]);
  });

  it('computes the same mix from areas the database summed per class', () => {
    expect(classSharesFromAreas(new Map([[OFF, 250], [RESI, 750]]))).toEqual([{ assetTypeId: RESI, percentage: 75 }, { assetTypeId: OFF, percentage: 25 }]);
    expect(classSharesFromAreas(new Map([[DWH, 126], [HOT, 303], [RESI, 571]]))).toEqual([
      { assetTypeId: RESI, percentage: 57 },
      { assetTypeId: HOT, percentage: 30 },
      { assetTypeId: DWH, percentage: 13 },
    ]);
    expect(classSharesFromAreas(new Map())).toEqual([]);
    expect(classSharesFromAreas(new Map([[OFF, 0]]))).toEqual([]);
  });
});
