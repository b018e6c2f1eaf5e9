import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The version of a filled questionnaire as the answering screen shows it: the row versions (PostgreSQL's `xmin`) of
 * the run, its lock, its answers' comments and documents, and its answers, as text
 * (`row;lock;commentId:xmin,…;documentId:xmin,…;answerId:xmin,…`). A change to any of them changes it.
 * `sheet-repository.ts` reads it with the sheet and derives it after its own writes (`sheetVersionAfter`).
 */
export const SHEET_VERSION = sql`select concat(
    (select aq.xmin::text from asset_questionnaires aq where aq.id = p), ';',
    (select l.xmin::text from asset_questionnaire_locks l where l.asset_questionnaire_id = p), ';',
    (select string_agg(c.id::text || ':' || c.xmin::text, ',' order by c.id)
       from asset_answer_comments c join asset_answers a on a.id = c.answer_id where a.asset_questionnaire_id = p), ';',
    (select string_agg(d.id::text || ':' || d.xmin::text, ',' order by d.id)
       from asset_answer_documents d join asset_answers a on a.id = d.answer_id where a.asset_questionnaire_id = p), ';',
    (select string_agg(a.id::text || ':' || a.xmin::text, ',' order by a.id) from asset_answers a where a.asset_questionnaire_id = p))`;

/**
 * The guard itself (`create or replace`), comparing `compared` (an expression of the version read, `current_version`)
 * with the version the save expected; migration 092 compares the version's digest.
 */
export const lockUnchangedSheet = (compared: RawBuilder<unknown>) => sql`create or replace function ecore_lock_unchanged_sheet(p integer, expected text) returns boolean language plpgsql volatile as $$
    declare object_id integer; newer boolean; current_version text;
    begin
      select aq.asset_id into object_id from asset_questionnaires aq where aq.id = p for update;
      if not found then return false; end if;
      select exists (select 1 from asset_questionnaires n where n.asset_id = object_id and n.id > p) into newer;
      if newer then return false; end if;
      current_version := (${SHEET_VERSION});
      return ${compared} = expected;
    end $$`;

// A save of one answer (issue 11) decides on the filled questionnaire as its process keeps it and writes in one
// statement, without a transaction of its own, guarded by `ecore_lock_unchanged_sheet`: it locks the run's row as every
// save does and answers whether the run is still the object's latest and still the version the save decided on. Its
// queries run after the lock is held, each on a snapshot of its own (a plpgsql function, volatile), so a change that
// committed while the save waited for the lock is seen; where anything changed, the save writes nothing and is
// decided again the usual way (a transaction that reads the run with its row locked).
export async function up(db: Kysely<any>): Promise<void> {
  // plpgsql, so that its statement is planned once per connection (an SQL function's body is planned at every call).
  await sql`create function ecore_sheet_version(p integer) returns text language plpgsql stable as $$
    begin
      return (${SHEET_VERSION});
    end $$`.execute(db);
  await lockUnchangedSheet(sql`current_version`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function ecore_lock_unchanged_sheet(integer, text)`.execute(db);
  await sql`drop function ecore_sheet_version(integer)`.execute(db);
}
