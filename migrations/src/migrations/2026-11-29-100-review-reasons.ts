import type { Kysely } from 'kysely';

/**
 * Reasons of rejections and declines (DOMAIN.md §1): the reason a rejected answer stands with, shown to the
 * collector beside the answer (null where none stands); the reason of a declined questionnaire's and group's
 * state change, shown in their audit logs ('' for changes that need none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('asset_answers').addColumn('rejection_reason', 'text').execute();
  await db.schema.alterTable('asset_questionnaire_transitions').addColumn('note', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('group_transitions').addColumn('note', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('group_transitions').dropColumn('note').execute();
  await db.schema.alterTable('asset_questionnaire_transitions').dropColumn('note').execute();
  await db.schema.alterTable('asset_answers').dropColumn('rejection_reason').execute();
}
