import { sql, type Kysely } from 'kysely';
import { createChangeTriggers, dropChangeTriggers } from './2026-11-24-033-asset-notifications.ts';

const NOTIFYING = ['scoring_reference_values', 'scoring_emission_factors', 'scoring_data_sets'];

// Stored scores for the object and group lists (issue 15, docs/scoring.md "Stored scores and the group structure"): the server writes
// core's ECORE and finance score of a filled questionnaire in the same transaction as every change of its answers
// and when reference data is imported; `score_stamp` says when. `double precision` keeps the unrounded figure core
// computed (numeric would come back as text). asset_questionnaires notifies since 040, so a new score empties the
// lists' caches; the reference data tables notify from here on, for the server's reference-data cache.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').addColumn('ecore_score', 'double precision').execute();
  await db.schema.alterTable('asset_questionnaires').addColumn('finance_score', 'double precision').execute();
  await db.schema.alterTable('asset_questionnaires').addColumn('score_stamp', sql`timestamptz`).execute();
  await createChangeTriggers(db, NOTIFYING);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropChangeTriggers(db, NOTIFYING);
  for (const column of ['score_stamp', 'finance_score', 'ecore_score']) await db.schema.alterTable('asset_questionnaires').dropColumn(column).execute();
}
