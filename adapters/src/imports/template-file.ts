import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '@ecore/core/exports/spreadsheet-cells.ts';
import type { Cell } from '@ecore/core/imports/import-table.ts';

export interface TemplateColumn {
  header: string;
  key: string;
  explanation: string;
  /** The drop-down list's values (option texts) of an enumeration. */
  options?: readonly string[];
}

export interface TemplateSheets {
  /** Sheet names in the file's language. */
  names: { data: string; lists: string; explanation: string };
  /** The explanation sheet's header: column, API name, explanation, allowed values. */
  explanationHeader: [string, string, string, string];
  columns: readonly TemplateColumn[];
  rows: readonly Cell[][];
  /** Cells that must stay empty (greyed): [row index, column index]. */
  greyed?: readonly [number, number][];
  /** German files: semicolon and decimal comma in CSV. */
  language: 'de' | 'en';
}

export interface TemplateFile {
  body: Buffer;
  contentType: string;
  extension: 'csv' | 'xlsx';
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How many rows of the data sheet carry the drop-down lists. */
const VALIDATED_ROWS = 5000;

const columnLetter = (index: number): string => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/** A CSV file as German Excel opens it (UTF-8 with BOM, `;`, decimal comma) or as English programs do (`,`). */
export function writeCsv(header: readonly string[], rows: readonly Cell[][], language: 'de' | 'en'): TemplateFile {
  const number = (n: number) => (language === 'de' ? String(n).replace('.', ',') : String(n));
  const text = stringify([[...header], ...rows.map((r) => r.map((v) => (v === null ? '' : typeof v === 'number' ? number(v) : String(neutraliseCell(v)))))], {
    delimiter: language === 'de' ? ';' : ',',
  });
  return { body: Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(text, 'utf8')]), contentType: CSV_TYPE, extension: 'csv' };
}

/**
 * The Excel template: the data sheet (header, rows, a drop-down list on every enumeration column), a hidden sheet
 * holding the lists, and a sheet explaining each column.
 */
export async function writeTemplateWorkbook(sheets: TemplateSheets): Promise<TemplateFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ECORE Portal';
  const data = workbook.addWorksheet(sheets.names.data);
  const lists = workbook.addWorksheet(sheets.names.lists, { state: 'hidden' });
  const explanation = workbook.addWorksheet(sheets.names.explanation);

  data.columns = sheets.columns.map((c) => ({ header: c.header, key: c.key, width: Math.min(40, Math.max(8, c.header.length + 4)) }));
  data.getRow(1).font = { bold: true };
  data.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of sheets.rows) data.addRow(row.map((v) => (typeof v === 'string' ? neutraliseCell(v) : v)));
  for (const [r, c] of sheets.greyed ?? []) {
    data.getCell(r + 2, c + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } };
  }

  let listColumn = 0;
  sheets.columns.forEach((column, index) => {
    if (!column.options || column.options.length === 0) return;
    const letter = columnLetter(listColumn++);
    column.options.forEach((option, i) => (lists.getCell(`${letter}${i + 1}`).value = option));
    const target = columnLetter(index);
    // exceljs writes range validations (lib/doc/data-validations.js) but its types do not declare them.
    (data as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations.add(`${target}2:${target}${VALIDATED_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      showErrorMessage: true,
      formulae: [`'${sheets.names.lists}'!$${letter}$1:$${letter}$${column.options.length}`],
    });
  });

  explanation.columns = sheets.explanationHeader.map((header, i) => ({ header, width: [36, 28, 80, 60][i] }));
  explanation.getRow(1).font = { bold: true };
  for (const c of sheets.columns) explanation.addRow([c.header, c.key, c.explanation, c.options && c.options.length <= 60 ? c.options.join(', ') : '']);

  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { body, contentType: XLSX_TYPE, extension: 'xlsx' };
}

/** The report of an import: the uploaded header and rows, with each row's status and errors in two more columns. */
export async function writeReportWorkbook(title: string, header: readonly string[], rows: readonly { cells: readonly Cell[]; status: string; errors: string }[], extra: [string, string]): Promise<TemplateFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ECORE Portal';
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow([...header, ...extra]).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    const added = sheet.addRow([...row.cells.map((v) => (typeof v === 'string' ? neutraliseCell(v) : v)), row.status, row.errors]);
    if (row.errors !== '') added.getCell(header.length + 2).font = { color: { argb: 'FFC00000' } };
  }
  sheet.getColumn(header.length + 2).width = 80;
  return { body: Buffer.from(await workbook.xlsx.writeBuffer()), contentType: XLSX_TYPE, extension: 'xlsx' };
}
