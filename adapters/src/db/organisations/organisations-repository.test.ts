import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '@ecore/migrations/demo-seed.ts';
import type { Database } from '../database.ts';
import { testDatabases } from '../testing/test-databases.ts';
import { truncateApplicationTables } from '../testing/truncate.ts';
import { findUserAccount, insertUserAccount, listUserAccounts, setUserState } from '../identity/user-accounts-repository.ts';
import { findOrganisation, insertOrganisation, listOrganisations, tiedBuyerOrganisationIds } from './organisations-repository.ts';

describe.each(testDatabases())('account repositories on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await truncateApplicationTables(database.db);
    await seedDemoData(database.db, 'hash');
  });

  const contact = { id: null, fullName: 'A B', companyRole: 'C', email: 'a@b.example', phone: '1', mobile: '2' };

  it('stores an organisation with billing address and contacts in order, and reads it back', async () => {
    const id = await insertOrganisation(database.db, {
      name: 'Neu GmbH', street: 'S', number: '1', zip: '1', city: 'C', country: 'AT',
      isTestAccount: false, isFinancePartner: false, isSolutionPartner: true, isBuyer: false, financePartnerOrganisationId: null,
      hasDifferentBillingAddress: true, billingAddress: { city: 'Wien', streetName: 'Ring', streetNr: '2', postcode: '1010', country: 'AT' },
      contacts: [contact, { ...contact, fullName: 'Z Y' }],
    });
    expect(await findOrganisation(database.db, id)).toMatchObject({
      name: 'Neu GmbH', isSolutionPartner: true, hasDifferentBillingAddress: true,
      billingAddress: { city: 'Wien', streetName: 'Ring', streetNr: '2', postcode: '1010', country: 'AT' },
      contacts: [expect.objectContaining({ fullName: 'A B' }), expect.objectContaining({ fullName: 'Z Y' })],
    });
  });

  it('lists organisations by scope, flag and search, paged in the database', async () => {
    const all = await listOrganisations(database.db, { organisationIds: null });
    expect(all.total).toBe(4);
    const bank = all.items.find((o) => o.isFinancePartner)!;
    expect(await tiedBuyerOrganisationIds(database.db, bank.id)).toHaveLength(1);
    expect((await listOrganisations(database.db, { organisationIds: null, search: 'KÄUFER' })).items.map((o) => o.name)).toEqual(['Käufer Wohnbau GmbH']);
    expect((await listOrganisations(database.db, { organisationIds: [bank.id] })).items).toHaveLength(1);
    expect((await listOrganisations(database.db, { organisationIds: [] })).total).toBe(0);
    expect((await listOrganisations(database.db, { organisationIds: null, page: 2, pageSize: 3 })).items).toHaveLength(1);
  });

  it('lists users with counts per status filter, never archived ones, and treats LIKE characters literally', async () => {
    const orgId = (await listOrganisations(database.db, { organisationIds: null, search: 'Muster' })).items[0]!.id;
    const id = await insertUserAccount(database.db, {
      firstName: 'Per_cent', lastName: '100%', position: 'p', phoneNumber: '1', mobileNumber: '', roles: [5], external: false,
      mainContactPerson: false, assetGroups: [1], assets: [], userName: 'pending1', email: 'p@x.example', organisationId: orgId, language: 'en',
    });
    expect(await findUserAccount(database.db, id)).toMatchObject({ status: 3, language: 'en', assetGroups: [1] });
    const page = await listUserAccounts(database.db, { organisationIds: [orgId], status: 'pending', page: 1, pageSize: 5 });
    expect(page.items.map((u) => u.userName)).toEqual(['pending1']);
    expect(page.counts).toMatchObject({ all: 12, pending: 1, active: 11 });
    expect((await listUserAccounts(database.db, { organisationIds: null, status: 'all', search: '100%', page: 1, pageSize: 5 })).total).toBe(1);
    expect((await listUserAccounts(database.db, { organisationIds: null, status: 'all', search: '_', page: 1, pageSize: 5 })).total).toBe(1);
    await setUserState(database.db, id, { status: 2, archivedAt: new Date() }, true);
    expect(await findUserAccount(database.db, id)).toBeNull();
    expect((await listUserAccounts(database.db, { organisationIds: null, status: 'all', page: 1, pageSize: 100 })).counts.all).toBe(13);
  });
});
