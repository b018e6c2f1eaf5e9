import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { ExportFormat } from '@ecore/core/exports/export-format.ts';
import { neutraliseCell, neutraliseRow } from '@ecore/core/exports/spreadsheet-cells.ts';

export interface TableFile {
  body: Buffer;
  contentType: string;
  extension: 'json' | 'csv' | 'xlsx';
}

export interface Table {
  /** Name of the sheet (Excel). */
  title: string;
  /** Machine keys (JSON) and translated headers (CSV, Excel), in column order. */
  columns: { key: string; header: string }[];
  rows: (string | number | boolean | null)[][];
}

/**
 * Writes a table as JSON (an array of objects keyed by the columns' keys), CSV (UTF-8 with BOM and
 * semicolons, so that German spreadsheet programs open it as columns) or an Excel workbook. Text cells
 * that would start a formula are neutralised in CSV and Excel (core neutraliseCell).
 */
export async function writeTable(table: Table, format: ExportFormat): Promise<TableFile> {
  if (format === ExportFormat.Json) {
    const objects = table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c.key, row[i] ?? null])));
    return { body: Buffer.from(JSON.stringify(objects, null, 2), 'utf8'), contentType: 'application/json; charset=utf-8', extension: 'json' };
  }
  if (format === ExportFormat.Csv) {
    const text = stringify([table.columns.map((c) => c.header), ...table.rows.map((r) => r.map((v) => (v === null ? '' : String(neutraliseCell(v)))))], { delimiter: ';' });
    return { body: Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(text, 'utf8')]), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  }
  return writeWorkbook([table]);
}

/**
 * Writes tables as the sheets of one Excel workbook, in order: bold frozen header row, text cells that would start
 * a formula neutralised (core neutraliseCell).
 */
export async function writeWorkbook(tables: readonly Table[]): Promise<TableFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ECORE Portal';
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.title.slice(0, 31));
    sheet.columns = table.columns.map((c) => ({ header: c.header, key: c.key, width: Math.min(40, Math.max(12, c.header.length + 4)) }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of table.rows) sheet.addRow(neutraliseRow(row));
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return {
    body: Buffer.from(buffer as ArrayBuffer),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
