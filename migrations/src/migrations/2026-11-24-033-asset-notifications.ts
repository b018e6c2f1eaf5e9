import { sql, type Kysely } from 'kysely';

const TABLES = ['assets', 'asset_groups', 'asset_access_grants'];

// The processes keep the counts of the object and group lists (server/src/routes/assets), so every change of
// objects, groups and access grants notifies as well.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function ecore_sessions_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
}
