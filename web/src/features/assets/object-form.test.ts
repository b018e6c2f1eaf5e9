import { describe, expect, it } from 'vitest';
import { selectableAssetTypes } from '@ecore/core/assets/asset-classes.ts';
import { message } from '@ecore/core/shared/messages.ts';
import type { Translate } from '../../components/forms/form-errors.ts';
import type { Asset } from './assets-api.ts';
import { groupFormErrors, groupPayload } from '../object-groups/object-group-form.ts';
import {
  checkObject,
  newObjectValues,
  objectValues,
  ownerCompanyOf,
  roundedShareText,
  yearOptions,
  type ObjectFormValues,
} from './object-form.ts';

const german: Translate = (key, params) => message(key, 'de', params);
const english: Translate = (key, params) => message(key, 'en', params);
const ALL = selectableAssetTypes(false).map((t) => t.id);
const BUYER = selectableAssetTypes(true).map((t) => t.id);

const filled = (change: Partial<ObjectFormValues> = {}): ObjectFormValues => ({
  ...newObjectValues(7, 1, 'de'),
  objectName: 'Bürohaus Mainzer Landstraße',
  country: 'DE',
  city: 'Frankfurt am Main',
  zip: '60325',
  street: 'Mainzer Landstraße',
  streetNumber: '12a',
  assetTotalArea: '12.500,75',
  ...change,
});

const asset: Asset = {
  id: 41,
  version: 3,
  organisationId: 2,
  organisationName: 'Musterimmobilien AG',
  externalId: null,
  ownerCompany: 'Musterimmobilien AG',
  createdAt: '2026-01-05T10:00:00Z',
  createdBy: 'objectadmin',
  status: null,
  score: null,
  canEdit: true,
  objectName: 'Wohnpark Nord',
  assetGroupId: 7,
  isBuyerAsset: false,
  country: 'DE',
  city: 'Berlin',
  zip: '10115',
  street: 'Invalidenstraße',
  streetNumber: '3',
  constructionYear: 1998,
  renovationYear: 2021,
  featureQuality: 'Mid',
  assetTotalArea: 8400.5,
  usableArea: 7000,
  rentingPeople: 42,
  historicProtection: 'Facade',
  ipms2: 0,
  conditionsAndEnvironmentGoals: 'RenovationAndClimateProtection',
  conditionedArea: 6900.25,
  projectCharacteristics: null,
  projectStatus: 'ObjectSupervision',
  determinationStartDate: '2024-03-01',
  acceptanceDate: null,
  handoverDate: null,
  planningPermissionDate: null,
  netRoomArea: 7600,
  rentalArea: 7100,
  description: 'Zwei Baukörper',
  assetAssetTypes: [
    { assetTypeId: 12, percentage: 70 },
    { assetTypeId: 1, percentage: 30 },
  ],
  // The energy performance certificate comes back as stored too (numbers through the locale).
  epcClass: 'A+',
  epcType: 'consumption',
  epcPrimaryEnergyDemand: 1234.5,
  epcFinalEnergyDemand: null,
  epcRegistrationNumber: 'HE-2020-123',
  epcIssuedAt: '2020-02-01',
  epcValidUntil: '2030-01-31',
  largeNonResidential: true,
  energyMonitoring: false,
};

describe('a new object', () => {
  it('starts with the defaults of the specification: Low, no statement, stock and climate protection, one class at 100 %, optional numbers 0', () => {
    const values = newObjectValues(5, 1, 'de');
    expect(values).toMatchObject({
      assetGroupId: '5',
      featureQuality: 'Low',
      historicProtection: 'NoStatement',
      conditionsAndEnvironmentGoals: 'StockAndClimateProtection',
      assetTotalArea: '',
      usableArea: '0',
      rentingPeople: '0',
      assetAssetTypes: [{ assetTypeId: '1', percentage: '100' }],
    });
    expect(newObjectValues(null, 1, 'en').assetGroupId).toBeNull();
  });

  it('becomes the payload of POST asset, numbers read with the German decimal comma', () => {
    const check = checkObject(filled(), { language: 'de', isBuyerAsset: false, allowedTypeIds: ALL }, german);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body).toMatchObject({
      objectName: 'Bürohaus Mainzer Landstraße',
      assetGroupId: 7,
      isBuyerAsset: false,
      assetTotalArea: 12500.75,
      usableArea: 0,
      constructionYear: null,
      determinationStartDate: null,
      description: null,
      assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
    });
  });
});

describe('a stored object in the form', () => {
  it('comes back unchanged as the payload of PUT asset, in either language', () => {
    for (const language of ['de', 'en'] as const) {
      const check = checkObject(objectValues(asset, language), { language, isBuyerAsset: false, allowedTypeIds: ALL }, german);
      expect(check.ok, language).toBe(true);
      if (!check.ok) continue;
      const { id: _id, version: _version, organisationId: _o, organisationName: _n, ownerCompany: _c, createdAt: _a, createdBy: _b, status: _s, score: _sc, canEdit: _e, ...fields } = asset;
      expect(check.body).toEqual(fields);
    }
  });

  it('shows numbers and years as the locale writes them', () => {
    expect(objectValues(asset, 'de')).toMatchObject({ assetTotalArea: '8.400,5', conditionedArea: '6.900,25', constructionYear: '1998', rentingPeople: '42' });
    expect(objectValues(asset, 'en')).toMatchObject({ assetTotalArea: '8,400.5' });
  });
});

