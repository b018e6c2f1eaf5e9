// `npm run bench`: starts the portal on a fresh embedded database and measures the main auth calls
// over loopback. Prints timings; asserts nothing (benchmarks are not tests).
import { performance } from 'node:perf_hooks';
import { startPortal } from '../support/portal.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function measure(label: string, count: number, concurrency: number, call: () => Promise<Response>) {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t = performance.now();
        const res = await call();
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (!res.ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(34)} n=${count} c=${concurrency}  ${(count / seconds).toFixed(1)} req/s  p50=${percentile(times, 50).toFixed(1)} ms  p95=${percentile(times, 95).toFixed(1)} ms  errors=${errors}`,
  );
}

const portal = await startPortal({ AUTH_RATE_LIMIT: '100000' });
try {
  const json = { 'content-type': 'application/json' };
  const login = () => fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: json, body: JSON.stringify({ userName: 'admin', password: 'demo1234' }) });
  const { accessToken } = (await (await login()).json()) as { accessToken: string };
  await measure('POST /api/user/login (argon2id)', 40, 2, login);
  await measure('GET /api/user/me', 2000, 8, () => fetch(`${portal.url}/api/user/me`, { headers: { authorization: `Bearer ${accessToken}` } }));
  await measure('GET / (client html)', 1000, 8, () => fetch(`${portal.url}/`));
} finally {
  await portal.stop();
}
