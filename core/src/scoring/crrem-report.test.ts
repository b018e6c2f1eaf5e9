// The CRREM report (DOMAIN.md §5, docs/crrem.md): excess above the pathway and excess emissions per year, for an
// object and a portfolio, checked against the CRREM Foundation's worked example and against laws of the method.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import example from './fixtures/crrem-worked-example-shopping-centre.json' with { type: 'json' };
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import { crremObject } from './arbitraries/crrem.ts';
import { crremSheets, excessEmissionsOf, objectCrremReport, portfolioCrremReport } from './crrem-report.ts';
import { outcomeOf } from './projections.ts';
import type { ReferenceData } from './reference-lookup.ts';
import type { StrandingOutcome } from './score-model.ts';
import { assetStranding, noEnergy } from './stranding.ts';

const area = example.asset.grossInternalArea_m2;
const data: ReferenceData = {
  values: example.years.flatMap((year, i): ReferenceValue[] => [
    { kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'RSM', year, value: example.carbonPathway_kgCO2e_per_m2[i]! },
    // The example gives no energy pathway: one falling from 300 to 170 kWh/m² crosses the example's 232.73 in 2038.
    { kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'RSM', year, value: 300 - 5 * (year - 2024) },
  ]),
  emissionFactors: [
    ...example.years.map((year, i): EmissionFactor => ({ carrier: 'gridElectricity', country: 'DE', year, value: example.gridFactor_kgCO2e_per_kWh[i]! })),
    { carrier: 'gas', country: '', year: 0, value: example.constantFactors_kgCO2e_per_kWh.gas },
    { carrier: 'districtCooling', country: '', year: 0, value: example.constantFactors_kgCO2e_per_kWh.districtCooling },
  ],
};
const perM2 = (kWh: number) => kWh / area;
const projected = assetStranding(data, {
  reportingYear: example.asset.reportingYear,
  country: 'DE',
  assetAssetTypes: [{ assetTypeId: 4, percentage: 100 }],
  energy: { ...noEnergy(), gridElectricity: perM2(example.energy_kWh_per_year.gridElectricity), gas: perM2(example.energy_kWh_per_year.gas), districtCooling: perM2(example.energy_kWh_per_year.districtCooling) },
});
if (E.isLeft(projected)) throw new Error(JSON.stringify(projected.left));
const exampleStranding = {
  carbon: outcomeOf(E.right(projected.right.carbon), 'carriers'),
  energy: outcomeOf(E.right(projected.right.energy), 'carriers'),
};

describe('the CRREM report of the worked example (shopping centre A-002, 22 000 m²)', () => {
  const report = objectCrremReport(exampleStranding, area, example.asset.reportingYear);

  it('has one row per year from 2024 to 2050 with the example intensity and pathway', () => {
    expect(report.years.map((y) => y.year)).toEqual(example.years);
    report.years.forEach((row, i) => {
      expect(Math.abs(row.carbonIntensity! - example.expected.carbonIntensity_kgCO2e_per_m2[i]!), String(row.year)).toBeLessThanOrEqual(example.tolerance.carbonIntensity);
      expect(row.carbonPathway).toBe(example.carbonPathway_kgCO2e_per_m2[i]);
      expect(Math.abs(row.energyIntensity! - example.expected.energyIntensity_kWh_per_m2)).toBeLessThanOrEqual(example.tolerance.energyIntensity);
    });
  });

  it('misaligns with its carbon pathway in 2036 and with the energy pathway in 2038', () => {
    expect(report.carbon).toEqual({ status: 'computed', misalignmentYear: example.expected.misalignmentYear, beyond2050: false, source: 'carriers' });
    expect(report.energy).toMatchObject({ status: 'computed', misalignmentYear: 2038 });
  });

  it('emits nothing in excess before 2036; in 2036 (43.446 − 36.379) × 22 000 / 1000 ≈ 155.5 t, in 2050 (37.21 − 0.619) × 22 ≈ 805 t', () => {
    for (const row of report.years.filter((y) => y.year < 2036)) expect(row.excessEmissions, String(row.year)).toBe(0);
    const tons = example.tolerance.carbonIntensity * (area / 1000);
    expect(Math.abs(report.years.find((y) => y.year === 2036)!.excessEmissions! - 155.474)).toBeLessThanOrEqual(tons);
    expect(Math.abs(report.years.at(-1)!.excessEmissions! - 805.002)).toBeLessThanOrEqual(tons);
  });

  it('sums the excess emissions of 2036 … 2050 to the cumulative figure (by hand from the example: about 9 693 t)', () => {
    const byHand = example.years.reduce((total, year, i) => total + (year < 2036 ? 0 : (example.expected.carbonIntensity_kgCO2e_per_m2[i]! - example.carbonPathway_kgCO2e_per_m2[i]!) * 22), 0);
    expect(byHand).toBeCloseTo(9692.782, 3);
    expect(Math.abs(report.cumulativeExcessEmissions! - byHand)).toBeLessThanOrEqual(example.tolerance.carbonIntensity * 22 * 15);
  });

  it('a portfolio of the example alone is the example', () => {
    const portfolio = portfolioCrremReport([{ area, stranding: exampleStranding }]);
    expect(portfolio.carbon).toEqual(report.carbon);
    portfolio.years.forEach((row, i) => {
      expect(row.excessEmissions).toBeCloseTo(report.years[i]!.excessEmissions!, 9);
      expect(row.carbonIntensity).toBeCloseTo(report.years[i]!.carbonIntensity!, 9);
    });
  });
});

