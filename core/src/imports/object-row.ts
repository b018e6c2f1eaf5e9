import { assetTypeById } from '../assets/asset-classes.ts';
import { shareTotal, shareProblems, type AssetClassShare } from '../assets/asset-class-shares.ts';
import { assetBodySchema, type AssetBody } from '../assets/object.ts';
import { NO_EPC, epcAfter, epcProblems } from '../banks/epc.ts';
import { COUNTRY_CODES, countryName } from '../shared/countries.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import { parseLocaleNumber } from '../shared/locale-number.ts';
import { isMessageKey } from '../shared/messages.ts';
import { MAX_CELL_CHARACTERS, type Cell, type RowProblem } from './import-table.ts';
import { normaliseHeader, optionText, type ObjectColumn } from './object-columns.ts';

/** An object row read and checked: what it names and the object's fields, or its problems. */
export interface ObjectRow {
  row: number;
  id: number | null;
  externalId: string | null;
  groupName: string | null;
  /** The name cell as the file writes it (trimmed, at most 200 characters), also where the row failed; null where empty. */
  objectName: string | null;
  /** The object's fields by the form's schema (assetGroupId is decided by the plan); null where a problem was found. */
  body: Omit<AssetBody, 'assetGroupId' | 'id' | 'version'> | null;
  problems: RowProblem[];
}

export interface ObjectRowContext {
  /** The file's language: numbers (decimal comma in German) and texts. */
  language: Language;
  /** Buyer organisations choose only some classes; undefined: all. */
  allowedTypeIds?: readonly number[];
}

export const blank = (cell: Cell): boolean => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** The first characters a spreadsheet program takes for the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return (before or after leading blanks) is taken
 * for a formula typed into a CSV (or a text cell in Excel): read as text, never calculated, flagged in the preview. In
 * a numeric column (`numberIn`: the file's language) a cell that reads as a number (`-3.5`, `-3,5`) is that number.
 */
export const looksLikeFormula = (text: string, numberIn: Language | null = null): boolean => {
  if (!FORMULA_START.test(text) && !FORMULA_START.test(text.trimStart())) return false;
  return numberIn === null || readNumber(text, numberIn) === null;
};

/** A figure in exponent notation, as programs write very small or large numbers ("5e-7", "1,5e-7" in German). */
const EXPONENT = /^-?\d+([.,]\d+)?e[+-]?\d+$/i;

export const readNumber = (cell: Cell, language: Language): number | null => {
  if (typeof cell === 'number') return cell;
  const text = String(cell).replace(/%\s*$/, '');
  const parsed = parseLocaleNumber(text, language);
  if (parsed !== null || !EXPONENT.test(text.trim())) return parsed;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : null;
};

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
/** A date cell as `YYYY-MM-DD`: German `TT.MM.JJJJ` converted, anything else cut to its first ten characters. */
export const readDate = (cell: Cell): string => {
  const text = String(cell).trim();
  const german = GERMAN_DATE.exec(text);
  if (german) return `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  return text.slice(0, 10);
};

/** An enumeration's value by its stored name, its option text in either language, or its number in the list (from 1). */
const readOption = (column: ObjectColumn, text: string): string | undefined => {
  const wanted = normaliseHeader(text);
  const options = column.options ?? [];
  const byName = options.find((o) => normaliseHeader(o) === wanted || LANGUAGES.some((l) => normaliseHeader(optionText(column, o, l)) === wanted));
  if (byName) return byName;
  const position = /^\d+$/.test(wanted) ? Number(wanted) : NaN;
  return Number.isInteger(position) && position >= 1 && position <= options.length ? options[position - 1] : undefined;
};

const COUNTRY_BY_TEXT: ReadonlyMap<string, string> = new Map(
  COUNTRY_CODES.flatMap((code) => [code, countryName(code, 'de'), countryName(code, 'en')].map((t) => [normaliseHeader(t), code] as const)),
);

/**
 * Reads one data row into the object form's payload and checks it with the form's own schema and asset-class
 * rules (one schema, DOMAIN.md §10), so that a row the import accepts is one the form accepts and the other way round.
 * `headers` holds each column's text as the file writes it, for the errors.
 */
export const readObjectRow = (row: number, cells: readonly Cell[], columns: readonly (ObjectColumn | null)[], headers: readonly string[], context: ObjectRowContext): ObjectRow => {
  const problems: RowProblem[] = [];
  const input: Record<string, unknown> = {};
  const shares: AssetClassShare[] = [];
  const headerOf = new Map<string, string>();
  let id: number | null = null;
  let groupName: string | null = null;

  columns.forEach((column, index) => {
    const cell = cells[index] ?? null;
    const header = headers[index] ?? '';
    if (!column) {
      if (!blank(cell)) problems.push({ column: header || `#${index + 1}`, key: 'import-unknown-column', params: { column: header || `#${index + 1}` } });
      return;
    }
    headerOf.set(column.key, header);
    if (blank(cell)) return;
    const problem = (key: RowProblem['key'], params?: RowProblem['params']) => problems.push({ column: header, key, ...(params ? { params } : {}) });
    if (typeof cell === 'string' && cell.length > MAX_CELL_CHARACTERS) return problem('import-cell-too-long', { max: MAX_CELL_CHARACTERS.toLocaleString('de-DE') });
    const numeric = column.kind === 'id' || column.kind === 'number' || column.kind === 'integer' || column.kind === 'share';
    if (typeof cell === 'string' && looksLikeFormula(cell, numeric ? (column.kind === 'id' ? 'en' : context.language) : null)) return problem('import-formula-text');
    const text = typeof cell === 'string' ? cell.trim() : String(cell);
    switch (column.kind) {
      case 'id': {
        const value = readNumber(cell, 'en');
        if (value === null || !Number.isInteger(value) || value < 1) return problem('import-not-a-number', { value: text.slice(0, 50) });
        id = value;
        return;
      }
      case 'text':
        if (column.key === 'objectGroup') groupName = text;
        else input[column.key] = text;
        return;
      case 'number':
      case 'integer':
      case 'share': {
        const value = readNumber(cell, context.language);
        if (value === null) return problem('import-not-a-number', { value: text.slice(0, 50) });
        if (value < 0) return problem('import-negative-number');
        if (column.kind === 'share') shares.push({ assetTypeId: column.assetTypeId!, percentage: value });
        else input[column.key] = value;
        return;
      }
      case 'date':
        input[column.key] = readDate(cell);
        return;
      case 'enum':
      case 'flag': {
        const value = readOption(column, text);
        if (value === undefined)
          return problem('import-unknown-option', { value: text.slice(0, 50), options: (column.options ?? []).map((o) => optionText(column, o, context.language)).join(', ') });
        input[column.key] = column.kind === 'flag' ? value === 'true' : value;
        return;
      }
      case 'country': {
        const code = COUNTRY_BY_TEXT.get(normaliseHeader(text));
        if (code === undefined) return problem('import-unknown-country', { value: text.slice(0, 50) });
        input[column.key] = code;
        return;
      }
    }
  });

  // The form's schema; the group is chosen by name in the plan, so a placeholder stands in for its id.
  // Shares in the classes' order, whatever the columns' order.
  shares.sort((a, b) => a.assetTypeId - b.assetTypeId);
  const parsed = assetBodySchema.safeParse({ ...input, assetGroupId: 1, assetAssetTypes: shares });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key === 'assetAssetTypes') continue;
      const already = problems.some((p) => p.column === (headerOf.get(key) ?? key));
      if (already) continue;
      const messageKey = isMessageKey(issue.message) ? issue.message : 'validation-generic';
      const max = (issue as { maximum?: number | bigint }).maximum;
      problems.push({ column: headerOf.get(key) ?? key, key: messageKey, ...(messageKey === 'validation-max-length' && max !== undefined ? { params: { n: Number(max) } } : {}) });
    }
  }
  problems.push(...shareRowProblems(shares, headerOf, context.allowedTypeIds));
  // The certificate's dates hold together as the form's do (DOMAIN.md §11).
  if (parsed.success) for (const p of epcProblems(epcAfter(NO_EPC, parsed.data))) problems.push({ column: headerOf.get(p.path) ?? p.path, key: p.key });

  const externalId = typeof input.externalId === 'string' && input.externalId !== '' ? input.externalId : null;
  const objectName = typeof input.objectName === 'string' && input.objectName !== '' ? input.objectName.slice(0, 200) : null;
  if (problems.length > 0 || !parsed.success) return { row, id, externalId, groupName, objectName, body: null, problems };
  const { assetGroupId: _g, id: _i, version: _v, ...body } = parsed.data;
  return { row, id, externalId, groupName, objectName, body: { ...body, externalId }, problems: [] };
};

