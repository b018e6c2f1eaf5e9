import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest } from '@ecore/migrations/index.ts';
import type { DB } from './schema.ts';
import { PreparingClient } from './prepared.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** What a listener hears: a notification on its channel, or whether it hears them at all right now. */
export interface ListenHandlers {
  notify: (payload: string) => void;
  /** false while the connection that listens is lost (notifications may be missed), true once it listens again. */
  listening: (listening: boolean) => void;
}

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /**
   * LISTEN on a channel: PostgreSQL NOTIFYs of every process sharing the database (on a connection of its
   * own, reconnected when lost), on PGlite the own process's, delivered when their transaction commits.
   * Answers a function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections (all, idle) and the queries waiting for one; PGlite has one connection. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize?: number;
  /**
   * An in-memory embedded database starts from this dump of a migrated one (PGlite's `dumpDataDir`) instead of an
   * empty one: the test suites make it once per run (adapters/src/db/testing/pglite-template.ts), so that each test
   * file's database starts in ~0.6 s instead of ~1.6 s of creating and migrating.
   */
  pgliteTemplate?: Blob | undefined;
}

// PostgreSQL answers int8 (count(*)) as text; our counts fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

const RECONNECT_MS = 1000;

/** A pg client of its own that LISTENs on the channel, reconnecting (and saying so) when its connection is lost. */
async function listenOnPostgres(connectionString: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.notify(n.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) return void (await c.end());
    client = c;
    handlers.listening(true);
  };
  const lost = (c: pg.Client) => {
    if (client !== c || stopped) return;
    client = null;
    handlers.listening(false);
    void c.end().catch(() => undefined);
    const again = () => {
      retry = setTimeout(() => void connect().catch(again), RECONNECT_MS);
      retry.unref();
    };
    again();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, Client: PreparingClient });
    // An idle pooled connection that the server ends (a restart, a dropped database, a failover) is reported
    // here and discarded; the next query opens a new one. Without a listener the error would end the process.
    pool.on('error', () => undefined);
    // A connection lost while a request holds it (between two statements of a transaction) is reported on the
    // client, where pg-pool listens only while it is idle: without this the process would end on a database outage
    // (issue 18 "Faults"). Its next statement fails (503 database-unavailable) and the pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const listeners = new Set<() => Promise<void>>();
    return {
      kind: 'postgres',
      db,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, handlers) => {
        const stop = await listenOnPostgres(options.databaseUrl!, channel, handlers);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await db.destroy();
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // Every statement's changes reach the data directory before its answer (relaxedDurability off, PGlite's default,
  // named so that nobody turns it on for speed): a kill -9 after an acknowledgement loses nothing (issue 18 "Faults",
  // server/src/ops/stop-and-crash.test.ts).
  const template = options.pgliteTemplate && dir.startsWith('memory://') ? { loadDataDir: options.pgliteTemplate } : {};
  const pglite = await PGlite.create(dir, { relaxedDurability: false, ...template });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    listen: async (channel, handlers) => {
      const stop = await pglite.listen(channel, handlers.notify);
      handlers.listening(true);
      return () => stop();
    },
    close: () => db.destroy(),
  };
}

/** Opens the database and brings its schema to the newest migration. */
export async function openMigratedDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  await migrateToLatest(database.db);
  return database;
}
