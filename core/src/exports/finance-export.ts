import type { EpcFields } from '../banks/epc.ts';
import { EPC_COLUMNS } from '../imports/object-columns.ts';
import type { Language } from '../shared/language.ts';
import type { CellValue, TableColumn } from './export-table.ts';
import type { ExportReach } from './finance-partner-scope.ts';

/** The certificate's fields a finance export shows (DOMAIN.md §11). */
type ExportEpc = Pick<EpcFields, 'epcClass' | 'epcType' | 'epcPrimaryEnergyDemand' | 'epcFinalEnergyDemand' | 'epcRegistrationNumber' | 'epcIssuedAt' | 'epcValidUntil'>;

/** One object as a finance partner's export shows it (spec 02 §2 "/export"; scores as stored, issue 15; its certificate). */
export interface ExportAsset extends ExportEpc {
  assetId: number;
  name: string;
  groupName: string;
  ownerName: string;
  reach: ExportReach;
  country: string;
  zip: string;
  city: string;
  street: string;
  streetNumber: string;
  constructionYear: number | null;
  renovationYear: number | null;
  assetTotalArea: number;
  assetClasses: readonly { identifier: string; percentage: number }[];
  questionnaireVersion: string | null;
  state: string | null;
  reportingYear: number | null;
  ecoreScore: number | null;
  financeScore: number | null;
}

/** A buyer organisation with one of its objects (null: a buyer without objects) for the customer-data export. */
export interface ExportCustomer {
  organisationId: number;
  organisationName: string;
  organisationStreet: string;
  organisationZip: string;
  organisationCity: string;
  organisationCountry: string;
  asset: ExportAsset | null;
}

/** The states as the portal names them everywhere (Closed reads Accepted, spec 02 §4), so that an export says the same. */
const STATE_NAMES: Record<string, { de: string; en: string }> = {
  Active: { de: 'Aktiv', en: 'Active' },
  Review: { de: 'In Prüfung', en: 'In review' },
  Evaluation: { de: 'In Begutachtung', en: 'In evaluation' },
  Closed: { de: 'Akzeptiert', en: 'Accepted' },
  Declined: { de: 'Abgelehnt', en: 'Declined' },
  Verification: { de: 'Nachweise hochladen', en: 'Upload documents' },
  DefinitelyDeclined: { de: 'Endgültig abgelehnt', en: 'Definitely declined' },
  Expired: { de: 'Abgelaufen', en: 'Expired' },
};

const REACH_NAMES: Record<ExportReach, { de: string; en: string }> = {
  buyerAsset: { de: 'Objekt des Käufers', en: "Buyer's object" },
  granted: { de: 'Zugriff gewährt', en: 'Access granted' },
};

const translated = (names: Record<string, { de: string; en: string }>) => (value: CellValue, language: Language) =>
  names[String(value)]?.[language] ?? String(value);

/** A score is verified once its questionnaire is closed (spec 02 §1: members see the unverified real-time score). */
export const isVerified = (state: string | null): boolean => state === 'Closed';

const round1 = (n: number | null): number | null => (n === null ? null : Math.round(n * 10) / 10);

const EPC_KINDS: Record<keyof ExportEpc, 'text' | 'decimal'> = {
  epcClass: 'text',
  epcType: 'text',
  epcPrimaryEnergyDemand: 'decimal',
  epcFinalEnergyDemand: 'decimal',
  epcRegistrationNumber: 'text',
  epcIssuedAt: 'text',
  epcValidUntil: 'text',
};

/**
 * The certificate's columns, headed as the object import's (so that an export reads back): dates as YYYY-MM-DD, the kind
 * of certificate in the export's language.
 */
function epcExportColumns(): TableColumn<ExportAsset>[] {
  return (Object.keys(EPC_KINDS) as (keyof ExportEpc)[]).map((key) => {
    const column = EPC_COLUMNS.find((c) => c.key === key)!;
    const names = column.optionLabels;
    return { key, header: column.labels, kind: EPC_KINDS[key], value: (a) => a[key], ...(key === 'epcType' && names ? { text: translated(names) } : {}) };
  });
}

