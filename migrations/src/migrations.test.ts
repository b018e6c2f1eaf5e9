import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@ecore/adapters/db/testing/test-databases.ts';
import { MIGRATIONS, migrator } from './index.ts';

describe.each(testDatabases())('migrations on $name', ({ open }) => {
  // Every migration down and up again: about 15 s on an idle machine, more than twice that on a loaded one.
  it('run up to the newest, down to nothing and up again', async () => {
    const database = await open();
    try {
      const names = Object.keys(MIGRATIONS);
      const executed = (await migrator(database.db).getMigrations()).filter((m) => m.executedAt).map((m) => m.name);
      expect(executed).toEqual(names);
      for (const _ of names) {
        const down = await migrator(database.db).migrateDown();
        expect(down.error).toBeUndefined();
      }
      const tables = await database.db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain('users');
      const up = await migrator(database.db).migrateToLatest();
      expect(up.error).toBeUndefined();
      expect((await database.db.introspection.getTables()).map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'organisations', 'link_tokens']));
    } finally {
      await database.close();
    }
  }, 120_000);

  it('stores score summaries as json and leaves half of each page of filled questionnaires free (093, 094: a save updates on its page)', async () => {
    const database = await open();
    try {
      const { rows } = await sql<{ type: string; options: string[] | null }>`select format_type(a.atttypid, a.atttypmod) as type, c.reloptions as options
        from pg_class c join pg_attribute a on a.attrelid = c.oid where c.relname = 'asset_questionnaires' and a.attname = 'score_summary'`.execute(database.db);
      expect(rows).toEqual([{ type: 'json', options: ['fillfactor=50'] }]);
    } finally {
      await database.close();
    }
  });
});

it('names every migration with a date prefix, in order', () => {
  const names = Object.keys(MIGRATIONS);
  for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+$/);
  expect([...names].sort()).toEqual(names);
});
