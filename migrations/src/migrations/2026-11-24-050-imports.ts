import { sql, type Kysely } from 'kysely';

// Imports (issue 20, DOMAIN.md §10): the owner's own reference of an object, unique within the organisation,
// on which imports match; and the history of imports with the uploaded rows and their errors (the report).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assets').addColumn('external_id', 'text').execute();
  await db.schema
    .createIndex('assets_external_id_unique')
    .on('assets')
    .columns(['organisation_id', 'external_id'])
    .unique()
    .where(sql.ref('external_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('assets', 'answers')`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('groups_created', 'integer', (c) => c.notNull())
    // The uploaded header and rows with each row's status and errors, from which the report is written.
    .addColumn('report', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('imports_organisation_idx').on('imports').columns(['organisation_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imports').execute();
  await db.schema.dropIndex('assets_external_id_unique').execute();
  await db.schema.alterTable('assets').dropColumn('external_id').execute();
}
