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

describe('object payload (spec 02 §3, §5)', () => {
  const minimal = { objectName: 'Haus', assetGroupId: 1, country: 'DE', city: 'Berlin', zip: '10115', street: 'A', streetNumber: '1', assetTotalArea: 1000, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }] };

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
