// The reference data of the scoring model (DOMAIN.md §5), imported from CSV by the scoring model manager (spec 02 §7 `scoringtable`).
import { describe, expect, it } from 'vitest';
import { emissionFactorRowSchema, kindsFor, referenceRowSchema, scoringImportBodySchema, validateRows } from './reference-data.ts';

const keys = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('which reference data a virtual question type uses', () => {
  it('DW compares with averages; DK and Year with pathways, and Year also needs emission factors', () => {
    expect(kindsFor('DW')).toEqual({ kind: 'average', emissionFactors: false });
    expect(kindsFor('DK')).toEqual({ kind: 'pathway', emissionFactors: false });
    expect(kindsFor('Year')).toEqual({ kind: 'pathway', emissionFactors: true });
  });
});

describe('a CSV row of averages or pathways: kind;metric;country;assetClass;year;value', () => {
  const row = { kind: 'pathway', metric: 'carbon', country: ' de ', assetClass: 'OFF', year: '2030', value: ' 12,5 ' };

  it('reads the country in capitals, the year as a number and a decimal comma as well as a point', () => {
    expect(referenceRowSchema.parse(row)).toEqual({ kind: 'pathway', metric: 'carbon', country: 'DE', assetClass: 'OFF', year: 2030, value: 12.5 });
    expect(referenceRowSchema.parse({ ...row, kind: 'average', metric: 'energy', value: '7.25', country: 'USA' })).toMatchObject({ kind: 'average', metric: 'energy', value: 7.25, country: 'USA' });
  });

  it('years from 1990 to 2100', () => {
    for (const year of ['1990', '2100']) expect(referenceRowSchema.safeParse({ ...row, year }).success, year).toBe(true);
    for (const year of ['1989', '2101', '2030.5']) expect(referenceRowSchema.safeParse({ ...row, year }).success, year).toBe(false);
  });

  it('a value that is empty or not a number is named "validation-number"', () => {
    for (const value of ['', '   ', 'viel', '1,2,3']) expect(keys(referenceRowSchema.safeParse({ ...row, value })), value).toEqual({ value: 'validation-number' });
  });

  it('a country code has two to five letters', () => {
    for (const country of ['AT', 'other']) expect(referenceRowSchema.safeParse({ ...row, country }).success, country).toBe(true);
    for (const country of ['D', 'GERMANY', 'D1', 'DE-BY']) expect(keys(referenceRowSchema.safeParse({ ...row, country })), country).toEqual({ country: 'validation-generic' });
  });

  it('only the asset classes, kinds and metrics of the model', () => {
    expect(referenceRowSchema.safeParse({ ...row, assetClass: 'CASTLE' }).success).toBe(false);
    expect(referenceRowSchema.safeParse({ ...row, kind: 'forecast' }).success).toBe(false);
    expect(referenceRowSchema.safeParse({ ...row, metric: 'noise' }).success).toBe(false);
  });
});

describe('a CSV row of emission factors: carrier;country;year;value', () => {
  it('constant factors leave country and year out: empty country, year 0', () => {
    expect(emissionFactorRowSchema.parse({ carrier: 'gas', value: '0,201' })).toEqual({ carrier: 'gas', country: '', year: 0, value: 0.201 });
  });

  it('grid electricity per country and year', () => {
    expect(emissionFactorRowSchema.parse({ carrier: 'gridElectricity', country: ' de ', year: '2031', value: '0.35' })).toEqual({
      carrier: 'gridElectricity', country: 'DE', year: 2031, value: 0.35,
    });
    for (const carrier of ['oil', 'districtHeating', 'districtCooling']) expect(emissionFactorRowSchema.safeParse({ carrier, value: '1' }).success, carrier).toBe(true);
    expect(emissionFactorRowSchema.safeParse({ carrier: 'coal', value: '1' }).success).toBe(false);
  });

  it('a country of at most five letters, a year from 0 to 2100', () => {
    expect(emissionFactorRowSchema.safeParse({ carrier: 'gas', country: 'ABCDE', value: '1' }).success).toBe(true);
    expect(emissionFactorRowSchema.safeParse({ carrier: 'gas', country: 'ABCDEF', value: '1' }).success).toBe(false);
    expect(emissionFactorRowSchema.safeParse({ carrier: 'gas', year: '2100', value: '1' }).success).toBe(true);
    for (const year of ['-1', '2101']) expect(emissionFactorRowSchema.safeParse({ carrier: 'gas', year, value: '1' }).success, year).toBe(false);
    expect(keys(emissionFactorRowSchema.safeParse({ carrier: 'gas', value: '' }))).toEqual({ value: 'validation-number' });
  });
});

describe('PUT /api/scoringtable payload', () => {
  it('one kind of rows as CSV text, under the data set name "Import" unless another is given', () => {
    expect(scoringImportBodySchema.parse({ kind: 'referenceValues', csv: 'a;b' })).toEqual({ kind: 'referenceValues', csv: 'a;b', dataSetName: 'Import' });
    expect(scoringImportBodySchema.parse({ kind: 'emissionFactors', csv: 'a', dataSetName: ' CRREM 2.0 ' })).toEqual({ kind: 'emissionFactors', csv: 'a', dataSetName: 'CRREM 2.0' });
    expect(scoringImportBodySchema.safeParse({ kind: 'prices', csv: 'a' }).success).toBe(false);
  });

  it('the CSV text is required and at most 5 000 000 characters; the name at most 200', () => {
    expect(keys(scoringImportBodySchema.safeParse({ kind: 'referenceValues', csv: '' }))).toEqual({ csv: 'validation-required' });
    expect(scoringImportBodySchema.safeParse({ kind: 'referenceValues', csv: 'x'.repeat(5_000_000) }).success).toBe(true);
    expect(keys(scoringImportBodySchema.safeParse({ kind: 'referenceValues', csv: 'x'.repeat(5_000_001) }))).toEqual({ csv: 'validation-max-length' });
    expect(scoringImportBodySchema.safeParse({ kind: 'referenceValues', csv: 'a', dataSetName: 'x'.repeat(200) }).success).toBe(true);
    for (const dataSetName of ['x'.repeat(201), '   ']) expect(scoringImportBodySchema.safeParse({ kind: 'referenceValues', csv: 'a', dataSetName }).success).toBe(false);
  });
});

describe('checking the rows of a CSV file', () => {
  it('answers the good rows, and for each bad one its line (the header is line 1) and first wrong field', () => {
    const records = [
      { carrier: 'gas', value: '0,2' },
      { carrier: 'coal', value: '0,3' },
      { carrier: 'oil', value: 'x' },
      { carrier: 'oil', value: '0,27' },
    ];
    expect(validateRows(emissionFactorRowSchema, records)).toEqual({
      rows: [
        { carrier: 'gas', country: '', year: 0, value: 0.2 },
        { carrier: 'oil', country: '', year: 0, value: 0.27 },
      ],
      problems: [
        { line: 3, field: 'carrier' },
        { line: 4, field: 'value' },
      ],
    });
  });

  it('names at most the first 20 problems', () => {
    const records = Array.from({ length: 25 }, () => ({ carrier: 'gas', value: '' }));
    const { rows, problems } = validateRows(emissionFactorRowSchema, records);
    expect(rows).toEqual([]);
    expect(problems).toHaveLength(20);
    expect(problems[0]).toEqual({ line: 2, field: 'value' });
    expect(problems[19]).toEqual({ line: 21, field: 'value' });
  });
});
