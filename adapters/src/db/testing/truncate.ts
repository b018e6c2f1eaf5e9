import { sql, type Kysely } from 'kysely';

/** Reference tables that migrations fill; they stay when tests empty the rest. */
export const MIGRATION_DATA_TABLES: readonly string[] = ['asset_types'];

/** Empties every application table (not the migration bookkeeping), so each test starts from the demo data. */
export async function truncateApplicationTables(db: Kysely<any>): Promise<void> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`.execute(db);
  const names = tables.rows
    .filter((r) => !MIGRATION_DATA_TABLES.includes(r.table_name))
    .map((r) => `"${r.table_name}"`)
    .join(', ');
  if (!names) return;
  // A second app on the same PostgreSQL database (two server processes in a test) may still be at its start-up work
  // (the score backfill): truncating every table then can meet its row locks in the other order. PostgreSQL ends one
  // of the two with a deadlock; the truncate is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.raw(`truncate ${names} restart identity cascade`).execute(db);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
