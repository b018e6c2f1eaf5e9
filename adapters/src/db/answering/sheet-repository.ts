import { sql, type Kysely, type Transaction } from 'kysely';
import { SCORING_RULES_VERSION } from '@ecore/core/scoring/score.ts';
import type { DB } from '../schema.ts';
import { toAnswer, type AnswerLock, type AnswerRow, type AssetQuestionnaireRow, type CommentRow, type DocumentRow, type RawAnswer } from './answering-repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * An answer as a sheet read it, with the version of its row (PostgreSQL's `xmin`): a save writes over it only while
 * the row is still that version (`writeAnswerWithChange`), without locking it first.
 */
export type SheetAnswer = AnswerRow & { rowVersion: string };

/** A filled questionnaire with everything stored of it that the answering screen shows, read in one statement. */
export interface Sheet {
  row: AssetQuestionnaireRow;
  lock: AnswerLock | null;
  answers: SheetAnswer[];
  comments: CommentRow[];
  documents: DocumentRow[];
  /**
   * The version of all of it (`ecore_sheet_version`, migration 091): a save decided on this sheet writes only while
   * the run is still this version (`SheetGuard` in kept-writes.ts).
   */
  version: string;
}

/**
 * The version of a sheet after its own save wrote answers of it (`rowVersion`: the run's row version then, changed
 * when the save wrote the run's score and progress too): its lock, comments and documents as they were, its answers
 * as they are now (each with its row version).
 */
export function sheetVersionAfter(sheet: Pick<Sheet, 'version' | 'answers'>, rowVersion: string): string {
  const [, lock = '', comments = '', documents = ''] = sheet.version.split(';');
  const answers = [...sheet.answers].sort((a, b) => a.id - b.id).map((a) => `${a.id}:${a.rowVersion}`);
  return [rowVersion, lock, comments, documents, answers.join(',')].join(';');
}

/** The row version (`xmin`) of what a transaction wrote, from its id as `pg_current_xact_id()` names it (with its epoch). */
export const rowVersionOf = (transaction: string) => String(BigInt(transaction) & 0xffffffffn);

type JsonAnswer = { id: number; row_version: string; question_id: number; input_answer: number | null; option_ids: number[]; state: string | null; review_status: string; changed_since_decline: boolean; evidence_requested: boolean; rejection_reason?: string | null; modified_by: string; modified_at: string };
type JsonComment = { id: number; answer_id: number; comment: string; author_name: string; created_at: string };
type JsonDocument = { id: number; answer_id: number; file_name: string; content_type: string; size: number; storage_key: string; uploaded_by: string; uploaded_at: string };
type JsonLock = { user_id: number; holder_name: string; since: string; last_activity: string };

interface SheetQueryRow {
  id: number;
  asset_id: number;
  questionnaire_id: number;
  title: string;
  version_label: string;
  type: string;
  state: string;
  reporting_year: number;
  created_at: Date;
  closed_at: Date | null;
  submitted_alone: boolean;
  decline_count: number;
  adjustments: number;
  answered_count: number;
  total_count: number;
  lock: JsonLock | null;
  answers: JsonAnswer[] | null;
  comments: JsonComment[] | null;
  documents: JsonDocument[] | null;
  version: string;
}

// JSON carries timestamps as text with the session's offset; they are answered as ISO instants in UTC (to the
// millisecond), as the row reads of answering-repository.ts answer them.
const instant = (text: string) => new Date(text).toISOString();

const toSheet = (r: SheetQueryRow): Sheet => ({
  row: {
    id: r.id,
    assetId: r.asset_id,
    questionnaireId: r.questionnaire_id,
    title: r.title,
    version: r.version_label,
    type: r.type,
    state: r.state,
    reportingYear: r.reporting_year,
    createdAt: new Date(r.created_at).toISOString(),
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    submittedAlone: r.submitted_alone,
    declineCount: r.decline_count,
    adjustments: r.adjustments,
    answered: r.answered_count,
    total: r.total_count,
  },
  lock: r.lock ? { userId: r.lock.user_id, holderName: r.lock.holder_name, since: new Date(r.lock.since).getTime(), lastActivity: new Date(r.lock.last_activity).getTime() } : null,
  answers: (r.answers ?? []).map((a) => ({
    id: a.id,
    rowVersion: a.row_version,
    questionId: a.question_id,
    inputAnswer: a.input_answer,
    multipleChoiceOption: [...a.option_ids].sort((x, y) => x - y),
    state: a.state,
    reviewStatus: a.review_status,
    changedSinceDecline: a.changed_since_decline,
    evidenceRequested: a.evidence_requested,
    rejectionReason: a.rejection_reason ?? null,
    modifiedBy: a.modified_by,
    modifiedAt: instant(a.modified_at),
  })),
  comments: (r.comments ?? []).map((c) => ({ id: c.id, answerId: c.answer_id, comment: c.comment, authorName: c.author_name, createdAt: instant(c.created_at) })),
  documents: (r.documents ?? []).map((d) => ({
    id: d.id,
    answerId: d.answer_id,
    fileName: d.file_name,
    contentType: d.content_type,
    size: d.size,
    storageKey: d.storage_key,
    uploadedBy: d.uploaded_by,
    uploadedAt: instant(d.uploaded_at),
  })),
  version: r.version,
});

