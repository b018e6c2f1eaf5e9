import fc from 'fast-check';
import { ASSET_TYPES } from '../asset-classes.ts';
import type { AssetClassShare } from '../asset-class-shares.ts';

/** Whole-number shares of 1–100 over distinct classes that add up to exactly 100 (what the form accepts). */
export const acceptedShares = (): fc.Arbitrary<AssetClassShare[]> =>
  fc
    .integer({ min: 1, max: 12 })
    .chain((n) =>
      fc.tuple(
        fc.shuffledSubarray(ASSET_TYPES.map((t) => t.id), { minLength: n, maxLength: n }),
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: n - 1, maxLength: n - 1 }).map((cuts) => [...cuts].sort((a, b) => a - b)),
      ),
    )
    .map(([ids, cuts]) => {
      const bounds = [0, ...cuts, 100];
      return ids.map((assetTypeId, i) => ({ assetTypeId, percentage: bounds[i + 1]! - bounds[i]! }));
    });

/** Any rows a user might type: known or unknown classes, any numbers. */
export const anyShares = (): fc.Arbitrary<AssetClassShare[]> =>
  fc.array(fc.record({ assetTypeId: fc.integer({ min: 0, max: 14 }), percentage: fc.double({ min: -10, max: 120, noNaN: true }) }), { maxLength: 6 });

/** Accepted lists with one thing wrong: a share one off, a class twice, a fraction, an unknown class, a row less. */
export const nearMisses = (): fc.Arbitrary<AssetClassShare[]> =>
  fc.tuple(acceptedShares(), fc.constantFrom('plusOne', 'minusOne', 'duplicate', 'fraction', 'unknownClass', 'dropRow'), fc.nat()).map(([rows, flaw, pick]) => {
    const copy = rows.map((r) => ({ ...r }));
    const i = pick % copy.length;
    const row = copy[i]!;
    switch (flaw) {
      case 'plusOne':
        row.percentage += 1;
        break;
      case 'minusOne':
        row.percentage -= 1;
        break;
      case 'duplicate':
        copy.push({ ...row });
        break;
      case 'fraction':
        row.percentage += 0.5;
        break;
      case 'unknownClass':
        row.assetTypeId = 999;
        break;
      case 'dropRow':
        copy.splice(i, 1);
        break;
    }
    return copy;
  });
