import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createHarness, bearer, type Harness } from '../testing/harness.ts';
import { listenForMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
let h: Harness;
let withoutToken: Harness;
beforeAll(async () => {
  h = await createHarness({ metricsToken: TOKEN });
  withoutToken = await createHarness();
});
afterAll(async () => {
  await h.close();
  await withoutToken.close();
});
beforeEach(async () => h.reset());

/** The samples of a Prometheus text answer: metric name with labels → value. */
function parse(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1]!, labels: labels as Record<string, string>, value: Number(m[3]) };
    });
}

describe('GET /metrics (issue 24)', () => {
  it('refuses a scrape without the token or with a wrong one, and stores nothing', async () => {
    await h.expectRefused(() => h.app.inject({ method: 'GET', url: '/metrics' }), { statusCode: 401, key: 'unauthorized' });
    await h.expectRefused(() => h.app.inject({ method: 'GET', url: '/metrics', headers: bearer('x'.repeat(32)) }), { statusCode: 401, key: 'unauthorized' });
    // A user's session token is no metrics token.
    const session = await h.login('admin');
    await h.expectRefused(() => h.app.inject({ method: 'GET', url: '/metrics', headers: bearer(session) }), { statusCode: 401, key: 'unauthorized' });
  });

  it('with METRICS_PORT answers /metrics on a port of its own without a token, and nothing else there', async () => {
    const portOnly = await createHarness({ metricsPort: 0 });
    const server = await listenForMetrics(portOnly.app, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(parse(await res.text()).some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
      expect((await fetch(`${base}/api/user/me`)).status).toBe(404);
      // The portal's own port has no /metrics without METRICS_TOKEN.
      expect((await portOnly.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      server.close();
      await portOnly.close();
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await withoutToken.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('answers requests per route and status, their durations, query durations, the mail backlog and process figures', async () => {
    // The counters live as long as the app: this test counts what it adds.
    const before = parse((await h.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body);
    await h.login('admin');
    await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'wrong-password' } });
    await h.app.inject({ method: 'GET', url: '/api/asset/999999', headers: bearer(await h.login('admin')) });
    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const samples = parse(res.body);
    const find = (list: typeof samples, name: string, labels: Record<string, string>) =>
      list.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
    const value = (name: string, labels: Record<string, string> = {}) => (find(samples, name, labels) ?? 0) - (name.startsWith('http_') ? (find(before, name, labels) ?? 0) : 0);

    expect(value('http_requests_total', { method: 'POST', route: '/api/user/login', status_code: '200' })).toBe(2);
    expect(value('http_requests_total', { method: 'POST', route: '/api/user/login', status_code: '401' })).toBe(1);
    // The route's pattern, never the object's id.
    expect(samples.some((s) => s.labels.route?.includes('999999'))).toBe(false);
    expect(value('http_request_duration_seconds_count', { route: '/api/user/login', status_code: '200' })).toBe(2);
    expect(value('ecore_db_query_duration_seconds_count', { operation: 'select' })).toBeGreaterThan(0);
    expect(value('ecore_background_tasks_pending')).toBe(0);
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // The pool of PostgreSQL (the server-pg project); the embedded database has one connection and no pool.
    const pooled = samples.filter((s) => s.name === 'ecore_db_pool_connections').map((s) => s.labels.state).sort();
    expect(pooled).toEqual(process.env.HARNESS_DATABASE === 'postgres' ? ['idle', 'in_use', 'waiting'] : []);
  });
});
