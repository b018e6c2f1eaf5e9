import * as E from 'fp-ts/lib/Either.js';
import type { Either } from 'fp-ts/lib/Either.js';
import { MAX_CELL_CHARACTERS, mapHeader, type Cell, type FileProblem, type RowProblem, type RowStatus } from '../imports/import-table.ts';
import { normaliseHeader } from '../imports/object-columns.ts';
import { blank, looksLikeFormula, readDate, readNumber } from '../imports/object-row.ts';
import type { Language } from '../shared/language.ts';
import { isIsoDate } from './epc.ts';

/**
 * A bank's loan (DOMAIN.md §11): its own id (unique within the bank), the object (portal id or the owner's external id),
 * the outstanding amount and the property value at origination (EUR, > 0), the origination and reporting dates. A loan
 * tape is a file of loans, imported like the other imports (DOMAIN.md §10): preview first, all rows or none.
 */
export interface LoanFields {
  loanId: string;
  outstandingAmount: number;
  propertyValueAtOrigination: number;
  originationDate: string;
  reportingDate: string;
}

export const MAX_LOAN_ID_LENGTH = 100;

export type LoanColumnKey = 'loanId' | 'assetId' | 'externalId' | 'outstandingAmount' | 'propertyValueAtOrigination' | 'originationDate' | 'reportingDate';
export interface LoanColumn {
  key: LoanColumnKey;
  kind: 'text' | 'id' | 'amount' | 'date';
  labels: Record<Language, string>;
}

/** The loan tape's columns in the template's order; a header may name a column by its key or its label in either language. */
export const LOAN_COLUMNS: readonly LoanColumn[] = [
  { key: 'loanId', kind: 'text', labels: { de: 'Kredit-ID', en: 'Loan ID' } },
  { key: 'assetId', kind: 'id', labels: { de: 'Objekt-ID', en: 'Object ID' } },
  { key: 'externalId', kind: 'text', labels: { de: 'Externe ID', en: 'External ID' } },
  { key: 'outstandingAmount', kind: 'amount', labels: { de: 'Ausstehender Betrag (EUR)', en: 'Outstanding amount (EUR)' } },
  { key: 'propertyValueAtOrigination', kind: 'amount', labels: { de: 'Objektwert bei Vergabe (EUR)', en: 'Property value at origination (EUR)' } },
  { key: 'originationDate', kind: 'date', labels: { de: 'Vergabedatum', en: 'Origination date' } },
  { key: 'reportingDate', kind: 'date', labels: { de: 'Stichtag', en: 'Reporting date' } },
];

const COLUMN_BY_HEADER: ReadonlyMap<string, LoanColumn> = new Map(LOAN_COLUMNS.flatMap((c) => [c.key, c.labels.de, c.labels.en].map((name) => [normaliseHeader(name), c] as const)));

/** The column of each header cell; an unknown or repeated column refuses the file (as the other imports). */
export const loanTapeHeader = (header: readonly Cell[]): Either<FileProblem, (LoanColumn | null)[]> => mapHeader(header, (text) => COLUMN_BY_HEADER.get(normaliseHeader(text)));

export type LoanProblemKey = 'bank-loan-amount-positive' | 'bank-loan-origination-after-reporting' | 'bank-loan-date' | 'validation-required' | 'validation-max-length';

/** A problem of a loan's fields: the field and its message key. */
export interface LoanProblem {
  path: keyof LoanFields;
  key: LoanProblemKey;
}

/** The rules of a loan's own fields, the same for a tape's row and for an edit by hand. */
export const loanProblems = (fields: LoanFields): LoanProblem[] => {
  const problems: LoanProblem[] = [];
  if (fields.loanId.trim() === '') problems.push({ path: 'loanId', key: 'validation-required' });
  else if (fields.loanId.length > MAX_LOAN_ID_LENGTH) problems.push({ path: 'loanId', key: 'validation-max-length' });
  for (const path of ['outstandingAmount', 'propertyValueAtOrigination'] as const) {
    if (!Number.isFinite(fields[path]) || !(fields[path] > 0)) problems.push({ path, key: 'bank-loan-amount-positive' });
  }
  const datesValid = (['originationDate', 'reportingDate'] as const).filter((path) => {
    if (isIsoDate(fields[path])) return true;
    problems.push({ path, key: 'bank-loan-date' });
    return false;
  });
  if (datesValid.length === 2 && fields.originationDate > fields.reportingDate) problems.push({ path: 'originationDate', key: 'bank-loan-origination-after-reporting' });
  return problems;
};

