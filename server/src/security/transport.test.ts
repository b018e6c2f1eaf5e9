import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import type { Database } from '@ecore/adapters/db/database.ts';
import { loadConfig } from '../config.ts';
import { createHarness, type Harness } from '../testing/harness.ts';

// Issue 18 "Headers and transport" (docs/security.md): the page's CSP, the headers every answer carries, the HTTP
// server's timeouts from the configuration, 503 server-busy under overload, and GET /api/health.
let database: Database;
let h: Harness;
let busy: Harness;
const timeouts = { connectionMs: 61_000, requestMs: 121_000, keepAliveMs: 66_000 };
beforeAll(async () => {
  const kind = process.env.HARNESS_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  database = await testDatabases().find((d) => d.name === kind)!.open();
  // Without the overload check: on a starved machine a sample second without a single event-loop tick reads as an
  // endless delay (@fastify/under-pressure), and these tests are about the headers, not overload.
  h = await createHarness({ timeouts }, database);
  // A node whose heap is always "too full": 1 MB, sampled every 10 ms.
  busy = await createHarness({ underPressure: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 1, sampleIntervalMs: 10 } }, database);
});
afterAll(async () => {
  await busy.close();
  await h.close();
  await database.close();
});

describe('headers', () => {
  it('a page’s CSP forbids plugins, <base> and framing; every answer has nosniff and no referrer', async () => {
    const page = await h.app.inject({ url: '/login' });
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'", "script-src 'self'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe-eval');
    for (const res of [page, await h.app.inject({ url: '/api/health' })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('transport', () => {
  it('the HTTP server closes silent connections, slow requests and idle keep-alive connections as configured', () => {
    expect(h.app.initialConfig.connectionTimeout).toBe(timeouts.connectionMs);
    expect(h.app.server.timeout).toBe(timeouts.connectionMs);
    expect(h.app.server.requestTimeout).toBe(timeouts.requestMs);
    expect(h.app.server.keepAliveTimeout).toBe(timeouts.keepAliveMs);
  });

  it('the configuration has defaults for every timeout and limit, and takes them from the environment', () => {
    const byDefault = loadConfig({ DATA_DIR: '/tmp/ecore-transport-test', JWT_SECRET: 'x'.repeat(32) });
    expect(byDefault.timeouts).toEqual({ connectionMs: 60_000, requestMs: 120_000, keepAliveMs: 65_000 });
    // The delay limit is on by default with PostgreSQL, off on the embedded database (whose queries hold the loop).
    expect(byDefault.underPressure).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedMb: 0 });
    expect(loadConfig({ DATA_DIR: '/tmp/ecore-transport-test', DATABASE_URL: 'postgres://x@h/db' }).underPressure.maxEventLoopDelayMs).toBe(1000);
    expect(byDefault.shutdownGraceMs).toBe(10_000);
    const given = loadConfig({ DATA_DIR: '/tmp/ecore-transport-test', JWT_SECRET: 'x'.repeat(32), REQUEST_TIMEOUT_MS: '5000', MAX_HEAP_USED_MB: '900', SHUTDOWN_GRACE_MS: '3000' });
    expect(given.timeouts.requestMs).toBe(5000);
    expect(given.underPressure.maxHeapUsedMb).toBe(900);
    expect(given.shutdownGraceMs).toBe(3000);
    expect(() => loadConfig({ DATA_DIR: '/tmp/ecore-transport-test', KEEP_ALIVE_TIMEOUT_MS: '10' })).toThrow(/^configuration: KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('GET /api/health answers 200 while the database answers', async () => {
    const res = await h.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('under overload every request answers 503 server-busy at once, in the request’s language, with Retry-After', async () => {
    let res = await busy.app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } });
    // The first sample is taken after 10 ms.
    for (let i = 0; i < 100 && res.statusCode !== 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      res = await busy.app.inject({ url: '/api/health', headers: { 'accept-language': 'en' } });
    }
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, key: 'server-busy', message: 'The server is overloaded right now. Please try again in a few seconds.' });
    expect(res.headers['retry-after']).toBe('10');
    const signIn = await busy.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'x' } });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().message).toBe('Der Server ist gerade überlastet. Bitte versuchen Sie es in einigen Sekunden erneut.');
  });
});
