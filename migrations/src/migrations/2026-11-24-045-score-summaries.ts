import type { Kysely } from 'kysely';

// What a group's results read of each object's score (core `ScoreSummary`: totals, cluster ratios, taxonomy,
// projections), stored as JSON beside the two totals of migration 042 and written with them in the same
// transactions (issue 15's speed: a group of 1 000 objects reads 1 000 summaries instead of some 70 000 answers).
// Null where not written yet: the start-up backfill fills it, and until then the group score computes that object.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').addColumn('score_summary', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').dropColumn('score_summary').execute();
}