describe('the checks of the form (spec 02 §5)', () => {
  const context = { language: 'de' as const, isBuyerAsset: false, allowedTypeIds: ALL };

  it('refuses 60 % + 30 % with the specification’s message under the rows', () => {
    const check = checkObject(
      filled({ assetAssetTypes: [{ assetTypeId: '1', percentage: '60' }, { assetTypeId: '12', percentage: '30' }] }),
      context,
      german,
    );
    expect(check).toEqual({ ok: false, errors: { assetAssetTypes: message('objectGroups-create-error-percentages', 'de') } });
  });

  it('names a class chosen twice on its second row: “Jede Objektklasse kann nur einmal hinzugefügt werden.”', () => {
    const check = checkObject(filled({ assetAssetTypes: [{ assetTypeId: '1', percentage: '50' }, { assetTypeId: '1', percentage: '50' }] }), context, german);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({ 'assetAssetTypes.1.assetTypeId': 'Jede Objektklasse kann nur einmal hinzugefügt werden.' });
  });

  it('asks for a class on a row without one, and refuses classes a buyer may not choose', () => {
    const missing = checkObject(filled({ assetAssetTypes: [{ assetTypeId: null, percentage: '100' }] }), context, german);
    expect(missing).toMatchObject({ ok: false, errors: { 'assetAssetTypes.0.assetTypeId': 'Bitte füllen Sie dieses Feld aus' } });
    const hotel = checkObject(filled({ assetAssetTypes: [{ assetTypeId: '2', percentage: '100' }] }), { ...context, isBuyerAsset: true, allowedTypeIds: BUYER }, german);
    expect(hotel).toMatchObject({ ok: false, errors: { 'assetAssetTypes.0.assetTypeId': 'Bitte füllen Sie dieses Feld aus' } });
  });

  it('requires the name, the group, the address and the gross floor area, in the user’s language', () => {
    const check = checkObject(
      { ...newObjectValues(null, 1, 'en') },
      { ...context, language: 'en' },
      english,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    for (const field of ['objectName', 'assetGroupId', 'country', 'city', 'zip', 'street', 'streetNumber', 'assetTotalArea']) {
      expect(check.errors[field], field).toBe('Please fill out this field');
    }
  });

  it('refuses numbers it cannot read', () => {
    const check = checkObject(filled({ usableArea: 'viel', assetTotalArea: '12x' }), context, german);
    expect(check).toMatchObject({ ok: false, errors: { usableArea: 'Bitte geben Sie ein Zahl ein', assetTotalArea: 'Bitte geben Sie ein Zahl ein' } });
  });
});

describe('helpers of the form', () => {
  it('round a share on focus out and leave what is no number', () => {
    expect(roundedShareText('33,6', 'de')).toBe('34');
    expect(roundedShareText('33.4', 'en')).toBe('33');
    expect(roundedShareText('abc', 'de')).toBe('abc');
  });

  it('take the owner company from the chosen group', () => {
    const groups = [
      { id: 1, name: 'Portfolio Rhein-Main', organisationId: 2, organisationName: 'Musterimmobilien AG' },
      { id: 2, name: 'Fremd', organisationId: 3, organisationName: 'Andere GmbH' },
    ];
    expect(ownerCompanyOf(groups, '2')).toBe('Andere GmbH');
    expect(ownerCompanyOf(groups, null, 'gespeichert')).toBe('gespeichert');
  });

  it('offer years newest first and keep a stored year outside the range', () => {
    const years = yearOptions(2026, ['1650']);
    expect(years[0]).toBe('2036');
    expect(years).toContain('1800');
    expect(years.at(-1)).toBe('1650');
  });
});

describe('the object group dialog', () => {
  it('requires the name, and the organisation only where the user chooses it', () => {
    expect(groupFormErrors({ name: ' ', organisationId: null }, false, german)).toEqual({ name: 'Bitte füllen Sie dieses Feld aus' });
    expect(groupFormErrors({ name: 'Portfolio', organisationId: null }, true, german)).toEqual({ organisationId: 'Bitte füllen Sie dieses Feld aus' });
    expect(groupFormErrors({ name: 'Portfolio', organisationId: '4' }, true, german)).toEqual({});
  });

  it('sends the chosen organisation for administrators and the own one for everybody else', () => {
    expect(groupPayload({ name: ' Portfolio ', organisationId: '4' }, true, 2)).toEqual({ name: 'Portfolio', organisationId: 4 });
    expect(groupPayload({ name: 'Portfolio', organisationId: '4' }, false, 2)).toEqual({ name: 'Portfolio', organisationId: 2 });
  });
});
