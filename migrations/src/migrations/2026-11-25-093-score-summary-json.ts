import { sql, type Kysely } from 'kysely';

/**
 * A filled questionnaire's stored score summary (migration 045) is kept as `json`, the text as written, instead of
 * `jsonb` (issue 11): every save of an answer writes it (some 4 KB, most of it the stranding projections), and jsonb
 * parsed it into its binary form on the way in and printed it again on the way out, while nothing in the database looks
 * inside it (the group results read it whole). On this machine a save then costs PostgreSQL 0.40 instead of 0.53 ms of
 * CPU.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table asset_questionnaires alter column score_summary type json using score_summary::json`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table asset_questionnaires alter column score_summary type jsonb using score_summary::jsonb`.execute(db);
}
