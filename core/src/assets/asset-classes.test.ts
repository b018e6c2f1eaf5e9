import { describe, expect, it } from 'vitest';
import { ASSET_TYPES, assetTypeById, selectableAssetTypes } from './asset-classes.ts';

/**
 * The asset classes of spec 02 §3 in the specification's order, with the identifiers of the GLOSSARY, the
 * English names of the specification and the German names the portal shows. Pilot classes (still being
 * calibrated) and classes open to buyers are the portal's decisions where the specification only names the
 * markers: pilot are care, social real estate and lodging/leisure; buyers finance offices, mixed use and
 * residential.
 */
const SPEC_CLASSES = [
  { id: 1, identifier: 'OFF', de: 'Büro', en: 'Office', pilot: false, buyers: true },
  { id: 2, identifier: 'HOT', de: 'Hotel', en: 'Hotel', pilot: false, buyers: false },
  { id: 3, identifier: 'RHS', de: 'Einzelhandel Innenstadt', en: 'Retail high street', pilot: false, buyers: false },
  { id: 4, identifier: 'RSM', de: 'Einkaufszentrum', en: 'Shopping centre', pilot: false, buyers: false },
  { id: 5, identifier: 'RWB1', de: 'Nahversorger', en: 'Local supplier', pilot: false, buyers: false },
  { id: 6, identifier: 'RWB2', de: 'Fachmarktzentrum', en: 'Retail park', pilot: false, buyers: false },
  { id: 7, identifier: 'DWH', de: 'Logistik', en: 'Logistics', pilot: false, buyers: false },
  { id: 8, identifier: 'HEC1', de: 'Pflegeimmobilie', en: 'Care real estate', pilot: true, buyers: false },
  { id: 9, identifier: 'HEC2', de: 'Sozialimmobilie', en: 'Social real estate', pilot: true, buyers: false },
  { id: 10, identifier: 'LEI', de: 'Freizeit/Beherbergung', en: 'Lodging/leisure', pilot: true, buyers: false },
  { id: 11, identifier: 'MIX', de: 'Gemischte Nutzung', en: 'Mixed use', pilot: false, buyers: true },
  { id: 12, identifier: 'RESI', de: 'Wohnen', en: 'Residential', pilot: false, buyers: true },
] as const;

describe('the asset classes (spec 02 §3 "Asset classes", GLOSSARY "Objektklasse")', () => {
  it('are the twelve classes of the specification, in its order, with stable ids, names in both languages and their markers', () => {
    expect(ASSET_TYPES).toEqual(
      SPEC_CLASSES.map((c) => ({
        id: c.id,
        assetClassIdentifier: c.identifier,
        assetClassIsPilot: c.pilot,
        availableForBuyers: c.buyers,
        name: { de: c.de, en: c.en },
      })),
    );
  });

  it.each(SPEC_CLASSES)('finds class $identifier ($en) by its id $id', (c) => {
    expect(assetTypeById(c.id)).toMatchObject({ assetClassIdentifier: c.identifier, name: { de: c.de, en: c.en } });
  });

  it('finds no class for an id outside the list', () => {
    expect(assetTypeById(0)).toBeUndefined();
    expect(assetTypeById(13)).toBeUndefined();
    expect(assetTypeById(-1)).toBeUndefined();
  });
});

describe('the classes a user may choose (spec 02 §3, §6: buyers see only buyer classes)', () => {
  it('offers a buyer user only office, mixed use and residential', () => {
    expect(selectableAssetTypes(true).map((t) => t.assetClassIdentifier)).toEqual(['OFF', 'MIX', 'RESI']);
  });

  it('offers every other user all twelve classes in the order of the specification', () => {
    expect(selectableAssetTypes(false).map((t) => t.assetClassIdentifier)).toEqual([
      'OFF',
      'HOT',
      'RHS',
      'RSM',
      'RWB1',
      'RWB2',
      'DWH',
      'HEC1',
      'HEC2',
      'LEI',
      'MIX',
      'RESI',
    ]);
  });
});
