import type { Kysely } from 'kysely';

/**
 * Who accepted an answer in review and when (docs/evidence.md "Already checked"): set with each accepting decision of
 * a tester or an evaluator, cleared by any other. A library document linked to an answer accepted in another
 * questionnaire shows the tester that it was already checked, by whom and when. Answers accepted before stay
 * without a name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_answers').addColumn('checked_by', 'text').addColumn('checked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_answers').dropColumn('checked_by').dropColumn('checked_at').execute();
}
