import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

const root = new URL('../../', import.meta.url).pathname;

export interface RunningPortal {
  url: string;
  dataDir: string;
  output: () => string;
  /** Stops the portal and removes its data directory, unless `keepData`. */
  stop(keepData?: boolean): Promise<void>;
}

/** The variable naming a data directory that a portal filled with its demo data and left (test/support/e2e-setup.ts). */
export const PORTAL_TEMPLATE_VARIABLE = 'ECORE_E2E_DATA_TEMPLATE';

/** The server as `npm start` compiles and runs it (scripts/build-server-if-changed.mjs). */
export const COMPILED_SERVER = 'server/dist/server.mjs';

/** The variable naming the server script a portal runs unless told (the browser suite: the compiled server). */
export const PORTAL_SCRIPT_VARIABLE = 'ECORE_E2E_SERVER';

/**
 * Starts the real server (its TypeScript sources through tsx, or what `PORTAL_SCRIPT_VARIABLE` names: the browser
 * suite and the bench run `COMPILED_SERVER`, as `npm start` runs it, without rebuilding) on a free port with a fresh
 * embedded database and demo data, and answers once it prints its address. `script` starts another server that prints
 * `ready at <url>` the same way (the bare route of the benchmark).
 * In the browser suite the fresh data directory is a copy of one migrated and seeded once for the run (the
 * variable above): the portal then starts as on its second day, without migrating and seeding again (~4 s less
 * for each of the suite's files).
 */
export async function startPortal(env: Record<string, string> = {}, script = process.env[PORTAL_SCRIPT_VARIABLE] || 'server/src/server.ts'): Promise<RunningPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecore-e2e-'));
  const template = process.env[PORTAL_TEMPLATE_VARIABLE];
  const portal = script === 'server/src/server.ts' || script === COMPILED_SERVER;
  if (template && existsSync(template) && portal && env.DATA_DIR === undefined && env.DATABASE_URL === undefined) {
    cpSync(template, dataDir, { recursive: true });
  }
  // BENCH_PROFILE=<directory>: the portal writes a CPU profile there when it stops (the bench's, not the bare route's).
  const profile = process.env.BENCH_PROFILE && portal ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // The compiled server needs no TypeScript loader; it runs with the flags of `npm start` (package.json, docs/operations.md).
  const loader = script.endsWith('.mjs') ? ['--enable-source-maps', '--max-semi-space-size=64'] : ['--import', 'tsx'];
  const started = await spawnUntilReady([process.execPath, ...profile, ...loader, script], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  });
  return {
    url: started.url,
    dataDir,
    output: started.output,
    async stop(keepData = false) {
      await started.stop();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SpawnedServer {
  child: ChildProcess;
  /** The address the server printed (`… ready at http://host:port`). */
  url: string;
  /** Everything it printed so far. */
  output: () => string;
  /** SIGTERM (to its process group when detached) and up to 5 s for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `command` in the repository (the portal, compiled or not, `npm start`, or the bench's bare route) with
 * `env` over this process's, and answers once it prints `ready at <url>`; kills it when it exits or does not
 * print that within `timeoutMs`. `detached` puts it in a process group of its own, so that stopping `npm start`
 * stops npm's child too.
 */
export async function spawnUntilReady(command: string[], env: Record<string, string>, options: { detached?: boolean; timeoutMs?: number } = {}): Promise<SpawnedServer> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let out = '';
  const stop = async () => {
    child.removeAllListeners('exit');
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (options.detached && child.pid) process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${command.join(' ')} did not start:\n${out}`)), options.timeoutMs ?? 120_000);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const match = /ready at (http:\/\/[\w.-]+:\d+)/.exec(out);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${command.join(' ')} exited with ${code}:\n${out}`));
      });
    });
    return { child, url, output: () => out, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no network chatter). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A browser context as the suites use one: German unless told otherwise, and asking for reduced motion, which the portal
 * respects (web/src/app/app.tsx): its dialogs, menus and toasts open and close at once, not after animation frames that
 * a loaded machine may deliver late (a dialog closed while starved of frames stayed on screen in one CI run).
 */
export const openContext = (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ locale: 'de-DE', reducedMotion: 'reduce', ...options });
