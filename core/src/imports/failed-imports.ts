import { bankScope } from '../banks/bank-access.ts';
import { Role } from '../identity/roles.ts';
import type { Language } from '../shared/language.ts';
import { message } from '../shared/messages.ts';
import { mayUseImports, type ImportActor } from './import-access.ts';
import type { Cell, RowProblem, RowStatus } from './import-table.ts';

/**
 * Failed imports (docs/import.md "Failed imports"): an import meant to store (`dryRun=false`) that a failed row refused
 * stores none of its rows, but is recorded in the history with outcome `failed`, its counts and its report, so that
 * whoever is responsible finds it (a nightly run of an API token included). A preview is never recorded, and neither is
 * a request refused before its rows were read (no right, no organisation, too large, a header that cannot be mapped).
 */

/** The history's outcomes: the rows stored, or refused because a row failed. */
export type ImportOutcome = 'imported' | 'failed';

/** The refusal that recorded imports know: rows were read and at least one failed. */
export const ROWS_FAILED = 'import-rows-failed';

/** Is this refusal recorded in the history? Only a run meant to store whose rows failed. */
export const recordsRefusal = (run: { dryRun: boolean }, refusal: string): boolean => !run.dryRun && refusal === ROWS_FAILED;

/** Failed imports stay on the worklist this many days (a nightly run found the next morning, or after a weekend). */
export const FAILED_IMPORT_DAYS = 14;

/** One entry of the history as the resolution rule reads it. */
export interface RecordedImport {
  id: number;
  organisationId: number;
  kind: string;
  outcome: string;
  /** ISO 8601 */
  createdAt: string;
}

/**
 * A failed import is resolved once a later stored import of the same kind for the same organisation followed it
 * (whoever ran it: the file was fixed and imported). Later means recorded after it (a higher id).
 */
export const failedImportResolved = (failed: RecordedImport, history: readonly RecordedImport[]): boolean =>
  history.some((h) => h.outcome === 'imported' && h.kind === failed.kind && h.organisationId === failed.organisationId && h.id > failed.id);

/** The first moment a failed import still counts as recent on `today` ('YYYY-MM-DD'): the start of the day 14 days before (ISO 8601). */
export const failedImportsSince = (today: string): string => new Date(Date.parse(`${today}T00:00:00Z`) - FAILED_IMPORT_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** Is a failed import open work on `today`: failed, recorded within the last 14 days, not resolved? */
export const failedImportOpen = (entry: RecordedImport, history: readonly RecordedImport[], today: string): boolean =>
  entry.outcome === 'failed' && Date.parse(entry.createdAt) >= Date.parse(failedImportsSince(today)) && !failedImportResolved(entry, history);

/**
 * Whose failed imports are on an actor's worklist: the ones it ran itself (an API token's are its user's), and, for
 * the ImportAdmin and ObjectAdministrator, who import objects and answers for their organisation (DOMAIN.md §10), every
 * one of their organisation; a bank's users who import its loan tapes, every one of the bank. The AccountAdministrator imports for any organisation and hears only of its own runs.
 * Null: nobody's (the actor imports nothing).
 */
export const failedImportsWaiting = (
  actor: ImportActor & { userId: number },
  today: string,
): { userId: number; organisationId: number | null; since: string } | null => {
  const bank = bankScope(actor) !== null;
  if (!mayUseImports(actor) && !bank) return null;
  const responsible = bank || (!actor.orgFinance && actor.roles.some((r) => r === Role.ImportAdmin || r === Role.ObjectAdministrator));
  return { userId: actor.userId, organisationId: responsible ? actor.orgId : null, since: failedImportsSince(today) };
};

/** Does a failed import reach the actor by `failedImportsWaiting`? (The database's query asks the same.) */
export const failedImportReaches = (waiting: ReturnType<typeof failedImportsWaiting>, entry: { userId: number | null; organisationId: number }): boolean =>
  waiting !== null && (entry.userId === waiting.userId || entry.organisationId === waiting.organisationId);

/** The report of a refused import: each row's cells as uploaded, its status as the preview said, its errors in both languages. */
export const failedImportReport = (
  header: string[],
  dataRows: readonly { cells: readonly Cell[] }[],
  outcomes: readonly { status: RowStatus; errors: readonly RowProblem[] }[],
) => ({
  header,
  rows: dataRows.map((r, i) => {
    const errors = outcomes[i]?.errors ?? [];
    const text = (language: Language) => errors.map((e) => `${e.column}: ${message(e.key, language, e.params)}`).join('; ');
    return { cells: r.cells.slice(0, header.length), status: outcomes[i]?.status ?? 'failed', errors: { de: text('de'), en: text('en') } };
  }),
});

/** The history's counts of a refused import: nothing created, updated or left unchanged, the failed rows counted. */
export const failedImportCounts = (outcomes: readonly { status: RowStatus }[]) => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: outcomes.filter((o) => o.status === 'failed').length,
  groupsCreated: 0,
});
