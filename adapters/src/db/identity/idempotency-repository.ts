import type { Kysely } from 'kysely';
import type { StoredIdempotency } from '@ecore/core/shared/idempotency.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export interface StoredAnswer extends StoredIdempotency {
  contentType: string | null;
  body: string | null;
}

/** Claims a user's key for a request; false when a row for it exists already (another request holds or held it). */
export async function claimIdempotencyKey(db: Executor, claim: { userId: number; key: string; requestHash: string; now: number }): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, key: claim.key, request_hash: claim.requestHash, created_at: new Date(claim.now) })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findIdempotencyKey(db: Executor, userId: number, key: string): Promise<StoredAnswer | null> {
  const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  return { requestHash: row.request_hash, createdAt: row.created_at.getTime(), statusCode: row.status_code, contentType: row.content_type, body: row.response_body };
}

/** Keeps the first answer of the request that claimed the key. */
export async function storeIdempotentAnswer(db: Executor, answer: { userId: number; key: string; statusCode: number; contentType: string | null; body: string | null }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, content_type: answer.contentType, response_body: answer.body })
    .where('user_id', '=', answer.userId)
    .where('key', '=', answer.key)
    .execute();
}

/** Frees a key: its request was refused or failed, or its row is stale (`createdAt` given: only that very row). */
export async function releaseIdempotencyKey(db: Executor, userId: number, key: string, createdAt?: number): Promise<void> {
  let query = db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key);
  if (createdAt !== undefined) query = query.where('created_at', '=', new Date(createdAt));
  await query.execute();
}

/** Removes keys older than `before` (the background work calls it now and then). */
export async function purgeIdempotencyKeys(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(before)).execute();
}
