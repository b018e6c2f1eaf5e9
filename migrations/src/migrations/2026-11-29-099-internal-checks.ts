import type { Kysely } from 'kysely';

/**
 * The owner's internal check (DOMAIN.md §1): per answer of a filled questionnaire, the internal tester's
 * "internally checked" mark and note, the last one written. Kept apart from the answers' review marks, so that it
 * can never count toward the reviewed answers; organisation-scoped through its questionnaire, and gone with it.
 * Who wrote it is kept by id only: the name is read from the account, so archiving a user renames it too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('internal_checks')
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.notNull().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('checked', 'boolean', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('checked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('internal_checks_pkey', ['asset_questionnaire_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('internal_checks').execute();
}
