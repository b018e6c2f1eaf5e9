import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@ecore/migrations/demo-seed.ts';
import { createHarness, bearer, type Harness } from '../testing/harness.ts';

// ASVS 7.1.3, 7.2.1, 7.2.2: authentication events and refused authorisations are structured log lines
// (plugins/auth-events.ts) with an event name and the user's id, and never a secret.
const lines: Record<string, unknown>[] = [];
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ logLevel: 'info', logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  lines.length = 0;
});

const events = (name: string) => lines.filter((l) => l.event === name);
const userId = async (userName: string) => (await h.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
const login = (userName: string, password: string) => h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName, password } });

describe('authentication events as structured log lines', () => {
  it('logs a failed and a successful sign-in with the user id, never the password or the token', async () => {
    const id = await userId('collector');
    expect((await login('collector', 'falsch1passwort')).statusCode).toBe(401);
    expect((await login('nobody-here', 'falsch1passwort')).statusCode).toBe(401);
    const ok = await login('collector', DEMO_PASSWORD);
    expect(events('auth.login.failed')).toEqual([
      expect.objectContaining({ level: 40, userId: id, reason: 'refused', address: expect.any(String), requestId: expect.any(String) }),
      expect.objectContaining({ level: 40, userId: null, reason: 'unknown-user' }),
    ]);
    expect(events('auth.login.succeeded')).toEqual([expect.objectContaining({ level: 30, userId: id })]);
    const text = JSON.stringify(lines);
    for (const secret of ['falsch1passwort', DEMO_PASSWORD, (ok.json() as { accessToken: string }).accessToken, 'nobody-here']) expect(text).not.toContain(secret);
  });

  it('logs a blocked sign-in after five failures', async () => {
    for (let i = 0; i < 6; i++) await login('collector', 'falsch1passwort');
    expect(events('auth.login.blocked')).toHaveLength(1);
    expect(events('access.refused')).toHaveLength(0);
  });

  it('logs logout, and the ended session refused afterwards as access.refused 401 with the user id', async () => {
    const id = await userId('collector');
    const token = await h.login('collector');
    expect((await h.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect(events('auth.logout')).toEqual([expect.objectContaining({ userId: id })]);
    expect((await h.app.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
    expect(events('access.refused')).toEqual([
      expect.objectContaining({ level: 40, userId: id, statusCode: 401, key: 'unauthorized', method: 'GET', route: '/api/user/me' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('logs a refused authorisation (403) with the user and the route pattern, and a call without a session (401)', async () => {
    const id = await userId('collector');
    expect((await h.as('collector', 'GET', '/api/user')).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/user/me' })).statusCode).toBe(401);
    expect(events('access.refused')).toEqual([
      expect.objectContaining({ userId: id, statusCode: 403, key: 'forbidden', method: 'GET', route: '/api/user' }),
      expect.objectContaining({ userId: null, statusCode: 401, key: 'unauthorized', route: '/api/user/me' }),
    ]);
  });

  it('logs a link used once to set the password, and its second use refused, never the token', async () => {
    const id = await userId('collector');
    await h.app.inject({ url: '/api/user/resetPassword?userName=collector' });
    const { token } = await h.lastMailToken();
    const set = (password: string) => h.app.inject({ method: 'POST', url: '/api/user/setPassword', payload: { password, token } });
    expect((await set('neues1passwort')).statusCode).toBe(204);
    expect((await set('zweites2pw')).statusCode).toBe(400);
    expect(events('auth.link.used')).toEqual([expect.objectContaining({ userId: id, purpose: 'resetPassword' })]);
    expect(events('auth.password.set')).toEqual([expect.objectContaining({ userId: id, purpose: 'resetPassword' })]);
    expect(events('auth.link.refused')).toHaveLength(1);
    const text = JSON.stringify(lines);
    for (const secret of [token, 'neues1passwort', 'zweites2pw']) expect(text).not.toContain(secret);
  });

  it('logs the sessions a deactivation ended', async () => {
    const id = await userId('collector');
    expect((await h.as('admin', 'DELETE', `/api/user/${id}`)).statusCode).toBe(204);
    expect(events('auth.sessions.ended')).toEqual([expect.objectContaining({ userId: id, reason: 'deactivate' })]);
  });
});
