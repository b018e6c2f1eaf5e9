import { sql, type Kysely } from 'kysely';

/** The channel every server process listens on (server/src/plugins/auth.ts keeps sessions in a cache). */
export const SESSION_CHANNEL = 'ecore_sessions';

// A change that can end sessions (a user's session version, status, lock or organisation; an organisation's
// status, lock or deletion; deleted or truncated rows) notifies every process sharing the database once it commits, so
// that their session caches drop what they hold. On PostgreSQL through LISTEN/NOTIFY, on PGlite in-process.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function ecore_sessions_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(SESSION_CHANNEL)}, tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create trigger users_sessions_changed after update of session_version, status, locked, organisation_id, roles or delete or truncate on users
    for each statement execute function ecore_sessions_changed()`.execute(db);
  await sql`create trigger organisations_sessions_changed after update of status, locked, deleted_at or delete or truncate on organisations
    for each statement execute function ecore_sessions_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger organisations_sessions_changed on organisations`.execute(db);
  await sql`drop trigger users_sessions_changed on users`.execute(db);
  await sql`drop function ecore_sessions_changed()`.execute(db);
}
