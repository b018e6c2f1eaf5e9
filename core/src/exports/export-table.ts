import type { Language } from '../shared/language.ts';
import { neutraliseCell } from './spreadsheet-cells.ts';

/**
 * A column of a streamed export (issue 17): its key (JSON), its header per language (CSV, Excel), the kind of
 * its cells and how to read it off a row. `value` gives what JSON carries (numbers, booleans, state keys);
 * `text` translates it for CSV and Excel where the raw value is a key (states, yes/no).
 */
export type CellKind = 'text' | 'integer' | 'decimal' | 'boolean';
export type CellValue = string | number | boolean | null;

export interface TableColumn<Row> {
  key: string;
  header: { de: string; en: string };
  kind: CellKind;
  value: (row: Row) => CellValue;
  text?: (value: CellValue, language: Language) => string;
}

/**
 * The Excel number format of a column (format codes always take a period; the spreadsheet program shows the locale's
 * sign): figures with decimals get one; whole numbers (ids, years) read right in Excel's General format, and leaving
 * them unstyled saves the streaming writer a style lookup per cell.
 */
export const EXCEL_DECIMAL_FORMAT = '0.0#';
export const excelNumberFormat = (kind: CellKind): string | null => (kind === 'decimal' ? EXCEL_DECIMAL_FORMAT : null);

const YES_NO = { de: ['Ja', 'Nein'], en: ['Yes', 'No'] } as const;

/**
 * A figure in CSV in the language's notation: decimal comma in German, period in English, no thousands grouping
 * (a German spreadsheet reads "1234,5" as a number; "1.234,5" may become a date), at most two decimals.
 */
export const csvNumber = (value: number, language: Language): string => {
  const rounded = Math.round(value * 100) / 100;
  const text = String(Object.is(rounded, -0) ? 0 : rounded);
  return language === 'de' ? text.replace('.', ',') : text;
};

/** The header row of a table in a language. */
export const tableHeaders = <Row>(columns: readonly TableColumn<Row>[], language: Language) =>
  columns.map((c) => ({ key: c.key, header: c.header[language], kind: c.kind }));

/** A row as JSON carries it: keyed by the columns' keys, raw values. */
export const jsonRecord = <Row>(columns: readonly TableColumn<Row>[], row: Row): Record<string, CellValue> =>
  Object.fromEntries(columns.map((c) => [c.key, c.value(row) ?? null]));

const displayed = <Row>(column: TableColumn<Row>, value: CellValue, language: Language): CellValue => {
  if (value === null) return null;
  if (column.text) return column.text(value, language);
  if (typeof value === 'boolean') return YES_NO[language][value ? 0 : 1];
  return value;
};

/** A row as CSV cells: every cell a text, numbers in the language's notation, formulas neutralised. */
export const csvRow = <Row>(columns: readonly TableColumn<Row>[], row: Row, language: Language): string[] =>
  columns.map((c) => {
    const value = displayed(c, c.value(row), language);
    if (value === null) return '';
    if (typeof value === 'number') return csvNumber(value, language);
    return String(neutraliseCell(value));
  });

/** A row as Excel cells: figures stay numbers (decimals formatted by excelNumberFormat), texts neutralised. */
export const excelRow = <Row>(columns: readonly TableColumn<Row>[], row: Row, language: Language): (string | number | null)[] =>
  columns.map((c) => {
    const value = displayed(c, c.value(row), language);
    if (value === null) return null;
    if (typeof value === 'number') return value;
    return String(neutraliseCell(value));
  });

/**
 * Columns over a table whose headers are already in the export's language (the filled questionnaire of core
 * answering), for the streamed writer: the keys named `numeric` hold figures, the others text.
 */
export const columnsOfTable = (columns: readonly { key: string; header: string }[], numeric: readonly string[]): TableColumn<readonly CellValue[]>[] =>
  columns.map((c, i) => ({ key: c.key, header: { de: c.header, en: c.header }, kind: numeric.includes(c.key) ? 'decimal' : 'text', value: (row) => row[i] ?? null }));
