import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/** The embedded database's data directory as one tar (PGlite's own dump); only while no one else has it open. */
export async function dumpPgliteDir(dir: string): Promise<Uint8Array> {
  const pglite = await PGlite.create(dir);
  try {
    const dump = await pglite.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/** Makes an embedded database in an empty folder from such a dump. */
export async function loadPgliteDir(dir: string, dump: Uint8Array): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
  await pglite.close();
}
