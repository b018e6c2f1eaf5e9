import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import * as E from 'fp-ts/Either';
import { entriesCoverArchive, inflatedSize, zipDirectory } from './zip-guard.ts';
import { fileProblem, MAX_IMPORT_ROWS, MAX_UNPACKED_BYTES, type Cell, type FileProblem, type ImportTable } from '@ecore/core/imports/import-table.ts';

/** What a file's first bytes say it is; the name it came with says nothing (a renamed .exe stays an .exe). */
export type FileKind = 'xlsx' | 'csv' | 'unknown';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Text with control characters other than tab, line feed, carriage return and form feed is not a CSV file. */
const looksBinary = (bytes: Buffer): boolean => {
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return true;
  return false;
};

/** UTF-8 (with or without BOM) where the bytes are valid UTF-8, else Windows-1252 (what German Excel saves). */
export const decodeText = (bytes: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

/** `;` or `,`, whichever the header line (outside quotes) holds more of; a single column reads either way. */
export const separatorOf = (text: string): ';' | ',' => {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
};

function readCsv(bytes: Buffer): E.Either<FileProblem, ImportTable> {
  if (looksBinary(bytes)) return E.left(fileProblem('import-file-type'));
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') return E.left(fileProblem('import-file-empty'));
  let records: string[][];
  try {
    // One record more than allowed (plus the header) is enough to know the file is too long.
    records = parse(text, { delimiter: separatorOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: false, to: MAX_IMPORT_ROWS + 2 }) as string[][];
  } catch {
    return E.left(fileProblem('import-file-type'));
  }
  const [header = [], ...rows] = records;
  return E.right({ header, rows });
}

/** An Excel cell as text or number: formulas by their cached result (never evaluated), dates as YYYY-MM-DD. */
const excelCell = (value: ExcelJS.CellValue): Cell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return excelCell((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return excelCell((value as { text: ExcelJS.CellValue }).text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
};

async function readXlsx(bytes: Buffer): Promise<E.Either<FileProblem, ImportTable>> {
  const directory = zipDirectory(bytes);
  const entries = directory?.entries;
  if (!directory || !entries?.some((e) => e.name === 'xl/workbook.xml')) return E.left(fileProblem('import-file-type'));
  if (entries.some((e) => /vbaProject\.bin$/i.test(e.name))) return E.left(fileProblem('import-macro-workbook'));
  // What the headers claim first (free), then what the entries really inflate to, counted and cut off at the limit.
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_UNPACKED_BYTES) return E.left(fileProblem('import-zip-bomb'));
  if (!entriesCoverArchive(bytes, directory)) return E.left(fileProblem('import-file-type'));
  const inflated = await inflatedSize(bytes, directory, MAX_UNPACKED_BYTES);
  if (inflated.kind === 'too-large') return E.left(fileProblem('import-zip-bomb'));
  if (inflated.kind === 'damaged') return E.left(fileProblem('import-file-type'));
  const rows: Cell[][] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
    // The first sheet holds the rows; the template's other sheets (lists, explanations) are not read.
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        while (rows.length < row.number - 1) rows.push([]);
        rows.push(values.slice(1).map(excelCell));
        if (rows.length > MAX_IMPORT_ROWS + 1) break;
      }
      break;
    }
  } catch {
    // exceljs' streaming reader parks the sheets that come before the shared strings in temporary files, and now and
    // then fails on them under load; the workbook is then read whole (its unpacked size is bounded above).
    rows.length = 0;
    try {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
        if (rows.length > MAX_IMPORT_ROWS + 1) return;
        const values = row.values as ExcelJS.CellValue[];
        while (rows.length < row.number - 1) rows.push([]);
        rows.push(values.slice(1).map(excelCell));
      });
    } catch {
      return E.left(fileProblem('import-file-type'));
    }
  }
  const first = rows.findIndex((r) => r.some((c) => c !== null && String(c).trim() !== ''));
  if (first < 0) return E.left(fileProblem('import-file-empty'));
  return E.right({ header: rows[first]!, rows: rows.slice(first + 1) });
}

export const fileKind = (bytes: Buffer): FileKind => (bytes.subarray(0, 4).equals(ZIP) ? 'xlsx' : looksBinary(bytes) ? 'unknown' : 'csv');

/** Reads an uploaded file by its content: an Excel workbook (.xlsx) or a CSV file; anything else is refused. */
export async function readImportFile(bytes: Buffer): Promise<E.Either<FileProblem, ImportTable & { kind: 'csv' | 'xlsx' }>> {
  if (bytes.length === 0) return E.left(fileProblem('import-file-empty'));
  const kind = fileKind(bytes);
  if (kind === 'unknown') return E.left(fileProblem('import-file-type'));
  const table = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  return E.map((t: ImportTable) => ({ ...t, kind }))(table);
}
