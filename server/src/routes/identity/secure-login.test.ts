import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, decodeJwt, T0, type Harness } from '../../testing/harness.ts';

describe('two-factor sign-in with the flag on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ twoFactorLogin: true });
  });
  afterAll(async () => h.close());
  beforeEach(async () => h.reset());

  const step1 = () => h.app.inject({ method: 'POST', url: '/api/user/secure/login', payload: { userName: 'admin', password: 'demo1234' } });

  it('step one checks the password, opens no session and mails a /login-step2 link', async () => {
    const res = await step1();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactor: true });
    const mail = await h.lastMailToken();
    expect(mail.link).toMatch(/^http:\/\/portal\.test\/login-step2\?email=admin%40musterimmobilien\.example&token=/);
  });

  it('the link completes the sign-in once', async () => {
    await step1();
    const { token } = await h.lastMailToken();
    const url = `/api/user/secure/login?email=${encodeURIComponent('admin@musterimmobilien.example')}&token=${token}`;
    const res = await h.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().accessToken)).toMatchObject({ userName: 'admin', role: '0' });
    const again = await h.app.inject({ url, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ key: 'two-factor-error', message: 'invalid token or email' });
  });

  it('refuses the link after 10 minutes, and with another e-mail address', async () => {
    await step1();
    const { token } = await h.lastMailToken();
    expect((await h.app.inject({ url: `/api/user/secure/login?email=other%40x.example&token=${token}` })).statusCode).toBe(401);
    h.clock.now = T0 + 10 * 60 * 1000;
    expect((await h.app.inject({ url: `/api/user/secure/login?email=admin%40musterimmobilien.example&token=${token}` })).statusCode).toBe(401);
  });

  it('a wrong password in step one answers the bad-credentials 401 and mails nothing', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/user/secure/login', payload: { userName: 'admin', password: 'falsch1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe('login-error');
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('plain password sign-in is refused while the flag is on', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'demo1234' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('two-factor-required');
  });

  it('the client is told that the flag is on', async () => {
    expect((await h.app.inject({ url: '/api/app/config' })).json()).toEqual({ twoFactorLogin: true });
  });
});

describe('two-factor sign-in with the flag off (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await h.reset();
  });
  afterAll(async () => h.close());

  it('answers 404 for both steps', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/user/secure/login', payload: { userName: 'admin', password: 'demo1234' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().key).toBe('two-factor-disabled');
    expect((await h.app.inject({ url: '/api/user/secure/login?email=a%40b.c&token=x' })).statusCode).toBe(404);
  });
});
