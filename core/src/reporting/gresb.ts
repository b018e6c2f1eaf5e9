import { PROVENANCE_NAMES, PROVENANCES, type Provenance } from '../answering/provenance.ts';
import { mainAssetClass } from '../analysis/dashboard.ts';
import { ASSET_TYPES } from '../assets/asset-classes.ts';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { Cell, RowProblem } from '../imports/import-table.ts';
import { readNumber } from '../imports/object-row.ts';
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

// ---------------------------------------------------------------------------------------------------------------------
// Import

/** The columns an import reads by their GRESB names (case and blanks around them do not matter). */
export const GRESB_IMPORT_COLUMNS: readonly string[] = [...GRESB_COLUMNS, ...GRESB_READ_ALSO, ...GRESB_IGNORED];

export const gresbColumnOf = (text: string): { key: string } | undefined => {
  const key = text.replace(/^\uFEFF/, '').trim().toLowerCase();
  return GRESB_IMPORT_COLUMNS.includes(key) ? { key } : undefined;
};

/** A file is GRESB-shaped when its header names `partners_id` or `property_type_code`, and every header cell is a GRESB variable. */
export const isGresbHeader = (header: readonly Cell[]): boolean => {
  const named = header.filter((c) => c !== null && String(c).trim() !== '').map((c) => String(c));
  return named.length > 0 && named.every((c) => gresbColumnOf(c) !== undefined) && named.some((c) => ['partners_id', 'size', 'en_abs_we'].includes(gresbColumnOf(c)!.key));
};

export const GRESB_FIRST_YEAR = 2015;
export const GRESB_LAST_YEAR = 2050;

/** The absolute figures of a GRESB row (kWh, t CO2e, m³, t), null where the cell is empty. */
export interface GresbAbsolutes {
  en_abs_we: number | null;
  en_abs_wf: number | null;
  en_abs_wd: number | null;
  en_ren_ons_con: number | null;
  en_ren_ons_exp: number | null;
  ghg_abs_s1_w: number | null;
  ghg_abs_s2_lb_w: number | null;
  wat_abs_w: number | null;
  was_abs_nhaz: number | null;
  was_abs_haz: number | null;
}
const ABSOLUTE_COLUMNS = ['en_abs_we', 'en_abs_wf', 'en_abs_wd', 'en_ren_ons_con', 'en_ren_ons_exp', 'ghg_abs_s1_w', 'ghg_abs_s2_lb_w', 'wat_abs_w', 'was_abs_nhaz', 'was_abs_haz'] as const;

/** A GRESB row read and checked. */
export interface GresbImportRow {
  row: number;
  partnersId: number | null;
  name: string | null;
  /** The portal's country code. */
  country: string | null;
  city: string | null;
  address: string | null;
  constructionYear: number | null;
  /** The class of property_type_code; null where the cell is empty. */
  assetClass: AssetClass | null;
  size: number | null;
  year: number | null;
  absolutes: GresbAbsolutes;
  problems: RowProblem[];
}

/**
 * Reads one GRESB row (cells by column key, as `mapHeader` with `gresbColumnOf` gives them). Numbers follow the file's
 * language (GRESB's files: English). Names row and column of every problem: a size of 0 or less, a negative figure, a
 * country not in ISO 3166 (or not in the portal's list), a year outside 2015–2050, an unknown property type, a text in
 * a number.
 */
