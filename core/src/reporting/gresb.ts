import { PROVENANCE_NAMES, PROVENANCES, type Provenance } from '../answering/provenance.ts';
import { mainAssetClass } from '../analysis/dashboard.ts';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { AssetClass, KpiKey } from '../questionnaires/template.ts';
import type { YearFactors } from '../scoring/stranding.ts';
import { isCountryCode } from '../shared/countries.ts';
import type { Language } from '../shared/language.ts';

/**
 * GRESB asset data in and out (issue 41, docs/gresb.md): the columns, their units and how each is made from what the
 * portal holds. GRESB reports absolute figures per year (kWh, metric tons, m³); the questionnaire asks intensities per
 * m² and year: the conversion is × or ÷ the floor area (`size`, the object's gross floor area).
 */

/** The header row of a GRESB file, exactly GRESB's variable names, in this order. */
export const GRESB_COLUMNS = [
  'partners_id',
  'name',
  'country',
  'state_province',
  'city',
  'address',
  'construction_year',
  'property_type_code',
  'size',
  'year',
  'whole_building',
  'en_abs_we',
  'en_abs_wf',
  'en_abs_wd',
  'en_ren_ons_con',
  'en_ren_ons_exp',
  'ghg_abs_s1_w',
  'ghg_abs_s2_lb_w',
  'wat_abs_w',
  'was_abs_nhaz',
] as const;
export type GresbColumn = (typeof GRESB_COLUMNS)[number];

/**
 * GRESB variables an import accepts beside GRESB_COLUMNS: `was_abs_haz` is read (added to the waste), the others are
 * GRESB's own or describe what the portal does not keep; they are accepted so that GRESB's asset spreadsheet imports as
 * it is, and not read.
 */
export const GRESB_READ_ALSO = ['was_abs_haz'] as const;
export const GRESB_IGNORED = [
  'gresb_asset_id',
  'ownership',
  'gav',
  'ownership_from',
  'ownership_to',
  'tenant_ctrl',
  'asset_vacancy',
  'ncmr_status',
  'en_data_from',
  'en_data_to',
  'en_cov_we',
  'en_cov_wf',
  'en_cov_wd',
  'en_tot_we',
  'en_tot_wf',
  'en_tot_wd',
  'ghg_abs_s2_mb_w',
  'ghg_abs_s3_w',
  'was_pcov',
] as const;

/**
 * The one mapping from the portal's asset classes to GRESB property type codes (GRESB's property type groups; check
 * them against the list GRESB publishes for the assessment year). A class without a code (mixed use) leaves the cell
 * empty and the export says so. An import reads a code back as the first class listed with it.
 */
export const GRESB_PROPERTY_TYPES: Readonly<Record<AssetClass, string | null>> = {
  OFF: 'OFF',
  HOT: 'HTL',
  RHS: 'RHS',
  RSM: 'RSM',
  RWB1: 'RWB',
  RWB2: 'RWB',
  DWH: 'DWH',
  HEC1: 'HEC',
  HEC2: 'HEC',
  LEI: 'LEI',
  MIX: null,
  RESI: 'RES',
};

/** The class an import reads for a GRESB property type code: the first class the table gives it; null for an unknown code. */
export const classOfPropertyType = (code: string): AssetClass | null => {
  const wanted = code.trim().toUpperCase();
  const found = (Object.entries(GRESB_PROPERTY_TYPES) as [AssetClass, string | null][]).find(([, c]) => c === wanted);
  return found ? found[0] : null;
};

/** The portal writes the United Kingdom and the United States as UK and USA (spec 01 §3); ISO 3166 as GB and US. */
const ISO_OF_PORTAL: Readonly<Record<string, string>> = { UK: 'GB', USA: 'US' };
const PORTAL_OF_ISO: Readonly<Record<string, string>> = { GB: 'UK', US: 'USA' };

/** The ISO 3166 alpha-2 code of a portal country; null for OTHER. */
export const isoCountry = (portal: string): string | null => {
  if (portal === 'OTHER') return null;
  return ISO_OF_PORTAL[portal] ?? portal;
};

/** The portal country of an ISO 3166 alpha-2 code; null where it is none or the portal does not list it. */
export const portalCountry = (iso: string): string | null => {
  const code = iso.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || code === 'UK') return null;
  const portal = PORTAL_OF_ISO[code] ?? code;
  return portal !== 'OTHER' && isCountryCode(portal) ? portal : null;
};

/** The address as one GRESB cell: "street number, postcode city". */
export const gresbAddress = (o: { street: string; streetNumber: string; zip: string; city: string }): string =>
  `${`${o.street} ${o.streetNumber}`.trim()}, ${`${o.zip} ${o.city}`.trim()}`;

