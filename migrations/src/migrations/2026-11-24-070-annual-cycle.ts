import { sql, type Kysely } from 'kysely';

// The yearly cycle (issue 22, docs/annual-cycle.md). `annual_starts` says which filled questionnaire was started as
// next year's of which one, with the gross floor area of then (year over year is like-for-like only on the same
// area) and last year's figures of the value questions, shown beside their empty inputs. `label_reminders` holds
// each reminder sent before a label (certificate) expires: its primary key lets exactly one server process send it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('annual_starts')
    .addColumn('asset_questionnaire_id', 'integer', (c) => c.primaryKey().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('previous_id', 'integer', (c) => c.notNull().references('asset_questionnaires.id').onDelete('cascade'))
    .addColumn('previous_reporting_year', 'integer', (c) => c.notNull())
    .addColumn('previous_area', 'double precision', (c) => c.notNull())
    .addColumn('last_year_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A closed questionnaire starts at most one next year.
  await db.schema.createIndex('annual_starts_previous_idx').on('annual_starts').column('previous_id').unique().execute();

  await db.schema
    .createTable('label_reminders')
    .addColumn('certificate_id', 'integer', (c) => c.notNull().references('certificates.id'))
    .addColumn('threshold', 'integer', (c) => c.notNull().check(sql`threshold in (60, 30)`))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('label_reminders_pk', ['certificate_id', 'threshold'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('label_reminders').execute();
  await db.schema.dropTable('annual_starts').execute();
}
