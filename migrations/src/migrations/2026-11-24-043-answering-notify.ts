import { sql, type Kysely } from 'kysely';
import { SESSION_CHANNEL } from './2026-11-24-030-session-notifications.ts';
import { createChangeTriggers, dropChangeTriggers } from './2026-11-24-033-asset-notifications.ts';

/**
 * The name the notifications of the answering tables carry, with the ids of the filled questionnaires a statement
 * changed: `asset_questionnaire_ids:12,15`, or `asset_questionnaire_ids` alone (every filled questionnaire) after a
 * truncate or when the ids would not fit a notification.
 */
export const ANSWERING_NOTIFICATION = 'asset_questionnaire_ids';

/** The answering tables the filled questionnaire shows, and how a row names its filled questionnaire. */
const KEYED: readonly { table: string; questionnaireId: string }[] = [
  { table: 'asset_questionnaires', questionnaireId: 'id' },
  { table: 'asset_answers', questionnaireId: 'asset_questionnaire_id' },
  { table: 'asset_questionnaire_locks', questionnaireId: 'asset_questionnaire_id' },
  { table: 'asset_questionnaire_transitions', questionnaireId: 'asset_questionnaire_id' },
  // Comments and documents belong to an answer; a deleted answer's comments go with it (and the answer notifies).
  { table: 'asset_answer_comments', questionnaireId: '(select a.asset_questionnaire_id from asset_answers a where a.id = answer_id)' },
  { table: 'asset_answer_documents', questionnaireId: '(select a.asset_questionnaire_id from asset_answers a where a.id = answer_id)' },
];

/** The group's cluster I defaults the filled questionnaire shows notify by name (group_submissions does since 041). */
const BY_NAME = ['group_defaults'];

// The processes keep filled questionnaires (server/src/routes/answering), so every statement that changes what one
// shows notifies, once it commits, with the ids of the filled questionnaires it touched: a save drops only the
// entries of its questionnaire, in every process. Statement triggers with transition tables (one trigger per event,
// as PostgreSQL wants them); the ids are collected from the rows the statement inserted, updated or deleted.
/**
 * The functions of the statement triggers below. `withTransaction` (migration 090) appends the id of the transaction
 * that made the change (`asset_questionnaire_ids:12,15@7391`), so that the process that made it can tell its own
 * change, whose result it already keeps, from anyone else's.
 */
export async function createAnsweringFunctions(db: Kysely<any>, withTransaction: boolean): Promise<void> {
  const origin = withTransaction ? sql.raw(`|| '@' || pg_current_xact_id()::text`) : sql.raw('');
  for (const [event, rows] of [
    ['inserted', 'new_rows'],
    ['updated', 'new_rows'],
    ['deleted', 'old_rows'],
  ] as const) {
    await sql`create or replace function ${sql.id(`ecore_answering_${event}`)}() returns trigger language plpgsql as $$
      declare ids text;
      begin
        execute format('select string_agg(distinct (%s)::text, '','') from ${sql.raw(rows)}', tg_argv[0]) into ids;
        if ids is null then return null; end if;
        -- A notification carries at most 8 000 bytes: a statement touching very many questionnaires drops them all.
        perform pg_notify(${sql.lit(SESSION_CHANNEL)}, ${sql.lit(ANSWERING_NOTIFICATION)} || case when length(ids) <= 7000 then ':' || ids ${origin} else '' end);
        return null;
      end $$`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await createAnsweringFunctions(db, false);
  await sql`create function ecore_answering_truncated() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(SESSION_CHANNEL)}, ${sql.lit(ANSWERING_NOTIFICATION)});
      return null;
    end $$`.execute(db);
  for (const { table, questionnaireId } of KEYED) {
    const id = sql.lit(questionnaireId);
    const t = sql.table(table);
    await sql`create trigger ${sql.id(`${table}_answering_inserted`)} after insert on ${t} referencing new table as new_rows
      for each statement execute function ecore_answering_inserted(${id})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_answering_updated`)} after update on ${t} referencing new table as new_rows
      for each statement execute function ecore_answering_updated(${id})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_answering_deleted`)} after delete on ${t} referencing old table as old_rows
      for each statement execute function ecore_answering_deleted(${id})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_answering_truncated`)} after truncate on ${t}
      for each statement execute function ecore_answering_truncated()`.execute(db);
  }
  await createChangeTriggers(db, BY_NAME);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropChangeTriggers(db, BY_NAME);
  for (const { table } of KEYED) {
    for (const event of ['inserted', 'updated', 'deleted', 'truncated']) await sql`drop trigger ${sql.id(`${table}_answering_${event}`)} on ${sql.table(table)}`.execute(db);
  }
  for (const event of ['inserted', 'updated', 'deleted', 'truncated']) await sql`drop function ${sql.id(`ecore_answering_${event}`)}()`.execute(db);
}
