// Reading reference data at its edges: which year ranges join, which shares count (DOMAIN.md §5; issue 15: the
// mutation score of the scoring module).
import { describe, expect, it } from 'vitest';
import { carrierFactor, classSharesOf, gridFactor, mergeMissing, metricOfKpi, referenceMissing, type MissingReference, type ReferenceData } from './reference-lookup.ts';

const pathway = (from: number, to: number, country = 'DE'): MissingReference => ({ kind: 'pathway', metric: 'carbon', country, assetClass: 'OFF', years: [from, to] });

describe('joining what is missing', () => {
  it.each<[string, MissingReference[], MissingReference[]]>([
    ['a gap of one year keeps two ranges', [pathway(2024, 2024), pathway(2026, 2026)], [pathway(2024, 2024), pathway(2026, 2026)]],
    ['a later range named first is extended backwards', [pathway(2030, 2040), pathway(2029, 2029)], [pathway(2029, 2040)]],
    ['an earlier range named later with a gap stays apart', [pathway(2030, 2040), pathway(2024, 2025)], [pathway(2030, 2040), pathway(2024, 2025)]],
    ['a range inside another adds nothing', [pathway(2024, 2050), pathway(2030, 2031)], [pathway(2024, 2050)]],
    ['a range reaching over both ends widens it', [pathway(2030, 2031), pathway(2024, 2050)], [pathway(2024, 2050)]],
    ['another country stays apart', [pathway(2024, 2024), pathway(2025, 2025, 'AT')], [pathway(2024, 2024), pathway(2025, 2025, 'AT')]],
    ['pieces without years are named once', [{ kind: 'assetClass' }, { kind: 'assetClass' }, { kind: 'kpiKey', question: 'A' }, { kind: 'kpiKey', question: 'B' }], [{ kind: 'assetClass' }, { kind: 'kpiKey', question: 'A' }, { kind: 'kpiKey', question: 'B' }]],
  ])('%s', (_, missing, merged) => {
    expect(mergeMissing(missing)).toEqual(merged);
    expect(referenceMissing(missing)).toEqual({ _tag: 'scoring-reference-missing', missing: merged });
  });
});

describe('the asset-class shares an object is read with', () => {
  it('unknown classes and shares of 0, below 0 or not a number carry nothing; the rest are fractions of their total', () => {
    expect(
      classSharesOf([
        { assetTypeId: 1, percentage: 30 },
        { assetTypeId: 999, percentage: 50 },
        { assetTypeId: 2, percentage: 0 },
        { assetTypeId: 2, percentage: -10 },
        { assetTypeId: 2, percentage: Number.NaN },
        { assetTypeId: 2, percentage: 10 },
        { assetTypeId: 12, percentage: 0 },
      ]),
    ).toEqual([
      { assetClass: 'OFF', share: 0.75 },
      { assetClass: 'HOT', share: 0.25 },
    ]);
    expect(classSharesOf([])).toEqual([]);
  });

  it('a class named twice adds up to one share', () => {
    expect(classSharesOf([{ assetTypeId: 1, percentage: 25 }, { assetTypeId: 2, percentage: 50 }, { assetTypeId: 1, percentage: 25 }])).toEqual([
      { assetClass: 'OFF', share: 0.5 },
      { assetClass: 'HOT', share: 0.5 },
    ]);
  });

  it('a carrier’s yearly rows are no constant factor, and a country without grid factors has none', () => {
    const data: ReferenceData = { values: [], emissionFactors: [{ carrier: 'gas', country: '', year: 2024, value: 0.2 }] };
    expect(carrierFactor(data, 'gas', 'DE')).toBeUndefined();
    expect(gridFactor(data, 'FR', 2024)).toBeUndefined();
  });

  it('a question without KPI key names no figure', () => {
    expect(metricOfKpi(null)).toBeNull();
    expect(metricOfKpi('finalEnergyRenewablesExported')).toBe('energy');
  });
});
