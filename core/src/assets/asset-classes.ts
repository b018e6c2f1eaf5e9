import { ASSET_CLASSES, type AssetClass } from '../questionnaires/template.ts';

export { ASSET_CLASSES, type AssetClass };

/** An asset class as the reference list answers it (spec 02 §3 "Asset classes"). */
export interface AssetType {
  id: number;
  assetClassIdentifier: AssetClass;
  assetClassIsPilot: boolean;
  /** Buyer users see only these (spec 02 §3, §6). */
  availableForBuyers: boolean;
  name: { de: string; en: string };
}

/**
 * The classes OFF … RESI with stable ids. Pilot classes are those still being calibrated (care, social
 * real estate, lodging/leisure); buyers finance offices, residential and mixed-use objects. Both are our
 * decisions where the specification only names the markers.
 */
export const ASSET_TYPES: readonly AssetType[] = [
  { id: 1, assetClassIdentifier: 'OFF', assetClassIsPilot: false, availableForBuyers: true, name: { de: 'Büro', en: 'Office' } },
  { id: 2, assetClassIdentifier: 'HOT', assetClassIsPilot: false, availableForBuyers: false, name: { de: 'Hotel', en: 'Hotel' } },
  { id: 3, assetClassIdentifier: 'RHS', assetClassIsPilot: false, availableForBuyers: false, name: { de: 'Einzelhandel Innenstadt', en: 'Retail high street' } },
  { id: 4, assetClassIdentifier: 'RSM', assetClassIsPilot: false, availableForBuyers: false, name: { de: 'Einkaufszentrum', en: 'Shopping centre' } },
  { id: 5, assetClassIdentifier: 'RWB1', assetClassIsPilot: false, availableForBuyers: false, name: { de: 'Nahversorger', en: 'Local supplier' } },
  { id: 6, assetClassIdentifier: 'RWB2', assetClassIsPilot: false, availableForBuyers: false, name: { de: 'Fachmarktzentrum', en: 'Retail park' } },
  { id: 7, assetClassIdentifier: 'DWH', assetClassIsPilot: false, availableForBuyers: false, name: { de: 'Logistik', en: 'Logistics' } },
  { id: 8, assetClassIdentifier: 'HEC1', assetClassIsPilot: true, availableForBuyers: false, name: { de: 'Pflegeimmobilie', en: 'Care real estate' } },
  { id: 9, assetClassIdentifier: 'HEC2', assetClassIsPilot: true, availableForBuyers: false, name: { de: 'Sozialimmobilie', en: 'Social real estate' } },
  { id: 10, assetClassIdentifier: 'LEI', assetClassIsPilot: true, availableForBuyers: false, name: { de: 'Freizeit/Beherbergung', en: 'Lodging/leisure' } },
  { id: 11, assetClassIdentifier: 'MIX', assetClassIsPilot: false, availableForBuyers: true, name: { de: 'Gemischte Nutzung', en: 'Mixed use' } },
  { id: 12, assetClassIdentifier: 'RESI', assetClassIsPilot: false, availableForBuyers: true, name: { de: 'Wohnen', en: 'Residential' } },
];

export const assetTypeById = (id: number): AssetType | undefined => ASSET_TYPES.find((t) => t.id === id);

/** The classes a user may choose: buyer users only those available to buyers. */
export const selectableAssetTypes = (buyerUser: boolean): AssetType[] => ASSET_TYPES.filter((t) => !buyerUser || t.availableForBuyers);

/** The asset classes of an object's rows, as questions name them (DOMAIN.md §5 "a question applies"). */
export const assetClassesOf = (rows: readonly { assetTypeId: number }[]): AssetClass[] =>
  rows.flatMap((row) => {
    const type = assetTypeById(row.assetTypeId);
    return type ? [type.assetClassIdentifier] : [];
  });
