// The CRREM Foundation's worked example A-002 (a shopping centre, DOMAIN.md §5): our projection reproduces
// its intensity per year and its misalignment year within the example's own tolerance.
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import example from './fixtures/crrem-worked-example-shopping-centre.json' with { type: 'json' };
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import type { ReferenceData } from './reference-lookup.ts';
import { assetStranding, energyIntensity, noEnergy, type StrandingAsset } from './stranding.ts';

const COUNTRY = 'DE';
const RSM = 4; // the asset type id of the shopping centre class

const data: ReferenceData = {
  values: example.years.map(
    (year, i): ReferenceValue => ({ kind: 'pathway', metric: 'carbon', country: COUNTRY, assetClass: 'RSM', year, value: example.carbonPathway_kgCO2e_per_m2[i]! }),
  )
    // The example gives no energy pathway; a generous one lets the energy projection run alongside.
    .concat(example.years.map((year): ReferenceValue => ({ kind: 'pathway', metric: 'energy', country: COUNTRY, assetClass: 'RSM', year, value: 400 }))),
  emissionFactors: [
    ...example.years.map((year, i): EmissionFactor => ({ carrier: 'gridElectricity', country: COUNTRY, year, value: example.gridFactor_kgCO2e_per_kWh[i]! })),
    { carrier: 'gas', country: '', year: 0, value: example.constantFactors_kgCO2e_per_kWh.gas },
    { carrier: 'districtCooling', country: '', year: 0, value: example.constantFactors_kgCO2e_per_kWh.districtCooling },
  ],
};

const area = example.asset.grossInternalArea_m2;
const perM2 = (kWh: number) => kWh / area;

const asset: StrandingAsset = {
  reportingYear: example.asset.reportingYear,
  country: COUNTRY,
  assetAssetTypes: [{ assetTypeId: RSM, percentage: 100 }],
  area,
  energy: {
    ...noEnergy(),
    gridElectricity: perM2(example.energy_kWh_per_year.gridElectricity),
    gas: perM2(example.energy_kWh_per_year.gas),
    districtCooling: perM2(example.energy_kWh_per_year.districtCooling),
  },
};

describe('the CRREM worked example of a shopping centre (A-002)', () => {
  const result = assetStranding(data, asset);
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left));
  const { carbon, energy } = result.right;

  it('the energy per m² matches the example', () => {
    expect(asset.energy.gridElectricity).toBeCloseTo(example.energy_kWh_per_m2_year.gridElectricity, 3);
    expect(asset.energy.gas).toBeCloseTo(example.energy_kWh_per_m2_year.gas, 3);
    expect(asset.energy.districtCooling).toBeCloseTo(example.energy_kWh_per_m2_year.districtCooling, 3);
  });

  it('projects one row per year from the reporting year 2024 to 2050', () => {
    expect(carbon.years.map((y) => y.year)).toEqual(example.years);
    expect(energy.years.map((y) => y.year)).toEqual(example.years);
  });

  it('the carbon intensity of every year lies within the example tolerance', () => {
    carbon.years.forEach((row, i) => {
      expect(Math.abs(row.intensity - example.expected.carbonIntensity_kgCO2e_per_m2[i]!), String(row.year)).toBeLessThanOrEqual(example.tolerance.carbonIntensity);
    });
  });

  it('the pathway is the example pathway', () => {
    expect(carbon.years.map((y) => y.pathway)).toEqual(example.carbonPathway_kgCO2e_per_m2);
  });

  it('the energy intensity lies within the example tolerance, constant over the years', () => {
    expect(Math.abs(energyIntensity(asset.energy) - example.expected.energyIntensity_kWh_per_m2)).toBeLessThanOrEqual(example.tolerance.energyIntensity);
    for (const row of energy.years) expect(row.intensity).toBe(energyIntensity(asset.energy));
  });

  it('the shopping centre leaves its carbon pathway in 2036, as in the example', () => {
    expect(Math.abs(carbon.misalignmentYear! - example.expected.misalignmentYear)).toBeLessThanOrEqual(example.tolerance.misalignmentYear);
    expect(carbon.beyond2050).toBe(false);
  });

  it('below a generous energy pathway the object stays on it beyond 2050', () => {
    expect(energy).toMatchObject({ misalignmentYear: null, beyond2050: true });
  });
});
