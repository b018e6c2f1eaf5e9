import type { Kysely } from 'kysely';

/**
 * Authenticator apps (docs/sign-in.md): per user one secret, kept encrypted with the configuration's SECRETS_KEY
 * (never in clear), confirmed by a first code; the step of the last accepted code refuses its reuse. Ten recovery
 * codes per user, stored as SHA-256 hashes, each used once. An organisation may require an app of all its users.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Null while the enrolment waits for its first code.
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_used_step', 'bigint')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').columns(['user_id', 'code_hash']).execute();
  await db.schema.alterTable('organisations').addColumn('require_totp', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organisations').dropColumn('require_totp').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}
