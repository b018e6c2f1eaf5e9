import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { base32Decode, totpCode } from '@ecore/core/identity/totp.ts';
import { createHarness, bearer, decodeJwt, T0, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const login = (userName: string, password = 'demo1234') => h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });
const second = (loginToken: string, code: string, language = 'de') =>
  h.app.inject({ method: 'POST', url: '/api/user/login/totp', payload: { loginToken, code }, headers: { 'accept-language': language } });
const codeAt = (secret: string, at: number) => totpCode(base32Decode(secret)!, at);

/** Enrols the collector's app from the profile; answers the secret and the recovery codes. */
async function enrol(userName = 'collector') {
  const token = await h.login(userName);
  const started = await h.app.inject({ method: 'POST', url: '/api/user/me/totp', headers: bearer(token) });
  expect(started.statusCode).toBe(200);
  const { secret, otpauthUri, qrCode } = started.json<{ secret: string; otpauthUri: string; qrCode: string }>();
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^<svg/);
  const confirmed = await h.app.inject({ method: 'POST', url: '/api/user/me/totp/confirm', headers: bearer(token), payload: { code: codeAt(secret, h.clock.now) } });
  expect(confirmed.statusCode).toBe(200);
  return { token, secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe('authenticator apps (docs/sign-in.md)', () => {
  it('enrol from the profile: the secret stored sealed, ten different recovery codes stored hashed, an audit row', async () => {
    const { secret, recoveryCodes } = await enrol();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await h.db.selectFrom('user_totp').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(stored.confirmed_at).not.toBeNull();
    const hashes = await h.db.selectFrom('user_recovery_codes').select('code_hash').execute();
    expect(hashes.map((r) => r.code_hash).join(' ')).not.toContain(recoveryCodes[0]!.replace('-', ''));
    const audit = await h.db.selectFrom('account_audit').select(['action', 'entity']).where('action', '=', 'totp-enrolled').execute();
    expect(audit).toEqual([{ action: 'totp-enrolled', entity: 'user' }]);
  });

  it('ask for a code after the password, and open the session only for the right one', async () => {
    const { secret } = await enrol();
    h.clock.now = T0 + 60_000;
    const first = await login('collector');
    expect(first.statusCode).toBe(200);
    const { secondFactor, loginToken } = first.json();
    expect(secondFactor).toBe('totp');
    expect(first.json().accessToken).toBeUndefined();
    const res = await second(loginToken, codeAt(secret, h.clock.now));
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().accessToken)).toMatchObject({ userName: 'collector' });
    // The first step's token served once.
    expect((await second(loginToken, codeAt(secret, h.clock.now + 30_000))).json().key).toBe('totp-login-expired');
  });

  it('refuse a wrong code, a reused one and one more than a step away, in both languages, changing nothing', async () => {
    const { secret } = await enrol();
    h.clock.now = T0 + 120_000;
    const { loginToken } = (await login('collector')).json();
    const wrong = await second(loginToken, '000000'.replace(/^0/, String((Number(codeAt(secret, h.clock.now)[0]) + 1) % 10)), 'en');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ key: 'totp-error', message: 'The code is wrong or has expired.' });
    const expired = await second(loginToken, codeAt(secret, h.clock.now - 60_000));
    expect(expired.json()).toMatchObject({ key: 'totp-error', message: 'Der Code ist falsch oder abgelaufen.' });
    // One step of drift is accepted; the same code again is a reuse.
    const drifted = codeAt(secret, h.clock.now - 30_000);
    expect((await second(loginToken, drifted)).statusCode).toBe(200);
    const again = (await login('collector')).json().loginToken;
    const reused = await second(again, drifted, 'en');
    expect(reused.json()).toMatchObject({ statusCode: 401, key: 'totp-reused' });
    expect(reused.json().message).toMatch(/already been used/);
  });

  it('count wrong codes like wrong passwords: the fifth blocks for 15 minutes, a right password gives no fresh tries', async () => {
    const { secret } = await enrol();
    h.clock.now = T0 + 600_000;
    for (let i = 0; i < 5; i++) {
      const { loginToken } = (await login('collector')).json();
      expect((await second(loginToken, 'AAAAA-AAAAA')).json().key).toBe('totp-error');
    }
    expect((await login('collector')).json().key).toBe('login-blocked');
    h.clock.now += 15 * 60 * 1000 + 1;
    const { loginToken } = (await login('collector')).json();
    expect((await second(loginToken, codeAt(secret, h.clock.now))).statusCode).toBe(200);
    const events = await h.db.selectFrom('sign_in_events').select('outcome').orderBy('id').execute();
    expect(events.filter((e) => e.outcome === 'refused')).toHaveLength(5);
  });

  it('take each recovery code once instead of a code, whatever its case and dashes', async () => {
    const { recoveryCodes } = await enrol();
    const code = recoveryCodes[3]!;
    const { loginToken } = (await login('collector')).json();
    expect((await second(loginToken, code.toLowerCase().replace('-', ' '))).statusCode).toBe(200);
    const again = (await login('collector')).json().loginToken;
    expect((await second(again, code)).json().key).toBe('totp-error');
    const methods = await h.app.inject({ url: '/api/user/me/signInMethods', headers: bearer((await second(again, recoveryCodes[4]!)).json().accessToken) });
    expect(methods.json()).toMatchObject({ password: { set: true }, totp: { state: 'confirmed', recoveryCodesLeft: 8 }, organisationRequiresTotp: false });
    expect(methods.json().totp.recoveryCodeLastUsedAt).toBe(new Date(T0).toISOString());
  });

  it('refuse a wrong first code at enrolment and keep the app unconfirmed; a second enrolment is refused once confirmed', async () => {
    const token = await h.login('collector');
    const { secret } = (await h.app.inject({ method: 'POST', url: '/api/user/me/totp', headers: bearer(token) })).json();
    const wrongCode = codeAt(secret, T0 + 10 * 60_000);
    await h.expectRefused(() => h.app.inject({ method: 'POST', url: '/api/user/me/totp/confirm', headers: bearer(token), payload: { code: wrongCode } }), { statusCode: 400, key: 'totp-error' });
    expect((await login('collector')).json().accessToken).toBeDefined();
    await h.app.inject({ method: 'POST', url: '/api/user/me/totp/confirm', headers: bearer(token), payload: { code: codeAt(secret, T0) } });
    await h.expectRefused(() => h.app.inject({ method: 'POST', url: '/api/user/me/totp', headers: bearer(token) }), { statusCode: 400, key: 'totp-already-enrolled' });
  });

  it('remove the app with an audit row, unless the organisation requires one', async () => {
    const { token } = await enrol();
    const user = await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', 'collector').executeTakeFirstOrThrow();
    await h.db.updateTable('organisations').set({ require_totp: true }).where('id', '=', user.organisation_id).execute();
    await h.expectRefused(() => h.app.inject({ method: 'DELETE', url: '/api/user/me/totp', headers: bearer(token) }), { statusCode: 400, key: 'totp-required' });
    await h.db.updateTable('organisations').set({ require_totp: false }).where('id', '=', user.organisation_id).execute();
    expect((await h.app.inject({ method: 'DELETE', url: '/api/user/me/totp', headers: bearer(token) })).statusCode).toBe(204);
    expect(await h.db.selectFrom('user_totp').selectAll().execute()).toEqual([]);
    expect(await h.db.selectFrom('account_audit').select('action').where('action', '=', 'totp-removed').execute()).toHaveLength(1);
    expect((await login('collector')).json().accessToken).toBeDefined();
  });

  it('where the organisation requires an app, a user without one enrols in the sign-in and gets the recovery codes', async () => {
    const user = await h.db.selectFrom('users').select('organisation_id').where('user_name', '=', 'analyst').executeTakeFirstOrThrow();
    await h.db.updateTable('organisations').set({ require_totp: true }).where('id', '=', user.organisation_id).execute();
    const first = (await login('analyst')).json();
    expect(first.secondFactor).toBe('totpEnrolment');
    const enrolment = await h.app.inject({ method: 'POST', url: '/api/user/login/totp/enrolment', payload: { loginToken: first.loginToken } });
    const { secret } = enrolment.json();
    // A recovery code cannot stand in for the first code of an app.
    expect((await second(first.loginToken, 'AAAAA-AAAAA')).json().key).toBe('totp-error');
    const done = await second(first.loginToken, codeAt(secret, h.clock.now));
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await login('analyst')).json().secondFactor).toBe('totp');
  });

  it('refuse an unknown or expired first-step token', async () => {
    await enrol();
    expect((await second('not-a-token', '123456')).json()).toMatchObject({ statusCode: 401, key: 'totp-login-expired' });
    const { loginToken } = (await login('collector')).json();
    h.clock.now += 5 * 60 * 1000 + 1;
    expect((await second(loginToken, '123456')).json().key).toBe('totp-login-expired');
  });
});

describe('the personal-data export', () => {
  it('names the authenticator app and its last use, never its secret or a recovery code', async () => {
    const { token, secret, recoveryCodes } = await enrol();
    const res = await h.app.inject({ url: '/api/user/me/personalData', headers: bearer(token) });
    expect(res.json().signInMethods).toMatchObject({ totp: { state: 'confirmed', confirmedAt: new Date(T0).toISOString(), lastUsedAt: new Date(T0).toISOString(), recoveryCodesLeft: 10 } });
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(recoveryCodes[0]);
  });
});
