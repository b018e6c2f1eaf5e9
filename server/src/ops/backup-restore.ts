import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import { openDatabase } from '@ecore/adapters/db/database.ts';
import { dumpPgliteSql, loadPgliteDir, loadPgliteSql } from '@ecore/adapters/db/pglite-dump.ts';
import { MIGRATIONS } from '@ecore/migrations/index.ts';
import { runningPortal } from './running.ts';

/** Where the portal keeps its data: the folder (embedded database, files) and PostgreSQL when configured. */
export interface OpsTarget {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** What an archive says about itself (manifest.json inside it). */
export interface Manifest {
  format: 1;
  database: 'pglite' | 'postgres';
  /** The newest migration the database had run: the schema version. */
  schemaVersion: string;
  migrations: string[];
  files: number;
  /** The rows of each table at the backup (archives written before the dump became SQL have none). */
  rows?: Record<string, number>;
  createdAt: string;
}

/** A refusal that the command line prints as it is (no stack): the operator's next step is in the text. */
export class OpsRefusal extends Error {}

const MANIFEST = 'manifest.json';
/** The embedded database as SQL (its live rows only). */
const PGLITE_SQL = 'database.sql';
/** The embedded database's data directory (pages, write-ahead log), as archives were written before: still restored. */
const PGLITE_DUMP = 'database.tar';
const PG_DUMP = 'database.pgdump';
const FILES = 'files';

const filesDir = (dataDir: string) => join(dataDir, 'files');
const pgliteDir = (dataDir: string) => join(dataDir, 'db');

const run = (command: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new OpsRefusal(`${command} could not be started (${error.message}); install the PostgreSQL client tools`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`))));
  });

const entries = async (dir: string): Promise<string[]> => {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
};

/** The database's run migrations, oldest first, and the rows of each of its tables. */
async function databaseFacts(databaseUrl: string | undefined, dataDir: string): Promise<{ migrations: string[]; rows: Record<string, number> }> {
  const database = await openDatabase({ databaseUrl, pgliteDir: pgliteDir(dataDir) });
  try {
    const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)).rows.map((r) => r.name);
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(database.db);
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows) rows[name] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(database.db)).rows[0]?.n ?? 0;
    return { migrations, rows };
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup -- FILE`: one .tar.gz with the database as rows, never pages (the embedded one as SQL from PGlite's
 * own pg_dump, PostgreSQL through pg_dump's custom format, uncompressed inside the gzip), the file store and a
 * manifest with the schema version and the rows of each table. A logical dump holds the live rows only, so an erasure
 * (an archived user's pseudonymised row) reaches the next backup: no superseded row version, index page or
 * write-ahead log goes with it. The embedded database is only backed up while the portal is stopped.
 */
export async function backup(target: OpsTarget, file: string): Promise<Manifest> {
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const pid = runningPortal(target.dataDir);
    if (pid) throw new OpsRefusal(`The portal is running on ${target.dataDir} (process ${pid}). Stop it (the embedded database is backed up while the portal is stopped), then run the backup again.`);
    if ((await entries(pgliteDir(target.dataDir))).length === 0) throw new OpsRefusal(`There is no database in ${pgliteDir(target.dataDir)} to back up.`);
  }
  const staging = await mkdtemp(join(tmpdir(), 'ecore-backup-'));
  try {
    const { migrations, rows } = await databaseFacts(target.databaseUrl, target.dataDir);
    if (kind === 'pglite') {
      await writeFile(join(staging, PGLITE_SQL), await dumpPgliteSql(pgliteDir(target.dataDir)));
    } else {
      // Uncompressed inside: the archive's gzip compresses it, and one layer less to read for whoever checks an erasure.
      await run('pg_dump', ['--format=custom', '--compress=0', '--no-owner', '--no-privileges', `--file=${join(staging, PG_DUMP)}`, target.databaseUrl!]);
    }
    const stored = (await entries(filesDir(target.dataDir))).filter((name) => !name.endsWith('.partial'));
    await mkdir(join(staging, FILES));
    for (const name of stored) await cp(join(filesDir(target.dataDir), name), join(staging, FILES, name));
    const manifest: Manifest = {
      format: 1,
      database: kind,
      schemaVersion: migrations.at(-1) ?? '',
      migrations,
      files: stored.length,
      rows,
      createdAt: new Date().toISOString(),
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, [MANIFEST, kind === 'pglite' ? PGLITE_SQL : PG_DUMP, FILES]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest without restoring it (the check of a backup, README "Backup and restore"). */
export async function readManifest(file: string): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'ecore-manifest-'));
  try {
    await tar.extract({ file, cwd: staging }, [MANIFEST]);
    return JSON.parse(await readFile(join(staging, MANIFEST), 'utf8')) as Manifest;
  } catch (error) {
    if (error instanceof SyntaxError || (error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'TAR_BAD_ARCHIVE') {
      throw new OpsRefusal(`${file} is not a backup of the portal (no readable manifest).`);
    }
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Whether a PostgreSQL database holds any table of ours (a restore goes only into an empty one). */
async function postgresTables(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ databaseUrl });
  try {
    const result = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`.execute(database.db);
    return result.rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * `npm run restore -- FILE`: restores an archive into an empty DATA_DIR (embedded) or an empty PostgreSQL
 * database; refuses a non-empty target, an archive of a newer schema than this version knows, and an archive
 * of the other kind of database. The next start migrates an older schema as usual.
 */
export async function restore(target: OpsTarget, file: string): Promise<Manifest> {
  const manifest = await readManifest(file);
  const unknown = manifest.migrations.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0) {
    throw new OpsRefusal(`The archive has a newer schema (${manifest.schemaVersion}; unknown here: ${unknown.join(', ')}). Install the portal version that wrote it, or a newer one, and restore with that.`);
  }
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new OpsRefusal(
      manifest.database === 'pglite'
        ? 'The archive holds the embedded database; restore it without DATABASE_URL.'
        : 'The archive holds a PostgreSQL database; restore it with DATABASE_URL set to an empty database.',
    );
  }
  const pid = runningPortal(target.dataDir);
  if (pid) throw new OpsRefusal(`The portal is running on ${target.dataDir} (process ${pid}). Stop it before restoring.`);
  if ((await entries(filesDir(target.dataDir))).length > 0) throw new OpsRefusal(`${filesDir(target.dataDir)} is not empty: restore only into an empty DATA_DIR.`);
  if (kind === 'pglite' && (await entries(pgliteDir(target.dataDir))).length > 0) {
    throw new OpsRefusal(`${pgliteDir(target.dataDir)} is not empty: restore only into an empty DATA_DIR.`);
  }
  if (kind === 'postgres' && (await postgresTables(target.databaseUrl!)) > 0) {
    throw new OpsRefusal('The database of DATABASE_URL is not empty: restore only into an empty (newly created) database.');
  }

  const staging = await mkdtemp(join(tmpdir(), 'ecore-restore-'));
  try {
    await tar.extract({ file, cwd: staging });
    if (kind === 'pglite') {
      const dump = join(staging, PGLITE_SQL);
      if ((await entries(staging)).includes(PGLITE_SQL)) await loadPgliteSql(pgliteDir(target.dataDir), await readFile(dump, 'utf8'));
      else await loadPgliteDir(pgliteDir(target.dataDir), new Uint8Array(await readFile(join(staging, PGLITE_DUMP))));
    } else {
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.databaseUrl!}`, join(staging, PG_DUMP)]);
    }
    await mkdir(filesDir(target.dataDir), { recursive: true, mode: 0o700 });
    for (const name of await entries(join(staging, FILES))) {
      await cp(join(staging, FILES, name), join(filesDir(target.dataDir), name));
    }
    const restored = (await entries(filesDir(target.dataDir))).length;
    if (restored !== manifest.files) throw new Error(`restored ${restored} files, the archive lists ${manifest.files}`);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
