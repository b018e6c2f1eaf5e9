import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, bearer, decodeJwt, type Harness } from '../../testing/harness.ts';
import { startOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider.ts';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider on 127.0.0.1). A hostile or broken provider is
 * played by altering the ID token of the token endpoint's answer on its way to the portal.
 */
type Claims = Record<string, unknown>;
let tamper: ((claims: Claims) => Promise<string>) | null = null;
const fetched: string[] = [];
const ssoFetch: typeof fetch = async (input, init) => {
  const url = String(input);
  fetched.push(new URL(url).pathname);
  const response = await fetch(input, init);
  if (!tamper || !url.endsWith('/token') || response.status !== 200) return response;
  const body = (await response.json()) as { id_token: string };
  body.id_token = await tamper(JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString()) as Claims);
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
};

const logged: string[] = [];
/** Why the portal refused the provider's answers, as its log says. */
const refusedBecause = () => logged.map((l) => JSON.parse(l) as { event?: string; reason?: string }).filter((l) => l.event === 'auth.sso.refused').map((l) => l.reason);
let h: Harness;
let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider('http://portal.test/login/sso');
  h = await createHarness({ ssoFetch, logLevel: 'warn', logStream: { write: (line) => logged.push(line) } });
});
afterAll(async () => {
  await h.close();
  await provider.close();
});
beforeEach(async () => {
  await h.reset();
  tamper = null;
  logged.length = 0;
  const org = (await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', 'bank').executeTakeFirstOrThrow()).organisation_id;
  const admin = bearer(await h.login('admin'));
  const settings = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, domains: ['beispielbank.example'], ssoOnly: false };
  expect((await h.app.inject({ method: 'PUT', url: `/api/organisations/${org}/sso`, headers: admin, payload: settings })).statusCode).toBe(200);
});

const BANK = 'bank@beispielbank.example';
const start = (email: string) => h.app.inject({ method: 'POST', url: '/api/user/login/sso', payload: { email } });
/** The login page's e-mail, then the provider's pages signed in as `as`; answers the return URL. */
async function throughProvider(email: string, as = email): Promise<URL> {
  const started = await start(email);
  expect(started.statusCode).toBe(200);
  return provider.signIn(started.json<{ redirectUrl: string }>().redirectUrl, as);
}
const finish = (back: URL, language = 'de') =>
  h.app.inject({ method: 'POST', url: '/api/user/login/sso/return', payload: Object.fromEntries(back.searchParams), headers: { 'accept-language': language } });
const failures = async () => (await h.db.selectFrom('sign_in_attempts').select('failed_logins').where('user_name', '=', 'bank').executeTakeFirst())?.failed_logins ?? 0;
const sign = (claims: Claims, key: CryptoKey = provider.signingKey) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: provider.kid }).sign(key);
const now = () => Math.floor(Date.now() / 1000);

