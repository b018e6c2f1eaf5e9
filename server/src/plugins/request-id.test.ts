import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';

const lines: Record<string, unknown>[] = [];
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ logLevel: 'info', logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  lines.length = 0;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids (issue 24)', () => {
  it('answers the id a proxy sent in X-Request-Id', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/app/config', headers: { 'x-request-id': 'lb-4711.abc' } });
    expect(res.headers['x-request-id']).toBe('lb-4711.abc');
  });

  it('makes an id when none was sent, a different one for every request, also on refusals', async () => {
    const a = await h.app.inject({ method: 'GET', url: '/api/app/config' });
    const b = await h.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(401);
    expect(String(a.headers['x-request-id'])).toMatch(UUID);
    expect(String(b.headers['x-request-id'])).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('does not take an id that could forge a log line or is too long', async () => {
    for (const sent of ['a b', 'x'.repeat(129), 'a"}{"level":60', 'ä']) {
      const res = await h.app.inject({ method: 'GET', url: '/api/app/config', headers: { 'x-request-id': sent } });
      expect(String(res.headers['x-request-id'])).toMatch(UUID);
    }
  });

  it('writes the id in the log lines of the work the request left to the background (its mail), and not in another request\'s', async () => {
    const send = h.mailer.send;
    // As server.ts's mailer logs each mail it sends (onSent), through the logger of the request at hand.
    h.mailer.send = async (mail) => {
      h.app.currentLog().info({ to: mail.to }, 'mail sent');
      return send(mail);
    };
    try {
      await h.app.inject({ method: 'GET', url: '/api/user/resetPassword?userName=collector', headers: { 'x-request-id': 'reset-1' } });
      await h.app.inject({ method: 'GET', url: '/api/user/resetPassword?userName=analyst', headers: { 'x-request-id': 'reset-2' } });
      await h.app.drainBackground();
    } finally {
      h.mailer.send = send;
    }
    const mails = lines.filter((l) => l.msg === 'mail sent');
    expect(mails.map((l) => [l.requestId, String(l.to).split('@')[0]]).sort()).toEqual([
      ['reset-1', 'collector'],
      ['reset-2', 'analyst'],
    ]);
    // Outside a request the app's own logger is used.
    h.app.currentLog().info('outside');
    expect(lines.find((l) => l.msg === 'outside')?.requestId).toBeUndefined();
  });

  it('writes the id in every log line of the request and in the body of a 5xx, without internal details', async () => {
    // A missing table is no input error: the login fails with 500.
    await sql`alter table users rename to users_gone`.execute(h.db);
    try {
      const res = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'demo1234' }, headers: { 'x-request-id': 'support-case-1' } });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-request-id']).toBe('support-case-1');
      expect(res.json()).toEqual({ statusCode: 500, key: 'server-error', message: expect.any(String), requestId: 'support-case-1' });
      expect(res.body).not.toContain('users');
    } finally {
      await sql`alter table users_gone rename to users`.execute(h.db);
    }
    const ofRequest = lines.filter((l) => l.requestId === 'support-case-1');
    expect(ofRequest.some((l) => l.msg === 'request failed' && l.level === 50)).toBe(true);
    // Every line written while handling requests names its request.
    expect(lines.filter((l) => l.msg === 'request failed').every((l) => l.requestId === 'support-case-1')).toBe(true);
  });
});
