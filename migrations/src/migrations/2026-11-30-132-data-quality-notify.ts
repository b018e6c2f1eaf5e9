import { sql, type Kysely } from 'kysely';

/**
 * The explained plausibility flags (migration 107) and the annual starts (migration 070) notify with the filled
 * questionnaire they belong to, as the answering tables do (migration 043): an object's score keeps its data quality
 * (open flags, last year's figures) with the questionnaire it is computed from, in every process, so every change of
 * what that data quality reads must drop the kept questionnaire.
 */
const TABLES = ['outlier_acceptances', 'annual_starts'] as const;
const EVENTS = [
  ['inserted', 'insert', 'new'],
  ['updated', 'update', 'new'],
  ['deleted', 'delete', 'old'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const [event, statement, rows] of EVENTS) {
      await sql`create trigger ${sql.id(`${table}_answering_${event}`)} after ${sql.raw(statement)} on ${sql.table(table)}
        referencing ${sql.raw(rows)} table as ${sql.raw(`${rows}_rows`)}
        for each statement execute function ${sql.raw(`ecore_answering_${event}`)}('asset_questionnaire_id')`.execute(db);
    }
    await sql`create trigger ${sql.id(`${table}_answering_truncated`)} after truncate on ${sql.table(table)}
      for each statement execute function ecore_answering_truncated()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const event of ['inserted', 'updated', 'deleted', 'truncated']) await sql`drop trigger ${sql.id(`${table}_answering_${event}`)} on ${sql.table(table)}`.execute(db);
  }
}
