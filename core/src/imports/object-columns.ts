import { ASSET_TYPES } from '../assets/asset-classes.ts';
import { FEATURE_QUALITIES, HISTORIC_PROTECTIONS, OBJECT_CATEGORIES, PROJECT_CATEGORIES, PROJECT_STAGES } from '../assets/object.ts';
import { EPC_CLASSES, EPC_TYPES } from '../banks/epc.ts';
import { COUNTRY_CODES } from '../shared/countries.ts';
import type { Language } from '../shared/language.ts';
import { OBJECT_FIELD_LABELS, OBJECT_OPTION_LABELS } from './object-labels.ts';

/** `flag`: yes or no (Ja / Nein, Yes / No, true / false), read as a boolean. */
export type ObjectColumnKind = 'id' | 'text' | 'number' | 'integer' | 'date' | 'enum' | 'flag' | 'country' | 'share';

/** One column of the object import and its template (spec 02 §3 fields, plus externalId, objectGroup and a share per class). */
export interface ObjectColumn {
  /** The API name (`objectName`, `assetTotalArea`, …; the class identifier `OFF` … `RESI` for shares). */
  key: string;
  kind: ObjectColumnKind;
  labels: Record<Language, string>;
  /** Enumerations: the stored values in the form's order, with their option texts. */
  options?: readonly string[];
  optionLabels?: Record<string, Record<Language, string>>;
  /** Shares: the asset class's id. */
  assetTypeId?: number;
  /** Required for a new object (the form's required fields). */
  required?: boolean;
  explanation: Record<Language, string>;
}

type FieldKey = keyof typeof OBJECT_FIELD_LABELS;

const field = (key: FieldKey, kind: ObjectColumnKind, explanation: Record<Language, string>, extra: Partial<ObjectColumn> = {}): ObjectColumn => ({
  key,
  kind,
  labels: OBJECT_FIELD_LABELS[key],
  explanation,
  ...extra,
});

const enumeration = (key: keyof typeof OBJECT_OPTION_LABELS, options: readonly string[], explanation: Record<Language, string>): ObjectColumn =>
  field(key, 'enum', explanation, { options, optionLabels: OBJECT_OPTION_LABELS[key] });

const AREA = { de: 'Zahl ≥ 0 in m², leer = 0', en: 'number ≥ 0 in m², empty = 0' };
const YEAR = { de: 'Jahr (1000–2100), optional', en: 'year (1000–2100), optional' };
const DATE = { de: 'Datum TT.MM.JJJJ oder JJJJ-MM-TT, optional', en: 'date YYYY-MM-DD or DD.MM.YYYY, optional' };
const CHOICE = { de: 'ein Wert der Auswahlliste', en: 'a value of the drop-down list' };

const EPC_DEMAND = { de: 'Zahl ≥ 0 in kWh/m²a laut Energieausweis, optional', en: 'number ≥ 0 in kWh/m²a as on the certificate, optional' };
const EPC_DATE = { de: 'Datum TT.MM.JJJJ oder JJJJ-MM-TT; Ausstellung und Gültigkeit zusammen, höchstens zehn Jahre', en: 'date YYYY-MM-DD or DD.MM.YYYY; issue and validity together, at most ten years' };

/** The stored values of a yes/no column and their texts. */
export const FLAG_OPTIONS = ['true', 'false'] as const;
const FLAG_LABELS = { true: { de: 'Ja', en: 'Yes' }, false: { de: 'Nein', en: 'No' } };

const flag = (key: string, labels: Record<Language, string>, meaning: Record<Language, string>): ObjectColumn => ({
  key,
  kind: 'flag',
  labels,
  options: FLAG_OPTIONS,
  optionLabels: FLAG_LABELS,
  explanation: { de: `Ja oder Nein: ${meaning.de}; leer lässt den gespeicherten Wert`, en: `Yes or No: ${meaning.en}; empty keeps the stored value` },
});

/**
 * The energy performance certificate (DOMAIN.md §11), headed by the form's labels (assets.object.epc). A file without
 * these columns leaves a stored certificate as it is.
 */
export const EPC_COLUMNS: readonly ObjectColumn[] = [
  {
    key: 'epcClass',
    kind: 'enum',
    labels: { de: 'Effizienzklasse', en: 'Efficiency class' },
    options: EPC_CLASSES,
    optionLabels: Object.fromEntries(EPC_CLASSES.map((c) => [c, { de: c, en: c }])),
    explanation: { de: 'A+, A, B, C, D, E, F, G oder H, optional', en: 'A+, A, B, C, D, E, F, G or H, optional' },
  },
  {
    key: 'epcType',
    kind: 'enum',
    labels: { de: 'Art des Ausweises', en: 'Kind of certificate' },
    options: EPC_TYPES,
    optionLabels: { demand: { de: 'Bedarfsausweis', en: 'Demand certificate' }, consumption: { de: 'Verbrauchsausweis', en: 'Consumption certificate' } },
    explanation: CHOICE,
  },
  { key: 'epcPrimaryEnergyDemand', kind: 'number', labels: { de: 'Primärenergiebedarf (kWh/m²a)', en: 'Primary energy demand (kWh/m²a)' }, explanation: EPC_DEMAND },
  { key: 'epcFinalEnergyDemand', kind: 'number', labels: { de: 'Endenergiebedarf (kWh/m²a)', en: 'Final energy demand (kWh/m²a)' }, explanation: EPC_DEMAND },
  { key: 'epcRegistrationNumber', kind: 'text', labels: { de: 'Registriernummer', en: 'Registration number' }, explanation: { de: 'wie gedruckt, höchstens 40 Zeichen, optional', en: 'as printed, at most 40 characters, optional' } },
  { key: 'epcIssuedAt', kind: 'date', labels: { de: 'Ausgestellt am', en: 'Issued on' }, explanation: EPC_DATE },
  { key: 'epcValidUntil', kind: 'date', labels: { de: 'Gültig bis', en: 'Valid until' }, explanation: EPC_DATE },
  flag('largeNonResidential', { de: 'Großes Nichtwohngebäude', en: 'Large non-residential building' }, { de: 'Heizung oder Klimaanlage über 290 kW', en: 'heating or air conditioning above 290 kW' }),
  flag('energyMonitoring', { de: 'Energiemonitoring', en: 'Energy monitoring' }, { de: 'laufende Überwachung der Energieeffizienz', en: 'ongoing monitoring of the energy performance' }),
];

