import { sql, type Kysely } from 'kysely';

/**
 * A kept answer of an idempotent `POST /api/user/apiTokens` held the new token's secret in plain text (for 24 hours,
 * and so in the write-ahead log and the backups of that time). The route now keeps only that it answered (plugins/
 * idempotency.ts, `answersSecret`): the answers kept before lose their body and type, so that a retry answers 409
 * `idempotency-secret-not-replayed` like one made from now on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update idempotency_keys set response_body = null, content_type = null where response_body like ${'%"token":"ecore_pat_%'}`.execute(db);
}

export async function down(): Promise<void> {
  // The secrets are gone for good.
}
