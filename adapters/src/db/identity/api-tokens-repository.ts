import { sql, type Kysely } from 'kysely';
import type { ApiTokenScope } from '@ecore/core/identity/api-tokens.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

/** A token as listed to its owner (never the secret nor its hash). */
export interface ApiTokenView {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  expiresAt: Date;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A token as the authentication reads it by the hash of the presented secret. */
export interface ApiTokenAuth {
  id: number;
  userId: number;
  scopes: ApiTokenScope[];
  expiresAt: number;
  revokedAt: number | null;
}

const view = ['id', 'name', 'scopes', 'expires_at', 'created_at', 'last_used_at', 'revoked_at'] as const;
const toView = (r: { id: number; name: string; scopes: string[]; expires_at: Date; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }): ApiTokenView => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes as ApiTokenScope[],
  expiresAt: r.expires_at,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

export async function insertApiToken(
  db: Executor,
  token: { userId: number; name: string; scopes: readonly ApiTokenScope[]; hash: string; expiresAt: number; now: number },
): Promise<ApiTokenView> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      scopes: sql<string[]>`${sql.val(token.scopes)}::text[]`,
      token_hash: token.hash,
      expires_at: new Date(token.expiresAt),
      created_at: new Date(token.now),
    })
    .returning(view)
    .executeTakeFirstOrThrow();
  return toView(row);
}

/** The user's tokens, newest first. */
export async function listApiTokens(db: Executor, userId: number): Promise<ApiTokenView[]> {
  const rows = await db.selectFrom('api_tokens').select(view).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return rows.map(toView);
}

/** How many of the user's tokens are neither revoked nor expired. */
export async function countUsableApiTokens(db: Executor, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes one of the user's tokens; false when the user has no such token. A revoked token stays revoked. */
export async function revokeApiToken(db: Executor, userId: number, id: number, now: number): Promise<boolean> {
  const found = await db.selectFrom('api_tokens').select(['id', 'revoked_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!found) return false;
  if (found.revoked_at === null) await db.updateTable('api_tokens').set({ revoked_at: new Date(now) }).where('id', '=', id).execute();
  return true;
}

export async function findApiTokenByHash(db: Executor, hash: string): Promise<ApiTokenAuth | null> {
  const row = await db.selectFrom('api_tokens').select(['id', 'user_id', 'scopes', 'expires_at', 'revoked_at']).where('token_hash', '=', hash).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    scopes: row.scopes as ApiTokenScope[],
    expiresAt: row.expires_at.getTime(),
    revokedAt: row.revoked_at?.getTime() ?? null,
  };
}

/** Notes a use (the list's lastUsedAt); the notification trigger ignores this column. */
export async function touchApiToken(db: Executor, id: number, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: new Date(now) }).where('id', '=', id).execute();
}