/** One row of a loan tape, read: which object it names, the loan's fields, or its problems. */
export interface LoanRow {
  row: number;
  loanId: string | null;
  assetId: number | null;
  externalId: string | null;
  fields: LoanFields | null;
  problems: RowProblem[];
}

/** Reads one data row in the file's language (numbers with a decimal comma in German, dates `TT.MM.JJJJ` or ISO). */
export const readLoanRow = (row: number, cells: readonly Cell[], columns: readonly (LoanColumn | null)[], headers: readonly string[], language: Language): LoanRow => {
  const problems: RowProblem[] = [];
  const values: Partial<Record<LoanColumnKey, string | number>> = {};
  const headerOf = new Map<LoanColumnKey, string>();
  columns.forEach((column, index) => {
    const cell = cells[index] ?? null;
    const header = headers[index] || `#${index + 1}`;
    if (!column) {
      if (!blank(cell)) problems.push({ column: header, key: 'import-unknown-column', params: { column: header } });
      return;
    }
    headerOf.set(column.key, header);
    if (blank(cell)) return;
    const problem = (key: RowProblem['key'], params?: RowProblem['params']) => problems.push({ column: header, key, ...(params ? { params } : {}) });
    if (typeof cell === 'string' && cell.length > MAX_CELL_CHARACTERS) return problem('import-cell-too-long', { max: MAX_CELL_CHARACTERS.toLocaleString('de-DE') });
    const numeric = column.kind === 'id' || column.kind === 'amount';
    if (typeof cell === 'string' && looksLikeFormula(cell, numeric ? (column.kind === 'id' ? 'en' : language) : null)) return problem('import-formula-text');
    const text = typeof cell === 'string' ? cell.trim() : String(cell);
    if (column.kind === 'text') values[column.key] = text;
    else if (column.kind === 'date') values[column.key] = readDate(cell);
    else {
      const value = readNumber(cell, column.kind === 'id' ? 'en' : language);
      if (value === null || (column.kind === 'id' && (!Number.isInteger(value) || value < 1))) return problem('import-not-a-number', { value: text.slice(0, 50) });
      values[column.key] = value;
    }
  });
  const text = (key: LoanColumnKey) => (typeof values[key] === 'string' ? (values[key] as string) : null);
  const loanId = text('loanId');
  const assetId = typeof values.assetId === 'number' ? values.assetId : null;
  const externalId = text('externalId');
  const column = (key: LoanColumnKey) => headerOf.get(key) ?? key;
  const failed = new Set(problems.map((p) => p.column));
  for (const key of ['loanId', 'outstandingAmount', 'propertyValueAtOrigination', 'originationDate', 'reportingDate'] as const) {
    if (values[key] === undefined && !failed.has(column(key))) problems.push({ column: column(key), key: 'validation-required' });
  }
  if (assetId === null && externalId === null && !failed.has(column('assetId')) && !failed.has(column('externalId'))) problems.push({ column: column('assetId'), key: 'bank-loan-object-required' });
  if (problems.length > 0) return { row, loanId, assetId, externalId, fields: null, problems };
  const fields: LoanFields = {
    loanId: loanId!,
    outstandingAmount: values.outstandingAmount as number,
    propertyValueAtOrigination: values.propertyValueAtOrigination as number,
    originationDate: values.originationDate as string,
    reportingDate: values.reportingDate as string,
  };
  const own = loanProblems(fields).map((p): RowProblem => ({ column: column(p.path), key: p.key }));
  return { row, loanId, assetId, externalId, fields: own.length === 0 ? fields : null, problems: own };
};