export const readGresbRow = (row: number, cells: ReadonlyMap<string, Cell>, headerOf: (key: string) => string, language: Language): GresbImportRow => {
  const problems: RowProblem[] = [];
  const problem = (key: string, messageKey: RowProblem['key'], params?: RowProblem['params']) => problems.push({ column: headerOf(key), key: messageKey, ...(params ? { params } : {}) });
  const text = (key: string): string | null => {
    const cell = cells.get(key) ?? null;
    if (cell === null) return null;
    const t = String(cell).trim();
    if (t === '') return null;
    if (/^[=+@\t\r]/.test(t) || (t.startsWith('-') && readNumber(t, language) === null)) {
      problem(key, 'import-formula-text');
      return null;
    }
    return t.slice(0, 200);
  };
  const number = (key: string): number | null => {
    const cell = cells.get(key) ?? null;
    if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return null;
    const value = readNumber(cell, language);
    if (value === null || !Number.isFinite(value)) {
      problem(key, 'import-not-a-number', { value: String(cell).slice(0, 50) });
      return null;
    }
    return value;
  };
  const partnersId = number('partners_id');
  if (partnersId !== null && (!Number.isInteger(partnersId) || partnersId < 1)) problem('partners_id', 'import-not-a-number', { value: String(partnersId) });
  const countryText = text('country');
  const country = countryText === null ? null : portalCountry(countryText);
  if (countryText !== null && country === null) problem('country', 'gresb-country', { value: countryText.slice(0, 20) });
  const constructionYear = number('construction_year');
  if (constructionYear !== null && (!Number.isInteger(constructionYear) || constructionYear < 1000 || constructionYear > 2100)) problem('construction_year', 'validation-generic');
  const code = text('property_type_code');
  const assetClass = code === null ? null : classOfPropertyType(code);
  if (code !== null && assetClass === null) problem('property_type_code', 'gresb-property-type', { value: code.slice(0, 20) });
  const size = number('size');
  if (size === null) {
    if (!problems.some((p) => p.column === headerOf('size'))) problem('size', 'validation-required');
  } else if (size <= 0) problem('size', 'gresb-size');
  const year = number('year');
  if (year === null) {
    // A row without figures (an object without a questionnaire in the export) needs no year; figures do.
    const figures = ABSOLUTE_COLUMNS.some((key) => {
      const cell = cells.get(key) ?? null;
      return cell !== null && String(cell).trim() !== '';
    });
    if (figures && !problems.some((p) => p.column === headerOf('year'))) problem('year', 'validation-required');
  } else if (!Number.isInteger(year) || year < GRESB_FIRST_YEAR || year > GRESB_LAST_YEAR) problem('year', 'gresb-year');
  const absolutes = Object.fromEntries(
    ABSOLUTE_COLUMNS.map((key) => {
      const value = number(key);
      if (value !== null && value < 0) {
        problem(key, 'gresb-negative');
        return [key, null];
      }
      return [key, value];
    }),
  ) as unknown as GresbAbsolutes;
  const okYear = year !== null && Number.isInteger(year) && year >= GRESB_FIRST_YEAR && year <= GRESB_LAST_YEAR ? year : null;
  return {
    row,
    partnersId: partnersId !== null && Number.isInteger(partnersId) && partnersId >= 1 ? partnersId : null,
    name: text('name'),
    country,
    city: text('city'),
    address: text('address'),
    constructionYear: constructionYear !== null && Number.isInteger(constructionYear) ? constructionYear : null,
    assetClass,
    size: size !== null && size > 0 ? size : null,
    year: okYear,
    absolutes,
    problems,
  };
};

/**
 * Splits a total between two carriers: from the emissions where their factors differ (a + b = total,
 * a × fa + b × fb = kg: the split the export wrote), else in the stored proportion, else all to the first.
 */
const split = (total: number, kg: number | null, fa: number | null, fb: number | null, stored: readonly [number | undefined, number | undefined]): [number, number] => {
  if (kg !== null && fa !== null && fb !== null && fa !== fb) {
    const b = (kg - total * fa) / (fb - fa);
    const tolerance = 1e-9 * Math.max(1, total);
    if (b >= -tolerance && b <= total + tolerance) {
      const clamped = Math.min(total, Math.max(0, b));
      return [total - clamped, clamped];
    }
  }
  const [a0, b0] = stored;
  if (a0 !== undefined || b0 !== undefined) {
    const sum = (a0 ?? 0) + (b0 ?? 0);
    if (sum > 0) return [(total * (a0 ?? 0)) / sum, (total * (b0 ?? 0)) / sum];
  }
  return [total, 0];
};

