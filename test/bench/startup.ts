// `npm run bench` (client part): the time from `npm start` to the first page answered, cold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnUntilReady } from '../support/portal.ts';

/** `npm start` on a free port with a fresh embedded database: ms until `GET /` first answers 200. */
export async function timeToFirstPage(): Promise<{ ms: number; rebuilt: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-start-'));
  const begun = performance.now();
  const started = await spawnUntilReady(['npm', 'start'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, { detached: true, timeoutMs: 300_000 }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const url = started.url;
  try {
    for (;;) {
      const res = await fetch(`${url}/`).catch(() => null);
      if (res?.status === 200) {
        await res.text();
        return { ms: performance.now() - begun, rebuilt: !started.output().includes('not rebuilt') };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