/** An object a loan may name: one the bank may see. */
export interface LoanObject {
  id: number;
  objectName: string;
  externalId: string | null;
  groupName: string;
}

/** How a plan finds the objects the bank may see (by portal id; by external id, which may repeat across owners). */
export interface LoanObjectLookup {
  byId: (id: number) => LoanObject | undefined;
  byExternalId: (externalId: string) => readonly LoanObject[];
}

/** A stored loan as the plan compares it. */
export interface StoredLoan extends LoanFields {
  assetId: number;
}

export interface PlannedLoanRow {
  row: number;
  status: RowStatus;
  assetId: number | null;
  objectName: string | null;
  externalId: string | null;
  objectGroup: string | null;
  loan: StoredLoan | null;
  errors: RowProblem[];
}

const sameLoan = (a: StoredLoan, b: StoredLoan): boolean =>
  a.assetId === b.assetId &&
  a.outstandingAmount === b.outstandingAmount &&
  a.propertyValueAtOrigination === b.propertyValueAtOrigination &&
  a.originationDate === b.originationDate &&
  a.reportingDate === b.reportingDate;

const findObject = (row: LoanRow, lookup: LoanObjectLookup): { object: LoanObject } | { problem: RowProblem } => {
  const byId = row.assetId === null ? undefined : lookup.byId(row.assetId);
  if (row.assetId !== null && !byId) return { problem: { column: 'assetId', key: 'bank-loan-object-not-found', params: { value: row.assetId } } };
  if (row.externalId === null) return { object: byId! };
  const matches = lookup.byExternalId(row.externalId);
  if (byId) return matches.some((m) => m.id === byId.id) || matches.length === 0 ? { object: byId } : { problem: { column: 'externalId', key: 'import-id-mismatch', params: { value: row.assetId! } } };
  if (matches.length === 0) return { problem: { column: 'externalId', key: 'bank-loan-object-not-found', params: { value: row.externalId } } };
  if (matches.length > 1) return { problem: { column: 'externalId', key: 'bank-loan-external-id-ambiguous', params: { value: row.externalId } } };
  return { object: matches[0]! };
};

/**
 * The plan of an import: each row's object (only one the bank may see; never another's), a loan id at most once in the
 * file, and whether the row creates, changes or leaves a loan of the bank as it is. A failed row fails the import.
 */
export const planLoanImport = (rows: readonly LoanRow[], lookup: LoanObjectLookup, stored: ReadonlyMap<string, StoredLoan>): PlannedLoanRow[] => {
  const firstRow = new Map<string, number>();
  return rows.map((row): PlannedLoanRow => {
    const errors = [...row.problems];
    if (row.loanId !== null) {
      const first = firstRow.get(row.loanId);
      if (first !== undefined) errors.push({ column: 'loanId', key: 'bank-loan-duplicate', params: { value: row.loanId.slice(0, 50), row: first } });
      else firstRow.set(row.loanId, row.row);
    }
    const found = row.assetId === null && row.externalId === null ? null : findObject(row, lookup);
    if (found && 'problem' in found) errors.push(found.problem);
    const object = found && 'object' in found ? found.object : null;
    const base = { row: row.row, assetId: object?.id ?? null, objectName: object?.objectName ?? null, externalId: object?.externalId ?? row.externalId, objectGroup: object?.groupName ?? null };
    if (errors.length > 0 || row.fields === null || object === null) return { ...base, status: 'failed', loan: null, errors };
    const loan: StoredLoan = { ...row.fields, assetId: object.id };
    const before = stored.get(loan.loanId);
    return { ...base, status: before === undefined ? 'created' : sameLoan(before, loan) ? 'unchanged' : 'updated', loan, errors: [] };
  });
};

/** The plan's outcome: the loans to store, or nothing where any row failed (all or nothing). */
export const loansToStore = (plan: readonly PlannedLoanRow[]): Either<'import-rows-failed', StoredLoan[]> =>
  plan.some((r) => r.status === 'failed') ? E.left('import-rows-failed') : E.right(plan.flatMap((r) => (r.loan && r.status !== 'unchanged' ? [r.loan] : [])));
