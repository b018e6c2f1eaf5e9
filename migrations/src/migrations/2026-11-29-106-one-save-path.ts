import { sql, type Kysely } from 'kysely';
import * as sheetVersions from './2026-11-24-091-sheet-versions.ts';
import * as sheetVersionDigest from './2026-11-25-092-sheet-version-digest.ts';
import * as keptAnswersFunction from './2026-11-25-095-kept-answers-function.ts';

/**
 * A save of answers goes one way (docs/answering.md "How a save works"): a transaction that reads the filled
 * questionnaire with its row locked and writes what core decided. The functions of the save decided on a kept sheet
 * (the batch writer's statement, its guard and the sheet version the guard compared) are no longer called.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ecore_write_kept_answers(json)`.execute(db);
  await sql`drop function if exists ecore_lock_unchanged_sheet(integer, text)`.execute(db);
  await sql`drop function if exists ecore_sheet_version(integer)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sheetVersions.up(db);
  await sheetVersionDigest.up(db);
  await keptAnswersFunction.up(db);
}
