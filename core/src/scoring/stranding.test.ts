// The stranding point (CRREM's misalignment year) of DOMAIN.md §5 and the stranding calculator of issue 15.
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import { assetClassRows, country, energyUse, referenceData, reportingYear } from './arbitraries/reference-data.ts';
import { classSharesOf, describeMissing, type ReferenceData } from './reference-lookup.ts';
import {
  assetStranding,
  carbonIntensities,
  carbonStranding,
  energyIntensity,
  flatStranding,
  misalignmentOf,
  noEnergy,
  parseStrandingBody,
  parseStrandingPortfolioBody,
  portfolioCurve,
  portfolioStranding,
  projectionYears,
  type StrandingAsset,
} from './stranding.ts';

const OFF = 1;
const HOT = 2;
const RESI = 12;

/** A small hand-made data set: DE offices and hotels, grid factor falling by 0.01 a year from 0.4 in 2024. */
const hand = (): ReferenceData => {
  const values: ReferenceValue[] = [];
  for (let year = 2024; year <= 2050; year += 1) {
    values.push({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'OFF', year, value: 60 - 2 * (year - 2024) });
    values.push({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'HOT', year, value: 80 - 2 * (year - 2024) });
    values.push({ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', year, value: 200 - 3 * (year - 2024) });
    values.push({ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'HOT', year, value: 260 - 3 * (year - 2024) });
  }
  const emissionFactors: EmissionFactor[] = [{ carrier: 'gas', country: '', year: 0, value: 0.2 }];
  for (let year = 2024; year <= 2050; year += 1) emissionFactors.push({ carrier: 'gridElectricity', country: 'DE', year, value: Math.max(0, 0.4 - 0.01 * (year - 2024)) });
  return { values, emissionFactors };
};

const office = (over: Partial<StrandingAsset> = {}): StrandingAsset => ({
  reportingYear: 2024,
  country: 'DE',
  assetAssetTypes: [{ assetTypeId: OFF, percentage: 100 }],
  area: 1000,
  energy: { ...noEnergy(), gridElectricity: 50, gas: 100 },
  ...over,
});

const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(JSON.stringify(e.left));
  return e.right;
};

describe('the carbon projection (DOMAIN.md §5)', () => {
  it('multiplies grid electricity by the year’s grid factor and the other carriers by their constant factors', () => {
    const [y2024, y2030] = right(carbonIntensities(hand(), 'DE', { ...noEnergy(), gridElectricity: 50, gas: 100 }, [2024, 2030]));
    expect(y2024).toBeCloseTo(50 * 0.4 + 100 * 0.2, 12);
    expect(y2030).toBeCloseTo(50 * 0.34 + 100 * 0.2, 12);
  });

  it('counts on-site renewables consumed as zero emissions', () => {
    const data = hand();
    const without = right(carbonIntensities(data, 'DE', { ...noEnergy(), gridElectricity: 50 }, [2024]));
    const withRenewables = right(carbonIntensities(data, 'DE', { ...noEnergy(), gridElectricity: 50, renewablesConsumed: 80 }, [2024]));
    expect(withRenewables).toEqual(without);
  });

  it.each([
    ['a small export earns its own emissions as credit', 10, 50 * 0.4 + 100 * 0.2 - 10 * 0.4],
    ['an export as large as the grid use cancels the grid emissions', 50, 100 * 0.2],
    ['a larger export is credited only up to the grid emissions, never the gas', 500, 100 * 0.2],
  ])('%s', (_, renewablesExported, expected) => {
    const [value] = right(carbonIntensities(hand(), 'DE', { ...noEnergy(), gridElectricity: 50, gas: 100, renewablesExported }, [2024]));
    expect(value).toBeCloseTo(expected, 12);
  });

  it('the export credit never takes the carbon intensity below the other carriers’ emissions', () => {
    fc.assert(
      fc.property(referenceData(), energyUse(), country(), (data, energy, where) => {
        const values = right(carbonIntensities(data, where, energy, projectionYears(2024)));
        const others = right(carbonIntensities(data, where, { ...energy, gridElectricity: 0, renewablesExported: 0 }, projectionYears(2024)));
        values.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(others[i]! - 1e-9));
      }),
    );
  });

  it('needs no grid factor where no grid electricity is used', () => {
    const data: ReferenceData = { values: [], emissionFactors: [{ carrier: 'gas', country: '', year: 0, value: 0.2 }] };
    expect(right(carbonIntensities(data, 'FR', { ...noEnergy(), gas: 10, renewablesExported: 5 }, [2024, 2025]))).toEqual([2, 2]);
  });

  it('prefers a country’s own constant factor to the general one', () => {
    const data: ReferenceData = {
      values: [],
      emissionFactors: [
        { carrier: 'oil', country: '', year: 0, value: 0.3 },
        { carrier: 'oil', country: 'AT', year: 0, value: 0.25 },
      ],
    };
    expect(right(carbonIntensities(data, 'AT', { ...noEnergy(), oil: 100 }, [2024]))).toEqual([25]);
    expect(right(carbonIntensities(data, 'DE', { ...noEnergy(), oil: 100 }, [2024]))).toEqual([30]);
  });
});

