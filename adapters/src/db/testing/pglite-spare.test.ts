import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestPglite } from './pglite-spare.ts';

const organisations = async (db: Awaited<ReturnType<typeof openTestPglite>>['db']) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from organisations`.execute(db)).rows[0]!.n);

// The embedded database a worker's test files hand on (vitest's isolate: false): emptied, and only as migrated.
describe('the spare embedded database of a worker', () => {
  it('goes to the next opening emptied when its schema is as migrated', async () => {
    const first = await openTestPglite();
    await sql`insert into organisations (name, street, number, zip, city) values ('Spare AG', 'Weg', '1', '10115', 'Berlin')`.execute(first.db);
    expect(await organisations(first.db)).toBe(1);
    await first.close();
    const second = await openTestPglite();
    try {
      expect(second.db).toBe(first.db);
      expect(await organisations(second.db)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('is not handed on when a file changed its schema: the next opening gets a fresh database', async () => {
    const changed = await openTestPglite();
    await sql`alter table organisations add column spare_test integer`.execute(changed.db);
    await changed.close();
    const next = await openTestPglite();
    try {
      expect(next.db).not.toBe(changed.db);
      const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'organisations' and column_name = 'spare_test'`.execute(next.db);
      expect(columns.rows).toEqual([]);
    } finally {
      await next.close();
    }
  });
});
