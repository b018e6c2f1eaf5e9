// Global set-up of the browser suite: one portal migrates an embedded database and loads the demo data once; every
// test file's portal starts on a copy of that directory (test/support/portal.ts).
import { rmSync } from 'node:fs';
import { PORTAL_TEMPLATE_VARIABLE, startPortal } from './portal.ts';

let template: string | undefined;

export async function setup(): Promise<void> {
  const portal = await startPortal({ AUTH_RATE_LIMIT: '1000' });
  await portal.stop(true);
  template = portal.dataDir;
  process.env[PORTAL_TEMPLATE_VARIABLE] = template;
}

export function teardown(): void {
  if (template) rmSync(template, { recursive: true, force: true });
}
