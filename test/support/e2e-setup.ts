// Global set-up of the browser suite: the server is compiled as `npm start` compiles it (when its sources changed) and
// every portal of the suite runs it (no TypeScript loader in each file's portal: a second less to start, and less CPU
// beside the browsers); one portal migrates an embedded database and loads the demo data once; every test file's
// portal starts on a copy of that directory (test/support/portal.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { COMPILED_SERVER, PORTAL_SCRIPT_VARIABLE, PORTAL_TEMPLATE_VARIABLE, startPortal } from './portal.ts';

const root = new URL('../../', import.meta.url).pathname;

let template: string | undefined;

export async function setup(): Promise<void> {
  const built = spawnSync(process.execPath, ['scripts/build-server-if-changed.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server did not compile: ${built.stdout}${built.stderr}`);
  process.env[PORTAL_SCRIPT_VARIABLE] = COMPILED_SERVER;
  const portal = await startPortal({ AUTH_RATE_LIMIT: '1000' });
  await portal.stop(true);
  template = portal.dataDir;
  process.env[PORTAL_TEMPLATE_VARIABLE] = template;
}

export function teardown(): void {
  if (template) rmSync(template, { recursive: true, force: true });
}
