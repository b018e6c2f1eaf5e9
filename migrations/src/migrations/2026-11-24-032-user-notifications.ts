import { sql, type Kysely } from 'kysely';

// The processes keep users' accounts too (profile, roles, access lists, organisation name and flags; see
// server/src/plugins/auth.ts), so every change of a user or an organisation notifies, not only those that
// end sessions.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger users_sessions_changed on users`.execute(db);
  await sql`drop trigger organisations_sessions_changed on organisations`.execute(db);
  await sql`create trigger users_changed after update or delete or truncate on users for each statement execute function ecore_sessions_changed()`.execute(db);
  await sql`create trigger organisations_changed after update or delete or truncate on organisations for each statement execute function ecore_sessions_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger organisations_changed on organisations`.execute(db);
  await sql`drop trigger users_changed on users`.execute(db);
  await sql`create trigger users_sessions_changed after update of session_version, status, locked, organisation_id, roles or delete or truncate on users
    for each statement execute function ecore_sessions_changed()`.execute(db);
  await sql`create trigger organisations_sessions_changed after update of status, locked, deleted_at or delete or truncate on organisations
    for each statement execute function ecore_sessions_changed()`.execute(db);
}