describe('the energy projection (DOMAIN.md §5)', () => {
  it('adds every carrier and the renewables consumed on site, and does not subtract exports', () => {
    expect(energyIntensity({ gridElectricity: 1, gas: 2, oil: 3, districtHeating: 4, districtCooling: 5, renewablesConsumed: 6, renewablesExported: 100 })).toBe(21);
  });

  it('stays constant over the years', () => {
    const { energy } = right(assetStranding(hand(), office()));
    expect(new Set(energy.years.map((y) => y.intensity))).toEqual(new Set([150]));
  });
});

describe('the stranding point', () => {
  it('is the first year the intensity lies above the pathway', () => {
    // 2024: 20 + 20 = 40 against 60; the pathway falls by 2 and the grid part by 0.5 a year: 40 − 0.5n > 60 − 2n from n = 14 on (n = 13: 33.5 = 34 is still below).
    const { carbon } = right(assetStranding(hand(), office()));
    expect(carbon.misalignmentYear).toBe(2038);
    expect(carbon.beyond2050).toBe(false);
  });

  it('is the reporting year where the object is already above its pathway then', () => {
    const { carbon } = right(assetStranding(hand(), office({ energy: { ...noEnergy(), gas: 400 } })));
    expect(carbon).toMatchObject({ misalignmentYear: 2024, beyond2050: false });
  });

  it('an intensity on the pathway is still on it', () => {
    expect(misalignmentOf([{ year: 2049, intensity: 5, pathway: 5 }, { year: 2050, intensity: 5, pathway: 5 }])).toEqual({ misalignmentYear: null, beyond2050: true });
  });

  it('leaving the path in 2050 itself is 2050; never leaving it is "beyond 2050", never 2050', () => {
    expect(misalignmentOf([{ year: 2049, intensity: 4, pathway: 5 }, { year: 2050, intensity: 5.5, pathway: 5 }])).toEqual({ misalignmentYear: 2050, beyond2050: false });
    expect(misalignmentOf([{ year: 2049, intensity: 4, pathway: 5 }, { year: 2050, intensity: 4.5, pathway: 5 }])).toEqual({ misalignmentYear: null, beyond2050: true });
  });

  it('an object that never crosses its pathway is "beyond 2050"', () => {
    fc.assert(
      fc.property(referenceData(), assetClassRows(), reportingYear(), country(), fc.double({ min: 0, max: 1, noNaN: true }), (data, rows, year, where, fraction) => {
        const subject = { reportingYear: year, country: where, assetAssetTypes: rows };
        // Below the lowest pathway value of every year: a flat figure that never crosses.
        const lowest = Math.min(...right(flatStranding(data, subject, 'carbon', 0)).years.map((y) => y.pathway));
        const result = right(flatStranding(data, subject, 'carbon', lowest * fraction));
        expect(result.years.every((y) => y.intensity <= y.pathway)).toBe(true);
        expect(result).toMatchObject({ misalignmentYear: null, beyond2050: true });
      }),
    );
  });

  it('the stranding year is the first year above the pathway, and every year before it is on or below', () => {
    fc.assert(
      fc.property(referenceData(), assetClassRows(), reportingYear(), country(), energyUse(), (data, rows, year, where, energy) => {
        const { carbon, energy: energyResult } = right(assetStranding(data, { reportingYear: year, country: where, assetAssetTypes: rows, energy }));
        for (const result of [carbon, energyResult]) {
          expect(result.years.map((y) => y.year)).toEqual(projectionYears(year));
          expect(result.beyond2050).toBe(result.misalignmentYear === null);
          const stop = result.misalignmentYear ?? 2051;
          for (const row of result.years.filter((y) => y.year < stop)) expect(row.intensity).toBeLessThanOrEqual(row.pathway);
          const first = result.years.find((y) => y.year === stop);
          if (first) expect(first.intensity).toBeGreaterThan(first.pathway);
        }
      }),
    );
  });

  it('a reporting year after 2050 is refused', () => {
    expect(flatStranding(hand(), { reportingYear: 2051, country: 'DE', assetAssetTypes: [{ assetTypeId: OFF, percentage: 100 }] }, 'carbon', 1)).toEqual(
      E.left({ _tag: 'scoring-reporting-year', reportingYear: 2051 }),
    );
  });
});

