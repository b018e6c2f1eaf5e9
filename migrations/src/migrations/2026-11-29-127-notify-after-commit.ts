import { sql, type Kysely } from 'kysely';
import { SESSION_CHANNEL } from './2026-11-24-030-session-notifications.ts';
import { ANSWERING_NOTIFICATION, createAnsweringFunctions } from './2026-11-24-043-answering-notify.ts';

/**
 * The setting a transaction sets (`set_config(…, 'on', true)`) when its writer sends the change notifications itself
 * once it has committed (adapters/src/db/notifications.ts): the triggers then stay silent.
 *
 * Why: PostgreSQL commits the transactions that NOTIFY one at a time (a lock held from before the commit until the
 * commit record is on disk), so a notification inside every answer save made all saves of the portal wait for each
 * other's disk flush. A notification sent after the commit, in a statement of its own, writes nothing to disk.
 */
export const NOTIFY_AFTER_COMMIT = 'ecore.notify_after_commit';

const silent = sql.raw(`if current_setting('${NOTIFY_AFTER_COMMIT}', true) = 'on' then return null; end if;`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [event, rows] of [
    ['inserted', 'new_rows'],
    ['updated', 'new_rows'],
    ['deleted', 'old_rows'],
  ] as const) {
    await sql`create or replace function ${sql.id(`ecore_answering_${event}`)}() returns trigger language plpgsql as $$
      declare ids text;
      begin
        ${silent}
        execute format('select string_agg(distinct (%s)::text, '','') from ${sql.raw(rows)}', tg_argv[0]) into ids;
        if ids is null then return null; end if;
        perform pg_notify(${sql.lit(SESSION_CHANNEL)}, ${sql.lit(ANSWERING_NOTIFICATION)} || case when length(ids) <= 7000 then ':' || ids || '@' || pg_current_xact_id()::text else '' end);
        return null;
      end $$`.execute(db);
  }
  await sql`create or replace function ecore_sessions_changed() returns trigger language plpgsql as $$
    begin
      ${silent}
      perform pg_notify(${sql.lit(SESSION_CHANNEL)}, tg_table_name);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await createAnsweringFunctions(db, true);
  await sql`create or replace function ecore_sessions_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(SESSION_CHANNEL)}, tg_table_name);
      return null;
    end $$`.execute(db);
}
