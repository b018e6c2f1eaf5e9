import { sql, type Kysely } from 'kysely';

const TABLES = ['questionnaires', 'questionnaire_locks'];

// The processes keep templates' revision stamps and locks (server/src/routes/questionnaires), so changes of
// templates (every save and state change updates the template's row) and of their locks notify too.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function ecore_sessions_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
}
