import { sql, type Kysely } from 'kysely';

/**
 * The statement that writes the saves of one batch (adapters/src/db/answering/kept-writes.ts, issue 11) as a plpgsql
 * function, so that PostgreSQL plans it once per connection instead of at every batch: its text is some 3 KB of
 * common table expressions over eight tables, and planning it took 1.3 ms, about a fifth of the database's time for a
 * batch of 15–30 saves. The function's query runs on a snapshot taken when it starts, as the statement did; the
 * guard (`ecore_lock_unchanged_sheet`, migrations 091 and 092) is unchanged. Per save it answers the answer as written
 * (`n`: the save's place in `saves`, 1-based), nothing for a save whose run changed; `written_by` is the transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function ecore_write_kept_answers(saves json)
    returns table (id integer, question_id integer, input_answer double precision, option_ids integer[], state text, review_status text,
      changed_since_decline boolean, evidence_requested boolean, modified_by text, modified_at timestamptz, row_version text, n integer, written_by text)
    language plpgsql volatile set plan_cache_mode = force_generic_plan as $$
    #variable_conflict use_column
    begin
      return query with input as (
        select * from json_to_recordset(saves) as i(n int, qid int, version text, answer_id int, row_version text, question_id int,
          input_answer float8, option_ids int[], state text, decline boolean, by_name text, at timestamptz, kind text, user_id int, old_value jsonb,
          new_value jsonb, note text, ecore float8, finance float8, scored_at timestamptz, answered int, total int, summary json)),
      -- Each run's row locked in the order of the ids (as every save of several runs locks them), then compared.
      guard as materialized (select s.n, ecore_lock_unchanged_sheet(s.qid, s.version) as unchanged from (select i.n, i.qid, i.version from input i order by i.qid) s),
      ok as materialized (select i.* from input i join guard g on g.n = i.n where g.unchanged),
      updated as (
        update asset_answers a set input_answer = ok.input_answer, option_ids = ok.option_ids, state = ok.state,
          modified_by = ok.by_name, modified_at = ok.at, changed_since_decline = coalesce(ok.decline, a.changed_since_decline)
        from ok where a.id = ok.answer_id and a.xmin = ok.row_version::xid
        returning a.id, a.question_id, a.input_answer, a.option_ids, a.state, a.review_status, a.changed_since_decline, a.evidence_requested,
          a.modified_by, a.modified_at, a.xmin::text as row_version, ok.n),
      inserted as (
        insert into asset_answers as a (asset_questionnaire_id, question_id, input_answer, option_ids, state, modified_by, modified_at, changed_since_decline)
        select ok.qid, ok.question_id, ok.input_answer, ok.option_ids, ok.state, ok.by_name, ok.at, coalesce(ok.decline, false)
        from ok where ok.answer_id is null
        on conflict (asset_questionnaire_id, question_id) do nothing
        returning a.id, a.asset_questionnaire_id, a.question_id, a.input_answer, a.option_ids, a.state, a.review_status, a.changed_since_decline,
          a.evidence_requested, a.modified_by, a.modified_at, a.xmin::text as row_version),
      written as (
        select * from updated
        union all
        select ins.id, ins.question_id, ins.input_answer, ins.option_ids, ins.state, ins.review_status, ins.changed_since_decline, ins.evidence_requested,
          ins.modified_by, ins.modified_at, ins.row_version, ok.n
        from inserted ins join ok on ok.qid = ins.asset_questionnaire_id and ok.question_id = ins.question_id),
      logged as (
        insert into asset_answer_changes (asset_questionnaire_id, question_id, kind, user_id, user_name, at, old_value, new_value, note)
        select ok.qid, ok.question_id, ok.kind, ok.user_id, ok.by_name, ok.at, ok.old_value, ok.new_value, ok.note
        from ok join written w on w.n = ok.n),
      scored as (
        update asset_questionnaires aq set ecore_score = ok.ecore, finance_score = ok.finance, score_summary = ok.summary, score_stamp = ok.scored_at,
          answered_count = ok.answered, total_count = ok.total
        from ok join written w on w.n = ok.n where aq.id = ok.qid)
      select w.id, w.question_id, w.input_answer, w.option_ids, w.state, w.review_status, w.changed_since_decline, w.evidence_requested,
        w.modified_by, w.modified_at, w.row_version, w.n, pg_current_xact_id()::text from written w;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists ecore_write_kept_answers(json)`.execute(db);
}