describe('single sign-on (docs/sign-in.md)', () => {
  it('sends an e-mail of a covered domain to its provider with PKCE, state and nonce, and any other e-mail to the password', async () => {
    expect((await start('collector@musterimmobilien.example')).json()).toEqual({ redirectUrl: null });
    const url = new URL((await start('Bank@Beispielbank.example')).json<{ redirectUrl: string }>().redirectUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: provider.clientId, response_type: 'code', code_challenge_method: 'S256', redirect_uri: 'http://portal.test/login/sso', login_hint: BANK });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)!.length).toBeGreaterThan(20);
    const stored = await h.db.selectFrom('sso_logins').selectAll().executeTakeFirstOrThrow();
    expect(stored.state_hash).not.toBe(url.searchParams.get('state'));
    expect(stored.email).toBe(BANK);
  });

  it('signs in the user of the vouched e-mail in that organisation, recorded as a single sign-on; the provider’s keys fetched once', async () => {
    fetched.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await finish(await throughProvider(BANK));
      expect(res.statusCode).toBe(200);
      expect(decodeJwt(res.json().accessToken)).toMatchObject({ userName: 'bank' });
    }
    expect(fetched.filter((p) => p.endsWith('/jwks'))).toHaveLength(1);
    expect(fetched.filter((p) => p.includes('.well-known'))).toHaveLength(0);
    const events = await h.db.selectFrom('sign_in_events').select(['outcome', 'method']).execute();
    expect(events.filter((e) => e.method === 'sso')).toEqual([{ outcome: 'signedIn', method: 'sso' }, { outcome: 'signedIn', method: 'sso' }]);
  });

  it('lists single sign-on among the user’s sign-in methods with its last use, in the profile and in the personal data export', async () => {
    const token = (await finish(await throughProvider(BANK))).json().accessToken as string;
    const methods = (await h.app.inject({ url: '/api/user/me/signInMethods', headers: bearer(token) })).json();
    expect(methods.sso).toEqual({ available: true, lastUsedAt: new Date(h.clock.now).toISOString() });
    const exported = (await h.app.inject({ url: '/api/user/me/personalData', headers: bearer(token) })).json();
    expect(exported.signInMethods.sso).toEqual(methods.sso);
    expect(exported.signInEvents[0]).toMatchObject({ outcome: 'signedIn', method: 'sso' });
    expect(JSON.stringify(exported)).not.toContain(provider.clientSecret);
    const collector = (await h.app.inject({ url: '/api/user/me/signInMethods', headers: bearer(await h.login('collector')) })).json();
    expect(collector.sso).toEqual({ available: false, lastUsedAt: null });
  });

  it('"SSO only" turns the password off for the covered users: the right password is refused with a clear text, counters untouched', async () => {
    const org = (await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', 'bank').executeTakeFirstOrThrow()).organisation_id;
    const admin = bearer(await h.login('admin'));
    const put = await h.app.inject({ method: 'PUT', url: `/api/organisations/${org}/sso`, headers: admin, payload: { issuer: provider.issuer, clientId: provider.clientId, domains: ['beispielbank.example'], ssoOnly: true } });
    expect(put.json().ssoOnly).toBe(true);
    const password = (language: string, password = 'demo1234') => h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'bank', password }, headers: { 'accept-language': language } });
    expect((await password('de')).json()).toMatchObject({ statusCode: 401, key: 'sso-only', message: expect.stringContaining('Ihre Organisation meldet Sie über ihren Anmeldedienst an') });
    expect((await password('en')).json()).toMatchObject({ statusCode: 401, key: 'sso-only', message: expect.stringContaining('Your organisation signs you in through its sign-in service') });
    expect(await failures()).toBe(0);
    // A wrong password tells nothing more than before, and counts.
    expect((await password('de', 'wrong-password')).json().key).toBe('login-error');
    expect(await failures()).toBe(1);
    expect((await finish(await throughProvider(BANK))).statusCode).toBe(200);
    // Other organisations keep their passwords.
    expect((await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'collector', password: 'demo1234' } })).statusCode).toBe(200);
  });

  it('refuses a replayed return (the same code and state), counted like a wrong password', async () => {
    const back = await throughProvider(BANK);
    expect((await finish(back)).statusCode).toBe(200);
    const again = await finish(back, 'en');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ key: 'sso-login-expired', message: 'This sign-in has expired or has already been used. Please sign in again.' });
    expect(await failures()).toBe(1);
  });

  it('never signs in an e-mail of another domain, and never creates a user', async () => {
    const users = await h.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const other = await finish(await throughProvider(BANK, 'collector@musterimmobilien.example'));
    expect(other.json()).toMatchObject({ statusCode: 401, key: 'sso-email-not-covered', message: 'Ihr Anmeldedienst hat eine E-Mail-Adresse bestätigt, für die er im Portal nicht zuständig ist.' });
    const unknown = await finish(await throughProvider('neu@beispielbank.example'), 'en');
    expect(unknown.json()).toMatchObject({ statusCode: 401, key: 'sso-no-account' });
    expect(await h.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(users);
    expect(await failures()).toBe(1);
  });

  const forged: Record<string, [(claims: Claims) => Promise<string>, RegExp]> = {
    'a wrong issuer': [(c) => sign({ ...c, iss: 'http://127.0.0.1:1/other' }), /"iss"/],
    'a wrong audience': [(c) => sign({ ...c, aud: 'another-client' }), /"aud"/],
    'a wrong nonce': [(c) => sign({ ...c, nonce: 'not-the-nonce-of-this-sign-in' }), /"nonce"/],
    'an expired token': [(c) => sign({ ...c, iat: now() - 7200, exp: now() - 3600 }), /"exp"/],
    'an unsigned token': [async (c) => `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.`, /"alg"/],
    'a forged signature': [async (c) => sign(c, (await generateKeyPair('RS256')).privateKey), /signature verification failed/],
  };
  for (const [what, [forge, reason]] of Object.entries(forged)) {
    it(`refuses ${what} in both languages, counted like a wrong password, no session`, async () => {
      tamper = forge;
      const de = await finish(await throughProvider(BANK));
      expect(de.statusCode).toBe(401);
      expect(de.json()).toMatchObject({ key: 'sso-token-invalid', message: expect.stringContaining('Die Antwort Ihres Anmeldedienstes ist ungültig') });
      expect(de.json().accessToken).toBeUndefined();
      const en = await finish(await throughProvider(BANK), 'en');
      expect(en.json()).toMatchObject({ key: 'sso-token-invalid', message: expect.stringContaining('The answer of your sign-in service is not valid') });
      expect(await failures()).toBe(2);
      expect(refusedBecause()).toEqual([expect.stringMatching(reason), expect.stringMatching(reason)]);
      const events = await h.db.selectFrom('sign_in_events').select(['outcome', 'method']).where('method', '=', 'sso').execute();
      expect(events).toEqual([{ outcome: 'refused', method: 'sso' }, { outcome: 'refused', method: 'sso' }]);
    });
  }

  it('the fifth refused return blocks the user for 15 minutes, even with a good token; a cancel at the provider is refused too', async () => {
    tamper = (c) => sign({ ...c, aud: 'another-client' });
    for (let i = 0; i < 4; i++) expect((await finish(await throughProvider(BANK))).json().key).toBe('sso-token-invalid');
    const started = await start(BANK);
    const state = new URL(started.json<{ redirectUrl: string }>().redirectUrl).searchParams.get('state')!;
    const cancelled = await finish(new URL(`http://portal.test/login/sso?error=access_denied&state=${state}`), 'en');
    expect(cancelled.json()).toMatchObject({ key: 'sso-cancelled', message: 'The sign-in at your sign-in service was cancelled.' });
    tamper = null;
    expect((await finish(await throughProvider(BANK))).json()).toMatchObject({ statusCode: 401, key: 'login-blocked' });
    h.clock.now += 15 * 60 * 1000;
    expect((await finish(await throughProvider(BANK))).statusCode).toBe(200);
  });

  it('refuses an unknown state and a sign-in older than ten minutes', async () => {
    expect((await finish(new URL('http://portal.test/login/sso?code=x&state=never-issued'))).json()).toMatchObject({ statusCode: 401, key: 'sso-login-expired' });
    const back = await throughProvider(BANK);
    h.clock.now += 10 * 60 * 1000;
    expect((await finish(back)).json()).toMatchObject({ statusCode: 401, key: 'sso-login-expired' });
  });
});
