// `npm run bench`, the web client's part: builds the client, then measures in Chromium what the login page
// and the object list cost a new and a returning user (bytes over the wire, largest contentful paint) and
// how big the initial JavaScript and CSS are (gzip), and the time from `npm start` with a fresh DATA_DIR (migrations, demo
// data; the client just built, so not rebuilt) to the first page answered (GET / 200), once, cold. Prints figures; asserts nothing (benchmarks are not tests).
// Goals (issue 23, 11): cold ≤ 250 KB, warm < 10 KB, LCP ≤ 1 s on localhost, initial JS ≤ 200 KB gzip.
// BENCH_REQUESTS=1 also lists each request of a page's first cold load, largest first (what to look at next).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startPortal } from '../support/portal.ts';
import { transferredBytes } from '../support/transfer.ts';
import { timeToFirstPage } from './startup.ts';

const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'web/dist');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const RUNS = 3;

const started = performance.now();
// Built as `npm start` builds it (only when its inputs changed), so that the digest it keeps beside the build is
// current and the start-up below measures the start, not a build (`npm run build` empties web/dist, digest included).
const build = spawnSync('node', ['scripts/build-web-if-changed.mjs'], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) {
  console.error(build.stdout, build.stderr);
  process.exit(1);
}
console.log(`web client ${build.stdout.includes('not rebuilt') ? 'unchanged since its last build' : 'built'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** The files index.html loads before anything else runs: the entry script, its preloads and the styles. */
function initialFiles() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const gzipOf = (files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
  const js = [...refs(/<script[^>]+src="\/?([^"]+\.js)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)];
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+\.css)"/g);
  return { js: js.length, jsGzip: gzipOf(js), css: css.length, cssGzip: gzipOf(css) };
}

/** The largest contentful paint of the page, in ms from navigation start (0 when none was reported). */
const largestContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(last), 200);
      }),
  );

/** One visit in a fresh tab of `context`: bytes over the wire until the page is shown and the network is quiet. */
async function visit(context: BrowserContext, url: string, shown: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const transfer = await transferredBytes(page);
  await page.goto(url);
  await shown(page);
  await page.waitForLoadState('networkidle');
  const lcp = await largestContentfulPaint(page);
  const { bytes, requests, fromCache } = transfer.total();
  const list = transfer.requests().map(({ url, bytes }) => ({ url: new URL(url).pathname + new URL(url).search, bytes }));
  await page.close();
  return { bytes, requests, fromCache, lcp, list };
}

const start = await timeToFirstPage();
console.log(`npm start (fresh DATA_DIR) to the first page (GET / 200): ${(start.ms / 1000).toFixed(1)} s${start.rebuilt ? ' (the web client was rebuilt)' : ''}, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);

const portal = await startPortal({ AUTH_RATE_LIMIT: '1000' });
const browser = await launchBrowser();
try {
  const initial = initialFiles();
  console.log(`initial JavaScript ${kb(initial.jsGzip)} gzip in ${initial.js} files; CSS ${kb(initial.cssGzip)} gzip in ${initial.css} files`);

  const login = await fetch(`${portal.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'objectadmin', password: 'demo1234' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const pages = [
    { label: 'login page', path: '/login', token: null, shown: (page: Page) => page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor() },
    {
      label: 'object list',
      path: '/asset-management/objects',
      token: accessToken,
      shown: (page: Page) => page.getByRole('table', { name: 'Liste der Objekte' }).getByText('Hotel am Rheinufer').waitFor(),
    },
  ];
  console.log(`load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}; LCP is the median of ${RUNS} runs`);
  for (const { label, path, token, shown } of pages) {
    const runs: Awaited<ReturnType<typeof visit>>[][] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
      if (token) await context.addInitScript((value) => localStorage.setItem('ecore.token', value), token);
      runs.push([await visit(context, `${portal.url}${path}`, shown), await visit(context, `${portal.url}${path}`, shown)]);
      await context.close();
    }
    const line = (name: string, load: 0 | 1) => {
      const v = runs[0]![load]!;
      const lcp = median(runs.map((run) => run[load]!.lcp));
      return `${name} ${kb(v.bytes).padStart(9)} (${v.requests} requests, ${v.fromCache} from cache)  LCP ${lcp.toFixed(0).padStart(4)} ms`;
    };
    console.log(`${label.padEnd(12)} ${line('cold', 0)}   ${line('warm', 1)}`);
    if (process.env.BENCH_REQUESTS) {
      for (const { url, bytes } of [...runs[0]![0]!.list].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(bytes).padStart(9)}  ${url}`);
    }
  }
} finally {
  await browser.close();
  await portal.stop();
}