/** The asset-class rules of the form (shareProblems) in the words of a file: which class column, and the total. */
const shareRowProblems = (shares: readonly AssetClassShare[], headerOf: ReadonlyMap<string, string>, allowedTypeIds?: readonly number[]): RowProblem[] => {
  const shareColumn = (assetTypeId: number | undefined) => {
    const header = [...headerOf.entries()].find(([key]) => key === identifierOf(assetTypeId));
    return header?.[1] ?? identifierOf(assetTypeId) ?? 'assetAssetTypes';
  };
  return shareProblems(shares, allowedTypeIds).map((p): RowProblem => {
    switch (p.kind) {
      case 'empty':
        return { column: 'assetAssetTypes', key: 'import-shares-total', params: { total: 0 } };
      case 'total':
        return { column: 'assetAssetTypes', key: 'import-shares-total', params: { total: Math.round(shareTotal(shares) * 100) / 100 } };
      case 'classMissing':
        return { column: shareColumn(shares[p.row]?.assetTypeId), key: 'import-unknown-class', params: { value: identifierOf(shares[p.row]?.assetTypeId) ?? '' } };
      case 'percentageRange':
        return { column: shareColumn(shares[p.row]?.assetTypeId), key: 'objectGroups-create-error-percentages' };
      case 'duplicate':
        return { column: shareColumn(shares[p.row]?.assetTypeId), key: 'objectGroups-create-error-assettype-duplicate' };
    }
  });
};

const identifierOf = (assetTypeId: number | undefined): string | undefined => (assetTypeId === undefined ? undefined : assetTypeById(assetTypeId)?.assetClassIdentifier);

/** An object as a row of cells in the columns' order (the template's prefill, the report, tests): enumerations as option texts. */
export const writeObjectRow = (
  object: { id: number | null; groupName: string; fields: Omit<AssetBody, 'assetGroupId' | 'id' | 'version'> },
  columns: readonly ObjectColumn[],
  language: Language,
): Cell[] =>
  columns.map((column): Cell => {
    if (column.key === 'id') return object.id;
    if (column.key === 'objectGroup') return object.groupName;
    if (column.kind === 'share') return object.fields.assetAssetTypes.find((s) => s.assetTypeId === column.assetTypeId)?.percentage ?? null;
    const value = (object.fields as Record<string, unknown>)[column.key];
    if (value === null || value === undefined) return null;
    if (column.kind === 'enum' || column.kind === 'flag') return optionText(column, String(value), language);
    if (column.kind === 'country') return String(value);
    return typeof value === 'number' ? value : String(value);
  });
