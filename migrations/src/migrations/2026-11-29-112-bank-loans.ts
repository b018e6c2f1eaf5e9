import { sql, type Kysely } from 'kysely';

/**
 * A bank's loans (DOMAIN.md §11, docs/banks.md): its own loan id, unique within the bank, on an object it may see; the
 * outstanding amount and property value at origination (EUR, > 0); origination and reporting dates. Only the bank's own
 * users read them. Loan tape imports join the import history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_loans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('bank_organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('loan_id', 'text', (c) => c.notNull())
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('outstanding_amount', 'double precision', (c) => c.notNull().check(sql`outstanding_amount > 0`))
    .addColumn('property_value_at_origination', 'double precision', (c) => c.notNull().check(sql`property_value_at_origination > 0`))
    .addColumn('origination_date', 'date', (c) => c.notNull())
    .addColumn('reporting_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bank_loans_bank_loan_id', ['bank_organisation_id', 'loan_id'])
    .addCheckConstraint('bank_loans_dates', sql`origination_date <= reporting_date`)
    .execute();
  await db.schema.createIndex('bank_loans_asset_idx').on('bank_loans').column('asset_id').execute();
  await sql`alter table imports drop constraint if exists imports_kind_check`.execute(db);
  await sql`alter table imports add constraint imports_kind_check check (kind in ('assets', 'answers', 'loans'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('imports').where('kind', '=', 'loans').execute();
  await sql`alter table imports drop constraint if exists imports_kind_check`.execute(db);
  await sql`alter table imports add constraint imports_kind_check check (kind in ('assets', 'answers'))`.execute(db);
  await db.schema.dropTable('bank_loans').execute();
}