/** The parts of an address cell written as gresbAddress writes it; null where it has another form. */
export const addressParts = (text: string): { street: string; streetNumber: string; zip: string; city: string } | null => {
  const match = /^(.+?)\s+(\S+)\s*,\s*(\S+)\s+(.+)$/.exec(text.trim());
  return match ? { street: match[1]!, streetNumber: match[2]!, zip: match[3]!, city: match[4]! } : null;
};

/** An object as the GRESB export reads it, with the figures answered in its questionnaire of the reporting year. */
export interface GresbSubject {
  id: number;
  name: string;
  country: string;
  city: string;
  zip: string;
  street: string;
  streetNumber: string;
  constructionYear: number | null;
  /** Gross floor area, m². */
  area: number;
  assetAssetTypes: readonly AssetClassShare[];
  /** The reporting year of the questionnaire read; null where the object has none (its figures are then empty). */
  reportingYear: number | null;
  /** The answered figures by KPI key, per m² and year (kWh, kg CO2e, m³, kg). */
  figures: Partial<Record<KpiKey, number>>;
  /** The emission factors of the object's country in the reporting year (kg CO2e/kWh); null without a reporting year. */
  factors: YearFactors | null;
}

export type GresbValue = string | number | boolean | null;
export type GresbRow = Record<GresbColumn, GresbValue>;

/** Something a cell of the export leaves out, said in the notes (xlsx sheet, CSV trailing comment line). */
export type GresbNote =
  | { kind: 'unmappedClass'; partnersId: number; assetClass: AssetClass | null }
  | { kind: 'missingFactor'; partnersId: number; column: GresbColumn; carrier: keyof YearFactors }
  | { kind: 'totalOnly'; partnersId: number };

const sumOf = (figures: Partial<Record<KpiKey, number>>, keys: readonly KpiKey[]): number | null =>
  keys.some((k) => figures[k] !== undefined) ? keys.reduce((s, k) => s + (figures[k] ?? 0), 0) : null;

/** The carriers of each energy column (DOMAIN.md §5 KPI keys): fuels are gas and oil, district energy heating and cooling. */
export const GRESB_ENERGY: Readonly<Record<'en_abs_we' | 'en_abs_wf' | 'en_abs_wd' | 'en_ren_ons_con' | 'en_ren_ons_exp', readonly KpiKey[]>> = {
  en_abs_we: ['finalEnergyGridElectricity'],
  en_abs_wf: ['finalEnergyGas', 'finalEnergyOil'],
  en_abs_wd: ['finalEnergyDistrictHeating', 'finalEnergyDistrictCooling'],
  en_ren_ons_con: ['finalEnergyRenewablesConsumed'],
  en_ren_ons_exp: ['finalEnergyRenewablesExported'],
};

/** Scope 1: the fuels burnt on site; scope 2 location-based: grid electricity and district energy, with their factors. */
const SCOPE_1: readonly [KpiKey, keyof YearFactors][] = [
  ['finalEnergyGas', 'gas'],
  ['finalEnergyOil', 'oil'],
];
const SCOPE_2: readonly [KpiKey, keyof YearFactors][] = [
  ['finalEnergyGridElectricity', 'gridElectricity'],
  ['finalEnergyDistrictHeating', 'districtHeating'],
  ['finalEnergyDistrictCooling', 'districtCooling'],
];

/** t CO2e of a scope from its carriers' intensities (kWh/m²/a) × factor (kg/kWh) × area / 1000; null where none is answered or a used carrier has no factor. */
const scopeEmissions = (s: GresbSubject, scope: readonly [KpiKey, keyof YearFactors][], column: GresbColumn, notes: GresbNote[]): number | null => {
  if (!scope.some(([k]) => s.figures[k] !== undefined)) return null;
  let kg = 0;
  for (const [key, carrier] of scope) {
    const intensity = s.figures[key] ?? 0;
    if (intensity === 0) continue;
    const factor = s.factors?.[carrier] ?? null;
    if (factor === null) {
      notes.push({ kind: 'missingFactor', partnersId: s.id, column, carrier });
      return null;
    }
    kg += intensity * factor;
  }
  return (kg * s.area) / 1000;
};

const times = (intensity: number | null, area: number, divisor = 1): number | null => (intensity === null ? null : (intensity * area) / divisor);

