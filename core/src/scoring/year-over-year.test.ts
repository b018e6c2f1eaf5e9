// Year over year (issue 22): this year's results beside last year's.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONSUMPTION_KEYS, yearOverYear, type YearFigures } from './year-over-year.ts';

const value = fc.option(fc.double({ min: 0, max: 1000, noNaN: true }), { nil: null });
const figures: fc.Arbitrary<YearFigures> = fc.record({
  reportingYear: fc.integer({ min: 2015, max: 2030 }),
  ecore: value,
  clusters: fc.constant(['I', 'II', 'III', 'IV']).chain((ids) => fc.tuple(...ids.map((id) => value.map((score) => ({ clusterIdentifier: id, score }))))),
  stranding: fc.oneof(fc.record({ year: fc.integer({ min: 2020, max: 2050 }), beyond2050: fc.constant(false) }), fc.constant({ year: null, beyond2050: true }), fc.constant({ year: null, beyond2050: false })),
  consumption: fc.option(fc.record({ finalEnergy: value, co2: value, water: value, waste: value }), { nil: null }),
  area: fc.integer({ min: 1, max: 100_000 }),
});

describe('year over year (issue 22)', () => {
  it('the year-over-year difference of identical answers is zero', () => {
    fc.assert(
      fc.property(figures, (year) => {
        const y = yearOverYear(year, { ...year, reportingYear: year.reportingYear + 1 });
        if (year.ecore !== null) expect(y.ecore.difference).toBe(0);
        for (const c of y.clusters) if (c.previous !== null) expect(c.difference).toBe(0);
        if (year.stranding.year !== null || year.stranding.beyond2050) expect(y.stranding.difference).toBe(0);
        for (const c of y.consumption) {
          expect(c.comparable).toBe(true);
          if (c.previous !== null) expect(c.difference).toBe(0);
          if (c.previous !== null && c.previous !== 0) expect(c.changePercent).toBe(0);
        }
      }),
    );
  });

  it('consumption is compared like-for-like only where the gross floor area is unchanged', () => {
    fc.assert(
      fc.property(figures, figures, (previous, current) => {
        const y = yearOverYear(previous, current);
        for (const c of y.consumption) {
          expect(c.comparable).toBe(previous.area === current.area);
          if (!c.comparable) expect(c.changePercent).toBeNull();
        }
      }),
    );
  });

  it('worked example: 120 → 90 kWh/m² on the same area is −25 %, score 60 → 66 is +6 points, stranding 2031 → 2035 is +4 years', () => {
    const base: YearFigures = {
      reportingYear: 2024,
      ecore: 60,
      clusters: [{ clusterIdentifier: 'II', score: 50 }],
      stranding: { year: 2031, beyond2050: false },
      consumption: { finalEnergy: 120, co2: 30, water: null, waste: 2 },
      area: 5000,
    };
    const y = yearOverYear(base, { ...base, reportingYear: 2025, ecore: 66, clusters: [{ clusterIdentifier: 'II', score: 55 }], stranding: { year: 2035, beyond2050: false }, consumption: { finalEnergy: 90, co2: 30, water: 1, waste: 0 } });
    expect(y.ecore.difference).toBe(6);
    expect(y.clusters[0]!.difference).toBe(5);
    expect(y.stranding.difference).toBe(4);
    const byKey = Object.fromEntries(y.consumption.map((c) => [c.key, c]));
    expect(byKey.finalEnergy!.changePercent).toBe(-25);
    expect(byKey.water!.changePercent).toBeNull();
    expect(byKey.waste!.changePercent).toBe(-100);
    expect(y.consumption.map((c) => c.key)).toEqual([...CONSUMPTION_KEYS]);
    const grown = yearOverYear(base, { ...base, area: 6000 });
    expect(grown.consumption.every((c) => !c.comparable && c.changePercent === null)).toBe(true);
  });
});
