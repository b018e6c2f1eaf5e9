import { sql, type Kysely, type Selectable } from 'kysely';
import type { Contact } from '@ecore/core/organisations/contacts.ts';
import type { Organisation, OrganisationBody } from '@ecore/core/organisations/organisation.ts';
import type { DB, OrganisationTable } from '../schema.ts';
import { searchPattern } from '../search.ts';

type Executor = Kysely<DB>;

export type OrganisationListItem = Omit<Organisation, 'contacts' | 'billingAddress' | 'hasDifferentBillingAddress'>;

const toListItem = (row: Selectable<OrganisationTable> & { finance_partner_name: string | null }): OrganisationListItem => ({
  id: row.id,
  name: row.name,
  street: row.street,
  number: row.number,
  zip: row.zip,
  city: row.city,
  country: row.country,
  status: row.status,
  locked: row.locked,
  isTestAccount: row.is_test_account,
  isFinancePartner: row.is_finance_partner,
  isSolutionPartner: row.is_solution_partner,
  isBuyer: row.is_buyer,
  financePartnerOrganisationId: row.finance_partner_organisation_id,
  financePartnerOrganisationName: row.finance_partner_name,
});

const baseQuery = (db: Executor) =>
  db
    .selectFrom('organisations')
    .leftJoin('organisations as partner', 'partner.id', 'organisations.finance_partner_organisation_id')
    .where('organisations.deleted_at', 'is', null);

export interface OrganisationListFilter {
  /** Organisations the caller may see; null means all. */
  organisationIds: number[] | null;
  search?: string | undefined;
  isFinancePartner?: boolean | undefined;
  isBuyer?: boolean | undefined;
  /** Without paging the whole scope is answered (select lists). */
  page?: number | undefined;
  pageSize?: number | undefined;
}

export async function listOrganisations(db: Executor, filter: OrganisationListFilter): Promise<{ items: OrganisationListItem[]; total: number }> {
  let query = baseQuery(db);
  if (filter.organisationIds !== null) {
    query = filter.organisationIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('organisations.id', 'in', filter.organisationIds);
  }
  if (filter.isFinancePartner !== undefined) query = query.where('organisations.is_finance_partner', '=', filter.isFinancePartner);
  if (filter.isBuyer !== undefined) query = query.where('organisations.is_buyer', '=', filter.isBuyer);
  if (filter.search) {
    const pattern = searchPattern(filter.search);
    query = query.where(sql<boolean>`lower(organisations.name || ' ' || organisations.city || ' ' || organisations.zip) like ${pattern}`);
  }
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  let rows = query.selectAll('organisations').select('partner.name as finance_partner_name').orderBy(sql`lower(organisations.name)`).orderBy('organisations.id');
  if (filter.page !== undefined && filter.pageSize !== undefined) rows = rows.limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize);
  else rows = rows.limit(5000);
  return { items: (await rows.execute()).map(toListItem), total: Number(total) };
}

export async function findOrganisation(db: Executor, id: number): Promise<Organisation | null> {
  const row = await baseQuery(db).where('organisations.id', '=', id).selectAll('organisations').select('partner.name as finance_partner_name').executeTakeFirst();
  if (!row) return null;
  const contacts = await db.selectFrom('organisation_contacts').selectAll().where('organisation_id', '=', id).orderBy('position').orderBy('id').execute();
  return {
    ...toListItem(row),
    hasDifferentBillingAddress: row.billing_differs,
    billingAddress: row.billing_differs
      ? {
          city: row.billing_city ?? '',
          streetName: row.billing_street_name ?? '',
          streetNr: row.billing_street_nr ?? '',
          postcode: row.billing_postcode ?? '',
          country: row.billing_country ?? '',
        }
      : null,
    contacts: contacts.map((c) => ({ id: c.id, fullName: c.full_name, companyRole: c.company_role, email: c.email, phone: c.phone, mobile: c.mobile })),
  };
}

/** The buyer organisations tied to a finance partner (its account managers look after them). */
export async function tiedBuyerOrganisationIds(db: Executor, financePartnerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('organisations')
    .select('id')
    .where('finance_partner_organisation_id', '=', financePartnerId)
    .where('is_buyer', '=', true)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

const columns = (body: OrganisationBody) => ({
  name: body.name,
  street: body.street,
  number: body.number,
  zip: body.zip,
  city: body.city,
  country: body.country,
  is_test_account: body.isTestAccount,
  is_finance_partner: body.isFinancePartner,
  is_solution_partner: body.isSolutionPartner,
  is_buyer: body.isBuyer,
  finance_partner_organisation_id: body.isBuyer ? body.financePartnerOrganisationId : null,
  billing_differs: body.hasDifferentBillingAddress,
  billing_city: body.hasDifferentBillingAddress ? (body.billingAddress?.city?.trim() ?? null) : null,
  billing_street_name: body.hasDifferentBillingAddress ? (body.billingAddress?.streetName?.trim() ?? null) : null,
  billing_street_nr: body.hasDifferentBillingAddress ? (body.billingAddress?.streetNr?.trim() ?? null) : null,
  billing_postcode: body.hasDifferentBillingAddress ? (body.billingAddress?.postcode?.trim() ?? null) : null,
  billing_country: body.hasDifferentBillingAddress ? (body.billingAddress?.country?.trim() ?? null) : null,
});

export async function insertOrganisation(db: Executor, body: OrganisationBody): Promise<number> {
  const row = await db.insertInto('organisations').values({ ...columns(body), status: 1 }).returning('id').executeTakeFirstOrThrow();
  await replaceContacts(db, row.id, body.contacts);
  return row.id;
}

export async function updateOrganisation(db: Executor, id: number, body: OrganisationBody): Promise<void> {
  await db
    .updateTable('organisations')
    .set((eb) => ({ ...columns(body), updated_at: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await replaceContacts(db, id, body.contacts);
}

/** The contacts in the order given; the dialog always sends the whole list. */
export async function replaceContacts(db: Executor, organisationId: number, contacts: readonly Contact[]): Promise<void> {
  await db.deleteFrom('organisation_contacts').where('organisation_id', '=', organisationId).execute();
  if (contacts.length === 0) return;
  await db
    .insertInto('organisation_contacts')
    .values(
      contacts.map((c, position) => ({
        organisation_id: organisationId,
        full_name: c.fullName,
        company_role: c.companyRole,
        email: c.email,
        phone: c.phone,
        mobile: c.mobile,
        position,
      })),
    )
    .execute();
}

export async function setOrganisationState(db: Executor, id: number, change: { status?: number; locked?: boolean; deleted?: boolean }): Promise<void> {
  await db
    .updateTable('organisations')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.locked !== undefined ? { locked: change.locked } : {}),
      ...(change.deleted ? { deleted_at: new Date() } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Blocking an organisation ends the sessions of all its users. */
export async function endSessionsOfOrganisation(db: Executor, organisationId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('organisation_id', '=', organisationId)
    .execute();
}
