import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const orgId = async (name: string) => (await h.db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

const contact = (n: number) => ({ fullName: `Kontakt ${n}`, companyRole: 'Leitung', email: `kontakt${n}@neu.example`, phone: '+49 30 1', mobile: '+49 170 1' });
const newOrganisation = (changes: object = {}) => ({
  name: 'Neue Immobilien GmbH',
  street: 'Hauptstraße',
  number: '5',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  isTestAccount: false,
  isFinancePartner: false,
  isSolutionPartner: false,
  isBuyer: false,
  financePartnerOrganisationId: null,
  hasDifferentBillingAddress: false,
  billingAddress: null,
  contacts: [contact(1), contact(2)],
  ...changes,
});

describe('GET /api/organisations', () => {
  it('gives the administrator all organisations, paged when asked', async () => {
    const all = (await h.as('admin', 'GET', '/api/organisations')).json();
    expect(all.total).toBe(4);
    expect(all.items.map((o: { name: string }) => o.name)).toEqual(['Beispielbank eG', 'Käufer Wohnbau GmbH', 'Musterimmobilien AG', 'Testkonto GmbH']);
    const page = (await h.as('admin', 'GET', '/api/organisations?page=2&pageSize=5')).json();
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 5, items: [] });
  });

  it('filters finance partners and buyer organisations', async () => {
    expect((await h.as('admin', 'GET', '/api/organisations?isFinancePartner=true')).json().items.map((o: { name: string }) => o.name)).toEqual(['Beispielbank eG']);
    const buyers = (await h.as('admin', 'GET', '/api/organisations?isBuyerOrganisation=true')).json().items;
    expect(buyers).toEqual([expect.objectContaining({ name: 'Käufer Wohnbau GmbH', isBuyer: true, financePartnerOrganisationName: 'Beispielbank eG' })]);
  });

  it.each<[DemoUserName, string[]]>([
    ['accountmanager', ['Musterimmobilien AG']],
    ['bank', ['Beispielbank eG', 'Käufer Wohnbau GmbH']],
    ['buyer', ['Käufer Wohnbau GmbH']],
    ['collector', ['Musterimmobilien AG']],
  ])('%s sees only its scope', async (user, names) => {
    expect((await h.as(user, 'GET', '/api/organisations')).json().items.map((o: { name: string }) => o.name)).toEqual(names);
  });

  it('answers one organisation with contacts; another organisation’s answers 404', async () => {
    const own = (await h.as('collector', 'GET', `/api/organisations/${await orgId('Musterimmobilien AG')}`)).json();
    expect(own).toMatchObject({ name: 'Musterimmobilien AG', contacts: [expect.objectContaining({ fullName: 'Olga Objekt' })], billingAddress: null });
    expect((await h.as('collector', 'GET', `/api/organisations/${await orgId('Beispielbank eG')}`)).statusCode).toBe(404);
  });
});

