import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on per organisation (docs/sign-in.md "Single sign-on"): the OpenID Connect provider (issuer, client id,
 * the client secret sealed with SECRETS_KEY, never in clear), the e-mail domains it covers (each domain of one
 * organisation only, checked on saving) and whether the password is off for the organisation's users.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisation_sso')
    .addColumn('organisation_id', 'integer', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    .addColumn('domains', sql`text[]`, (c) => c.notNull())
    .addColumn('sso_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('organisation_sso').execute();
}
