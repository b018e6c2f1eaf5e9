import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import { neutraliseCell } from '@ecore/core/exports/spreadsheet-cells.ts';
import { GRESB_COLUMNS, GRESB_NOTES_HEADER, GRESB_SOURCE_HEADER, type GresbRow, type GresbValue } from '@ecore/core/reporting/gresb.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { CONTENT_TYPES, type TableStream } from './table-stream.ts';

/** What the GRESB file says after its rows: the sources of each column and the notes, known once every row is written. */
export interface GresbTrailer {
  sources: string[][];
  notes: string[];
}

export const GRESB_SHEETS = {
  de: { data: 'GRESB', sources: 'Quellen', notes: 'Hinweise' },
  en: { data: 'GRESB', sources: 'Sources', notes: 'Notes' },
} as const;

/** A cell as GRESB reads it: figures unrounded with a decimal point, booleans `true`/`false`, texts neutralised. */
const cellText = (value: GresbValue): string => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(neutraliseCell(value));
};

const drained = (stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }) =>
  stream.writableNeedDrain ? new Promise<void>((resolve) => stream.once('drain', () => resolve())) : Promise.resolve();

/**
 * Streams a GRESB file (issue 41) as its rows are read, like the other exports (table-stream.ts): CSV (UTF-8, commas,
 * GRESB's variable names as header, figures unrounded with a decimal point, the notes as trailing `#` comment lines) or
 * Excel (the data sheet, then the sheets of sources and notes).
 */
export function streamGresb(batches: AsyncIterable<readonly GresbRow[]>, trailer: () => GresbTrailer, format: 'csv' | 'xlsx', language: Language): TableStream {
  const out = new PassThrough();
  const run = format === 'csv' ? writeCsv : writeExcel;
  run(out, batches, trailer, language).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { body: out, contentType: CONTENT_TYPES[format], extension: format };
}

async function writeCsv(out: PassThrough, batches: AsyncIterable<readonly GresbRow[]>, trailer: () => GresbTrailer, _language: Language) {
  const csv = stringify({ delimiter: ',' });
  csv.pipe(out, { end: false });
  csv.write([...GRESB_COLUMNS]);
  for await (const batch of batches) {
    for (const row of batch) csv.write(GRESB_COLUMNS.map((c) => cellText(row[c])));
    await drained(csv);
  }
  await new Promise<void>((resolve, reject) => {
    csv.once('end', resolve);
    csv.once('error', reject);
    csv.end();
  });
  for (const note of trailer().notes) out.write(`# ${note.replace(/[\r\n]+/g, ' ')}\n`);
  out.end();
}

async function writeExcel(out: PassThrough, batches: AsyncIterable<readonly GresbRow[]>, trailer: () => GresbTrailer, language: Language) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'ECORE Portal';
  const names = GRESB_SHEETS[language];
  const sheet = workbook.addWorksheet(names.data, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = GRESB_COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(12, c.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const row of batch) {
      sheet.addRow(GRESB_COLUMNS.map((c) => {
        const v = row[c];
        return typeof v === 'boolean' ? cellText(v) : typeof v === 'string' ? cellText(v) : v;
      })).commit();
    }
    await drained(out);
  }
  sheet.commit();
  const { sources, notes } = trailer();
  const sourceSheet = workbook.addWorksheet(names.sources);
  sourceSheet.columns = GRESB_SOURCE_HEADER[language].map((h, i) => ({ header: h, width: [20, 50, 60, 30][i] }));
  sourceSheet.getRow(1).font = { bold: true };
  for (const row of sources) sourceSheet.addRow(row.map((c) => cellText(c))).commit();
  sourceSheet.commit();
  const noteSheet = workbook.addWorksheet(names.notes);
  noteSheet.columns = [{ header: GRESB_NOTES_HEADER[language], width: 120 }];
  noteSheet.getRow(1).font = { bold: true };
  for (const note of notes) noteSheet.addRow([cellText(note)]).commit();
  noteSheet.commit();
  await workbook.commit();
}