const sheetQuery = (db: Executor, where: ReturnType<typeof sql>, forUpdate: boolean) =>
  sql<SheetQueryRow>`select aq.id, aq.asset_id, aq.questionnaire_id, q.title, q.version_label, q.type, aq.state, aq.reporting_year,
      aq.created_at, aq.closed_at, aq.submitted_alone, aq.decline_count, aq.adjustments, aq.answered_count, aq.total_count,
      (select json_build_object('user_id', l.user_id, 'holder_name', l.holder_name, 'since', l.since, 'last_activity', l.last_activity)
        from asset_questionnaire_locks l where l.asset_questionnaire_id = aq.id) as lock,
      (select json_agg(json_build_object('id', a.id, 'row_version', a.xmin::text, 'question_id', a.question_id, 'input_answer', a.input_answer, 'option_ids', a.option_ids,
          'state', a.state, 'review_status', a.review_status, 'changed_since_decline', a.changed_since_decline,
          'evidence_requested', a.evidence_requested, 'rejection_reason', a.rejection_reason, 'modified_by', a.modified_by, 'modified_at', a.modified_at) order by a.id)
        from asset_answers a where a.asset_questionnaire_id = aq.id) as answers,
      (select json_agg(json_build_object('id', c.id, 'answer_id', c.answer_id, 'comment', c.comment, 'author_name', c.author_name, 'created_at', c.created_at) order by c.id)
        from asset_answer_comments c join asset_answers a on a.id = c.answer_id where a.asset_questionnaire_id = aq.id) as comments,
      (select json_agg(json_build_object('id', d.id, 'answer_id', d.answer_id, 'file_name', d.file_name, 'content_type', d.content_type, 'size', d.size,
          'storage_key', d.storage_key, 'uploaded_by', d.uploaded_by, 'uploaded_at', d.uploaded_at) order by d.id)
        from asset_answer_documents d join asset_answers a on a.id = d.answer_id where a.asset_questionnaire_id = aq.id) as documents,
      ecore_sheet_version(aq.id) as version
    from asset_questionnaires aq join questionnaires q on q.id = aq.questionnaire_id
    where ${where}
    order by aq.id desc limit 1${forUpdate ? sql` for update of aq` : sql``}`.execute(db);

/**
 * One filled questionnaire of an object (by its id, or the object's latest when `id` is null; `assetId` null: by its id
 * alone) with its lock, answers,
 * comments and documents, in one statement; `forUpdate` locks its row for the transaction (saves), so that what is
 * read is what every other save of it waits for.
 */
export async function findSheet(db: Executor, assetId: number | null, id: number | null, forUpdate = false): Promise<Sheet | null> {
  const where = id === null ? sql`aq.asset_id = ${assetId}` : assetId === null ? sql`aq.id = ${id}` : sql`aq.id = ${id} and aq.asset_id = ${assetId}`;
  const { rows } = await sheetQuery(db, where, forUpdate);
  return rows[0] ? toSheet(rows[0]) : null;
}

/**
 * The answer row of a question locked for the rest of the transaction, created empty when there is none: one
 * statement when it exists (the usual save), two when it is new. Two concurrent saves of one answer wait for each
 * other and each sees what the other stored.
 */
