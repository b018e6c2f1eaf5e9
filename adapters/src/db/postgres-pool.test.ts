import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { testDatabases } from './testing/test-databases.ts';
import { PREPARED } from './prepared.ts';

// An idle connection ended by the server (a restart, a failover) must not end the process; the next query
// opens a new connection.
describe.each(testDatabases().filter((d) => d.name === 'postgres'))('the connection pool on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  it('survives the server ending its idle connections, and answers the next query', async () => {
    await database.db.selectFrom('organisations').select('id').execute();
    const name = (await database.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()).name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await database.db.selectFrom('organisations').select('id').execute()).toEqual([]);
  });

  it('prepares a marked statement once per connection and runs it with each call’s values; other statements stay unnamed', async () => {
    const seen = await database.db.transaction().execute(async (trx) => {
      const values = [];
      for (const n of [1, 2, 3]) values.push((await sql<{ n: number }>`${PREPARED} select ${n}::int as n`.execute(trx)).rows[0]!.n);
      await sql`select ${4}::int as n`.execute(trx);
      const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
      return { values, prepared: prepared.rows };
    });
    expect(seen.values).toEqual([1, 2, 3]);
    expect(seen.prepared).toEqual([{ name: expect.stringMatching(/^ecore_[0-9a-f]{24}$/), statement: '/* prepared */ select $1::int as n' }]);
  });
});
