import { sql, type Kysely } from 'kysely';
import { SESSION_CHANNEL } from './2026-11-24-030-session-notifications.ts';

// Personal access tokens of backend callers (issue 21): stored only as a SHA-256 hash; revoking one notifies
// every server process (the channel of the session caches), so that it stops working at once everywhere.
// Idempotency keys (24 h): the first answer of a creating POST, kept per user and key, answered again to a retry.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id', 'id']).execute();
  await sql`create function ecore_api_tokens_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(SESSION_CHANNEL)}, 'api_tokens');
      return null;
    end $$`.execute(db);
  await sql`create trigger api_tokens_changed after update of revoked_at, expires_at, scopes, user_id or delete or truncate on api_tokens
    for each statement execute function ecore_api_tokens_changed()`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Null while the first request is under way.
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('response_body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await sql`drop trigger api_tokens_changed on api_tokens`.execute(db);
  await sql`drop function ecore_api_tokens_changed()`.execute(db);
  await db.schema.dropTable('api_tokens').execute();
}