export async function lockAnswerRow(db: Executor, assetQuestionnaireId: number, questionId: number, by: string, at: Date): Promise<AnswerRow> {
  const locked = () =>
    db.selectFrom('asset_answers').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId).where('question_id', '=', questionId).forUpdate().executeTakeFirst();
  const found = await locked();
  if (found) return toAnswer(found);
  const inserted = await db
    .insertInto('asset_answers')
    .values({ asset_questionnaire_id: assetQuestionnaireId, question_id: questionId, input_answer: null, option_ids: [], state: null, modified_by: by, modified_at: at })
    .onConflict((oc) => oc.columns(['asset_questionnaire_id', 'question_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  // A concurrent save created it first: wait for it and take what it stored.
  return toAnswer(inserted ?? (await locked())!);
}

export type AnswerValueRow = { inputAnswer: number | null; multipleChoiceOption: readonly number[]; state: string | null; changedSinceDecline?: boolean };
export type ChangeRow = { assetQuestionnaireId: number; questionId: number; kind: string; userId: number | null; oldValue: unknown; newValue: unknown; note: string };

/** What a write stored: the row with the version it wrote, and the writing transaction (its notifications name it). */
export interface WrittenAnswer {
  answer: SheetAnswer;
  transaction: string;
}
export type WrittenRow = RawAnswer & { row_version: string; written_by: string };
export const writtenAnswer = (r: WrittenRow): WrittenAnswer => ({ answer: { ...toAnswer(r), rowVersion: r.row_version }, transaction: r.written_by });
const WRITTEN = sql`*, xmin::text as row_version, pg_current_xact_id()::text as written_by`;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The change-log row of what the statement's `written` wrote (none when it wrote nothing). */
const loggedFromWritten = (change: ChangeRow, by: string, at: Date) =>
  sql`insert into asset_answer_changes (asset_questionnaire_id, question_id, kind, user_id, user_name, at, old_value, new_value, note)
      select ${change.assetQuestionnaireId}::int, ${change.questionId}::int, ${change.kind}::text, ${change.userId}::int, ${by}::text, ${at}::timestamptz,
        ${json(change.oldValue)}::jsonb, ${json(change.newValue)}::jsonb, ${change.note}::text
      from written`;

/** The filled questionnaire's figures after a write of one answer (its stored score and progress), written with it. */
export interface QuestionnaireFigures {
  ecore: number | null;
  finance: number | null;
  summary: unknown;
  scoredAt: Date;
  answered: number;
  total: number;
}

/** The filled questionnaire's figures, written when the statement's `written` wrote (nothing else). */
const scoredFromWritten = (questionnaireId: number, figures: QuestionnaireFigures | undefined) =>
  figures
    ? sql`, scored as (update asset_questionnaires set ecore_score = ${figures.ecore}::float8, finance_score = ${figures.finance}::float8,
          score_summary = ${JSON.stringify(figures.summary)}::json, score_stamp = ${figures.scoredAt}, score_rules_version = ${SCORING_RULES_VERSION}::int, answered_count = ${figures.answered}, total_count = ${figures.total}
        where id = ${questionnaireId} and exists (select 1 from written))`
    : sql``;

/**
 * Writes an answer and its change-log row in one statement; answers the stored answer (`WrittenAnswer`), and with
 * `figures` the questionnaire's stored score and progress in the same statement. With `rowVersion` (as a sheet
 * read it) it writes only while the row is still that version and answers null when it changed since (a review
 * marked it): the caller then locks it and decides again.
 */
export async function writeAnswerWithChange(
  db: Executor,
  answerId: number,
  value: AnswerValueRow,
  by: string,
  at: Date,
  change: ChangeRow,
  rowVersion?: string,
  figures?: QuestionnaireFigures,
): Promise<WrittenAnswer | null> {
  const options = sql`${sql.val([...value.multipleChoiceOption])}::integer[]`;
  const decline = value.changedSinceDecline === undefined ? sql`changed_since_decline` : sql`${value.changedSinceDecline}`;
  const unchanged = rowVersion === undefined ? sql`` : sql` and xmin = ${rowVersion}::xid`;
  const { rows } = await sql<WrittenRow>`with written as (
      update asset_answers set input_answer = ${value.inputAnswer}, option_ids = ${options}, state = ${value.state},
        modified_by = ${by}, modified_at = ${at}, changed_since_decline = ${decline}
      where id = ${answerId}${unchanged} returning ${WRITTEN}),
    logged as (${loggedFromWritten(change, by, at)})${scoredFromWritten(change.assetQuestionnaireId, figures)}
    select * from written`.execute(db);
  return rows[0] ? writtenAnswer(rows[0]) : null;
}

/**
 * Creates a question's first answer and its change-log row (and `figures`, as above) in one statement; answers null when a concurrent
 * writer created the row first (the caller then locks it and decides again).
 */
export async function createAnswerWithChange(
  db: Executor,
  value: AnswerValueRow,
  by: string,
  at: Date,
  change: ChangeRow,
  figures?: QuestionnaireFigures,
): Promise<WrittenAnswer | null> {
  const options = sql`${sql.val([...value.multipleChoiceOption])}::integer[]`;
  const { rows } = await sql<WrittenRow>`with written as (
      insert into asset_answers (asset_questionnaire_id, question_id, input_answer, option_ids, state, modified_by, modified_at, changed_since_decline)
      select ${change.assetQuestionnaireId}::int, ${change.questionId}::int, ${value.inputAnswer}::float8, ${options}, ${value.state}::text, ${by}::text, ${at}::timestamptz,
        ${value.changedSinceDecline ?? false}::boolean
      on conflict (asset_questionnaire_id, question_id) do nothing returning ${WRITTEN}),
    logged as (${loggedFromWritten(change, by, at)})${scoredFromWritten(change.assetQuestionnaireId, figures)}
    select * from written`.execute(db);
  return rows[0] ? writtenAnswer(rows[0]) : null;
}