describe('mixed use', () => {
  it('blends the pathways by area share', () => {
    const { carbon } = right(assetStranding(hand(), office({ assetAssetTypes: [{ assetTypeId: OFF, percentage: 75 }, { assetTypeId: HOT, percentage: 25 }] })));
    expect(carbon.years[0]!.pathway).toBeCloseTo(0.75 * 60 + 0.25 * 80, 12);
    expect(carbon.years[10]!.pathway).toBeCloseTo(0.75 * 40 + 0.25 * 60, 12);
  });

  it('mixed use with one class at 100 % equals the single-class result', () => {
    fc.assert(
      fc.property(referenceData(), fc.constantFrom(OFF, HOT, RESI), fc.constantFrom(OFF, HOT, RESI), reportingYear(), country(), energyUse(), (data, main, other, year, where, energy) => {
        const single = assetStranding(data, { reportingYear: year, country: where, assetAssetTypes: [{ assetTypeId: main, percentage: 100 }], energy });
        const mixed = assetStranding(data, { reportingYear: year, country: where, assetAssetTypes: [{ assetTypeId: main, percentage: 100 }, { assetTypeId: other, percentage: 0 }], energy });
        expect(mixed).toEqual(single);
      }),
    );
  });

  it('reads shares as fractions of their total, one class named twice adding up', () => {
    expect(classSharesOf([{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: HOT, percentage: 40 }])).toEqual([
      { assetClass: 'OFF', share: 0.6 },
      { assetClass: 'HOT', share: 0.4 },
    ]);
    expect(classSharesOf([{ assetTypeId: OFF, percentage: 50 }, { assetTypeId: OFF, percentage: 50 }])).toEqual([{ assetClass: 'OFF', share: 1 }]);
  });
});

