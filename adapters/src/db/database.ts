import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest } from '@ecore/migrations/index.ts';
import type { DB } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize?: number;
}

// PostgreSQL answers int8 (count(*)) as text; our counts fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { kind: 'postgres', db, close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return { kind: 'pglite', db, close: () => db.destroy() };
}

/** Opens the database and brings its schema to the newest migration. */
export async function openMigratedDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  await migrateToLatest(database.db);
  return database;
}
