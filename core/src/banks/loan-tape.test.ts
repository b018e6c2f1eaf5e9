import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../imports/import-table.ts';
import { message } from '../shared/messages.ts';
import { amount } from './arbitraries/loans.ts';
import { loanProblems, loansToStore, loanTapeHeader, planLoanImport, readLoanRow, type LoanColumn, type LoanObject, type LoanObjectLookup, type StoredLoan } from './loan-tape.ts';

const HEADER = ['loanId', 'assetId', 'externalId', 'outstandingAmount', 'propertyValueAtOrigination', 'originationDate', 'reportingDate'];
const columns = E.getOrElseW(() => [] as (LoanColumn | null)[])(loanTapeHeader(HEADER));
const read = (cells: Cell[], language: 'de' | 'en' = 'en', row = 1) => readLoanRow(row, cells, columns, HEADER, language);

const OBJECTS: LoanObject[] = [
  { id: 1, objectName: 'Bürohaus', externalId: 'B-1', groupName: 'Nord' },
  { id: 2, objectName: 'Hotel', externalId: 'H-1', groupName: 'Süd' },
  { id: 3, objectName: 'Lager', externalId: 'H-1', groupName: 'Fremd' },
];
const lookup: LoanObjectLookup = { byId: (id) => OBJECTS.find((o) => o.id === id), byExternalId: (ext) => OBJECTS.filter((o) => o.externalId === ext) };

describe('loan tape rows (DOMAIN.md §11)', () => {
  it('reads German numbers with a decimal comma and German dates', () => {
    const row = read(['K-1', 1, null, '1.250.000,50', '2.000.000', '01.03.2019', '31.12.2025'], 'de');
    expect(row.problems).toEqual([]);
    expect(row.fields).toEqual({ loanId: 'K-1', outstandingAmount: 1_250_000.5, propertyValueAtOrigination: 2_000_000, originationDate: '2019-03-01', reportingDate: '2025-12-31' });
  });

  it('reads English numbers and ISO dates; a header may be the label in either language', () => {
    const header = ['Kredit-ID', 'External ID', 'Outstanding amount (EUR)', 'Objektwert bei Vergabe (EUR)', 'Origination date', 'Stichtag'];
    const cols = E.getOrElseW(() => [] as (LoanColumn | null)[])(loanTapeHeader(header));
    const row = readLoanRow(2, ['L-9', 'B-1', '1,250,000.5', 2e6, '2019-03-01', '2025-12-31'], cols, header, 'en');
    expect(row.fields?.outstandingAmount).toBe(1_250_000.5);
    expect(row.externalId).toBe('B-1');
  });

  it('refuses amounts of 0 or less and cells that are not numbers, in German and English', () => {
    const row = read(['K-1', 1, null, '0', 'viel', '2019-03-01', '2025-12-31']);
    expect(row.fields).toBeNull();
    expect(row.problems.map((p) => [p.column, p.key])).toEqual([['propertyValueAtOrigination', 'import-not-a-number']]);
    const zero = read(['K-1', 1, null, '0', '-5', '2019-03-01', '2025-12-31']);
    expect(zero.problems.map((p) => p.key)).toEqual(['bank-loan-amount-positive', 'bank-loan-amount-positive']);
    expect(message('bank-loan-amount-positive', 'de')).toContain('größer als 0');
    expect(message('bank-loan-amount-positive', 'en')).toContain('greater than 0');
  });

  it('refuses an origination after the reporting date, and a day that does not exist', () => {
    expect(read(['K-1', 1, null, 1, 2, '2026-01-01', '2025-12-31']).problems.map((p) => p.key)).toEqual(['bank-loan-origination-after-reporting']);
    expect(read(['K-1', 1, null, 1, 2, '31.04.2019', '2025-12-31'], 'de').problems.map((p) => p.key)).toEqual(['bank-loan-date']);
  });

  it('needs every field and an object', () => {
    const row = read(['K-1', null, null, null, 2, '2019-01-01', null]);
    expect(row.problems.map((p) => [p.column, p.key])).toEqual([
      ['outstandingAmount', 'validation-required'],
      ['reportingDate', 'validation-required'],
      ['assetId', 'bank-loan-object-required'],
    ]);
  });

  it('a valid loan has no problems exactly when both amounts are above 0 and origination is not after reporting', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e9, noNaN: true }), amount, fc.boolean(), (outstanding, value, later) => {
        const fields = { loanId: 'L', outstandingAmount: outstanding, propertyValueAtOrigination: value, originationDate: later ? '2026-01-01' : '2020-01-01', reportingDate: '2025-12-31' };
        expect(loanProblems(fields).length === 0).toBe(outstanding > 0 && !later);
      }),
    );
  });
});

describe('the plan of a loan import', () => {
  const good = (loanId: string, ref: number | string, row: number) => read([loanId, typeof ref === 'number' ? ref : null, typeof ref === 'string' ? ref : null, 500_000, 1_000_000, '2019-03-01', '2025-12-31'], 'en', row);

  it('creates new loans, changes stored ones, leaves equal ones', () => {
    const stored = new Map<string, StoredLoan>([
      ['L-2', { loanId: 'L-2', assetId: 2, outstandingAmount: 400_000, propertyValueAtOrigination: 1_000_000, originationDate: '2019-03-01', reportingDate: '2025-12-31' }],
      ['L-3', { loanId: 'L-3', assetId: 1, outstandingAmount: 500_000, propertyValueAtOrigination: 1_000_000, originationDate: '2019-03-01', reportingDate: '2025-12-31' }],
    ]);
    const plan = planLoanImport([good('L-1', 'B-1', 1), good('L-2', 2, 2), good('L-3', 1, 3)], lookup, stored);
    expect(plan.map((r) => [r.status, r.assetId, r.objectName])).toEqual([
      ['created', 1, 'Bürohaus'],
      ['updated', 2, 'Hotel'],
      ['unchanged', 1, 'Bürohaus'],
    ]);
    expect(E.map((loans: StoredLoan[]) => loans.map((l) => l.loanId))(loansToStore(plan))).toEqual(E.right(['L-1', 'L-2']));
  });

  it('a duplicate loan id, an object the bank may not see, an external id of two owners: row errors, nothing stored', () => {
    const plan = planLoanImport([good('L-1', 1, 1), good('L-1', 2, 2), good('L-4', 99, 3), good('L-5', 'H-1', 4), good('L-6', 'X-404', 5)], lookup, new Map());
    expect(plan.map((r) => r.errors.map((e) => e.key))).toEqual([[], ['bank-loan-duplicate'], ['bank-loan-object-not-found'], ['bank-loan-external-id-ambiguous'], ['bank-loan-object-not-found']]);
    expect(plan[1]!.errors[0]!.params).toEqual({ value: 'L-1', row: 1 });
    expect(loansToStore(plan)).toEqual(E.left('import-rows-failed'));
    expect(message('bank-loan-duplicate', 'de', { value: 'L-1', row: 1 })).toBe('Die Kredit-ID „L-1“ steht auch in Zeile 1.');
  });

  it('an object id and an external id naming different objects is an error', () => {
    const row = read(['L-1', 1, 'H-1', 1, 2, '2019-01-01', '2025-01-01']);
    expect(planLoanImport([row], lookup, new Map())[0]!.errors.map((e) => e.key)).toEqual(['import-id-mismatch']);
  });

  it('refuses the file for an unknown column', () => {
    expect(E.isLeft(loanTapeHeader(['loanId', 'interestRate']))).toBe(true);
  });
});
