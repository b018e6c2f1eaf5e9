import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import { ExportFormat } from '@ecore/core/exports/export-format.ts';
import { csvRow, excelNumberFormat, excelRow, jsonRecord, tableHeaders, type TableColumn } from '@ecore/core/exports/export-table.ts';
import type { Language } from '@ecore/core/shared/language.ts';

export const CONTENT_TYPES = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const EXTENSIONS = { [ExportFormat.Json]: 'json', [ExportFormat.Csv]: 'csv', [ExportFormat.Excel]: 'xlsx' } as const;

export interface TableStream {
  body: Readable;
  contentType: string;
  extension: 'json' | 'csv' | 'xlsx';
}

/**
 * Streams a table as it is read (issue 17): rows come in batches from the database and leave at once, so a large
 * export starts sending at once and never holds the whole file. JSON is an array of objects keyed by the columns'
 * keys; CSV is UTF-8 with BOM and semicolons (German spreadsheet programs open it as columns), figures in the
 * language's notation; Excel is written by exceljs' streaming WorkbookWriter, figures as numbers with a number
 * format. Texts that would start a formula are neutralised in CSV and Excel (core).
 *
 * A failure while writing destroys the stream (the client sees a cut download, never a half file taken as whole).
 */
export function streamTable<Row>(
  table: { title: string; columns: readonly TableColumn<Row>[]; batches: AsyncIterable<readonly Row[]> },
  format: ExportFormat,
  language: Language,
): TableStream {
  const out = new PassThrough();
  const extension = EXTENSIONS[format];
  const run = format === ExportFormat.Json ? writeJson : format === ExportFormat.Csv ? writeCsv : writeExcel;
  run(out, table, language).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { body: out, contentType: CONTENT_TYPES[extension], extension };
}

type Writer = <Row>(out: PassThrough, table: { title: string; columns: readonly TableColumn<Row>[]; batches: AsyncIterable<readonly Row[]> }, language: Language) => Promise<void>;

/** Waits while the client reads slower than the database answers (back-pressure), so memory stays flat. */
const drained = (stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }) =>
  stream.writableNeedDrain ? new Promise<void>((resolve) => stream.once('drain', () => resolve())) : Promise.resolve();

const writeJson: Writer = async (out, table) => {
  let first = true;
  out.write('[');
  for await (const batch of table.batches) {
    const text = batch.map((row) => JSON.stringify(jsonRecord(table.columns, row))).join(',\n');
    if (text === '') continue;
    out.write(`${first ? '\n' : ',\n'}${text}`);
    first = false;
    await drained(out);
  }
  out.end(first ? ']' : '\n]\n');
};

const writeCsv: Writer = async (out, table, language) => {
  const csv = stringify({ delimiter: ';', bom: true });
  csv.pipe(out);
  csv.write(tableHeaders(table.columns, language).map((c) => c.header));
  for await (const batch of table.batches) {
    for (const row of batch) csv.write(csvRow(table.columns, row, language));
    await drained(csv);
  }
  await new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    csv.once('error', reject);
    csv.end();
  });
};

const writeExcel: Writer = async (out, table, language) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'ECORE Portal';
  const sheet = workbook.addWorksheet(table.title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = tableHeaders(table.columns, language);
  // One style object per column, given to each of its cells, and one for all data rows: exceljs then finds a style id
  // by that object (a WeakMap) instead of rendering a style merged afresh for every cell and row to XML to look it up
  // (two fifths of the time of a large export went there).
  const styles = headers.map((c) => {
    const numFmt = excelNumberFormat(c.kind);
    return numFmt ? { numFmt } : {};
  });
  sheet.columns = headers.map((c, i) => ({ header: c.header, key: c.key, width: Math.min(40, Math.max(12, c.header.length + 4)), style: styles[i]! }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  const ROW_STYLE = {} as ExcelJS.Style;
  const styled = (cell: ExcelJS.Cell, column: number) => {
    cell.style = styles[column - 1]!;
  };
  for await (const batch of table.batches) {
    for (const row of batch) {
      const added = sheet.addRow(excelRow(table.columns, row, language));
      (added as unknown as { style: ExcelJS.Style }).style = ROW_STYLE; // (exceljs' typings omit a row's style)
      added.eachCell(styled);
      added.commit();
    }
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
};
