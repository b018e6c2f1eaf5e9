import type { Kysely } from 'kysely';

/**
 * Sign-ins by single sign-on under way (docs/sign-in.md "Single sign-on"): the state sent to the provider (as a
 * SHA-256 hash), the nonce and the PKCE verifier its return is checked with, the organisation whose provider it went
 * to and the e-mail typed. Each serves one return within ten minutes. Sign-in records name the way of signing in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('organisation_id', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  // How a sign-in was made where not by password (`sso`), for the list of sign-in methods and their last use.
  await db.schema.alterTable('sign_in_events').addColumn('method', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sign_in_events').dropColumn('method').execute();
  await db.schema.dropTable('sso_logins').execute();
}
