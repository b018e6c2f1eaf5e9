import { sql, type Kysely } from 'kysely';

// The access list of a user (spec 01 §3 assetGroups, assets; empty means all) and the audit of account changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('asset_groups', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('assets', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_search_idx').on('users').expression(sql`lower(first_name || ' ' || last_name || ' ' || user_name || ' ' || email)`).execute();
  await db.schema.createIndex('organisations_finance_partner_idx').on('organisations').column('finance_partner_organisation_id').execute();

  await db.schema
    .createTable('account_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'integer')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_audit').execute();
  await db.schema.dropIndex('organisations_finance_partner_idx').execute();
  await db.schema.dropIndex('users_search_idx').execute();
  await db.schema.alterTable('users').dropColumn('asset_groups').dropColumn('assets').dropColumn('archived_at').execute();
}
