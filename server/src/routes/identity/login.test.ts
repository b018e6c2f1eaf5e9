import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, bearer, decodeJwt, T0, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/user/login', payload: payload as object, headers });

describe('POST /api/user/login', () => {
  it('answers a session token carrying the claims of spec 01 §3, valid for 8 hours', async () => {
    const res = await login({ userName: 'bank', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().accessToken);
    expect(claims).toMatchObject({ userName: 'bank', role: '4,10', external: false, orgFinance: true, orgBuyer: false, orgTest: false });
    expect(claims.exp).toBe(Math.floor(T0 / 1000) + 8 * 3600);
    expect(typeof claims.orgId).toBe('number');
  });

  it('accepts the user name in any case', async () => {
    expect((await login({ userName: 'ADMIN', password: 'demo1234' })).statusCode).toBe(200);
  });

  it('marks the buyer organisation and external users in the token', async () => {
    const buyer = decodeJwt((await login({ userName: 'buyer', password: 'demo1234' })).json().accessToken);
    expect(buyer).toMatchObject({ role: '11', orgBuyer: true, orgFinance: false });
    const tester = decodeJwt((await login({ userName: 'tester', password: 'demo1234' })).json().accessToken);
    expect(tester).toMatchObject({ role: '8', external: true });
  });

  it('answers 401 with the specification text in the request language for a wrong password', async () => {
    const de = await login({ userName: 'admin', password: 'wrong1234' });
    expect(de.statusCode).toBe(401);
    expect(de.json()).toEqual({ statusCode: 401, key: 'login-error', message: 'E-Mail und Passwort stimmen nicht überein' });
    const en = await login({ userName: 'admin', password: 'wrong1234' }, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.json().message).toBe('Mail or password are not correct.');
  });

  it('answers the same 401 for an unknown user as for a wrong password', async () => {
    const res = await login({ userName: 'nobody', password: 'demo1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe('login-error');
  });

  it('refuses inactive, locked and pending users with the same answer', async () => {
    await h.db.updateTable('users').set({ status: 0 }).where('user_name', '=', 'analyst').execute();
    await h.db.updateTable('users').set({ locked: true }).where('user_name', '=', 'billing').execute();
    await h.db.updateTable('users').set({ status: 3 }).where('user_name', '=', 'importadmin').execute();
    for (const userName of ['analyst', 'billing', 'importadmin']) {
      const res = await login({ userName, password: 'demo1234' });
      expect(res.statusCode, userName).toBe(401);
      expect(res.json().key).toBe('login-error');
    }
  });

  it('blocks sign-in for 15 minutes after five failed logins in a row, then lets the right password in', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login({ userName: 'collector', password: 'nope' })).json().key).toBe('login-error');
    const blocked = await login({ userName: 'collector', password: 'demo1234' });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().key).toBe('login-blocked');
    h.clock.now = T0 + 14 * 60 * 1000;
    expect((await login({ userName: 'collector', password: 'demo1234' })).json().key).toBe('login-blocked');
    h.clock.now = T0 + 15 * 60 * 1000 + 1;
    expect((await login({ userName: 'collector', password: 'demo1234' })).statusCode).toBe(200);
  });

  it('starts counting anew after a successful login', async () => {
    for (let i = 0; i < 4; i += 1) await login({ userName: 'collector', password: 'nope' });
    expect((await login({ userName: 'collector', password: 'demo1234' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await login({ userName: 'collector', password: 'nope' });
    expect((await login({ userName: 'collector', password: 'demo1234' })).statusCode).toBe(200);
  });

  it.each([
    [{}, ['password', 'userName']],
    [{ userName: '', password: '' }, ['password', 'userName']],
    [{ userName: 'admin' }, ['password']],
    [{ userName: 42, password: true }, ['password', 'userName']],
  ])('answers 400 naming the fields for %j', async (payload, paths) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.key).toBe('validation-generic');
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(paths);
    expect(body.fields[0].message).toBe('Bitte füllen Sie dieses Feld aus');
  });

  it('answers 400, never 500, to a malformed body', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, key: 'validation-generic' });
  });

  it('answers 413 to a body over the size limit', async () => {
    const res = await login({ userName: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().key).toBe('payload-too-large');
  });
});

describe('protected calls', () => {
  it('answer 401 without a token, with a forged token, and with an expired token', async () => {
    expect((await h.app.inject({ url: '/api/user/me' })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer('abc.def.ghi') })).json().key).toBe('unauthorized');
    const token = await h.login('admin');
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
    h.clock.now = T0 + 8 * 3600 * 1000 + 1000;
    const expired = await h.app.inject({ url: '/api/user/me', headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('GET /api/user/me answers the signed-in user', async () => {
    const res = await h.app.inject({ url: '/api/user/me', headers: bearer(await h.login('bank')) });
    expect(res.json()).toMatchObject({ userName: 'bank', roles: [4, 10], organisationName: 'Beispielbank eG' });
  });

  it('logout ends the session: the same token is refused afterwards', async () => {
    const token = await h.login('admin');
    expect((await h.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a token of a user who was deactivated or locked since is refused', async () => {
    const token = await h.login('objectadmin');
    await h.db.updateTable('users').set({ locked: true }).where('user_name', '=', 'objectadmin').execute();
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('security headers and documentation', () => {
  it("sends a content security policy that lets an API answer run nothing (the page's own is tested with the client)", async () => {
    const res = await h.app.inject({ url: '/api/app/config' });
    expect(res.json()).toEqual({ twoFactorLogin: false });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI description with the auth calls', async () => {
    const doc = (await h.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/login', '/api/user/setPassword', '/api/user/resetPassword', '/api/user/secure/login']));
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.required).toEqual(['userName', 'password']);
  });

  it('answers unknown API paths with a 404 error body', async () => {
    const res = await h.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, key: 'not-found', message: 'Not found' });
  });
});
