import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Role } from '@ecore/core/identity/roles.ts';
import { bearer, createHarness, T0, type DemoUserName, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const HOTEL = 'Hotel am Rheinufer';
const DAY = 86_400_000;
const assetId = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

interface Received { id: number; assetId: number; assetName: string; buyerOrganisationName: string; requestedAt: string; expiresAt: string; decision: boolean | null; decidedAt: string | null; state: string }

/** The demo buyer asks for the object; answers the request's id and the mailed link's token. */
const ask = async (name = HOTEL) => {
  const res = await h.as('buyer', 'POST', `/api/asset/${await assetId(name)}/requestAssetAccess`);
  expect(res.statusCode, res.body).toBe(204);
  const { link, token } = await h.lastMailToken();
  return { id: Number(new URL(link).searchParams.get('permissionId')), token };
};
const received = async (user: DemoUserName | string) => {
  const res = await h.app.inject({ url: '/api/asset/accessRequests/received', headers: bearer(await h.login(user)) });
  return { status: res.statusCode, body: res.json<Received[] & { key?: string }>() };
};
const decide = async (user: DemoUserName | string, id: number, body: unknown) =>
  h.app.inject({ method: 'POST', url: `/api/asset/accessRequests/${id}/decision`, headers: bearer(await h.login(user)), payload: body as object });
const clickLink = (id: number, token: string, decision: boolean) =>
  h.app.inject({ method: 'POST', url: `/api/asset/requestAssetAccess/${id}?token=${encodeURIComponent(token)}&decision=${decision}` });
const buyerSees = async (id: number) => (await h.as('buyer', 'GET', '/api/asset?pageSize=100')).json<{ items: { id: number }[] }>().items.some((a) => a.id === id);

/** An object administrator of another, ordinary organisation (every role an organisation gives its people). */
const outsider = async () => {
  const org = await h.db.insertInto('organisations').values({ name: 'Fremdverwaltung GmbH', street: 'Fremdweg', number: '1', zip: '20095', city: 'Hamburg', country: 'DE' }).returning('id').executeTakeFirstOrThrow();
  const roles = [Role.ObjectAdministrator, Role.ObjectDataCollector, Role.AccountManager];
  await sql`insert into users (user_name, email, first_name, last_name, organisation_id, roles, password_hash, status)
    select 'fremd', 'fremd@fremdverwaltung.example', 'Fritz', 'Fremd', ${org.id}, ${sql.raw(`array[${roles.join(',')}]::int[]`)}, password_hash, status
    from users where user_name = 'objectadmin'`.execute(h.db);
  return 'fremd';
};

describe('GET /api/asset/accessRequests/received', () => {
  it('lists the requests for the organisation’s objects to its object administrator and to the account administrator, open ones first', async () => {
    const first = await ask(HOTEL);
    h.clock.now += 60_000;
    const second = await ask('Bürohaus Mainzer Landstraße');
    expect((await decide('objectadmin', first.id, { decision: false })).statusCode).toBe(200);
    const list = await received('objectadmin');
    expect(list.status).toBe(200);
    expect(list.body.map((r) => [r.id, r.assetName, r.buyerOrganisationName, r.decision])).toEqual([
      [second.id, 'Bürohaus Mainzer Landstraße', 'Käufer Wohnbau GmbH', null],
      [first.id, HOTEL, 'Käufer Wohnbau GmbH', false],
    ]);
    expect(list.body[0]).toMatchObject({ requestedAt: new Date(T0 + 60_000).toISOString(), expiresAt: new Date(T0 + 60_000 + 14 * DAY).toISOString(), decidedAt: null, state: 'open' });
    expect(list.body[1]).toMatchObject({ state: 'decided' });
    expect((await received('admin')).body.map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it('refuses the roles that do not decide (403) and shows another organisation nothing', async () => {
    await ask();
    for (const user of ['collector', 'analyst', 'tester', 'evaluator', 'buyer', 'bank'] as const) {
      expect((await received(user)).body, user).toMatchObject({ statusCode: 403, key: 'forbidden' });
    }
    expect((await received(await outsider())).body).toEqual([]);
  });

  it('keeps an object administrator with an access list to the requests for objects in it', async () => {
    await ask(HOTEL);
    const other = await h.db.selectFrom('asset_groups').select('id').where('name', '=', 'Portfolio Berlin').executeTakeFirstOrThrow();
    await h.db.updateTable('users').set({ asset_groups: [other.id] }).where('user_name', '=', 'objectadmin').execute();
    expect((await received('objectadmin')).body).toEqual([]);
  });
});

describe('POST /api/asset/accessRequests/{id}/decision', () => {
  it('an approval gives the buyer organisation read access, as the mailed link does, and voids the link (304)', async () => {
    const { id, token } = await ask();
    const hotel = await assetId(HOTEL);
    expect(await buyerSees(hotel)).toBe(false);
    const res = await decide('objectadmin', id, { decision: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ buyerOrganisationName: 'Käufer Wohnbau GmbH', assetName: HOTEL, result: 'DecidedSuccessfully', decision: true });
    expect(await buyerSees(hotel)).toBe(true);
    expect((await h.as('buyer', 'GET', '/api/asset/accessRequests')).json()[0]).toMatchObject({ assetId: hotel, decision: true, assetName: HOTEL });
    expect((await clickLink(id, token, false)).statusCode).toBe(304);
    expect(await buyerSees(hotel)).toBe(true);
    expect((await received('objectadmin')).body[0]).toMatchObject({ id, decision: true, decidedAt: new Date(T0).toISOString() });
  });

  it('a refusal stores the decision and no access; a second decision answers 409 and changes nothing', async () => {
    const { id, token } = await ask();
    expect((await decide('admin', id, { decision: false })).statusCode).toBe(200);
    expect(await h.db.selectFrom('asset_access_grants').selectAll().execute()).toEqual([]);
    expect(await buyerSees(await assetId(HOTEL))).toBe(false);
    await h.expectRefused(async () => decide('objectadmin', id, { decision: true }), { statusCode: 409, key: 'asset-access-decision-already-decided' });
    expect((await clickLink(id, token, true)).statusCode).toBe(304);
  });

  it('a decision through the mailed link first: the portal answers 409 already decided', async () => {
    const { id, token } = await ask();
    expect((await clickLink(id, token, true)).statusCode).toBe(200);
    const refused = await h.expectRefused(async () => decide('objectadmin', id, { decision: false }), { statusCode: 409, key: 'asset-access-decision-already-decided' });
    expect((refused as { message?: string }).message).toBe('Über diese Zugriffsanfrage wurde bereits entschieden; die erste Entscheidung gilt.');
  });

  it('another organisation, an administrator outside its access list and an unknown id get 404, and nothing is stored', async () => {
    const { id } = await ask();
    const stranger = await outsider();
    await h.expectRefused(async () => decide(stranger, id, { decision: true }), { statusCode: 404, key: 'asset-access-decision-not-found' });
    await h.expectRefused(async () => decide('objectadmin', 99999, { decision: true }), { statusCode: 404, key: 'asset-access-decision-not-found' });
    const berlin = await h.db.selectFrom('asset_groups').select('id').where('name', '=', 'Portfolio Berlin').executeTakeFirstOrThrow();
    await h.db.updateTable('users').set({ asset_groups: [berlin.id] }).where('user_name', '=', 'objectadmin').execute();
    await h.expectRefused(async () => decide('objectadmin', id, { decision: true }), { statusCode: 404, key: 'asset-access-decision-not-found' });
    await h.expectRefused(async () => decide('collector', id, { decision: true }), { statusCode: 403, key: 'forbidden' });
    const stored = await h.db.selectFrom('asset_access_requests').select(['decision', 'decided_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ decision: null, decided_at: null });
  });

  it('an expired request answers 410 with its own key, in the caller’s language', async () => {
    const { id } = await ask();
    h.clock.now = T0 + 14 * DAY;
    const refused = await h.expectRefused(
      async () => h.app.inject({ method: 'POST', url: `/api/asset/accessRequests/${id}/decision`, headers: { ...bearer(await h.login('objectadmin')), 'accept-language': 'en' }, payload: { decision: true } }),
      { statusCode: 410, key: 'asset-access-decision-expired' },
    );
    expect((refused as { message?: string }).message).toBe('This access request has expired and can no longer be decided. The buyer organisation may ask again.');
    expect((await received('objectadmin')).body[0]).toMatchObject({ id, decision: null, decidedAt: null, state: 'expired' });
  });

  it('refuses a body without a true or false decision: 400 with the field named', async () => {
    const { id } = await ask();
    for (const body of [{}, { decision: 'true' }, { decision: 1 }, { decision: null }]) {
      await h.expectRefused(async () => decide('objectadmin', id, body), { statusCode: 400, key: 'validation-generic', fields: [{ path: 'decision', key: 'validation-generic' }] });
    }
  });
});
