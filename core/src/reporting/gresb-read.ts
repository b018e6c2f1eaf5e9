import { mainAssetClass } from '../analysis/dashboard.ts';
import { ASSET_TYPES } from '../assets/asset-classes.ts';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { Cell, RowProblem } from '../imports/import-table.ts';
import { readNumber } from '../imports/object-row.ts';
import type { AssetClass, KpiKey } from '../questionnaires/template.ts';
import type { YearFactors } from '../scoring/stranding.ts';
import type { Language } from '../shared/language.ts';
import { classOfPropertyType, GRESB_COLUMNS, GRESB_IGNORED, GRESB_PROPERTY_TYPES, GRESB_READ_ALSO, portalCountry } from './gresb.ts';

/**
 * Reading a GRESB asset file (docs/gresb.md "Import"): its header, each row's absolute figures checked and turned
 * back into the intensities per m² and year the questionnaire asks (planning the import: gresb-import.ts).
 */
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