/** The columns of an object row, in order; headers in German and English (GLOSSARY.md). */
export const ASSET_COLUMNS: readonly TableColumn<ExportAsset>[] = [
  { key: 'assetId', header: { de: 'Objekt-ID', en: 'Object ID' }, kind: 'integer', value: (a) => a.assetId },
  { key: 'name', header: { de: 'Objekt', en: 'Object' }, kind: 'text', value: (a) => a.name },
  { key: 'assetGroup', header: { de: 'Objektgruppe', en: 'Object group' }, kind: 'text', value: (a) => a.groupName },
  { key: 'owner', header: { de: 'Eigentümer', en: 'Owner' }, kind: 'text', value: (a) => a.ownerName },
  { key: 'access', header: { de: 'Zugang', en: 'Access' }, kind: 'text', value: (a) => a.reach, text: translated(REACH_NAMES) },
  { key: 'country', header: { de: 'Land', en: 'Country' }, kind: 'text', value: (a) => a.country },
  { key: 'zip', header: { de: 'PLZ', en: 'Postcode' }, kind: 'text', value: (a) => a.zip },
  { key: 'city', header: { de: 'Ort', en: 'City' }, kind: 'text', value: (a) => a.city },
  { key: 'street', header: { de: 'Straße', en: 'Street' }, kind: 'text', value: (a) => `${a.street} ${a.streetNumber}`.trim() },
  { key: 'constructionYear', header: { de: 'Baujahr', en: 'Construction year' }, kind: 'integer', value: (a) => a.constructionYear },
  { key: 'renovationYear', header: { de: 'Sanierungsjahr', en: 'Renovation year' }, kind: 'integer', value: (a) => a.renovationYear },
  { key: 'assetTotalArea', header: { de: 'Bruttogrundfläche (m²)', en: 'Gross floor area (m²)' }, kind: 'decimal', value: (a) => a.assetTotalArea },
  {
    key: 'assetClasses',
    header: { de: 'Objektklassen', en: 'Asset classes' },
    kind: 'text',
    value: (a) => a.assetClasses.map((c) => `${c.identifier} ${c.percentage} %`).join(', '),
  },
  { key: 'questionnaireVersion', header: { de: 'Fragebogen', en: 'Questionnaire' }, kind: 'text', value: (a) => a.questionnaireVersion },
  { key: 'reportingYear', header: { de: 'Berichtsjahr', en: 'Reporting year' }, kind: 'integer', value: (a) => a.reportingYear },
  { key: 'state', header: { de: 'Status', en: 'State' }, kind: 'text', value: (a) => a.state, text: translated(STATE_NAMES) },
  { key: 'ecoreScore', header: { de: 'ECORE-Score (%)', en: 'ECORE score (%)' }, kind: 'decimal', value: (a) => round1(a.ecoreScore) },
  { key: 'financeScore', header: { de: 'Finanzscore (%)', en: 'Finance score (%)' }, kind: 'decimal', value: (a) => round1(a.financeScore) },
  { key: 'verified', header: { de: 'Verifiziert', en: 'Verified' }, kind: 'boolean', value: (a) => (a.state === null ? null : isVerified(a.state)) },
  ...epcExportColumns(),
];

const ofAsset = (column: TableColumn<ExportAsset>): TableColumn<ExportCustomer> => ({
  ...column,
  value: (c) => (c.asset === null ? null : column.value(c.asset)),
});

/** The customer-data columns: the buyer organisation, then its object (spec 02 §2 customerDataExport). */
export const CUSTOMER_COLUMNS: readonly TableColumn<ExportCustomer>[] = [
  { key: 'organisationId', header: { de: 'Organisations-ID', en: 'Organisation ID' }, kind: 'integer', value: (c) => c.organisationId },
  { key: 'organisation', header: { de: 'Käufer / Kreditnehmer', en: 'Buyer / borrower' }, kind: 'text', value: (c) => c.organisationName },
  {
    key: 'organisationAddress',
    header: { de: 'Anschrift', en: 'Address' },
    kind: 'text',
    value: (c) => [c.organisationStreet, `${c.organisationZip} ${c.organisationCity}`.trim(), c.organisationCountry].filter((p) => p.trim() !== '').join(', '),
  },
  ...ASSET_COLUMNS.map(ofAsset),
];

/** Sheet titles and file names per export (a file's name says what it is: ARCHITECTURE.md). */
export const EXPORT_NAMES = {
  objects: { de: 'Objekte', en: 'Objects' },
  customerData: { de: 'Kundendaten', en: 'Customer data' },
} as const;

/** A file name of letters, digits, dashes and underscores: `<what>-<YYYY-MM-DD>.<ext>`. */
export const exportFileName = (what: string, date: string, extension: string): string =>
  `${what.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'export'}-${date}.${extension}`;
