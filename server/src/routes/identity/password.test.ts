import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, bearer, T0, type Harness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const requestReset = (userName: string, language = 'de') =>
  h.app.inject({ url: `/api/user/resetPassword?userName=${encodeURIComponent(userName)}`, headers: { 'accept-language': language } });
const setPassword = (payload: object) => h.app.inject({ method: 'POST', url: '/api/user/setPassword', payload });
const loginStatus = async (userName: string, password: string) =>
  (await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } })).statusCode;

describe('forgot password: GET /api/user/resetPassword', () => {
  it('mails a link to /set-password with the user name and a token, in the request language', async () => {
    expect((await requestReset('collector', 'en')).statusCode).toBe(204);
    const mail = await h.lastMailToken();
    expect(mail.to).toBe('collector@musterimmobilien.example');
    expect(mail.subject).toBe('ECORE portal: reset your password');
    expect(mail.link).toMatch(/^http:\/\/portal\.test\/set-password\?userName=collector&token=[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 204 for an unknown user and sends nothing', async () => {
    const res = await requestReset('nobody');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await h.app.drainBackground();
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('stores only a hash of the token', async () => {
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    const rows = await h.db.selectFrom('link_tokens').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 when userName is missing', async () => {
    const res = await h.app.inject({ url: '/api/user/resetPassword' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ path: 'userName', key: 'validation-required' });
  });
});

describe('set password: POST /api/user/setPassword', () => {
  it('sets a new password with the link: the new one signs in, the old one no longer does', async () => {
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    expect((await h.app.inject({ url: `/api/user/setPassword?token=${token}` })).json()).toEqual({ userName: 'collector' });
    expect((await setPassword({ password: 'neues1passwort', token })).statusCode).toBe(204);
    expect(await loginStatus('collector', 'neues1passwort')).toBe(200);
    expect(await loginStatus('collector', 'demo1234')).toBe(401);
  });

  it('uses a link once: a second use answers 400 invalid-link', async () => {
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    expect((await setPassword({ password: 'erstes1pw', token })).statusCode).toBe(204);
    const again = await setPassword({ password: 'zweites2pw', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ statusCode: 400, key: 'invalid-link', message: 'Der Link ist nicht korrekt. Er ist möglicherweise abgelaufen.' });
    expect(await loginStatus('collector', 'erstes1pw')).toBe(200);
  });

  it('refuses a reset link after 24 hours', async () => {
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    h.clock.now = T0 + 24 * 3600 * 1000 - 1;
    expect((await h.app.inject({ url: `/api/user/setPassword?token=${token}` })).statusCode).toBe(200);
    h.clock.now = T0 + 24 * 3600 * 1000;
    const res = await setPassword({ password: 'spaet1pw', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('invalid-link');
  });

  it('a new reset link voids the older one', async () => {
    await requestReset('collector');
    const first = await h.lastMailToken();
    await requestReset('collector');
    const second = await h.lastMailToken();
    expect((await setPassword({ password: 'erstes1pw', token: first.token })).json().key).toBe('invalid-link');
    expect((await setPassword({ password: 'zweites2pw', token: second.token })).statusCode).toBe(204);
  });

  it('a pending user gets a 7-day set-password link and becomes active with the first password', async () => {
    await h.db.updateTable('users').set({ status: 3, password_hash: null }).where('user_name', '=', 'analyst').execute();
    await requestReset('analyst');
    const { token, subject } = await h.lastMailToken();
    expect(subject).toBe('Willkommen im ECORE-Portal: Passwort festlegen');
    h.clock.now = T0 + 6 * 24 * 3600 * 1000;
    expect((await setPassword({ password: 'start1234', token })).statusCode).toBe(204);
    const row = await h.db.selectFrom('users').select('status').where('user_name', '=', 'analyst').executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
    expect(await loginStatus('analyst', 'start1234')).toBe(200);
  });

  it('setting a password ends the sessions the user had', async () => {
    const session = await h.login('collector');
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    await setPassword({ password: 'neues1passwort', token });
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(session) })).statusCode).toBe(401);
  });

  it.each([
    ['', 'validation-required'],
    ['abc12', 'validation-min-length'],
    ['abcdefgh', 'validation-password-content'],
    ['12345678', 'validation-password-content'],
    ['Password1', 'validation-password-common'],
    ['qwerty123', 'validation-password-common'],
  ])('refuses the password %j with %s', async (password, key) => {
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    const res = await setPassword({ password, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'password', key })]);
    // The refused attempt did not use up the link.
    expect((await setPassword({ password: 'gut1genug', token })).statusCode).toBe(204);
  });

  it('states the minimum length in the message of the request language: 8, as the page states it (spec 01 §5; 6 are enforced)', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/user/setPassword', payload: { password: 'a1', token: 'x' }, headers: { 'accept-language': 'en' } });
    expect(res.json().fields[0].message).toBe('This field should be at least 8 characters long');
  });

  it('names a common password in both languages (ASVS 2.1.7), and takes a password of 128 characters that then signs in (ASVS 2.1.2)', async () => {
    await requestReset('collector');
    const { token } = await h.lastMailToken();
    const refused = async (language: string) =>
      (await h.app.inject({ method: 'POST', url: '/api/user/setPassword', payload: { password: 'trustno1', token }, headers: { 'accept-language': language } })).json().fields[0].message;
    expect(await refused('de')).toBe('Dieses Passwort gehört zu den am häufigsten verwendeten. Bitte wählen Sie ein anderes.');
    expect(await refused('en')).toBe('This password is one of the most commonly used. Please choose another one.');
    const long = `Lang1${'ü'.repeat(60)}${'x'.repeat(63)}`;
    expect(long).toHaveLength(128);
    expect((await setPassword({ password: long, token })).statusCode).toBe(204);
    expect(await loginStatus('collector', long)).toBe(200);
    expect(await loginStatus('collector', long.slice(0, 127))).toBe(401);
  });

  it('answers 400 invalid-link for a made-up token', async () => {
    const res = await setPassword({ password: 'gut1genug', token: 'made-up-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('invalid-link');
    expect((await h.app.inject({ url: '/api/user/setPassword?token=made-up' })).json().key).toBe('invalid-link');
  });
});
