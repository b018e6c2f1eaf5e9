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
  if (names) await sql.raw(`truncate ${names} restart identity cascade`).execute(db);
}