describe('a portfolio', () => {
  it('weighs intensities and pathways by area', () => {
    const data = hand();
    const result = right(portfolioStranding(data, [office({ area: 3000 }), office({ area: 1000, assetAssetTypes: [{ assetTypeId: HOT, percentage: 100 }], energy: { ...noEnergy(), gas: 450 } })]));
    expect(result.carbon.years[0]!.intensity).toBeCloseTo(0.75 * 40 + 0.25 * 90, 12);
    expect(result.carbon.years[0]!.pathway).toBeCloseTo(0.75 * 60 + 0.25 * 80, 12);
    expect(result.energy.years[0]!.intensity).toBeCloseTo(0.75 * 150 + 0.25 * 450, 12);
    expect(result.assets).toHaveLength(2);
    expect(result.assets[1]!.carbon.misalignmentYear).toBe(2024);
  });

  it('a portfolio of one object equals that object', () => {
    fc.assert(
      fc.property(referenceData(), assetClassRows(), reportingYear(), country(), energyUse(), fc.double({ min: 0.5, max: 1e7, noNaN: true }), (data, rows, year, where, energy, area) => {
        const asset = { reportingYear: year, country: where, assetAssetTypes: rows, area, energy };
        const alone = right(assetStranding(data, asset));
        const portfolio = right(portfolioStranding(data, [asset]));
        expect({ carbon: portfolio.carbon, energy: portfolio.energy }).toEqual(alone);
      }),
    );
  });

  it('the portfolio’s curves lie between its objects’ curves', () => {
    fc.assert(
      fc.property(referenceData(), fc.array(fc.tuple(assetClassRows(), energyUse(), fc.integer({ min: 1, max: 100_000 })), { minLength: 1, maxLength: 5 }), (data, parts) => {
        const assets = parts.map(([rows, energy, area]) => ({ reportingYear: 2030, country: 'DE', assetAssetTypes: rows, area, energy }));
        const result = right(portfolioStranding(data, assets));
        result.carbon.years.forEach((row, i) => {
          const values = result.assets.map((a) => a.carbon.years[i]!.intensity);
          expect(row.intensity).toBeGreaterThanOrEqual(Math.min(...values) - 1e-9);
          expect(row.intensity).toBeLessThanOrEqual(Math.max(...values) + 1e-9);
        });
      }),
    );
  });

  it('starts at the latest reporting year of its objects, and an empty portfolio is refused', () => {
    const data = hand();
    const early = right(carbonStranding(data, office()));
    const late = right(carbonStranding(data, office({ reportingYear: 2030 })));
    expect(right(portfolioCurve([{ area: 1, result: early }, { area: 1, result: late }])).years[0]!.year).toBe(2030);
    expect(portfolioCurve([])).toEqual(E.left({ _tag: 'scoring-portfolio-empty' }));
    expect(portfolioCurve([{ area: 0, result: early }])).toEqual(E.left({ _tag: 'scoring-portfolio-empty' }));
  });
});