describe('POST /api/organisations', () => {
  it('creates an organisation with two contacts and a differing billing address', async () => {
    const res = await h.as('admin', 'POST', '/api/organisations', newOrganisation({
      hasDifferentBillingAddress: true,
      billingAddress: { city: 'Potsdam', streetName: 'Am Markt', streetNr: '1', postcode: '14467', country: 'DE' },
    }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Neue Immobilien GmbH',
      status: 1,
      billingAddress: { city: 'Potsdam', streetName: 'Am Markt', streetNr: '1', postcode: '14467', country: 'DE' },
      contacts: [expect.objectContaining({ fullName: 'Kontakt 1' }), expect.objectContaining({ fullName: 'Kontakt 2' })],
    });
  });

  it.each<[DemoUserName, number]>([
    ['admin', 201], ['bank', 400],
    ['accountmanager', 403], ['scoring', 403], ['objectadmin', 403], ['collector', 403], ['buyer', 403], ['evaluator', 403], ['tester', 403],
  ])('a plain organisation created by %s answers %i', async (user, status) => {
    expect((await h.as(user, 'POST', '/api/organisations', newOrganisation())).statusCode).toBe(status);
  });

  it('a finance-partner account manager creates buyer organisations tied to its own', async () => {
    const bank = await orgId('Beispielbank eG');
    const res = await h.as('bank', 'POST', '/api/organisations', newOrganisation({ isBuyer: true, financePartnerOrganisationId: bank }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isBuyer: true, financePartnerOrganisationId: bank });
    // It now belongs to the bank's scope.
    expect((await h.as('bank', 'GET', '/api/organisations')).json().total).toBe(3);
  });

  it('refuses the specification’s invalid checkbox combinations', async () => {
    const both = newOrganisation({ isBuyer: true, isFinancePartner: true, financePartnerOrganisationId: await orgId('Beispielbank eG') });
    const bothRefused = await h.expectRefused(() => h.as('admin', 'POST', '/api/organisations', both), { statusCode: 400 });
    expect(bothRefused.fields!.map((f) => f.key)).toEqual(['organisation-flags-invalid']);
    await h.expectRefused(() => h.as('admin', 'POST', '/api/organisations', newOrganisation({ isBuyer: true })), {
      statusCode: 400,
      fields: [{ path: 'financePartnerOrganisationId', key: 'validation-required' }],
    });
    const partnerIsNoBank = newOrganisation({ isBuyer: true, financePartnerOrganisationId: await orgId('Testkonto GmbH') });
    await h.expectRefused(() => h.as('admin', 'POST', '/api/organisations', partnerIsNoBank), {
      statusCode: 400,
      fields: [{ path: 'financePartnerOrganisationId', key: 'organisation-flags-invalid' }],
    });
  });

  it('wants every field, valid contact addresses, at least one contact and the billing fields when ticked', async () => {
    const res = await h.as('admin', 'POST', '/api/organisations', newOrganisation({
      name: '',
      contacts: [{ ...contact(1), email: 'kaputt' }],
      hasDifferentBillingAddress: true,
      billingAddress: { city: 'Potsdam' },
    }), 'en');
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries(res.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(byPath).toMatchObject({
      name: 'Please fill out this field',
      'contacts.0.email': 'No valid mail address',
      'billingAddress.streetName': 'Please fill out this field',
    });
    const noContacts = await h.expectRefused(() => h.as('admin', 'POST', '/api/organisations', newOrganisation({ contacts: [] })), { statusCode: 400 });
    expect(noContacts.fields!.map((f) => f.path)).toEqual(['contacts']);
  });
});

describe('PUT /api/organisations and contacts', () => {
  it('an account manager edits the own organisation but cannot make it a finance partner', async () => {
    const id = await orgId('Musterimmobilien AG');
    const current = (await h.as('accountmanager', 'GET', `/api/organisations/${id}`)).json();
    const ok = await h.as('accountmanager', 'PUT', '/api/organisations', { ...current, city: 'Offenbach' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().city).toBe('Offenbach');
    await h.expectRefused(() => h.as('accountmanager', 'PUT', '/api/organisations', { ...current, city: 'Darmstadt', isFinancePartner: true }), {
      statusCode: 400,
      fields: [{ path: 'isFinancePartner', key: 'organisation-flags-invalid' }],
    });
  });

  it('another organisation answers 404 and stays unchanged', async () => {
    const id = await orgId('Beispielbank eG');
    const current = (await h.as('admin', 'GET', `/api/organisations/${id}`)).json();
    expect((await h.as('accountmanager', 'PUT', '/api/organisations', { ...current, city: 'X' })).statusCode).toBe(404);
    expect((await h.as('admin', 'GET', `/api/organisations/${id}`)).json().city).toBe('Düsseldorf');
  });

  it('replaces the contacts, keeping at least one', async () => {
    const id = await orgId('Musterimmobilien AG');
    const res = await h.as('accountmanager', 'PUT', `/api/organisations/${id}/contacts`, { contacts: [contact(7), contact(8)] });
    expect(res.json().contacts.map((c: { fullName: string }) => c.fullName)).toEqual(['Kontakt 7', 'Kontakt 8']);
    expect((await h.as('accountmanager', 'PUT', `/api/organisations/${id}/contacts`, { contacts: [] })).statusCode).toBe(400);
  });
});

describe('organisation state changes', () => {
  it('deactivating blocks the users of the organisation; activating lets them in again', async () => {
    const bankSession = await h.login('bank');
    const id = await orgId('Beispielbank eG');
    expect((await h.as('admin', 'DELETE', `/api/organisations/${id}`)).statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(bankSession) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'bank', password: 'demo1234' } })).statusCode).toBe(401);
    expect((await h.as('admin', 'DELETE', `/api/organisations/${id}`)).json().key).toBe('organisation-state-invalid');
    expect((await h.as('admin', 'POST', `/api/organisations/activate/${id}`)).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'bank', password: 'demo1234' } })).statusCode).toBe(200);
  });

  it('lock, unlock and delete are the administrator’s', async () => {
    const id = await orgId('Testkonto GmbH');
    expect((await h.as('accountmanager', 'POST', `/api/organisations/lock/${id}`)).statusCode).toBe(404);
    expect((await h.as('admin', 'POST', `/api/organisations/lock/${id}`)).statusCode).toBe(204);
    expect((await h.as('admin', 'GET', `/api/organisations/${id}`)).json().locked).toBe(true);
    expect((await h.as('admin', 'POST', `/api/organisations/unlock/${id}`)).statusCode).toBe(204);
    expect((await h.as('admin', 'DELETE', `/api/organisations/delete/${id}`)).statusCode).toBe(204);
    expect((await h.as('admin', 'GET', `/api/organisations/${id}`)).statusCode).toBe(404);
    expect((await h.as('admin', 'GET', '/api/organisations')).json().total).toBe(3);
  });

  it('an account manager may not lock even the own organisation', async () => {
    expect((await h.as('accountmanager', 'POST', `/api/organisations/lock/${await orgId('Musterimmobilien AG')}`)).statusCode).toBe(403);
  });
});

describe('GET /api/asset/countries', () => {
  it('lists about fifty countries in the request language, with OTHER last', async () => {
    const de = (await h.as('collector', 'GET', '/api/asset/countries')).json();
    expect(de.length).toBeGreaterThanOrEqual(45);
    expect(de).toContainEqual({ code: 'DE', countryName: 'Deutschland' });
    expect(de).toContainEqual({ code: 'UK', countryName: 'Vereinigtes Königreich' });
    expect(de.at(-1)).toEqual({ code: 'OTHER', countryName: 'Sonstiges' });
    const en = (await h.as('collector', 'GET', '/api/asset/countries', undefined, 'en')).json();
    expect(en).toContainEqual({ code: 'USA', countryName: 'United States' });
  });
});
