import { sql, type Kysely } from 'kysely';

// Organisations, their contacts, users and single-use link tokens (spec 01 §3, DOMAIN.md §2).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('DE'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('is_test_account', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_finance_partner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_solution_partner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_buyer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('finance_partner_organisation_id', 'integer', (c) => c.references('organisations.id'))
    .addColumn('billing_differs', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('billing_city', 'text')
    .addColumn('billing_street_name', 'text')
    .addColumn('billing_street_nr', 'text')
    .addColumn('billing_postcode', 'text')
    .addColumn('billing_country', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('organisations_name_idx').on('organisations').expression(sql`lower(name)`).execute();

  await db.schema
    .createTable('organisation_contacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('company_role', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('organisation_contacts_org_idx').on('organisation_contacts').column('organisation_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id'))
    .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('roles', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('external', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('main_contact_person', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('password_hash', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_user_name_key').on('users').expression(sql`lower(user_name)`).unique().execute();
  await db.schema.createIndex('users_email_idx').on('users').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('users_organisation_idx').on('users').columns(['organisation_id', 'status']).execute();

  await db.schema
    .createTable('link_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('link_tokens_user_purpose_idx').on('link_tokens').columns(['user_id', 'purpose']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_tokens').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('organisation_contacts').execute();
  await db.schema.dropTable('organisations').execute();
}