describe('excess emissions', () => {
  it('are 0 exactly when the intensity is at or below the pathway', () => {
    let above = 0;
    let atOrBelow = 0;
    fc.assert(
      fc.property(crremObject(), (o) => {
        const report = objectCrremReport(o.stranding, o.area, o.reportingYear);
        for (const row of report.years) {
          if (row.carbonIntensity === null) continue;
          const over = row.carbonIntensity > row.carbonPathway!;
          if (over) above++;
          else atOrBelow++;
          expect(row.excessEmissions === 0).toBe(!over);
          expect(row.carbonExcess === 0).toBe(!over);
        }
      }),
    );
    expect(above).toBeGreaterThan(0);
    expect(atOrBelow).toBeGreaterThan(0);
  });

  it('are the excess per m² times the floor area in tons: 10 kg/m² above on 5 000 m² is 50 t', () => {
    expect(excessEmissionsOf(60, 50, 5000)).toBe(50);
    expect(excessEmissionsOf(50, 60, 5000)).toBe(0);
    expect(excessEmissionsOf(50, 50, 5000)).toBe(0);
  });

  it('sum over the years to the cumulative figure, which is null without a carbon projection', () => {
    fc.assert(
      fc.property(crremObject(), (o) => {
        const report = objectCrremReport(o.stranding, o.area, o.reportingYear);
        if (o.stranding.carbon.status !== 'computed') {
          expect(report.cumulativeExcessEmissions).toBeNull();
          return;
        }
        expect(report.cumulativeExcessEmissions).toBeCloseTo(report.years.reduce((t, y) => t + y.excessEmissions!, 0), 9);
      }),
    );
  });

  it('of a portfolio are the sum of its objects’ excess emissions, year by year and to 2050', () => {
    fc.assert(
      fc.property(fc.array(crremObject(), { minLength: 1, maxLength: 6 }), (objects) => {
        const portfolio = portfolioCrremReport(objects);
        const each = objects.filter((o) => o.stranding.carbon.status === 'computed').map((o) => objectCrremReport(o.stranding, o.area, o.reportingYear));
        if (each.length === 0) {
          expect(portfolio.cumulativeExcessEmissions).toBeNull();
          return;
        }
        for (const row of portfolio.years) {
          const objectsSum = each.reduce((t, r) => t + r.years.find((y) => y.year === row.year)!.excessEmissions!, 0);
          expect(row.excessEmissions).toBeCloseTo(objectsSum, 6);
        }
        // Cumulated over the portfolio's years (from the latest reporting year of its objects).
        const from = portfolio.years[0]!.year;
        const cumulative = each.reduce((t, r) => t + r.years.filter((y) => y.year >= from).reduce((s, y) => s + y.excessEmissions!, 0), 0);
        expect(portfolio.cumulativeExcessEmissions).toBeCloseTo(cumulative, 6);
      }),
    );
  });
});

