import fc from 'fast-check';
import type { StrandingOutcome } from '../score-model.ts';
import { misalignmentOf, projectionYears } from '../stranding.ts';

/** A figure per m² and year with two decimals, 0 … 400 (kg CO2e or kWh). */
const intensity = () => fc.integer({ min: 0, max: 40_000 }).map((v) => v / 100);

/** A computed projection from a reporting year to 2050 with any intensity and pathway per year. */
export const computedProjection = (reportingYear: number): fc.Arbitrary<StrandingOutcome> => {
  const years = projectionYears(reportingYear);
  return fc.array(fc.tuple(intensity(), intensity()), { minLength: years.length, maxLength: years.length }).map((pairs) => {
    const rows = years.map((year, i) => ({ year, intensity: pairs[i]![0], pathway: pairs[i]![1] }));
    return { status: 'computed', result: { ...misalignmentOf(rows), years: rows, source: 'carriers' } };
  });
};

/** An object's two projections (computed or not reported) with a gross floor area, from a reporting year. */
export const crremObject = (reportingYear: fc.Arbitrary<number> = fc.integer({ min: 2015, max: 2050 })) =>
  reportingYear.chain((year) =>
    fc.record({
      area: fc.integer({ min: 1, max: 200_000 }),
      stranding: fc.record({
        carbon: fc.oneof({ weight: 4, arbitrary: computedProjection(year) }, { weight: 1, arbitrary: fc.constant<StrandingOutcome>({ status: 'not-reported' }) }),
        energy: fc.oneof({ weight: 4, arbitrary: computedProjection(year) }, { weight: 1, arbitrary: fc.constant<StrandingOutcome>({ status: 'not-reported' }) }),
      }),
      reportingYear: fc.constant(year),
    }),
  );
