import { randomBytes } from 'node:crypto';
import { openDatabase, openMigratedDatabase, type Database } from '../database.ts';
import { openTestPglite } from './pglite-spare.ts';
import { onServer, POSTGRES_TEMPLATE_VARIABLE, withDatabase } from './postgres-template.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database & { reopen(): Promise<Database> }>;
}

/**
 * The databases the repository suite runs against: PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Each PostgreSQL open makes a database of its own (dropped on close), so that files never share data: a copy of
 * the run's migrated template where the global set-up made one (test/support/pglite-setup.ts), else migrated itself.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      // PGlite lives in one process: another opening of it is the same database.
      open: async () => {
        const database = await openTestPglite();
        return { ...database, reopen: async () => ({ ...database, close: async () => undefined }) };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: () => openTemporaryPostgres(url) });
  return list;
}

/** A database of its own; `reopen` connects to it once more, as another server process would. */
async function openTemporaryPostgres(url: string): Promise<Database & { reopen(): Promise<Database> }> {
  const name = `ecore_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  await onServer(url, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const target = withDatabase(url, name);
  const database = await openMigratedDatabase({ databaseUrl: target, poolSize: 4 });
  return {
    ...database,
    reopen: () => openDatabase({ databaseUrl: target, poolSize: 4 }),
    async close() {
      await database.close();
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}
