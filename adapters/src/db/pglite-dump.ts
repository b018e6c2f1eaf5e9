import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * The embedded database as SQL (PGlite's own pg_dump, `--inserts`): its live rows only, never the pages they lie on, so
 * that a row erased or pseudonymised before the backup (an archived user) is in no byte of it: no superseded row
 * version, no index entry, no write-ahead log. Only while no one else has the folder open.
 */
export async function dumpPgliteSql(dir: string): Promise<string> {
  const pglite = await PGlite.create(dir);
  try {
    const dump = await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges'] });
    return await dump.text();
  } finally {
    await pglite.close();
  }
}

/** Makes an embedded database in an empty folder from such a dump. */
export async function loadPgliteSql(dir: string, dump: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  try {
    await pglite.exec(dump);
  } finally {
    await pglite.close();
  }
}

/**
 * Makes an embedded database in an empty folder from a dump of its data directory (PGlite's `dumpDataDir`): how
 * backups were written before they became SQL; such archives are still restored.
 */
export async function loadPgliteDir(dir: string, dump: Uint8Array): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
  await pglite.close();
}