/** One object's GRESB row and what its cells leave out. */
export const gresbRow = (s: GresbSubject): { row: GresbRow; notes: GresbNote[] } => {
  const notes: GresbNote[] = [];
  const mainClass = mainAssetClass(s.assetAssetTypes);
  const code = mainClass === null ? null : GRESB_PROPERTY_TYPES[mainClass];
  if (code === null) notes.push({ kind: 'unmappedClass', partnersId: s.id, assetClass: mainClass });
  const f = s.reportingYear === null ? {} : s.figures;
  const subject = { ...s, figures: f };
  const energy = (column: keyof typeof GRESB_ENERGY) => times(sumOf(f, GRESB_ENERGY[column]), s.area);
  const anyCarrier = Object.values(GRESB_ENERGY).some((keys) => sumOf(f, keys) !== null);
  if (!anyCarrier && f.co2 !== undefined) notes.push({ kind: 'totalOnly', partnersId: s.id });
  const row: GresbRow = {
    partners_id: s.id,
    name: s.name,
    country: isoCountry(s.country),
    state_province: null,
    city: s.city,
    address: gresbAddress(s),
    construction_year: s.constructionYear,
    property_type_code: code,
    size: s.area,
    year: s.reportingYear,
    whole_building: true,
    en_abs_we: energy('en_abs_we'),
    en_abs_wf: energy('en_abs_wf'),
    en_abs_wd: energy('en_abs_wd'),
    en_ren_ons_con: energy('en_ren_ons_con'),
    en_ren_ons_exp: energy('en_ren_ons_exp'),
    ghg_abs_s1_w: scopeEmissions(subject, SCOPE_1, 'ghg_abs_s1_w', notes),
    ghg_abs_s2_lb_w: scopeEmissions(subject, SCOPE_2, 'ghg_abs_s2_lb_w', notes),
    wat_abs_w: times(f.water ?? null, s.area),
    was_abs_nhaz: times(f.waste ?? null, s.area, 1000),
  };
  return { row, notes };
};

const NOTE_TEXTS = {
  unmappedClass: {
    de: (n: { assetClass: AssetClass | null }) => `Die Objektklasse ${n.assetClass ?? '(keine)'} hat keinen GRESB-Nutzungstyp; property_type_code bleibt leer.`,
    en: (n: { assetClass: AssetClass | null }) => `The asset class ${n.assetClass ?? '(none)'} has no GRESB property type; property_type_code is left empty.`,
  },
  missingFactor: {
    de: (n: { column: GresbColumn; carrier: string }) => `${n.column} bleibt leer: die Referenzdaten haben keinen Emissionsfaktor für ${n.carrier}.`,
    en: (n: { column: GresbColumn; carrier: string }) => `${n.column} is left empty: the reference data has no emission factor for ${n.carrier}.`,
  },
  totalOnly: {
    de: () => 'Nur die CO2-Summe ist beantwortet, keine Energieträger: GRESB fragt die Emissionen nach Scope, die Zellen bleiben leer.',
    en: () => 'Only the CO2 total is answered, no energy carriers: GRESB asks emissions by scope, the cells are left empty.',
  },
} as const;

/** A note as the export's notes sheet or comment line writes it: the object's id and the text in the language. */
export const noteText = (note: GresbNote, language: Language): string => {
  const text = note.kind === 'unmappedClass' ? NOTE_TEXTS.unmappedClass[language](note) : note.kind === 'missingFactor' ? NOTE_TEXTS.missingFactor[language](note) : NOTE_TEXTS.totalOnly[language]();
  return `partners_id ${note.partnersId}: ${text}`;
};

/** Where each column's value comes from: the object's field or the questions of these KPI keys, and the conversion. */
export interface GresbSource {
  column: GresbColumn;
  kpis: readonly KpiKey[];
  how: Record<Language, string>;
}

