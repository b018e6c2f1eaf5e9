// Global set-up of the suites on the embedded database (adapters, server): one migrated PGlite is dumped once per run,
// and every test file's in-memory database starts from that dump (adapters/src/db/testing/pglite-template.ts).
import { makePgliteTemplate, PGLITE_TEMPLATE_VARIABLE } from '@ecore/adapters/db/testing/pglite-template.ts';

let remove: (() => void) | undefined;

export async function setup(): Promise<void> {
  const template = await makePgliteTemplate();
  remove = template.remove;
  process.env[PGLITE_TEMPLATE_VARIABLE] = template.file;
}

export function teardown(): void {
  remove?.();
}
