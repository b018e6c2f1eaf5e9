import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, bearer, decodeJwt, type Harness } from '../../testing/harness.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';

/** Passkeys (docs/sign-in.md "Passkeys"), registered and used by a software authenticator on the portal's site. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const post = (url: string, payload?: object, token?: string, language = 'de') =>
  h.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { 'accept-language': language, ...(token ? bearer(token) : {}) } });

/** Registers a passkey of `userName` on `device`; answers the session token used and the listed passkey. */
async function register(device: SoftwareAuthenticator, userName = 'collector', name = 'Laptop') {
  const token = await h.login(userName);
  const options = (await post('/api/user/me/passkeys/options', undefined, token)).json();
  expect(options.rp).toEqual({ name: 'ECORE', id: 'portal.test' });
  const res = await post('/api/user/me/passkeys', { name, response: device.register(options) }, token);
  expect(res.statusCode).toBe(200);
  return { token, passkey: res.json() };
}
const signInOptions = async () => (await post('/api/user/login/passkey/options')).json() as { challenge: string };
const signIn = (response: object, language = 'de') => post('/api/user/login/passkey', { response }, undefined, language);
const failures = async (userName: string) => (await h.db.selectFrom('sign_in_attempts').select('failed_logins').where('user_name', '=', userName).executeTakeFirst())?.failed_logins ?? 0;

describe('passkeys', () => {
  it('registers one or more passkeys from the profile, lists them with their last use, audited', async () => {
    const device = new SoftwareAuthenticator('http://portal.test');
    const { token, passkey } = await register(device);
    expect(passkey).toEqual({ id: expect.any(Number), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null });
    await register(device, 'collector', 'Telefon');
    const list = (await h.app.inject({ url: '/api/user/me/passkeys', headers: bearer(token) })).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Telefon']);
    const stored = await h.db.selectFrom('user_passkeys').select(['public_key', 'counter']).execute();
    expect(stored).toHaveLength(2);
    const audit = await h.db.selectFrom('account_audit').select('action').where('action', '=', 'passkey-added').execute();
    expect(audit).toHaveLength(2);
  });

  it('signs in with a passkey, without a password; the last use and counter are kept; recorded as a passkey sign-in', async () => {
    const device = new SoftwareAuthenticator('http://portal.test');
    await register(device);
    const res = await signIn(device.authenticate(await signInOptions()));
    expect(res.statusCode).toBe(200);
    const token = res.json().accessToken as string;
    expect(decodeJwt(token)).toMatchObject({ userName: 'collector' });
    const [listed] = (await h.app.inject({ url: '/api/user/me/passkeys', headers: bearer(token) })).json();
    expect(listed.lastUsedAt).toBe(new Date(h.clock.now).toISOString());
    expect(Number((await h.db.selectFrom('user_passkeys').select('counter').executeTakeFirstOrThrow()).counter)).toBe(1);
    const exported = (await h.app.inject({ url: '/api/user/me/personalData', headers: bearer(token) })).json();
    expect(exported.signInEvents[0]).toMatchObject({ outcome: 'signedIn', method: 'passkey' });
    expect(exported.signInMethods.passkeys).toEqual({ count: 1, lastUsedAt: new Date(h.clock.now).toISOString() });
  });

  it('refuses a passkey presented as another user’s, another site’s, a reused challenge and a forged signature, in both languages, counted like a wrong password', async () => {
    const device = new SoftwareAuthenticator('http://portal.test');
    await register(device);
    const { passkey: other } = await register(new SoftwareAuthenticator('http://portal.test'), 'analyst');
    expect(other.id).toBeGreaterThan(0);
    const analystId = (await h.db.selectFrom('users').select('id').where('user_name', '=', 'analyst').executeTakeFirstOrThrow()).id;
    const before = await h.db.selectFrom('user_passkeys').selectAll().orderBy('id').execute();
    const another = await signIn(device.authenticate(await signInOptions(), { userHandle: Buffer.from(String(analystId)).toString('base64url') }), 'en');
    expect(another.json()).toMatchObject({ statusCode: 401, key: 'passkey-error', message: 'The passkey was not accepted. Please try again or sign in with your password.' });
    const site = await signIn(device.authenticate(await signInOptions(), { origin: 'https://evil.example', rpId: 'evil.example' }));
    expect(site.json()).toMatchObject({ statusCode: 401, key: 'passkey-error', message: expect.stringContaining('Der Passkey wurde nicht angenommen') });
    const options = await signInOptions();
    expect((await signIn(device.authenticate(options))).statusCode).toBe(200);
    expect((await signIn(device.authenticate(options))).json().key).toBe('passkey-error');
    const forged = device.authenticate(await signInOptions());
    forged.response.signature = new SoftwareAuthenticator('http://portal.test').register({ challenge: 'x', user: { id: 'x' } }).response.attestationObject.slice(0, 96);
    expect((await signIn(forged)).json().key).toBe('passkey-error');
    expect(await failures('collector')).toBe(2);
    // Nothing else changed: the passkeys as they were but the one good sign-in's counter and time.
    const after = await h.db.selectFrom('user_passkeys').selectAll().orderBy('id').execute();
    expect(after.map((p) => p.public_key)).toEqual(before.map((p) => p.public_key));
    expect(after[1]).toEqual(before[1]);
  });

  it('an unknown passkey is refused; the fifth refusal blocks the user for 15 minutes', async () => {
    const device = new SoftwareAuthenticator('http://portal.test');
    await register(device);
    const stranger = new SoftwareAuthenticator('http://portal.test');
    stranger.register({ challenge: 'x', user: { id: '1' } });
    expect((await signIn(stranger.authenticate(await signInOptions()))).json()).toMatchObject({ statusCode: 401, key: 'passkey-error' });
    for (let i = 0; i < 5; i++) await signIn(device.authenticate(await signInOptions(), { origin: 'https://evil.example' }));
    expect((await signIn(device.authenticate(await signInOptions()))).json().key).toBe('login-blocked');
    h.clock.now += 15 * 60 * 1000;
    expect((await signIn(device.authenticate(await signInOptions()))).statusCode).toBe(200);
  });

  it('refuses a registration for another site or with a challenge of another user, and removes only one’s own passkeys', async () => {
    const device = new SoftwareAuthenticator('http://portal.test');
    const token = await h.login('collector');
    const options = (await post('/api/user/me/passkeys/options', undefined, token)).json();
    expect((await post('/api/user/me/passkeys', { response: device.register(options, { origin: 'https://evil.example' }) }, token)).json()).toMatchObject({ statusCode: 400, key: 'passkey-error' });
    const analyst = await h.login('analyst');
    const stolen = (await post('/api/user/me/passkeys/options', undefined, token)).json();
    expect((await post('/api/user/me/passkeys', { response: device.register(stolen) }, analyst)).json()).toMatchObject({ statusCode: 400, key: 'passkey-error' });
    expect(await h.db.selectFrom('user_passkeys').selectAll().execute()).toEqual([]);
    const { passkey } = await register(device);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/user/me/passkeys/${passkey.id}`, headers: bearer(analyst) })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'DELETE', url: `/api/user/me/passkeys/${passkey.id}`, headers: bearer(token) })).statusCode).toBe(204);
    expect((await signIn(device.authenticate(await signInOptions()))).json().key).toBe('passkey-error');
  });
});
