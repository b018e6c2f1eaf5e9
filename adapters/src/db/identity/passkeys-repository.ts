import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export interface StoredPasskey {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const toPasskey = (r: { id: number; user_id: number; credential_id: string; public_key: string; counter: string | number; transports: string[]; name: string; created_at: Date; last_used_at: Date | null }): StoredPasskey => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id,
  publicKey: r.public_key,
  counter: Number(r.counter),
  transports: r.transports,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

export async function listPasskeys(db: Executor, userId: number): Promise<StoredPasskey[]> {
  return (await db.selectFrom('user_passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute()).map(toPasskey);
}

export async function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<StoredPasskey | null> {
  const row = await db.selectFrom('user_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  return row ? toPasskey(row) : null;
}

export async function insertPasskey(db: Executor, p: Omit<StoredPasskey, 'id' | 'lastUsedAt'>): Promise<StoredPasskey> {
  const row = await db
    .insertInto('user_passkeys')
    .values({ user_id: p.userId, credential_id: p.credentialId, public_key: p.publicKey, counter: p.counter, transports: p.transports, name: p.name, created_at: p.createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPasskey(row);
}

/** After a sign-in: the authenticator's new counter and the time of use. */
export async function markPasskeyUsed(db: Executor, id: number, counter: number, at: Date): Promise<void> {
  await db.updateTable('user_passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
}

/** Removes one of the user's passkeys; false when the user has none with that id. */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
