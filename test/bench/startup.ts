// `npm run bench` (client part): the time from `npm start` to the first page answered, cold.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = new URL('../../', import.meta.url).pathname;

/** `npm start` on a free port with a fresh embedded database: ms until `GET /` first answers 200. */
export async function timeToFirstPage(): Promise<{ ms: number; rebuilt: boolean }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-start-'));
  const begun = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so that stopping it stops npm's child too
  });
  let out = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${out}`)), 300_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const match = /ready at (http:\/\/[\d.]+:\d+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
    });
    for (;;) {
      const res = await fetch(`${url}/`).catch(() => null);
      if (res?.status === 200) {
        await res.text();
        return { ms: performance.now() - begun, rebuilt: !out.includes('not rebuilt') };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