/** The columns in the template's order. */
export const OBJECT_COLUMNS: readonly ObjectColumn[] = [
  {
    key: 'id',
    kind: 'id',
    labels: { de: 'Objekt-ID', en: 'Object ID' },
    explanation: { de: 'Portal-ID eines früher exportierten Objekts; leer für neue Objekte', en: "the portal's ID of an object exported earlier; empty for new objects" },
  },
  {
    key: 'externalId',
    kind: 'text',
    labels: { de: 'Externe ID', en: 'External ID' },
    explanation: { de: 'Ihre eigene Kennung des Objekts, eindeutig in Ihrer Organisation; ein erneuter Import ändert das Objekt mit dieser Kennung', en: 'your own reference of the object, unique within your organisation; a later import changes the object with this reference' },
  },
  field('objectName', 'text', { de: 'Pflichtfeld, höchstens 200 Zeichen', en: 'required, at most 200 characters' }, { required: true }),
  {
    key: 'objectGroup',
    kind: 'text',
    labels: { de: 'Objektgruppe', en: 'Object group' },
    required: true,
    explanation: { de: 'Name der Objektgruppe; eine fehlende Gruppe wird angelegt', en: 'name of the object group; a missing group is created' },
  },
  field('country', 'country', { de: 'Pflichtfeld: Ländercode (z. B. DE) oder Name', en: 'required: country code (e.g. DE) or name' }, { options: COUNTRY_CODES, required: true }),
  field('city', 'text', { de: 'Pflichtfeld', en: 'required' }, { required: true }),
  field('zip', 'text', { de: 'Pflichtfeld, höchstens 20 Zeichen', en: 'required, at most 20 characters' }, { required: true }),
  field('street', 'text', { de: 'Pflichtfeld', en: 'required' }, { required: true }),
  field('streetNumber', 'text', { de: 'Pflichtfeld, höchstens 20 Zeichen', en: 'required, at most 20 characters' }, { required: true }),
  field('constructionYear', 'integer', YEAR),
  field('renovationYear', 'integer', YEAR),
  enumeration('featureQuality', FEATURE_QUALITIES, CHOICE),
  field('assetTotalArea', 'number', { de: 'Pflichtfeld: Zahl > 0 in m²', en: 'required: number > 0 in m²' }, { required: true }),
  field('usableArea', 'number', AREA),
  field('rentingPeople', 'integer', { de: 'ganze Zahl ≥ 0, leer = 0', en: 'whole number ≥ 0, empty = 0' }),
  enumeration('historicProtection', HISTORIC_PROTECTIONS, CHOICE),
  field('ipms2', 'number', AREA),
  enumeration('conditionsAndEnvironmentGoals', OBJECT_CATEGORIES, CHOICE),
  field('conditionedArea', 'number', AREA),
  enumeration('projectCharacteristics', PROJECT_CATEGORIES, CHOICE),
  enumeration('projectStatus', PROJECT_STAGES, CHOICE),
  field('determinationStartDate', 'date', DATE),
  field('acceptanceDate', 'date', DATE),
  field('handoverDate', 'date', DATE),
  field('planningPermissionDate', 'date', DATE),
  field('netRoomArea', 'number', AREA),
  field('rentalArea', 'number', AREA),
  field('description', 'text', { de: 'optional, höchstens 500 Zeichen', en: 'optional, at most 500 characters' }),
  ...EPC_COLUMNS,
  ...ASSET_TYPES.map(
    (t): ObjectColumn => ({
      key: t.assetClassIdentifier,
      kind: 'share',
      labels: { de: t.assetClassIdentifier, en: t.assetClassIdentifier },
      assetTypeId: t.id,
      explanation: {
        de: `Anteil der Objektklasse ${t.name.de} in % (ganze Zahl 1–100); alle Anteile zusammen 100`,
        en: `share of the asset class ${t.name.en} in % (whole number 1–100); all shares add up to 100`,
      },
    }),
  ),
];

/** Header cells compare without case, surrounding blanks, doubled blanks or a byte order mark. */
export const normaliseHeader = (text: string): string => text.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toLowerCase();

const COLUMN_BY_HEADER: ReadonlyMap<string, ObjectColumn> = new Map(
  OBJECT_COLUMNS.flatMap((c) => [c.key, c.labels.de, c.labels.en].map((name) => [normaliseHeader(name), c] as const)),
);

/** The column a header cell names: its API name or its label in either language; undefined where none. */
export const columnOfHeader = (text: string): ObjectColumn | undefined => COLUMN_BY_HEADER.get(normaliseHeader(text));

/** The template's header row in a language: the form's labels, the class identifiers for shares. */
export const templateHeader = (language: Language): string[] => OBJECT_COLUMNS.map((c) => c.labels[language]);

/** An option's text in a language (the drop-down lists of the Excel template). */
export const optionText = (column: ObjectColumn, value: string, language: Language): string => column.optionLabels?.[value]?.[language] ?? value;
