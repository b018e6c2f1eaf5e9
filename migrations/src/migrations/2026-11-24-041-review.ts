import { sql, type Kysely } from 'kysely';
import { createChangeTriggers, dropChangeTriggers } from './2026-11-24-033-asset-notifications.ts';

// Review, evaluation and verification (issue 14; DOMAIN.md §3, §4): the audit log says who (and in which role)
// changed what and why; groups keep their submissions with the seed of their sample; a filled questionnaire
// keeps its validity once closed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaire_transitions').addColumn('role', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('asset_questionnaire_transitions').addColumn('reason', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('asset_questionnaire_transitions').addColumn('answers_touched', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
  await db.schema.createIndex('asset_questionnaire_transitions_idx').on('asset_questionnaire_transitions').columns(['asset_questionnaire_id', 'id']).execute();
  // Append-only: nothing updates or deletes an audit row (deleting the questionnaire itself cascades).
  await sql`create function ecore_audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'the audit log is append-only'; end $$`.execute(db);
  await sql`create trigger asset_questionnaire_transitions_append_only before update on asset_questionnaire_transitions
    for each row execute function ecore_audit_append_only()`.execute(db);

  // An answer once sent out for documents stays marked (closing needs each such answer accepted, code 9).
  await db.schema.alterTable('asset_answers').addColumn('evidence_requested', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  // How often a group's sampled sheet was adjusted after the group's submission (at most twice, DOMAIN.md §4).
  await db.schema.alterTable('asset_questionnaires').addColumn('adjustments', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('asset_questionnaires').addColumn('valid_until', 'date').execute();
  await db.schema.alterTable('asset_questionnaires').addColumn('evaluated_by', 'text').execute();
  await db.schema.alterTable('asset_questionnaires').addColumn('reviewed_by', 'text').execute();

  await db.schema
    .createTable('group_submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_group_id', 'integer', (c) => c.notNull().references('asset_groups.id').onDelete('cascade'))
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('asset_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('sampled_asset_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('group_submissions_group_idx').on('group_submissions').columns(['asset_group_id', 'id']).execute();

  await db.schema
    .createTable('group_transitions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('asset_group_id', 'integer', (c) => c.notNull().references('asset_groups.id').onDelete('cascade'))
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create trigger group_transitions_append_only before update on group_transitions
    for each row execute function ecore_audit_append_only()`.execute(db);

  await createChangeTriggers(db, ['group_submissions']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropChangeTriggers(db, ['group_submissions']);
  await db.schema.dropTable('group_transitions').execute();
  await db.schema.dropTable('group_submissions').execute();
  await sql`drop trigger asset_questionnaire_transitions_append_only on asset_questionnaire_transitions`.execute(db);
  await sql`drop function ecore_audit_append_only()`.execute(db);
  await db.schema.dropIndex('asset_questionnaire_transitions_idx').execute();
  for (const column of ['reviewed_by', 'evaluated_by', 'valid_until', 'adjustments']) await db.schema.alterTable('asset_questionnaires').dropColumn(column).execute();
  await db.schema.alterTable('asset_answers').dropColumn('evidence_requested').execute();
  for (const column of ['answers_touched', 'reason', 'role']) await db.schema.alterTable('asset_questionnaire_transitions').dropColumn(column).execute();
}