/**
 * The intensities a GRESB row gives (per m² and year): every absolute figure ÷ `size` (t → kg × 1000). Fuels are split
 * into gas and oil and district energy into heating and cooling by the emissions where the factors tell them apart,
 * else in the proportion stored in the questionnaire, else all to gas and to district heating. The CO2 total is
 * written only where the row has no energy figure (the portal computes carbon from the carriers, DOMAIN.md §5).
 */
export const gresbIntensities = (
  row: Pick<GresbImportRow, 'size' | 'absolutes'>,
  factors: YearFactors | null,
  stored: Partial<Record<KpiKey, number>>,
): Partial<Record<KpiKey, number>> => {
  const size = row.size;
  if (size === null) return {};
  const a = row.absolutes;
  const out: Partial<Record<KpiKey, number>> = {};
  const per = (value: number) => value / size;
  if (a.en_abs_we !== null) out.finalEnergyGridElectricity = per(a.en_abs_we);
  if (a.en_ren_ons_con !== null) out.finalEnergyRenewablesConsumed = per(a.en_ren_ons_con);
  if (a.en_ren_ons_exp !== null) out.finalEnergyRenewablesExported = per(a.en_ren_ons_exp);
  if (a.en_abs_wf !== null) {
    const kg = a.ghg_abs_s1_w === null ? null : a.ghg_abs_s1_w * 1000;
    const [gas, oil] = split(a.en_abs_wf, kg, factors?.gas ?? null, factors?.oil ?? null, [stored.finalEnergyGas, stored.finalEnergyOil]);
    out.finalEnergyGas = per(gas);
    out.finalEnergyOil = per(oil);
  }
  if (a.en_abs_wd !== null) {
    const grid = (a.en_abs_we ?? 0) * (factors?.gridElectricity ?? 0);
    const gridKnown = a.en_abs_we === null || a.en_abs_we === 0 || (factors?.gridElectricity ?? null) !== null;
    const kg = a.ghg_abs_s2_lb_w === null || !gridKnown ? null : a.ghg_abs_s2_lb_w * 1000 - grid;
    const [heating, cooling] = split(a.en_abs_wd, kg, factors?.districtHeating ?? null, factors?.districtCooling ?? null, [stored.finalEnergyDistrictHeating, stored.finalEnergyDistrictCooling]);
    out.finalEnergyDistrictHeating = per(heating);
    out.finalEnergyDistrictCooling = per(cooling);
  }
  const anyEnergy = [a.en_abs_we, a.en_abs_wf, a.en_abs_wd, a.en_ren_ons_con, a.en_ren_ons_exp].some((v) => v !== null);
  if (!anyEnergy && (a.ghg_abs_s1_w !== null || a.ghg_abs_s2_lb_w !== null)) out.co2 = per(((a.ghg_abs_s1_w ?? 0) + (a.ghg_abs_s2_lb_w ?? 0)) * 1000);
  if (a.wat_abs_w !== null) out.water = per(a.wat_abs_w);
  if (a.was_abs_nhaz !== null || a.was_abs_haz !== null) out.waste = per(((a.was_abs_nhaz ?? 0) + (a.was_abs_haz ?? 0)) * 1000);
  return out;
};

/** The asset class of a row for the object: the stored classes where the file names their main class (or none), else the file's class at 100 %. */
export const gresbClasses = (assetClass: AssetClass | null, stored: readonly AssetClassShare[] | null): AssetClassShare[] | null => {
  if (stored !== null && (assetClass === null || GRESB_PROPERTY_TYPES[mainAssetClass(stored) ?? 'MIX'] === GRESB_PROPERTY_TYPES[assetClass])) return [...stored];
  if (assetClass === null) return null;
  const type = ASSET_TYPES.find((t) => t.assetClassIdentifier === assetClass)!;
  return [{ assetTypeId: type.id, percentage: 100 }];
};
