import type { Kysely } from 'kysely';

/**
 * Explained plausibility flags (issue 40, docs/answering.md "Plausibility checks"): per filled questionnaire, question
 * (0 for the gross floor area) and kind of check, the figure that was explained, the explanation and who gave it.
 * The flags themselves are computed from the answers; an acceptance closes one only while the figure still equals
 * `value`. Accepting again replaces the row; gone with its questionnaire.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outlier_acceptances')
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.notNull().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_by_name', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('outlier_acceptances_pkey', ['asset_questionnaire_id', 'question_id', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outlier_acceptances').execute();
}
