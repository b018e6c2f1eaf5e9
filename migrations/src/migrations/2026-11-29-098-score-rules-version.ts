import type { Kysely } from 'kysely';

/**
 * The version of the scoring rules each stored score was computed under (core `SCORING_RULES_VERSION`, DOMAIN.md §5):
 * a stored score of another version (null: before versions were stored) is computed again at start-up, so that the
 * lists, the dashboards and the exports follow a change of the rules' reading without anyone saving an answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').addColumn('score_rules_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').dropColumn('score_rules_version').execute();
}
