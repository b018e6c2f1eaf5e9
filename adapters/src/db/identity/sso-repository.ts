import type { Kysely } from 'kysely';
import type { SsoCoverage } from '@ecore/core/identity/sso.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB>;

export interface StoredSso {
  organisationId: number;
  issuer: string;
  clientId: string;
  sealedSecret: string;
  domains: string[];
  ssoOnly: boolean;
}

export async function findSso(db: Executor, organisationId: number): Promise<StoredSso | null> {
  const row = await db.selectFrom('organisation_sso').selectAll().where('organisation_id', '=', organisationId).executeTakeFirst();
  return row ? { organisationId: row.organisation_id, issuer: row.issuer, clientId: row.client_id, sealedSecret: row.client_secret_sealed, domains: row.domains, ssoOnly: row.sso_only } : null;
}

/** Every organisation's covered domains (few rows: one per organisation with single sign-on). */
export async function ssoCoverages(db: Executor): Promise<SsoCoverage[]> {
  const rows = await db.selectFrom('organisation_sso').select(['organisation_id', 'domains']).execute();
  return rows.map((r) => ({ organisationId: r.organisation_id, domains: r.domains }));
}

export async function saveSso(db: Executor, sso: StoredSso, now: number): Promise<void> {
  const values = { issuer: sso.issuer, client_id: sso.clientId, client_secret_sealed: sso.sealedSecret, domains: sso.domains, sso_only: sso.ssoOnly, updated_at: new Date(now) };
  await db
    .insertInto('organisation_sso')
    .values({ organisation_id: sso.organisationId, ...values })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
    .execute();
}

export interface SsoLogin {
  id: number;
  organisationId: number;
  email: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertSsoLogin(db: Executor, login: Omit<SsoLogin, 'id' | 'usedAt'> & { stateHash: string }): Promise<void> {
  await db
    .insertInto('sso_logins')
    .values({ state_hash: login.stateHash, organisation_id: login.organisationId, email: login.email, nonce: login.nonce, code_verifier: login.codeVerifier, expires_at: new Date(login.expiresAt) })
    .execute();
}

export async function findSsoLogin(db: Executor, stateHash: string): Promise<SsoLogin | null> {
  const row = await db.selectFrom('sso_logins').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
  return row
    ? { id: row.id, organisationId: row.organisation_id, email: row.email, nonce: row.nonce, codeVerifier: row.code_verifier, expiresAt: row.expires_at.getTime(), usedAt: row.used_at?.getTime() ?? null }
    : null;
}

/** Marks a sign-in under way as used; false when another request used it first (a replayed return). */
export async function markSsoLoginUsed(db: Executor, id: number, now: number): Promise<boolean> {
  const row = await db.updateTable('sso_logins').set({ used_at: new Date(now) }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Sign-ins under way that ran out an hour ago are of no use to anyone. */
export async function deleteStaleSsoLogins(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('sso_logins').where('expires_at', '<', new Date(now - 60 * 60 * 1000)).execute();
}
