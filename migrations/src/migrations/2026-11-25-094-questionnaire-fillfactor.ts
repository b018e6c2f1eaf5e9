import { sql, type Kysely } from 'kysely';

/**
 * Filled questionnaires' pages are filled to half (issue 11): every save of an answer writes its questionnaire's row
 * again (stored score, summary, progress), and a row of some 1.5 KB found no room beside itself on a full page, so
 * about half of the updates were not HOT and wrote a new entry into each of the table's three indexes. With room
 * on the page 84 % are HOT under 50 collectors, and PostgreSQL's CPU per save went from 0.40 to 0.34 ms
 *. It takes effect on pages written from now on; a database from before
 * gets it for all rows after `VACUUM FULL asset_questionnaires` at a quiet moment (docs/operations.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table asset_questionnaires set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table asset_questionnaires reset (fillfactor)`.execute(db);
}