describe('missing reference data is said, never made up', () => {
  it('names the pathway of a country without one', () => {
    const result = assetStranding(hand(), office({ country: 'FR', energy: { ...noEnergy(), gas: 10 } }));
    expect(E.isLeft(result) && result.left).toEqual({
      _tag: 'scoring-reference-missing',
      missing: [
        { kind: 'pathway', metric: 'carbon', country: 'FR', assetClass: 'OFF', years: [2024, 2050] },
        { kind: 'pathway', metric: 'energy', country: 'FR', assetClass: 'OFF', years: [2024, 2050] },
      ],
    });
  });

  it('names the grid factors, the constant factor and the class a mixed object lacks where the classes with data cover less than half, in words', () => {
    const data: ReferenceData = { ...hand(), emissionFactors: hand().emissionFactors.filter((f) => f.carrier === 'gridElectricity' && f.year < 2040) };
    const result = assetStranding(data, office({ reportingYear: 2030, assetAssetTypes: [{ assetTypeId: OFF, percentage: 49 }, { assetTypeId: RESI, percentage: 51 }] }));
    if (E.isRight(result) || result.left._tag !== 'scoring-reference-missing') throw new Error('expected a refusal');
    expect(describeMissing(result.left.missing, 'en')).toBe(
      'emission factor gas; emission factor grid electricity DE 2040–2050; decarbonisation pathway carbon DE RESI 2030–2050; decarbonisation pathway final energy DE RESI 2030–2050',
    );
    expect(describeMissing(result.left.missing, 'de')).toContain('Emissionsfaktor Netzstrom DE 2040–2050');
  });

  it('a pathway reported only up to a year is named from the next year on', () => {
    const data: ReferenceData = { ...hand(), values: hand().values.filter((v) => v.year <= 2045) };
    const result = flatStranding(data, { reportingYear: 2024, country: 'DE', assetAssetTypes: [{ assetTypeId: OFF, percentage: 100 }] }, 'energy', 100);
    expect(E.isLeft(result) && result.left).toEqual({
      _tag: 'scoring-reference-missing',
      missing: [{ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', years: [2046, 2050] }],
    });
  });
});

describe('the stranding calculator’s input (issue 15)', () => {
  const body = {
    reportingYear: 2024,
    country: 'DE',
    assetAssetTypes: [{ assetTypeId: OFF, percentage: 100 }],
    area: 1200,
    energy: { gridElectricity: 50, gas: 80 },
  };

  it('takes a valid body and counts missing carriers as 0', () => {
    expect(parseStrandingBody(body)).toEqual(E.right({ ...body, energy: { ...noEnergy(), gridElectricity: 50, gas: 80 } }));
    expect(parseStrandingBody({ ...body, energy: undefined })).toEqual(E.right({ ...body, energy: noEnergy() }));
  });

  const errors = (input: unknown) => {
    const parsed = parseStrandingBody(input);
    return E.isLeft(parsed) ? parsed.left : [];
  };

  it.each<[string, unknown, { path: string; key: string }[]]>([
    ['a reporting year before 2015', { ...body, reportingYear: 2014 }, [{ path: 'reportingYear', key: 'scoring-calculator-reporting-year' }]],
    ['a reporting year after 2050', { ...body, reportingYear: 2051 }, [{ path: 'reportingYear', key: 'scoring-calculator-reporting-year' }]],
    ['a reporting year that is not a whole number', { ...body, reportingYear: 2024.5 }, [{ path: 'reportingYear', key: 'scoring-calculator-reporting-year' }]],
    ['an unknown country', { ...body, country: 'XX' }, [{ path: 'country', key: 'scoring-calculator-country' }]],
    ['shares that do not add up to 100', { ...body, assetAssetTypes: [{ assetTypeId: OFF, percentage: 60 }, { assetTypeId: HOT, percentage: 30 }] }, [{ path: 'assetAssetTypes', key: 'objectGroups-create-error-percentages' }]],
    ['an unknown class', { ...body, assetAssetTypes: [{ assetTypeId: 99, percentage: 100 }] }, [{ path: 'assetAssetTypes.0.assetTypeId', key: 'scoring-calculator-asset-class' }]],
    ['a class named twice', { ...body, assetAssetTypes: [{ assetTypeId: OFF, percentage: 50 }, { assetTypeId: OFF, percentage: 50 }] }, [{ path: 'assetAssetTypes.1.percentage', key: 'objectGroups-create-error-assettype-duplicate' }]],
    ['no class at all', { ...body, assetAssetTypes: [] }, [{ path: 'assetAssetTypes', key: 'objectGroups-create-error-percentages' }]],
    ['an area of 0', { ...body, area: 0 }, [{ path: 'area', key: 'scoring-calculator-area' }]],
    ['a negative energy figure', { ...body, energy: { gas: -1 } }, [{ path: 'energy.gas', key: 'scoring-calculator-energy' }]],
    ['a figure that is not a number', { ...body, energy: { gas: '80' } }, [{ path: 'energy.gas', key: 'validation-number' }]],
    ['an area that is not a number', { ...body, area: 'big' }, [{ path: 'area', key: 'validation-number' }]],
  ])('refuses %s with its field', (_, input, expected) => {
    expect(errors(input)).toEqual(expected);
  });

  it('a portfolio takes one reporting year for all its objects and needs at least one', () => {
    const { reportingYear: _, ...asset } = body;
    const parsed = parseStrandingPortfolioBody({ reportingYear: 2030, assets: [asset, { ...asset, area: 10 }] });
    expect(E.isRight(parsed) && parsed.right.map((a) => [a.reportingYear, a.area])).toEqual([
      [2030, 1200],
      [2030, 10],
    ]);
    expect(parseStrandingPortfolioBody({ reportingYear: 2030, assets: [] })).toEqual(E.left([{ path: 'assets', key: 'validation-required' }]));
    expect(parseStrandingPortfolioBody({ reportingYear: 2030, assets: [{ ...asset, area: -5 }] })).toEqual(E.left([{ path: 'assets.0.area', key: 'scoring-calculator-area' }]));
  });
});
