// The stranding projection and the calculator at their edges: which refusal wins, which parts a portfolio
// leaves out, how each share problem is named (DOMAIN.md §5, issue 15; and its mutation score).
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import type { EmissionFactor, ReferenceValue } from '../questionnaires/reference-data.ts';
import type { ReferenceData } from './reference-lookup.ts';
import {
  assetStranding,
  calculatorShareKey,
  carbonStranding,
  noEnergy,
  parseStrandingBody,
  portfolioCurve,
  portfolioOf,
  portfolioStranding,
  refusalParams,
  type StrandingAsset,
  type StrandingResult,
} from './stranding.ts';

/** DE offices: carbon pathway 60 − 2n, energy pathway 200 − 3n in 2024 + n; grid factor 0.4; no gas factor. */
const values: ReferenceValue[] = [];
const emissionFactors: EmissionFactor[] = [];
for (let n = 0; n <= 26; n += 1) {
  values.push({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'OFF', year: 2024 + n, value: 60 - 2 * n });
  values.push({ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', year: 2024 + n, value: 200 - 3 * n });
  emissionFactors.push({ carrier: 'gridElectricity', country: 'DE', year: 2024 + n, value: 0.4 });
}
const DATA: ReferenceData = { values, emissionFactors };
const office = (over: Partial<StrandingAsset> = {}): StrandingAsset => ({
  reportingYear: 2024,
  country: 'DE',
  assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  area: 1000,
  energy: { ...noEnergy(), gridElectricity: 100 },
  ...over,
});
const right = <A>(e: E.Either<unknown, A>): A => {
  if (E.isLeft(e)) throw new Error(JSON.stringify(e.left));
  return e.right;
};
const NONE: StrandingResult = { misalignmentYear: null, beyond2050: true, years: [] };

describe('refusals of an object and a portfolio', () => {
  it('a reporting year after 2050 is the refusal, not the reference data', () => {
    expect(assetStranding(DATA, office({ reportingYear: 2051 }))).toEqual(E.left({ _tag: 'scoring-reporting-year', reportingYear: 2051 }));
  });

  it('a carbon projection that lacks a factor refuses the object, though its energy projection could be made', () => {
    expect(assetStranding(DATA, office({ energy: { ...noEnergy(), gas: 50 } }))).toEqual(
      E.left({ _tag: 'scoring-reference-missing', missing: [{ kind: 'carrierFactor', carrier: 'gas', country: '' }] }),
    );
  });

  it('one object the data cannot project refuses the portfolio, naming what it lacks', () => {
    expect(portfolioStranding(DATA, [office(), office({ country: 'FR' })])).toEqual(
      E.left({
        _tag: 'scoring-reference-missing',
        missing: [
          { kind: 'gridFactor', country: 'FR', years: [2024, 2050] },
          { kind: 'pathway', metric: 'carbon', country: 'FR', assetClass: 'OFF', years: [2024, 2050] },
          { kind: 'pathway', metric: 'energy', country: 'FR', assetClass: 'OFF', years: [2024, 2050] },
        ],
      }),
    );
  });

  it('a projection without years weighs nothing in a portfolio; with nothing left either curve is refused', () => {
    const carbon = right(carbonStranding(DATA, office()));
    expect(portfolioCurve([{ area: 1000, result: NONE }, { area: 500, result: carbon }])).toEqual(E.right(carbon));
    expect(portfolioOf([{ area: 1000, result: { carbon: NONE, energy: carbon } }])).toEqual(E.left({ _tag: 'scoring-portfolio-empty' }));
    expect(portfolioOf([{ area: 1000, result: { carbon, energy: NONE } }])).toEqual(E.left({ _tag: 'scoring-portfolio-empty' }));
  });

  it('the placeholders of each refusal', () => {
    expect(refusalParams({ _tag: 'scoring-portfolio-empty' }, 'en')).toStrictEqual({});
    expect(refusalParams({ _tag: 'scoring-reporting-year', reportingYear: 2051 }, 'de')).toEqual({ year: 2051 });
  });
});

describe('the calculator’s asset classes', () => {
  const body = { reportingYear: 2024, country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], area: 1200 };

  it.each([
    [{ kind: 'classMissing', row: 0 }, 'scoring-calculator-asset-class'],
    [{ kind: 'duplicate', row: 1 }, 'objectGroups-create-error-assettype-duplicate'],
    [{ kind: 'percentageRange', row: 0 }, 'objectGroups-create-error-percentages'],
    [{ kind: 'total', total: 90 }, 'objectGroups-create-error-percentages'],
  ] as const)('%o is named %s', (problem, key) => {
    expect(calculatorShareKey(problem)).toBe(key);
  });

  it('a share outside 1–100 is named at its row’s percentage', () => {
    const parsed = parseStrandingBody({ ...body, assetAssetTypes: [{ assetTypeId: 1, percentage: 100.5 }] });
    expect(E.isLeft(parsed) && parsed.left).toContainEqual({ path: 'assetAssetTypes.0.percentage', key: 'objectGroups-create-error-percentages' });
  });
});
