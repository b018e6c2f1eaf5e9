import { describe, expect, it } from 'vitest';
import { headerMatches, referenceDataOverview, rowErrors, type ScoringTable } from './reference-data-form.ts';

const demo = { name: 'Demo reference values (illustrative)', illustrative: true, note: 'Illustrative values' };
const factors = { name: 'Demo emission factors (illustrative)', illustrative: true, note: 'Illustrative values' };
const value = (kind: 'average' | 'pathway', country: string, assetClass: string, year: number) => ({ kind, metric: 'energy' as const, country, assetClass, year, value: 1 });

describe('the overview of the current reference data', () => {
  it('counts averages, pathways, emission factors and country × asset class pairs', () => {
    const averages: ScoringTable = { type: 'DW', dataSet: demo, values: [value('average', 'DE', 'OFF', 2025), value('average', 'AT', 'OFF', 2025)], emissionFactors: [], emissionFactorSet: null };
    const pathways: ScoringTable = {
      type: 'Year', dataSet: demo, emissionFactorSet: factors,
      values: [value('pathway', 'DE', 'OFF', 2025), value('pathway', 'DE', 'OFF', 2030), value('pathway', 'DE', 'HOT', 2025)],
      emissionFactors: [{ carrier: 'gas', country: '', year: 0, value: 0.2 }],
    };
    expect(referenceDataOverview(averages, pathways)).toEqual({
      referenceValues: demo, emissionFactors: factors, averages: 2, pathways: 3, emissionFactorRows: 1, combinations: 3,
    });
  });

  it('says when no data set exists', () => {
    const empty: ScoringTable = { type: 'DW', dataSet: null, values: [], emissionFactors: [], emissionFactorSet: null };
    expect(referenceDataOverview(empty, { ...empty, type: 'Year' })).toMatchObject({ referenceValues: null, emissionFactors: null, averages: 0, combinations: 0 });
  });
});

describe('the row errors of a refused import', () => {
  it('come from the fields rows.<line>.<column>, in the server’s order', () => {
    expect(rowErrors([
      { path: 'rows.3.carrier', key: 'validation-generic', message: 'x' },
      { path: 'csv', key: 'validation-required', message: 'x' },
      { path: 'rows.12.value', key: 'validation-generic', message: 'x' },
    ])).toEqual([{ line: 3, column: 'carrier' }, { line: 12, column: 'value' }]);
  });
});

describe('the header hint', () => {
  it('accepts the columns of the chosen kind in any order and case, with a byte order mark', () => {
    expect(headerMatches('referenceValues', '\uFEFFkind;metric;country;assetClass;year;value\naverage;energy;DE;OFF;2025;1')).toBe(true);
    expect(headerMatches('referenceValues', 'Value;Year;AssetClass;Country;Metric;Kind')).toBe(true);
    expect(headerMatches('emissionFactors', 'carrier;country;year;value\r\ngas;;0;0,2')).toBe(true);
    expect(headerMatches('emissionFactors', 'kind;metric;country;assetClass;year;value')).toBe(false);
    expect(headerMatches('referenceValues', 'average;energy;DE;OFF;2025;1')).toBe(false);
  });
});
