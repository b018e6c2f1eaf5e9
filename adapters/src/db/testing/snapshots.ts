import { sql, type Kysely } from 'kysely';
import { truncateApplicationTables, MIGRATION_DATA_TABLES } from './truncate.ts';

/**
 * Saved states of a test database, so that a test file seeds its starting data once and every test starts
 * from a copy of it (seeding the demo answers and review through the application's code takes about half a
 * second; copying the rows back takes a fraction of that). A state lives in a schema of its own
 * (`snapshot_<name>`) beside the application's tables, which `databaseSnapshot` and
 * `truncateApplicationTables` never see.
 */
export interface DatabaseStates {
  /** True when a state of this name was saved. */
  has(name: string): boolean;
  /** Saves the application tables' rows and the sequences' positions under `name` (replacing an earlier one). */
  save(name: string): Promise<void>;
  /** Empties the application tables and puts the rows and sequence positions of state `name` back. */
  restore(name: string): Promise<void>;
}

interface SavedState {
  schema: string;
  /** Tables with rows in the saved state, and the columns a row is written with (generated ones left out). */
  tables: { table: string; columns: string[] }[];
  sequences: { name: string; lastValue: string }[];
}

const schemaOf = (name: string) => `snapshot_${name.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;

export function databaseStates(db: Kysely<any>): DatabaseStates {
  const saved = new Map<string, SavedState>();
  return {
    has: (name) => saved.has(name),
    async save(name) {
      const schema = schemaOf(name);
      const tableRows = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
        order by table_name`.execute(db);
      const columnRows = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_generated = 'NEVER'
        order by table_name, ordinal_position`.execute(db);
      const sequenceRows = await sql<{ sequencename: string; last_value: string | null }>`
        select sequencename, last_value::text as last_value from pg_sequences where schemaname = current_schema()`.execute(db);
      const state: SavedState = { schema, tables: [], sequences: [] };
      await db.transaction().execute(async (trx) => {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
        await sql`create schema ${sql.id(schema)}`.execute(trx);
        for (const { table_name: table } of tableRows.rows) {
          if (MIGRATION_DATA_TABLES.includes(table)) continue;
          const columns = columnRows.rows.filter((c) => c.table_name === table).map((c) => c.column_name);
          const list = sql.join(columns.map((c) => sql.id(c)));
          await sql`create table ${sql.id(schema, table)} as select ${list} from ${sql.table(table)}`.execute(trx);
          const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, table)}`.execute(trx);
          if ((count.rows[0]?.n ?? 0) > 0) state.tables.push({ table, columns });
        }
      });
      for (const s of sequenceRows.rows) if (s.last_value !== null) state.sequences.push({ name: s.sequencename, lastValue: s.last_value });
      saved.set(name, state);
    },
    async restore(name) {
      const state = saved.get(name);
      if (!state) throw new Error(`no saved database state '${name}'`);
      // The truncate tells the running app (its caches listen for it) that everything changed.
      await truncateApplicationTables(db);
      await db.transaction().execute(async (trx) => {
        // Rows go back as they were saved: no foreign-key order, no triggers (the truncate has notified).
        await sql`set local session_replication_role = replica`.execute(trx);
        for (const { table, columns } of state.tables) {
          const list = sql.join(columns.map((c) => sql.id(c)));
          await sql`insert into ${sql.table(table)} (${list}) overriding system value select ${list} from ${sql.id(state.schema, table)}`.execute(trx);
        }
        for (const s of state.sequences) await sql`select setval(quote_ident(${s.name})::regclass, ${s.lastValue}::bigint, true)`.execute(trx);
      });
    },
  };
}
