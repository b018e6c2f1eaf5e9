// Global set-up of the suites on a database (adapters, server, server-pg): one migrated PGlite is dumped once per run,
// and every test file's in-memory database starts from that dump (adapters/src/db/testing/pglite-template.ts); with
// TEST_DATABASE_URL one migrated PostgreSQL database is made once, and every test file's PostgreSQL database is a copy
// of it (adapters/src/db/testing/postgres-template.ts).
import { makePgliteTemplate, PGLITE_TEMPLATE_VARIABLE } from '@ecore/adapters/db/testing/pglite-template.ts';
import { makePostgresTemplate, POSTGRES_TEMPLATE_VARIABLE } from '@ecore/adapters/db/testing/postgres-template.ts';

const removals: (() => void | Promise<void>)[] = [];

export async function setup(): Promise<void> {
  const template = await makePgliteTemplate();
  removals.push(template.remove);
  process.env[PGLITE_TEMPLATE_VARIABLE] = template.file;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const postgres = await makePostgresTemplate(url);
    removals.push(postgres.remove);
    process.env[POSTGRES_TEMPLATE_VARIABLE] = postgres.name;
  }
}

export async function teardown(): Promise<void> {
  for (const remove of removals.splice(0)) await remove();
}
