// `npm run bench`, certificates (issue 16): the time of `GET /api/asset/certificate?id=` for the demo's closed object,
// through the whole app in-process (app.inject) on an embedded database in memory: the first PDF (the browser starts)
// and warm ones (the browser reused, a fresh page per document, 250 ms apart). Goal: warm under 400 ms. Asserts nothing.
// BENCH_CERTIFICATE_CALLS (default 20) is the number of warm calls; CHROMIUM_PATH the browser.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openMigratedDatabase } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import { linkTokens } from '@ecore/adapters/crypto/link-tokens.ts';
import { createMemoryMailer } from '@ecore/adapters/mail/mailer.ts';
import { createMemoryFileStore } from '@ecore/adapters/files/file-store.ts';
import { createChromiumPdfRenderer } from '@ecore/adapters/pdf/chromium-pdf.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoReview } from '@ecore/server/demo/demo-review.ts';
import { buildApp } from '@ecore/server/app.ts';

const CALLS = Number(process.env.BENCH_CERTIFICATE_CALLS ?? 20);

const database = await openMigratedDatabase({});
const pdf = createChromiumPdfRenderer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const hasher = argon2Hasher({ memoryCost: 1024, timeCost: 1 });
try {
  await seedDemoData(database.db, await hasher.hash(DEMO_PASSWORD));
  await seedDemoQuestionnaires(database.db);
  await seedDemoAssets(database.db);
  await seedDemoReview(database.db, new Date());
  const app = await buildApp({
    db: database.db,
    mailer: createMemoryMailer(),
    hasher,
    tokens: linkTokens,
    files: createMemoryFileStore(),
    pdf,
    clock: Date.now,
    config: { jwtSecret: 'bench-secret-bench-secret-bench-secret-42', publicUrl: 'http://127.0.0.1:3000', twoFactorLogin: false, authRateLimit: 1000 },
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'objectadmin', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}`, 'accept-language': 'de' };
  const { id } = await database.db.selectFrom('certificates').select('asset_id as id').where('subject_kind', '=', 'asset').executeTakeFirstOrThrow();

  const call = async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/asset/certificate?id=${id}`, headers });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`certificate answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return { ms, bytes: res.rawPayload.length };
  };
  // The same request without the PDF: what the database and the checks cost.
  const dataTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await app.inject({ method: 'GET', url: `/api/asset/certificate/data?id=${id}`, headers });
    dataTimes.push(performance.now() - started);
  }
  const first = await call();
  const warm: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    // One request after another as users send them, not back to back: the renderer opens the next page meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 250));
    warm.push((await call()).ms);
  }
  warm.sort((a, b) => a - b);
  const at = (q: number) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))]!;
  console.log(`\nCertificate PDF (GET /api/asset/certificate, in-process, Chromium ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}, load ${loadavg()[0]!.toFixed(2)}):`);
  console.log(`  first (browser starts)   ${first.ms.toFixed(0).padStart(6)} ms   ${(first.bytes / 1024).toFixed(0)} KB`);
  console.log(`  data call (no PDF) p50    ${dataTimes.sort((a, b) => a - b)[2]!.toFixed(0).padStart(6)} ms`);
  console.log(`  warm p50 / p95 / max     ${at(0.5).toFixed(0).padStart(6)} / ${at(0.95).toFixed(0)} / ${warm.at(-1)!.toFixed(0)} ms over ${warm.length} calls (goal: under 400 ms)`);
  await app.close();
} finally {
  await pdf.close();
  await database.close();
}
