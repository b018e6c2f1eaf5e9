import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Role } from '../identity/roles.ts';
import { roleSet } from '../identity/arbitraries/users.ts';
import {
  failedImportCounts,
  failedImportOpen,
  failedImportReaches,
  failedImportReport,
  failedImportResolved,
  failedImportsSince,
  failedImportsWaiting,
  recordsRefusal,
  type RecordedImport,
} from './failed-imports.ts';
import { mayUseImports } from './import-access.ts';

const TODAY = '2027-01-15';
const KEYS = ['import-rows-failed', 'forbidden', 'not-found', 'import-file-too-large', 'import-unknown-column', 'import-file-type', 'objects-version-conflict', 'questionnaire-stale'];

const entry = (): fc.Arbitrary<RecordedImport> =>
  fc.record({
    id: fc.integer({ min: 1, max: 20 }),
    organisationId: fc.integer({ min: 1, max: 2 }),
    kind: fc.constantFrom('assets', 'answers', 'loans'),
    outcome: fc.constantFrom('imported', 'failed'),
    createdAt: fc.integer({ min: Date.parse('2026-12-20T00:00:00Z'), max: Date.parse('2027-01-15T23:59:59Z') }).map((t) => new Date(t).toISOString()),
  });

describe('which refusals are recorded (docs/import.md "Failed imports")', () => {
  it('records a refusal exactly when the run was meant to store and a row failed; a preview never', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom(...KEYS), (dryRun, key) => {
        expect(recordsRefusal({ dryRun }, key)).toBe(!dryRun && key === 'import-rows-failed');
      }),
    );
    expect(recordsRefusal({ dryRun: true }, 'import-rows-failed')).toBe(false);
    // Refused before the rows were read: no right, no organisation, too large, a header that cannot be mapped.
    for (const key of ['forbidden', 'not-found', 'import-file-too-large', 'import-unknown-column']) expect(recordsRefusal({ dryRun: false }, key)).toBe(false);
  });

  it('counts only the failed rows (nothing was created, updated or left) and keeps every row with its errors in both languages', () => {
    const outcomes = [
      { status: 'created' as const, errors: [] },
      { status: 'failed' as const, errors: [{ column: 'Land', key: 'import-unknown-country' as const, params: { value: 'Atlantis' } }] },
    ];
    expect(failedImportCounts(outcomes)).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 1, groupsCreated: 0 });
    const report = failedImportReport(['Name', 'Land'], [{ cells: ['A', 'DE'] }, { cells: ['B', 'Atlantis', 'extra'] }], outcomes);
    expect(report.rows.map((r) => [r.cells, r.status])).toEqual([
      [['A', 'DE'], 'created'],
      [['B', 'Atlantis'], 'failed'],
    ]);
    expect(report.rows[0]!.errors).toEqual({ de: '', en: '' });
    expect(report.rows[1]!.errors.de).toMatch(/^Land: /);
    expect(report.rows[1]!.errors.en).toMatch(/^Land: /);
    expect(report.rows[1]!.errors.de).not.toBe(report.rows[1]!.errors.en);
  });
});

describe('when a failed import is resolved and while it is open work', () => {
  it('is resolved exactly by a later stored import of the same kind for the same organisation', () => {
    fc.assert(
      fc.property(entry(), fc.array(entry(), { maxLength: 8 }), (failed, history) => {
        const expected = history.some((h) => h.outcome === 'imported' && h.kind === failed.kind && h.organisationId === failed.organisationId && h.id > failed.id);
        expect(failedImportResolved(failed, history)).toBe(expected);
      }),
    );
    const failed = { id: 5, organisationId: 1, kind: 'assets', outcome: 'failed', createdAt: '2027-01-10T02:00:00Z' };
    expect(failedImportResolved(failed, [{ ...failed, id: 6, outcome: 'imported' }])).toBe(true);
    // An earlier success, another kind, another organisation or another failure resolves nothing.
    expect(failedImportResolved(failed, [{ ...failed, id: 4, outcome: 'imported' }])).toBe(false);
    expect(failedImportResolved(failed, [{ ...failed, id: 6, outcome: 'imported', kind: 'answers' }])).toBe(false);
    expect(failedImportResolved(failed, [{ ...failed, id: 6, outcome: 'imported', organisationId: 2 }])).toBe(false);
    expect(failedImportResolved(failed, [{ ...failed, id: 6 }])).toBe(false);
  });

  it('is open work within 14 days (from the start of the day 14 days back), failed and not resolved', () => {
    expect(failedImportsSince(TODAY)).toBe('2027-01-01T00:00:00.000Z');
    fc.assert(
      fc.property(entry(), fc.array(entry(), { maxLength: 8 }), (e, history) => {
        const recent = Date.parse(e.createdAt) >= Date.parse('2027-01-01T00:00:00Z');
        expect(failedImportOpen(e, history, TODAY)).toBe(e.outcome === 'failed' && recent && !failedImportResolved(e, history));
      }),
    );
  });
});

describe('whose worklist a failed import is on', () => {
  const actor = (roles: Role[], more: Partial<{ userId: number; orgId: number; orgFinance: boolean }> = {}) => ({ userId: 1, roles, orgId: 1, orgFinance: false, accessGroups: [], accessAssets: [], ...more });

  it('reaches the person who ran it, and the ImportAdmins and ObjectAdministrators of its organisation; the AccountAdministrator only its own runs', () => {
    const other = { userId: 9, organisationId: 1 };
    const own = { userId: 1, organisationId: 3 };
    for (const role of [Role.ImportAdmin, Role.ObjectAdministrator]) expect(failedImportReaches(failedImportsWaiting(actor([role]), TODAY), other)).toBe(true);
    expect(failedImportReaches(failedImportsWaiting(actor([Role.ObjectDataCollector]), TODAY), other)).toBe(false);
    expect(failedImportReaches(failedImportsWaiting(actor([Role.ObjectDataCollector]), TODAY), { userId: 1, organisationId: 1 })).toBe(true);
    expect(failedImportReaches(failedImportsWaiting(actor([Role.AccountAdministrator]), TODAY), other)).toBe(false);
    expect(failedImportReaches(failedImportsWaiting(actor([Role.AccountAdministrator]), TODAY), own)).toBe(true);
    // A bank's loan tape reaches the bank's users who import loan tapes.
    expect(failedImportReaches(failedImportsWaiting(actor([Role.AccountManager], { orgFinance: true }), TODAY), other)).toBe(true);
    expect(failedImportReaches(failedImportsWaiting(actor([Role.ImportAdmin], { orgFinance: true }), TODAY), other)).toBe(false);
    expect(failedImportsWaiting(actor([Role.ObjectAnalyst]), TODAY)).toBeNull();
  });

  it('never reaches a person of another organisation who did not run it', () => {
    fc.assert(
      fc.property(roleSet(), fc.boolean(), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }), (roles, orgFinance, orgId, organisationId, runner) => {
        const waiting = failedImportsWaiting(actor(roles, { userId: 1, orgId, orgFinance }), TODAY);
        const reaches = failedImportReaches(waiting, { userId: runner, organisationId });
        if (runner !== 1 && organisationId !== orgId) expect(reaches).toBe(false);
        if (runner === 1 && (mayUseImports({ roles, orgFinance }) || waiting !== null)) expect(reaches).toBe(true);
        if (waiting === null) expect(reaches).toBe(false);
      }),
    );
  });
});
