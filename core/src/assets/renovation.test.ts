import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTaxonomyWindow, renovationCounts } from './renovation.ts';

describe('renovation and taxonomy helpers (spec 02 §5)', () => {
  it('a renovation counts above 25 % of the envelope, not at 25 %', () => {
    expect(renovationCounts({ envelopeRenovatedPercent: 25 })).toBe(false);
    expect(renovationCounts({ envelopeRenovatedPercent: 25.01 })).toBe(true);
  });

  it('a renovation counts from 30 % less primary energy demand, not below', () => {
    expect(renovationCounts({ primaryEnergyReductionPercent: 29.99 })).toBe(false);
    expect(renovationCounts({ primaryEnergyReductionPercent: 30 })).toBe(true);
  });

  it('a renovation counts above 25 % of the building value, not at 25 %', () => {
    expect(renovationCounts({ costSharePercent: 25 })).toBe(false);
    expect(renovationCounts({ costSharePercent: 26 })).toBe(true);
  });

  it('counts when any one of the three criteria is met, whatever the other two say', () => {
    const low = fc.double({ min: 0, max: 100, noNaN: true });
    fc.assert(
      fc.property(low, low, (x, y) => {
        expect(renovationCounts({ envelopeRenovatedPercent: 26, primaryEnergyReductionPercent: x, costSharePercent: y })).toBe(true);
        expect(renovationCounts({ envelopeRenovatedPercent: x, primaryEnergyReductionPercent: 30, costSharePercent: y })).toBe(true);
        expect(renovationCounts({ envelopeRenovatedPercent: x, primaryEnergyReductionPercent: y, costSharePercent: 26 })).toBe(true);
      }),
    );
    expect(renovationCounts({ envelopeRenovatedPercent: 25, primaryEnergyReductionPercent: 29, costSharePercent: 25 })).toBe(false);
  });

  it('more renovation never counts for less (each criterion rises monotonically)', () => {
    const pct = fc.double({ min: 0, max: 100, noNaN: true });
    fc.assert(
      fc.property(pct, pct, pct, fc.double({ min: 0, max: 50, noNaN: true }), (e, p, c, more) => {
        const before = renovationCounts({ envelopeRenovatedPercent: e, primaryEnergyReductionPercent: p, costSharePercent: c });
        const after = renovationCounts({ envelopeRenovatedPercent: e + more, primaryEnergyReductionPercent: p + more, costSharePercent: c + more });
        if (before) expect(after).toBe(true);
      }),
    );
  });

  it('new construction is in the window while under 3 years old', () => {
    const at = (built: number) => inTaxonomyWindow({ constructionYear: built, renovationYear: null }, 2026).newConstruction;
    expect([2023, 2024, 2025, 2026, 2027].map(at)).toEqual([false, true, true, true, false]);
  });

  it('a renovation is in the window within 3 years, and not before it is done', () => {
    const at = (renovated: number) => inTaxonomyWindow({ constructionYear: 1970, renovationYear: renovated }, 2026).renovation;
    expect([2022, 2023, 2024, 2026, 2027].map(at)).toEqual([false, true, true, true, false]);
  });
});
