import fc from 'fast-check';
import { ASSET_TYPES } from '../../assets/asset-classes.ts';
import type { AssetClassShare } from '../../assets/asset-class-shares.ts';
import type { EmissionFactor, ReferenceValue } from '../../questionnaires/reference-data.ts';
import type { ReferenceData } from '../reference-lookup.ts';
import { ENERGY_CARRIERS, type EnergyUse } from '../stranding.ts';

export const FIRST_YEAR = 2015;
export const LAST_YEAR = 2050;
export const YEARS = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i);
export const COUNTRIES = ['DE', 'AT'] as const;

/** A figure of reference data: positive, with decimals, as imported CSVs hold them. */
const figure = (max: number) => fc.double({ min: 0.001, max, noNaN: true, noDefaultInfinity: true });

/** A curve that falls over the years, as decarbonisation pathways and grid factors do. */
const fallingCurve = (start: number) =>
  fc.tuple(figure(start), fc.double({ min: 0.01, max: 0.99, noNaN: true })).map(([first, fall]) => YEARS.map((_, i) => first * (1 - (fall * i) / YEARS.length)));

/**
 * Complete reference data for two countries and every asset class: averages and pathways of energy and carbon
 * for 2015–2050, grid factors per country and year, constant factors of the other carriers.
 */
export const referenceData = (): fc.Arbitrary<ReferenceData> =>
  fc
    .record({
      curves: fc.array(fc.tuple(fallingCurve(400), fallingCurve(100), figure(400), figure(100)), { minLength: COUNTRIES.length * ASSET_TYPES.length, maxLength: COUNTRIES.length * ASSET_TYPES.length }),
      grid: fc.array(fallingCurve(0.8), { minLength: COUNTRIES.length, maxLength: COUNTRIES.length }),
      constant: fc.array(figure(0.5), { minLength: 4, maxLength: 4 }),
    })
    .map(({ curves, grid, constant }) => {
      const values: ReferenceValue[] = [];
      COUNTRIES.forEach((country, ci) => {
        ASSET_TYPES.forEach((type, ti) => {
          const [energy, carbon, energyAverage, carbonAverage] = curves[ci * ASSET_TYPES.length + ti]!;
          const assetClass = type.assetClassIdentifier;
          YEARS.forEach((year, yi) => {
            values.push({ kind: 'pathway', metric: 'energy', country, assetClass, year, value: energy[yi]! });
            values.push({ kind: 'pathway', metric: 'carbon', country, assetClass, year, value: carbon[yi]! });
            values.push({ kind: 'average', metric: 'energy', country, assetClass, year, value: energyAverage });
            values.push({ kind: 'average', metric: 'carbon', country, assetClass, year, value: carbonAverage });
          });
        });
      });
      const emissionFactors: EmissionFactor[] = [
        ...COUNTRIES.flatMap((country, ci) => YEARS.map((year, yi): EmissionFactor => ({ carrier: 'gridElectricity', country, year, value: grid[ci]![yi]! }))),
        ...(['gas', 'oil', 'districtHeating', 'districtCooling'] as const).map((carrier, i): EmissionFactor => ({ carrier, country: '', year: 0, value: constant[i]! })),
      ];
      return { values, emissionFactors };
    });

/** Energy per carrier in kWh/m²/a, some carriers unused. */
export const energyUse = (): fc.Arbitrary<EnergyUse> =>
  fc
    .array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 300, noNaN: true, noDefaultInfinity: true })), { minLength: ENERGY_CARRIERS.length, maxLength: ENERGY_CARRIERS.length })
    .map((figures) => Object.fromEntries(ENERGY_CARRIERS.map((c, i) => [c, figures[i]! === 0 ? 0 : figures[i]!])) as EnergyUse);

/** Asset-class rows as the object rules accept them: one to three known classes, whole shares adding up to 100. */
export const assetClassRows = (): fc.Arbitrary<AssetClassShare[]> =>
  fc
    .uniqueArray(fc.constantFrom(...ASSET_TYPES.map((t) => t.id)), { minLength: 1, maxLength: 3 })
    .chain((ids) =>
      fc.array(fc.integer({ min: 1, max: 98 }), { minLength: ids.length - 1, maxLength: ids.length - 1 }).map((cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), 100];
        const used = ids.slice(0, points.length - 1);
        return used.map((assetTypeId, i) => ({ assetTypeId, percentage: points[i + 1]! - points[i]! }));
      }),
    );

export const reportingYear = () => fc.integer({ min: FIRST_YEAR, max: LAST_YEAR });
export const country = () => fc.constantFrom(...COUNTRIES);
