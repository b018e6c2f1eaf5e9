import { sql, type Kysely } from 'kysely';

// Personal data (issue 24): every sign-in of a known user is recorded (for the user's own personal-data
// answer and for security questions), kept 90 days like the failed-attempt counters; archiving a user
// pseudonymises their name in the append-only audit log too, which therefore allows that one change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sign_in_events_user_idx').on('sign_in_events').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('sign_in_events_at_idx').on('sign_in_events').column('at').execute();
  await db.schema.createIndex('sign_in_attempts_updated_idx').on('sign_in_attempts').column('updated_at').execute();

  await sql`create function ecore_audit_pseudonymise_only() returns trigger language plpgsql as $$
    begin
      if (to_jsonb(new) - 'user_name') is distinct from (to_jsonb(old) - 'user_name') then
        raise exception 'the audit log is append-only';
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger asset_questionnaire_transitions_append_only on asset_questionnaire_transitions`.execute(db);
  await sql`create trigger asset_questionnaire_transitions_append_only before update on asset_questionnaire_transitions
    for each row execute function ecore_audit_pseudonymise_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger asset_questionnaire_transitions_append_only on asset_questionnaire_transitions`.execute(db);
  await sql`create trigger asset_questionnaire_transitions_append_only before update on asset_questionnaire_transitions
    for each row execute function ecore_audit_append_only()`.execute(db);
  await sql`drop function ecore_audit_pseudonymise_only()`.execute(db);
  await db.schema.dropIndex('sign_in_attempts_updated_idx').execute();
  await db.schema.dropTable('sign_in_events').execute();
}
