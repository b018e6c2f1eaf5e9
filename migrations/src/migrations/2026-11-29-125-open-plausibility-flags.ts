import { type Kysely } from 'kysely';

/**
 * The number of open plausibility flags of a filled questionnaire (docs/worklist.md): core's flags of its answers
 * against the reference data that no explanation closes, written by each save of answers and each explanation, so
 * that the worklist counts them with the objects' indexes. Rows filled before start at 0 until their next save.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').addColumn('open_flags', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_questionnaires').dropColumn('open_flags').execute();
}
