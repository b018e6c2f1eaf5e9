import { describe, expect, it } from 'vitest';
import { assetBodySchema, parseLocaleNumber } from './object.ts';

describe('numbers by locale (spec 02 §5)', () => {
  it('reads a decimal comma in German and a decimal point in English', () => {
    expect(parseLocaleNumber('1234,5', 'de')).toBe(1234.5);
    expect(parseLocaleNumber('1.234,5', 'de')).toBe(1234.5);
    expect(parseLocaleNumber('1234.5', 'en')).toBe(1234.5);
    expect(parseLocaleNumber('1,234.5', 'en')).toBe(1234.5);
  });

  it('also takes the other sign as a decimal separator where it cannot group thousands', () => {
    expect(parseLocaleNumber('12.5', 'de')).toBe(12.5);
    expect(parseLocaleNumber('12,5', 'en')).toBe(12.5);
    expect(parseLocaleNumber('1.234', 'de')).toBe(1234);
  });

  it('answers null for what is not a number', () => {
    expect(parseLocaleNumber('', 'de')).toBeNull();
    expect(parseLocaleNumber('12a', 'de')).toBeNull();
    expect(parseLocaleNumber('1,2,3', 'de')).toBeNull();
  });
});

/** The least an object needs (spec 02 §5): name, group, address, gross floor area and one asset class at 100 %. */
const minimal = { objectName: 'Haus', assetGroupId: 1, country: 'DE', city: 'Berlin', zip: '10115', street: 'A', streetNumber: '1', assetTotalArea: 1000, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }] };

describe('object payload (spec 02 §3, §5)', () => {

  it('fills the defaults of the specification', () => {
    expect(assetBodySchema.parse(minimal)).toMatchObject({
      featureQuality: 'Low',
      historicProtection: 'NoStatement',
      conditionsAndEnvironmentGoals: 'StockAndClimateProtection',
      usableArea: 0,
      rentingPeople: 0,
      ipms2: 0,
      conditionedArea: 0,
      netRoomArea: 0,
      rentalArea: 0,
      constructionYear: null,
      isBuyerAsset: false,
    });
  });

  it('requires name, group, address and gross floor area', () => {
    const result = assetBodySchema.safeParse({ assetAssetTypes: [] });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['objectName', 'assetGroupId', 'country', 'city', 'zip', 'street', 'streetNumber', 'assetTotalArea']));
  });
});

/** The message key the form shows per field for one payload (the first per field): field path → key; empty where it is accepted. */
const refusals = (changes: Record<string, unknown>): Record<string, string> => {
  const result = assetBodySchema.safeParse({ ...minimal, ...changes });
  return result.success ? {} : Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join('.'), i.message]));
};
const omit = (field: string): Record<string, unknown> => Object.fromEntries(Object.entries(minimal).filter(([key]) => key !== field));

