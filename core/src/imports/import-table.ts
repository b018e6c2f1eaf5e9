import * as E from 'fp-ts/Either';
import type { Language } from '../shared/language.ts';
import { message, type MessageKey } from '../shared/messages.ts';
import type { ImportMessageKey } from './messages.ts';

/** A cell as the file reader hands it over: text (CSV, Excel text), a number (Excel), or empty. */
export type Cell = string | number | null;

/** A read file: its first non-empty row as the header, and the data rows after it. */
export interface ImportTable {
  header: Cell[];
  rows: Cell[][];
}

export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/**
 * What a workbook may unpack to, all entries together, counted while inflating (whatever its headers claim); more is
 * taken for a zip bomb. A workbook of 50 000 rows in the template's columns unpacks to well under it.
 */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_CELL_CHARACTERS = 10_000;

/** A refusal of the whole file, before any row is read: 400, or 413 where it is too large. */
export interface FileProblem {
  statusCode: 400 | 413;
  key: ImportMessageKey;
  params?: Record<string, string | number>;
}

export const fileProblem = (key: ImportMessageKey, params?: Record<string, string | number>, statusCode: 400 | 413 = 400): FileProblem => ({ statusCode, key, ...(params ? { params } : {}) });

/** One problem of one row: the column as the file names it, the message key and its placeholders. */
export interface RowProblem {
  column: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type RowStatus = 'created' | 'updated' | 'unchanged' | 'failed';

/** Which object a row is about, as the preview names it: its name, external id and group (null where unknown). */
export interface RowObject {
  objectName: string | null;
  externalId: string | null;
  objectGroup: string | null;
}

const NO_OBJECT: RowObject = { objectName: null, externalId: null, objectGroup: null };

/** The answer of a preview or an import (issue 20), as the API sends it. */
export interface ImportResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  groupsCreated: number;
  rows: ({ row: number; status: RowStatus; assetId: number | null; errors: { column: string; key: string; message: string }[] } & RowObject)[];
}

const isBlank = (cell: Cell): boolean => cell === null || (typeof cell === 'string' && cell.trim() === '');

/** Drops rows with nothing in them (Excel keeps formatted empty rows; CSV files end with a blank line). */
export const nonEmptyRows = (rows: readonly Cell[][]): { row: number; cells: Cell[] }[] =>
  rows.flatMap((cells, index) => (cells.every(isBlank) ? [] : [{ row: index + 1, cells }]));

/**
 * The column of each header cell, by position: an empty header cell is a column nobody reads (it must stay
 * empty in every row to be ignored, see `ignoredCellsFilled`); an unknown or repeated name refuses the file.
 */
export const mapHeader = <C extends { key: string }>(header: readonly Cell[], columnOf: (text: string) => C | undefined): E.Either<FileProblem, (C | null)[]> => {
  if (header.every(isBlank)) return E.left(fileProblem('import-no-header'));
  const seen = new Set<string>();
  const columns: (C | null)[] = [];
  for (const cell of header) {
    if (isBlank(cell)) {
      columns.push(null);
      continue;
    }
    const text = String(cell).trim();
    const column = columnOf(text);
    if (!column) return E.left(fileProblem('import-unknown-column', { column: text.slice(0, 100) }));
    if (seen.has(column.key)) return E.left(fileProblem('import-duplicate-column', { column: text.slice(0, 100) }));
    seen.add(column.key);
    columns.push(column);
  }
  return E.right(columns);
};

/** The file-wide refusals a read table can meet before its rows are checked. */
export const checkTableSize = (table: ImportTable): E.Either<FileProblem, ImportTable> =>
  table.rows.length > MAX_IMPORT_ROWS ? E.left(fileProblem('import-too-many-rows', { max: MAX_IMPORT_ROWS.toLocaleString('de-DE') }, 413)) : E.right(table);

/** The answer body from the rows' outcomes; messages in the request's language. */
export const importResult = (
  dryRun: boolean,
  groupsCreated: number,
  rows: readonly ({ row: number; status: RowStatus; assetId: number | null; errors: readonly RowProblem[] } & Partial<RowObject>)[],
  language: Language,
): ImportResult => {
  const count = (status: RowStatus) => rows.filter((r) => r.status === status).length;
  return {
    dryRun,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    failed: count('failed'),
    groupsCreated,
    rows: rows.map((r) => ({
      row: r.row,
      status: r.status,
      assetId: r.assetId,
      objectName: r.objectName ?? NO_OBJECT.objectName,
      externalId: r.externalId ?? NO_OBJECT.externalId,
      objectGroup: r.objectGroup ?? NO_OBJECT.objectGroup,
      errors: r.errors.map((e) => ({ column: e.column, key: e.key, message: message(e.key, language, e.params) })),
    })),
  };
};

/** "Import N rows" is offered only after a preview without a failed row, and with something to store. */
export const mayCommitImport = (preview: { dryRun: boolean; failed: number; rows: readonly unknown[] } | null): boolean =>
  preview !== null && preview.dryRun && preview.failed === 0 && preview.rows.length > 0;

/** The objects an import stored or left as they were (each with its portal id), for the list after the import. */
export const importedObjects = <R extends { status: RowStatus; assetId: number | null }>(rows: readonly R[]): (R & { assetId: number })[] =>
  rows.filter((r): r is R & { assetId: number } => r.status !== 'failed' && r.assetId !== null);

/** The preview's rows, or only the failed ones ("errors only"). */
export const previewRows = <R extends { status: RowStatus }>(rows: readonly R[], errorsOnly: boolean): R[] => rows.filter((r) => !errorsOnly || r.status === 'failed');

/** One import in the organisation's history (GET /api/import): who, when, which file and kind, the counts, the outcome. */
export interface ImportListItem {
  id: number;
  organisationId: number;
  userName: string;
  kind: 'assets' | 'answers' | 'loans';
  fileName: string;
  /** 'imported': the rows were stored; 'failed': a run meant to store was refused because rows failed, nothing stored. */
  outcome: 'imported' | 'failed';
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  groupsCreated: number;
  createdAt: string;
}
