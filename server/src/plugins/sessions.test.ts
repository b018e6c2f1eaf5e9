import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { bearer, createHarnessPair, settled, T0, type DemoUserName, type Harness } from '../testing/harness.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';

// Two apps on one database stand for two server processes behind a load balancer: on PostgreSQL each has
// its own pool and its own LISTEN connection, on PGlite they share the one embedded database.
describe.each(testDatabases())('sessions across two app instances on $name', ({ open }) => {
  let pair: Awaited<ReturnType<typeof createHarnessPair>>;
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    pair = await createHarnessPair({ open });
    ({ a, b } = pair);
  });
  afterAll(async () => pair?.close());
  beforeEach(async () => a.reset());

  const me = (h: Harness, token: string) => h.app.inject({ url: '/api/user/me', headers: bearer(token) });
  const idOf = async (userName: DemoUserName) => (await a.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

  /**
   * Waits until an instance (b unless told) has heard every notification sent so far: its listener receives
   * them in commit order, so once it hears one sent now, the earlier ones have come (on PGlite they come at
   * the commit).
   */
  const settle = (h: Harness = b) => settled(h, a);

  it('checks a session it has seen without reading the database again', async () => {
    const token = await a.login('collector');
    expect((await me(b, token)).statusCode).toBe(200);
    const reads = b.app.sessions.stats.reads;
    for (let i = 0; i < 5; i += 1) expect((await me(b, token)).statusCode).toBe(200);
    expect(b.app.sessions.stats.reads).toBe(reads);
  });

  const orgOf = async (userName: DemoUserName) => (await a.db.selectFrom('users').select('organisation_id').where('user_name', '=', userName).executeTakeFirstOrThrow()).organisation_id;
  const endings: [string, DemoUserName, (token: string) => Promise<{ statusCode: number }>][] = [
    ['logout', 'collector', (token) => a.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })],
    ['deactivation', 'collector', async () => a.as('admin', 'DELETE', `/api/user/${await idOf('collector')}`)],
    ['lock', 'collector', async () => a.as('admin', 'POST', `/api/user/lock/${await idOf('collector')}`)],
    ['archive', 'collector', async () => a.as('admin', 'DELETE', `/api/user/archive/${await idOf('collector')}`)],
    [
      'role change',
      'collector',
      async () => {
        const current = (await a.as('admin', 'GET', `/api/user/${await idOf('collector')}`)).json();
        return a.as('admin', 'PUT', '/api/user', { ...current, userRoles: [5, 6] });
      },
    ],
    ['lock of the organisation', 'buyer', async () => a.as('admin', 'POST', `/api/organisations/lock/${await orgOf('buyer')}`)],
  ];

  it.each(endings)('a %s on one instance ends the session on both at once', async (_name, user, end) => {
    const token = await a.login(user);
    // Both instances have the session cached.
    expect((await me(a, token)).statusCode).toBe(200);
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await end(token)).statusCode).toBeLessThan(300);
    // The instance that made the change refuses the token with its very next request.
    expect((await me(a, token)).statusCode).toBe(401);
    // The other one refuses it as soon as the database's notification has come (on PGlite already at the commit).
    await settle();
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('a change made outside the portal (directly in the database) also reaches both instances', async () => {
    const token = await a.login('collector');
    expect((await me(a, token)).statusCode).toBe(200);
    expect((await me(b, token)).statusCode).toBe(200);
    await sql`update users set locked = true where user_name = 'collector'`.execute(a.db);
    await settle(a);
    await settle(b);
    expect((await me(a, token)).statusCode).toBe(401);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('a change of something else (an object) keeps what the instances hold', async () => {
    const token = await a.login('collector');
    expect((await me(b, token)).statusCode).toBe(200);
    await settle();
    expect((await me(b, token)).statusCode).toBe(200);
    const { invalidations } = b.app.sessions.stats;
    const reads = b.app.sessions.stats.reads;
    await sql`update assets set name = name || ' (neu)'`.execute(a.db);
    await settle();
    expect((await me(b, token)).statusCode).toBe(200);
    expect(b.app.sessions.stats.invalidations).toBe(invalidations);
    expect(b.app.sessions.stats.reads).toBe(reads);
  });

  it('a new name of the user shows in GET /api/user/me on the other instance at once', async () => {
    const token = await a.login('collector');
    expect((await me(b, token)).json().lastName).toBe('Collector');
    await sql`update users set last_name = 'Sammler' where user_name = 'collector'`.execute(a.db);
    await settle();
    expect((await me(b, token)).json().lastName).toBe('Sammler');
  });

  it('an object added on one instance counts in the other’s object and group lists at once', async () => {
    const token = await a.login('objectadmin');
    const list = async (h: Harness, url: string) => (await h.app.inject({ url, headers: bearer(token) })).json<{ total: number; items: { assetCount?: number }[] }>();
    const before = await list(b, '/api/asset');
    expect((await list(b, '/api/asset')).total).toBe(before.total);
    const groups = await list(b, '/api/assetGroup?pageSize=100');
    await sql`insert into assets (name, organisation_id, asset_group_id, country, city, zip, street, street_number, asset_total_area)
      select 'Neu', organisation_id, asset_group_id, 'DE', 'Berlin', '10115', 'Straße', '1', 100 from assets where is_buyer_asset = false order by id limit 1`.execute(a.db);
    await settle();
    expect((await list(b, '/api/asset')).total).toBe(before.total + 1);
    const total = (g: typeof groups) => g.items.reduce((n, item) => n + (item.assetCount ?? 0), 0);
    expect(total(await list(b, '/api/assetGroup?pageSize=100'))).toBe(total(groups) + 1);
    // The pages themselves are kept too: a new name or asset class shows at once as well.
    await sql`update assets set name = 'Umbenannt' where name = 'Neu'`.execute(a.db);
    await settle();
    const names = async () => (await b.app.inject({ url: '/api/asset?pageSize=100', headers: bearer(token) })).json<{ items: { name: string }[] }>().items.map((i) => i.name);
    expect(await names()).toContain('Umbenannt');
    expect(await names()).not.toContain('Neu');
  });
  it('a template saved on one instance, and its lock, show on the other at once', async () => {
    await seedDemoQuestionnaires(a.db);
    const scoring = await a.login('scoring');
    const call = (h: Harness, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      h.app.inject({ method, url, headers: bearer(scoring), ...(payload ? { payload } : {}) });
    const active = (await call(b, 'GET', '/api/Questionnaire/active')).json<{ id: number }>();
    const draft = (await call(a, 'POST', '/api/questionnaire', { sourceId: active.id, title: 'Entwurf', version: '2026_01' })).json<{ id: number }>();
    await settle();
    expect((await call(b, 'GET', `/api/questionnaire/${draft.id}`)).json()).toMatchObject({ title: 'Entwurf', lockedStatus: null });
    expect((await call(a, 'PUT', '/api/questionnaire', { ...draft, lockedStatus: undefined, title: 'Entwurf 2' })).statusCode).toBe(200);
    await settle();
    expect((await call(b, 'GET', `/api/questionnaire/${draft.id}`)).json().title).toBe('Entwurf 2');
    // Someone else opens the active template in the editor: readers on the other instance see who.
    const collector = await a.login('collector');
    expect((await b.app.inject({ url: `/api/questionnaire/${active.id}`, headers: bearer(collector) })).json().lockedStatus).toBeNull();
    await sql`insert into questionnaire_locks (questionnaire_id, user_id, holder_name, since, last_activity)
      values (${active.id}, ${await idOf('scoring')}, 'Sven Scoring', to_timestamp(${T0 / 1000}), to_timestamp(${T0 / 1000}))`.execute(a.db);
    await settle();
    expect((await b.app.inject({ url: `/api/questionnaire/${active.id}`, headers: bearer(collector) })).json().lockedStatus).toEqual({ currentLockerName: 'Sven Scoring' });
  });
});
