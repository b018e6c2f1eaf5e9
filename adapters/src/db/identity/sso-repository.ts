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
