import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '@ecore/migrations/index.ts';
import type { DB } from '../schema.ts';

/** The variable naming the file with the dump of a migrated embedded database, made once per test run. */
export const PGLITE_TEMPLATE_VARIABLE = 'ECORE_TEST_PGLITE_TEMPLATE';

let loaded: Blob | null | undefined;

/** The dump the suite's global set-up made (read once per process), or undefined outside such a run. */
export function pgliteTemplate(): Blob | undefined {
  if (loaded === undefined) {
    const file = process.env[PGLITE_TEMPLATE_VARIABLE];
    try {
      loaded = file ? new Blob([readFileSync(file)]) : null;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

/** Migrates an empty in-memory database and writes its dump to a file of its own; answers the file and a cleanup. */
export async function makePgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const dir = mkdtempSync(join(tmpdir(), 'ecore-pglite-template-'));
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await db.destroy();
  }
}