describe('a portfolio', () => {
  const flat = (year: number, intensity: number, pathway: number): StrandingOutcome => {
    const years = Array.from({ length: 2051 - year }, (_, i) => ({ year: year + i, intensity, pathway }));
    return { status: 'computed', result: { misalignmentYear: intensity > pathway ? year : null, beyond2050: intensity <= pathway, years, source: 'carriers' } };
  };

  it('weighs intensities and pathways by area and counts an object above its pathway even when the average is below', () => {
    // 1 000 m² 20 kg above its pathway, 3 000 m² 20 kg below: on average 10 kg below, yet 20 t in excess each year.
    const portfolio = portfolioCrremReport([
      { area: 1000, stranding: { carbon: flat(2030, 60, 40), energy: { status: 'not-reported' } } },
      { area: 3000, stranding: { carbon: flat(2030, 20, 40), energy: { status: 'not-reported' } } },
    ]);
    expect(portfolio.years[0]).toEqual({ year: 2030, carbonIntensity: 30, carbonPathway: 40, carbonExcess: 5, excessEmissions: 20, energyIntensity: null, energyPathway: null, energyExcess: null });
    expect(portfolio).toMatchObject({ area: 4000, carbon: { status: 'computed', misalignmentYear: null, beyond2050: true }, energy: { status: 'not-reported' }, cumulativeExcessEmissions: 21 * 20 });
  });

  it('a refusal of any object is the portfolio’s, and without any projection it reports none', () => {
    const refused: StrandingOutcome = { status: 'refused', refusal: { _tag: 'scoring-reporting-year', reportingYear: 2051 } };
    const report = portfolioCrremReport([
      { area: 1000, stranding: { carbon: flat(2030, 60, 40), energy: refused } },
      { area: 1000, stranding: { carbon: refused, energy: { status: 'not-reported' } } },
    ]);
    expect(report).toMatchObject({ carbon: { status: 'refused' }, energy: { status: 'refused' }, years: [], cumulativeExcessEmissions: null });
    expect(portfolioCrremReport([])).toEqual({ area: 0, carbon: { status: 'not-reported' }, energy: { status: 'not-reported' }, years: [], cumulativeExcessEmissions: null });
  });
});

describe('the download', () => {
  const report = objectCrremReport(exampleStranding, area, example.asset.reportingYear);

  it('names every column with its unit in German and English and gives one row per year', () => {
    const [years, summary] = crremSheets(report, 'Einkaufszentrum', 'de');
    expect(years!.columns.map((c) => c.header)).toEqual([
      'Jahr',
      'CO2-Intensität (kg CO2e/m²a)',
      'CO2-Pfad (kg CO2e/m²a)',
      'CO2 über dem Pfad (kg CO2e/m²a)',
      'Überschussemissionen (t CO2e)',
      'Energieintensität (kWh/m²a)',
      'Energiepfad (kWh/m²a)',
      'Energie über dem Pfad (kWh/m²a)',
    ]);
    expect(years!.rows).toHaveLength(27);
    expect(years!.rows[12]![0]).toBe(2036);
    expect(summary!.rows.slice(0, 4)).toEqual([
      ['Bericht für', 'Einkaufszentrum'],
      ['Fläche (m²)', 22000],
      ['Verlassen des CO2-Pfads (Jahr)', 2036],
      ['Verlassen des Energiepfads (Jahr)', 2038],
    ]);
    expect(crremSheets(report, 'Shopping centre', 'en')[0]!.columns[4]!.header).toBe('Excess emissions (t CO2e)');
  });

  it('says "beyond 2050" for a path never left and "not reported" where nothing was answered', () => {
    const flatBelow: StrandingOutcome = { status: 'computed', result: { misalignmentYear: null, beyond2050: true, years: [{ year: 2050, intensity: 1, pathway: 2 }], source: 'reported' } };
    const summary = crremSheets(objectCrremReport({ carbon: flatBelow, energy: { status: 'not-reported' } }, 100, 2050), 'X', 'en')[1]!;
    expect(summary.rows.slice(2)).toEqual([
      ['Carbon misalignment year', 'beyond 2050'],
      ['Energy misalignment year', 'not reported'],
      ['Excess emissions to 2050 (t CO2e)', 0],
    ]);
  });
});
