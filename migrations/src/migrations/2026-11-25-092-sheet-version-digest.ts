import { sql, type Kysely } from 'kysely';
import { lockUnchangedSheet } from './2026-11-24-091-sheet-versions.ts';

/**
 * The guard of a save decided on a kept questionnaire (issue 11) takes the SHA-256 digest of the version it was decided
 * on (hex) instead of the version itself: a version names every answer's row version (about a kilobyte for a
 * questionnaire of 2025_01), a digest 64 characters, and the saves of many questionnaires go in one statement
 * (kept-writes.ts). It still locks the run's row first and then reads the version on a snapshot of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await lockUnchangedSheet(sql`encode(sha256(convert_to(current_version, 'UTF8')), 'hex')`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await lockUnchangedSheet(sql`current_version`).execute(db);
}