describe('the object form refuses each field with the key of the specification (spec 02 §3, §5)', () => {
  it('accepts the minimal object', () => {
    expect(refusals({})).toEqual({});
  });

  it.each(['objectName', 'country', 'city', 'zip', 'street', 'streetNumber'])('requires %s: missing, empty or blank it is "validation-required"', (field) => {
    expect(assetBodySchema.safeParse(omit(field)).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, 'validation-required']]);
    expect(refusals({ [field]: '' })).toEqual({ [field]: 'validation-required' });
    expect(refusals({ [field]: '   ' })).toEqual({ [field]: 'validation-required' });
  });

  /** Length limits of the texts: name, city and street 200 characters, zip and street number 20. */
  it.each([
    ['objectName', 200],
    ['city', 200],
    ['street', 200],
    ['zip', 20],
    ['streetNumber', 20],
  ])('takes %s up to %i characters and refuses one more with "validation-max-length"', (field, limit) => {
    expect(refusals({ [field]: 'x'.repeat(limit) })).toEqual({});
    expect(refusals({ [field]: 'x'.repeat(limit + 1) })).toEqual({ [field]: 'validation-max-length' });
  });

  it('trims the texts it stores', () => {
    expect(assetBodySchema.parse({ ...minimal, objectName: '  Haus am See ', city: ' Berlin ', zip: ' 10115 ', street: ' Seeweg ', streetNumber: ' 3a ' })).toMatchObject({
      objectName: 'Haus am See',
      city: 'Berlin',
      zip: '10115',
      street: 'Seeweg',
      streetNumber: '3a',
    });
  });

  it('takes a country of the list (DE, AT, UK, USA) and refuses another code with "validation-generic"', () => {
    for (const country of ['DE', 'AT', 'UK', 'USA']) expect(refusals({ country })).toEqual({});
    expect(refusals({ country: 'XX' })).toEqual({ country: 'validation-generic' });
    expect(refusals({ country: 'Deutschland' })).toEqual({ country: 'validation-max-length' });
  });

  it('requires a group: missing or not a positive id it is "validation-required"', () => {
    expect(assetBodySchema.safeParse(omit('assetGroupId')).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['assetGroupId', 'validation-required']]);
    expect(refusals({ assetGroupId: 0 })).toEqual({ assetGroupId: 'validation-required' });
    expect(refusals({ assetGroupId: -3 })).toEqual({ assetGroupId: 'validation-required' });
    expect(Object.keys(refusals({ assetGroupId: 1.5 }))).toEqual(['assetGroupId']);
  });

  it('requires a gross floor area (BGF) above 0 and at most 10⁹ m², else "validation-number"', () => {
    expect(assetBodySchema.safeParse(omit('assetTotalArea')).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['assetTotalArea', 'validation-number']]);
    expect(refusals({ assetTotalArea: 0.5 })).toEqual({});
    expect(refusals({ assetTotalArea: 1e9 })).toEqual({});
    for (const assetTotalArea of [0, -1, 1e9 + 1, Number.POSITIVE_INFINITY, Number.NaN, '1000', null]) {
      expect(refusals({ assetTotalArea })).toEqual({ assetTotalArea: 'validation-number' });
    }
  });

  it.each(['usableArea', 'ipms2', 'conditionedArea', 'netRoomArea', 'rentalArea'])('takes the optional area %s from 0 to 10⁹, empty as 0, else "validation-number"', (field) => {
    expect(assetBodySchema.parse({ ...minimal, [field]: null })).toMatchObject({ [field]: 0 });
    expect(assetBodySchema.parse({ ...minimal, [field]: 0 })).toMatchObject({ [field]: 0 });
    expect(assetBodySchema.parse({ ...minimal, [field]: 1234.5 })).toMatchObject({ [field]: 1234.5 });
    expect(assetBodySchema.parse({ ...minimal, [field]: 1e9 })).toMatchObject({ [field]: 1e9 });
    for (const value of [-0.1, 1e9 + 1, Number.POSITIVE_INFINITY, 'viel']) expect(refusals({ [field]: value })).toEqual({ [field]: 'validation-number' });
  });

  it('takes the number of tenants as a whole number from 0 to 10 million, empty as 0', () => {
    expect(assetBodySchema.parse({ ...minimal, rentingPeople: null })).toMatchObject({ rentingPeople: 0 });
    expect(assetBodySchema.parse({ ...minimal, rentingPeople: 12 })).toMatchObject({ rentingPeople: 12 });
    expect(assetBodySchema.parse({ ...minimal, rentingPeople: 1e7 })).toMatchObject({ rentingPeople: 1e7 });
    expect(refusals({ rentingPeople: 2.5 })).toEqual({ rentingPeople: 'validation-number' });
    expect(refusals({ rentingPeople: 'zwölf' })).toEqual({ rentingPeople: 'validation-number' });
    expect(Object.keys(refusals({ rentingPeople: -1 }))).toEqual(['rentingPeople']);
    expect(Object.keys(refusals({ rentingPeople: 1e7 + 1 }))).toEqual(['rentingPeople']);
  });

  it.each(['constructionYear', 'renovationYear'])('takes %s as a year only, 1000 to 2100, empty as none', (field) => {
    expect(assetBodySchema.parse({ ...minimal, [field]: 1000 })).toMatchObject({ [field]: 1000 });
    expect(assetBodySchema.parse({ ...minimal, [field]: 1987 })).toMatchObject({ [field]: 1987 });
    expect(assetBodySchema.parse({ ...minimal, [field]: 2100 })).toMatchObject({ [field]: 2100 });
    expect(assetBodySchema.parse({ ...minimal, [field]: null })).toMatchObject({ [field]: null });
    expect(assetBodySchema.parse(minimal)).toMatchObject({ [field]: null });
    expect(refusals({ [field]: 999 })).toEqual({ [field]: 'validation-generic' });
    expect(refusals({ [field]: 2101 })).toEqual({ [field]: 'validation-generic' });
    expect(refusals({ [field]: 1987.5 })).toEqual({ [field]: 'validation-number' });
    expect(refusals({ [field]: '1987' })).toEqual({ [field]: 'validation-number' });
  });

  it('takes the quality Low, Mid or High (default Low) and nothing else', () => {
    for (const featureQuality of ['Low', 'Mid', 'High']) expect(assetBodySchema.parse({ ...minimal, featureQuality })).toMatchObject({ featureQuality });
    expect(Object.keys(refusals({ featureQuality: 'Medium' }))).toEqual(['featureQuality']);
  });

  it('takes the five kinds of historic protection (default NoStatement) and nothing else', () => {
    for (const historicProtection of ['NoStatement', 'None', 'Facade', 'SelectedAreas', 'FacadeAndSelectedAreas']) {
      expect(assetBodySchema.parse({ ...minimal, historicProtection })).toMatchObject({ historicProtection });
    }
    expect(Object.keys(refusals({ historicProtection: 'Full' }))).toEqual(['historicProtection']);
  });

  it('takes an object category as conditions and environment goals, refusing another with "validation-required"', () => {
    expect(assetBodySchema.parse({ ...minimal, conditionsAndEnvironmentGoals: 'RenovationAndCircularEconomy' })).toMatchObject({
      conditionsAndEnvironmentGoals: 'RenovationAndCircularEconomy',
    });
    // Ecore and Finance are score types, not object categories (spec 02 §3).
    expect(refusals({ conditionsAndEnvironmentGoals: 'Ecore' })).toEqual({ conditionsAndEnvironmentGoals: 'validation-required' });
    expect(refusals({ conditionsAndEnvironmentGoals: null })).toEqual({ conditionsAndEnvironmentGoals: 'validation-required' });
  });

  it('takes a project category and an HOAI stage LP1 to LP9, empty as none', () => {
    expect(assetBodySchema.parse(minimal)).toMatchObject({ projectCharacteristics: null, projectStatus: null });
    expect(assetBodySchema.parse({ ...minimal, projectCharacteristics: 'Redensification', projectStatus: 'ObjectSupervision' })).toMatchObject({
      projectCharacteristics: 'Redensification',
      projectStatus: 'ObjectSupervision',
    });
    expect(assetBodySchema.parse({ ...minimal, projectCharacteristics: null, projectStatus: null })).toMatchObject({ projectCharacteristics: null, projectStatus: null });
    expect(Object.keys(refusals({ projectCharacteristics: 'Skyscraper', projectStatus: 'LP10' })).sort()).toEqual(['projectCharacteristics', 'projectStatus']);
  });

  it.each(['determinationStartDate', 'acceptanceDate', 'handoverDate', 'planningPermissionDate'])('takes %s as a calendar date, empty as none, else "validation-generic"', (field) => {
    expect(assetBodySchema.parse({ ...minimal, [field]: '2024-02-29' })).toMatchObject({ [field]: '2024-02-29' });
    expect(assetBodySchema.parse({ ...minimal, [field]: null })).toMatchObject({ [field]: null });
    expect(assetBodySchema.parse(minimal)).toMatchObject({ [field]: null });
    expect(refusals({ [field]: '2024-13-01' })).toEqual({ [field]: 'validation-generic' });
    expect(refusals({ [field]: '01.02.2024' })).toEqual({ [field]: 'validation-generic' });
  });

  it('takes a description of up to 500 characters, trimmed, empty as none', () => {
    expect(assetBodySchema.parse(minimal)).toMatchObject({ description: null });
    expect(assetBodySchema.parse({ ...minimal, description: null })).toMatchObject({ description: null });
    expect(assetBodySchema.parse({ ...minimal, description: '  Altbau  ' })).toMatchObject({ description: 'Altbau' });
    expect(refusals({ description: 'x'.repeat(500) })).toEqual({});
    expect(refusals({ description: 'x'.repeat(501) })).toEqual({ description: 'validation-max-length' });
  });

  it('keeps whether it is a buyer asset (default: not)', () => {
    expect(assetBodySchema.parse({ ...minimal, isBuyerAsset: true })).toMatchObject({ isBuyerAsset: true });
  });

  it('takes up to twelve asset-class rows, each with a class and a numeric share', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ assetTypeId: i + 1, percentage: i < 4 ? 9 : 8 }));
    expect(refusals({ assetAssetTypes: twelve })).toEqual({});
    expect(Object.keys(refusals({ assetAssetTypes: [...twelve, { assetTypeId: 1, percentage: 1 }] }))).toEqual(['assetAssetTypes']);
    expect(refusals({ assetAssetTypes: [{ percentage: 100 }] })).toEqual({ 'assetAssetTypes.0.assetTypeId': 'validation-required' });
    expect(refusals({ assetAssetTypes: [{ assetTypeId: 1, percentage: '100' }] })).toEqual({ 'assetAssetTypes.0.percentage': 'validation-number' });
  });
});
