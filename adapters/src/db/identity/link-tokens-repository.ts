import type { Kysely } from 'kysely';
import type { LinkTokenPurpose, LinkTokenRecord } from '@ecore/core/identity/link-tokens.ts';
import type { DB } from '../schema.ts';

export interface StoredLinkToken extends LinkTokenRecord {
  id: number;
  userId: number | null;
  subjectId: number | null;
}

export async function insertLinkToken(
  db: Kysely<DB>,
  token: { purpose: LinkTokenPurpose; hash: string; userId: number | null; subjectId?: number | null; expiresAt: number },
): Promise<number> {
  const row = await db
    .insertInto('link_tokens')
    .values({
      purpose: token.purpose,
      token_hash: token.hash,
      user_id: token.userId,
      subject_id: token.subjectId ?? null,
      expires_at: new Date(token.expiresAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Voids the unused tokens of a user for these purposes (a new reset link voids the older ones). */
export async function voidLinkTokens(db: Kysely<DB>, userId: number, purposes: LinkTokenPurpose[], now: number): Promise<void> {
  await db
    .updateTable('link_tokens')
    .set({ voided_at: new Date(now) })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
}

export async function findLinkTokenByHash(db: Kysely<DB>, hash: string, purposes: LinkTokenPurpose[]): Promise<StoredLinkToken | null> {
  const row = await db.selectFrom('link_tokens').selectAll().where('token_hash', '=', hash).where('purpose', 'in', purposes).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    purpose: row.purpose as LinkTokenPurpose,
    userId: row.user_id,
    subjectId: row.subject_id,
    expiresAt: row.expires_at.getTime(),
    usedAt: row.used_at ? row.used_at.getTime() : null,
    voidedAt: row.voided_at ? row.voided_at.getTime() : null,
  };
}

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function markLinkTokenUsed(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('link_tokens')
    .set({ used_at: new Date(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
