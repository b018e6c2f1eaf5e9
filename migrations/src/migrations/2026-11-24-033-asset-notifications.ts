import { sql, type Kysely } from 'kysely';

const TABLES = ['assets', 'asset_groups', 'asset_access_grants'];

// The processes keep the counts of the object and group lists (server/src/routes/assets), so every change of
// objects, groups and access grants notifies as well.
/** Statement triggers that notify every process of a change of these tables (see 030). */
export async function createChangeTriggers(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function ecore_sessions_changed()`.execute(db);
  }
}

export async function dropChangeTriggers(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await sql`drop trigger ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
}

export const up = (db: Kysely<any>) => createChangeTriggers(db, TABLES);
export const down = (db: Kysely<any>) => dropChangeTriggers(db, TABLES);
