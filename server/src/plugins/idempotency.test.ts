import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, T0, type Harness } from '../testing/harness.ts';

/** Safe retries (issue 21, docs/api.md "Safe retries"), on PGlite and (project server-pg) on PostgreSQL. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const groupId = async (name: string) => (await h.db.selectFrom('asset_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const count = async (table: 'asset_groups' | 'assets' | 'users' | 'organisations') =>
  Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const post = (token: string, url: string, payload: object, key?: string) =>
  h.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload });

describe('Idempotency-Key on creating POSTs', () => {
  it('answers a retry with the same key and body with the first answer, and creates nothing twice', async () => {
    const token = await h.login('objectadmin');
    const before = await count('asset_groups');
    const first = await post(token, '/api/assetGroup', { name: 'Portfolio Süd' }, 'b7c1d0a2-retry');
    const again = await post(token, '/api/assetGroup', { name: 'Portfolio Süd' }, 'b7c1d0a2-retry');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('asset_groups')).toBe(before + 1);
  });

  it('answers 422 to the same key with another body, storing nothing', async () => {
    const token = await h.login('objectadmin');
    expect((await post(token, '/api/assetGroup', { name: 'Portfolio Süd' }, 'k-1')).statusCode).toBe(201);
    const body = await h.expectRefused(() => post(token, '/api/assetGroup', { name: 'Portfolio Nord' }, 'k-1'), { statusCode: 422, key: 'idempotency-key-reused' });
    expect(body.key).toBe('idempotency-key-reused');
  });

  it('creates exactly one object from 10 parallel identical requests, and answers each with it', async () => {
    const token = await h.login('objectadmin');
    const before = await count('assets');
    const body = {
      objectName: 'Neubau Ostend',
      assetGroupId: await groupId('Portfolio Rhein-Main'),
      country: 'DE',
      city: 'Frankfurt am Main',
      zip: '60314',
      street: 'Hanauer Landstraße',
      streetNumber: '100',
      constructionYear: 2025,
      assetTotalArea: 5400.5,
      assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(token, '/api/asset', body, 'parallel-1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await count('assets')).toBe(before + 1);
  });

  it('creates exactly one group from 10 parallel identical requests', async () => {
    const token = await h.login('objectadmin');
    const before = await count('asset_groups');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(token, '/api/assetGroup', { name: 'Parallel' }, 'parallel-2')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await count('asset_groups')).toBe(before + 1);
  });

  it('keeps no answer of a refused request: a corrected retry with the key creates', async () => {
    const token = await h.login('objectadmin');
    await h.expectRefused(() => post(token, '/api/assetGroup', { name: '' }, 'k-2'), { statusCode: 400, fields: [{ path: 'name', key: 'validation-required' }] });
    await h.expectRefused(() => h.as('collector', 'POST', '/api/assetGroup', { name: 'X' }), { statusCode: 403 });
    expect((await post(token, '/api/assetGroup', { name: 'Korrigiert' }, 'k-2')).statusCode).toBe(201);
  });

  it('refuses a key that is empty, too long or not visible characters', async () => {
    const token = await h.login('objectadmin');
    for (const key of ['', 'a b', 'x'.repeat(256)]) {
      await h.expectRefused(() => post(token, '/api/assetGroup', { name: 'Portfolio Süd' }, key), { statusCode: 400, fields: [{ path: 'idempotency-key', key: 'idempotency-key-invalid' }] });
    }
  });

  it('keeps keys apart per user, and forgets them after 24 hours', async () => {
    const objectadmin = await h.login('objectadmin');
    const admin = await h.login('admin');
    const first = await post(objectadmin, '/api/assetGroup', { name: 'Portfolio Süd' }, 'shared');
    const other = await post(admin, '/api/assetGroup', { name: 'Portfolio Süd', organisationId: first.json().organisationId }, 'shared');
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
    h.clock.now = T0 + 24 * 60 * 60 * 1000;
    const fresh = await h.login('objectadmin');
    const later = await post(fresh, '/api/assetGroup', { name: 'Portfolio West' }, 'shared');
    expect(later.statusCode).toBe(201);
  });

  it('makes creating an organisation safe to retry too (parallel)', async () => {
    const admin = await h.login('admin');
    const org = {
      name: 'Neue Immobilien GmbH', street: 'Zeil', number: '1', zip: '60313', city: 'Frankfurt am Main', country: 'DE',
      isTestAccount: false, isFinancePartner: false, isSolutionPartner: false, isBuyer: false, financePartnerOrganisationId: null,
      hasDifferentBillingAddress: false, billingAddress: null,
      contacts: [{ fullName: 'Kontakt 1', companyRole: 'Leitung', email: 'kontakt1@neu.example', phone: '+49 69 1', mobile: '+49 170 1' }],
    };
    const before = await count('organisations');
    const [o1, o2] = await Promise.all([post(admin, '/api/organisations', org, 'org-1'), post(admin, '/api/organisations', org, 'org-1')]);
    expect(o1.statusCode, o1.body).toBe(201);
    expect(o2.body).toBe(o1.body);
    expect(await count('organisations')).toBe(before + 1);
  });
});
