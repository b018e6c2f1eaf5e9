import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export interface StoredTotp {
  sealedSecret: string;
  createdAt: Date;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
  lastUsedAt: Date | null;
}

/** The user's authenticator app, confirmed or waiting for its first code; null when none. */
export async function findTotp(db: Executor, userId: number): Promise<StoredTotp | null> {
  const row = await db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    sealedSecret: row.secret_sealed,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    lastUsedAt: row.last_used_at,
  };
}

/** Starts an enrolment: a new secret waiting for its first code (replaces one not yet confirmed). */
export async function startTotp(db: Executor, userId: number, sealedSecret: string, now: number): Promise<void> {
  await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret_sealed: sealedSecret, created_at: new Date(now) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_sealed: sealedSecret, created_at: new Date(now) }).where('user_totp.confirmed_at', 'is', null))
    .execute();
}

/**
 * Keeps `step` as the last accepted one, only if it is after the one kept (two requests with the same code: one wins);
 * `confirm` also confirms an enrolment. False when another request was first.
 */
export async function acceptTotpStep(db: Executor, userId: number, step: number, now: number, confirm = false): Promise<boolean> {
  let query = db
    .updateTable('user_totp')
    .set({ last_used_step: step, last_used_at: new Date(now), ...(confirm ? { confirmed_at: new Date(now) } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]));
  query = confirm ? query.where('confirmed_at', 'is', null) : query.where('confirmed_at', 'is not', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the user's recovery codes by these hashes. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], now: number): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length > 0) await db.insertInto('user_recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: new Date(now) }))).execute();
}

/** Uses one recovery code; false when it is not the user's or was used before. */
export async function useRecoveryCode(db: Executor, userId: number, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: new Date(now) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<{ left: number; lastUsedAt: Date | null }> {
  const rows = await db.selectFrom('user_recovery_codes').select(['used_at']).where('user_id', '=', userId).execute();
  const used = rows.flatMap((r) => (r.used_at ? [r.used_at] : [])).sort((a, b) => b.getTime() - a.getTime());
  return { left: rows.length - used.length, lastUsedAt: used[0] ?? null };
}

/** Removes the user's app and recovery codes. */
export async function removeTotp(db: Executor, userId: number): Promise<boolean> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** What the second step of a sign-in needs to know of a user: an app confirmed, and whether the organisation requires one. */
export async function secondFactorFacts(db: Executor, userId: number, organisationId: number): Promise<{ totpConfirmed: boolean; organisationRequiresTotp: boolean }> {
  const [totp, organisation] = await Promise.all([
    db.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('organisations').select('require_totp').where('id', '=', organisationId).executeTakeFirst(),
  ]);
  return { totpConfirmed: Boolean(totp?.confirmed_at), organisationRequiresTotp: organisation?.require_totp ?? false };
}

export async function setOrganisationRequiresTotp(db: Executor, organisationId: number, required: boolean): Promise<void> {
  await db.updateTable('organisations').set({ require_totp: required }).where('id', '=', organisationId).execute();
}
