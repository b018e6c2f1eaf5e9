import { sql, type Kysely } from 'kysely';

/**
 * The worklist's queries (docs/worklist.md), one per kind, each by an index: objects by state within an organisation
 * (the owner's answers, declines and requested documents) and across organisations (the evaluator's Evaluation);
 * current labels by their last valid day; groups by state and tester.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('assets_state_organisation_idx').on('assets').columns(['questionnaire_state', 'organisation_id']).execute();
  await db.schema.createIndex('certificates_current_valid_until_idx').on('certificates').column('valid_until').where(sql.ref('superseded_by'), 'is', null).execute();
  await db.schema.createIndex('asset_groups_status_tester_idx').on('asset_groups').columns(['status', 'tester_user_id']).execute();
  await db.schema.createIndex('group_transitions_group_idx').on('group_transitions').columns(['asset_group_id', 'id']).ifNotExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('group_transitions_group_idx').ifExists().execute();
  await db.schema.dropIndex('asset_groups_status_tester_idx').execute();
  await db.schema.dropIndex('certificates_current_valid_until_idx').execute();
  await db.schema.dropIndex('assets_state_organisation_idx').execute();
}
