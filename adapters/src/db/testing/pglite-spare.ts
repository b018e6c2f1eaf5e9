import { sql, type Kysely } from 'kysely';
import { openMigratedDatabase, type Database } from '../database.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { truncateApplicationTables } from './truncate.ts';

/**
 * The schema of a database and the rows migrations put in it, as one digest: relations, columns with their types and
 * defaults, functions, triggers, constraints, indexes, sequences' positions, schemas, and the migrations' reference rows.
 */
async function fingerprint(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    select md5(string_agg(item, E'\n' order by item)) as digest from (
      select 'ns ' || nspname from pg_namespace
      union all select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(array_to_string(c.reloptions, ','), '')
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      union all select 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = current_schema() and a.attnum > 0 and not a.attisdropped
      union all select 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()
      union all select 'trg ' || t.tgrelid::regclass::text || ' ' || t.tgname || ' ' || t.tgenabled::text || ' ' || t.tgfoid::regproc::text from pg_trigger t where not t.tgisinternal
      union all select 'con ' || c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema()
      union all select 'idx ' || pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema()
      union all select 'seq ' || sequencename || ' ' || coalesce(last_value::text, '-') from pg_sequences
      union all select 'rows asset_types ' || coalesce((select md5(string_agg(t::text, ',' order by t::text)) from asset_types t), '')
    ) items(item)`.execute(db);
  return rows[0]!.digest;
}

/** The digest of a freshly migrated database, taken at this process's first opening. */
let pristine: string | undefined;
/** A database a test file closed, emptied and found as migrated: the next opening in this process takes it. */
let spare: Database | undefined;

/**
 * An embedded database for a test file, migrated, with no application rows: the one the previous file of this worker
 * closed when it was left as migrated (vitest's `isolate: false` keeps the module between the files of a worker),
 * else a new one from the run's dump (a PGlite takes a second and more to start). Closing it empties its tables, drops
 * the saved test states (databaseStates' schemas) and keeps it only if its schema, sequences and reference rows are
 * as migrated — a file that changed the schema (a fault injected, migrations run down) leaves a database nobody reuses.
 */
export async function openTestPglite(): Promise<Database> {
  let database = spare;
  spare = undefined;
  if (!database) {
    database = await openMigratedDatabase({ pgliteTemplate: pgliteTemplate() });
    pristine ??= await fingerprint(database.db);
  }
  const opened = database;
  return {
    ...opened,
    close: async () => {
      if (spare === undefined && (await asMigrated(opened.db))) spare = opened;
      else await opened.close();
    },
  };
}

/** Empties the application tables and drops saved test states; whether the database is then as migrated. */
async function asMigrated(db: Kysely<any>): Promise<boolean> {
  try {
    await truncateApplicationTables(db);
    const { rows } = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like 'snapshot\\_%'`.execute(db);
    for (const { nspname } of rows) await sql`drop schema ${sql.id(nspname)} cascade`.execute(db);
    return (await fingerprint(db)) === pristine;
  } catch {
    return false;
  }
}