const field = (de: string, en: string) => ({ de, en });
export const GRESB_SOURCES: readonly GresbSource[] = [
  { column: 'partners_id', kpis: [], how: field('Objekt-ID des Portals', "the portal's object ID") },
  { column: 'name', kpis: [], how: field('Objektname', 'object name') },
  { column: 'country', kpis: [], how: field('Land (ISO 3166, UK → GB, USA → US)', 'country (ISO 3166, UK → GB, USA → US)') },
  { column: 'state_province', kpis: [], how: field('wird im Portal nicht geführt (leer)', 'not kept by the portal (empty)') },
  { column: 'city', kpis: [], how: field('Ort', 'city') },
  { column: 'address', kpis: [], how: field('„Straße Hausnummer, PLZ Ort“', '"street number, postcode city"') },
  { column: 'construction_year', kpis: [], how: field('Baujahr', 'construction year') },
  { column: 'property_type_code', kpis: [], how: field('Objektklasse mit dem größten Anteil, nach der Tabelle in docs/gresb.md', 'asset class with the largest share, by the table in docs/gresb.md') },
  { column: 'size', kpis: [], how: field('Bruttogrundfläche (BGF) in m²', 'gross floor area (GFA) in m²') },
  { column: 'year', kpis: [], how: field('Berichtsjahr des Fragebogens', "the questionnaire's reporting year") },
  { column: 'whole_building', kpis: [], how: field('immer wahr: der Fragebogen fragt das ganze Gebäude', 'always true: the questionnaire asks for the whole building') },
  { column: 'en_abs_we', kpis: GRESB_ENERGY.en_abs_we, how: field('kWh/m²/a × BGF = kWh', 'kWh/m²/a × GFA = kWh') },
  { column: 'en_abs_wf', kpis: GRESB_ENERGY.en_abs_wf, how: field('(Gas + Öl) kWh/m²/a × BGF = kWh', '(gas + oil) kWh/m²/a × GFA = kWh') },
  { column: 'en_abs_wd', kpis: GRESB_ENERGY.en_abs_wd, how: field('(Fernwärme + Fernkälte) kWh/m²/a × BGF = kWh', '(district heating + cooling) kWh/m²/a × GFA = kWh') },
  { column: 'en_ren_ons_con', kpis: GRESB_ENERGY.en_ren_ons_con, how: field('kWh/m²/a × BGF = kWh', 'kWh/m²/a × GFA = kWh') },
  { column: 'en_ren_ons_exp', kpis: GRESB_ENERGY.en_ren_ons_exp, how: field('kWh/m²/a × BGF = kWh', 'kWh/m²/a × GFA = kWh') },
  {
    column: 'ghg_abs_s1_w',
    kpis: ['finalEnergyGas', 'finalEnergyOil'],
    how: field('Σ Brennstoff kWh/m²/a × Faktor kg/kWh × BGF / 1000 = t CO2e', 'Σ fuel kWh/m²/a × factor kg/kWh × GFA / 1000 = t CO2e'),
  },
  {
    column: 'ghg_abs_s2_lb_w',
    kpis: ['finalEnergyGridElectricity', 'finalEnergyDistrictHeating', 'finalEnergyDistrictCooling'],
    how: field('Σ (Netzstrom, Fernwärme, Fernkälte) kWh/m²/a × Faktor des Berichtsjahrs × BGF / 1000 = t CO2e', 'Σ (grid, district heating, cooling) kWh/m²/a × factor of the reporting year × GFA / 1000 = t CO2e'),
  },
  { column: 'wat_abs_w', kpis: ['water'], how: field('m³/m²/a × BGF = m³', 'm³/m²/a × GFA = m³') },
  { column: 'was_abs_nhaz', kpis: ['waste'], how: field('kg/m²/a × BGF / 1000 = t', 'kg/m²/a × GFA / 1000 = t') },
];

/** The header of the sources sheet: column, questions, conversion, provenance. */
export const GRESB_SOURCE_HEADER: Record<Language, readonly string[]> = {
  de: ['Spalte', 'Fragen', 'Umrechnung', 'Herkunft (gemessen, geschätzt, berechnet)'],
  en: ['Column', 'Questions', 'Conversion', 'Provenance (measured, estimated, calculated)'],
};
export const GRESB_NOTES_HEADER: Record<Language, string> = { de: 'Hinweise', en: 'Notes' };

/** A question that gave figures of a KPI key in the export: its id and title in the language. */
export interface SourceQuestion {
  kpiKey: KpiKey;
  questionId: number;
  title: string;
  /** How many of the exported figures of this question are measured, estimated or calculated (core provenanceOf). */
  provenance: Partial<Record<Provenance, number>>;
}

/**
 * The rows of the sources sheet: per column its questions ("#id title", each once), the conversion and the figures'
 * provenance, counted over the exported objects ("gemessen 12, geschätzt 3"; "–" where no figure was exported).
 */
export const gresbSourceRows = (questions: readonly SourceQuestion[], language: Language): string[][] =>
  GRESB_SOURCES.map((s) => {
    const named = questions.filter((q) => s.kpis.includes(q.kpiKey));
    const seen = [...new Map(named.map((q) => [q.questionId, `#${q.questionId} ${q.title}`])).values()];
    const counted = PROVENANCES.map((p) => [p, named.reduce((sum, q) => sum + (q.provenance[p] ?? 0), 0)] as const).filter(([, n]) => n > 0);
    const provenance = counted.map(([p, n]) => `${PROVENANCE_NAMES[p][language]} ${n}`).join(', ') || '–';
    return [s.column, s.kpis.length === 0 ? '–' : seen.join('; ') || '–', s.how[language], provenance];
  });
