import { sql, type Kysely, type Transaction } from 'kysely';
import { SCORING_RULES_VERSION } from '@ecore/core/scoring/score.ts';
import type { LastYear, OutlierAcceptance, OutlierType } from '@ecore/core/scoring/outliers.ts';
import { NOTIFY_AFTER_COMMIT } from '@ecore/migrations/index.ts';
import type { DB } from '../schema.ts';
import { PREPARED } from '../prepared.ts';
import { toAnswer, type AnswerLock, type AnswerRow, type AssetQuestionnaireRow, type CommentRow, type DocumentRow, type RawAnswer } from './answering-repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A filled questionnaire with everything stored of it that the answering screen shows, read in one statement. */
export interface Sheet {
  row: AssetQuestionnaireRow;
  lock: AnswerLock | null;
  answers: AnswerRow[];
  comments: CommentRow[];
  documents: DocumentRow[];
  /** What the plausibility flags read besides the answers: last year's figures (its annual start) and the explanations. */
  plausibility: { lastYear: LastYear | null; acceptances: Pick<OutlierAcceptance, 'questionId' | 'type' | 'value'>[] };
}

/**
 * An answer as the sheet's statement sends it: a JSON array in the order of `ANSWER_FIELDS` (a JSON object per answer,
 * with its keys, took PostgreSQL twice as long to build as the rest of the save's read together).
 */
type JsonAnswer = [id: number, questionId: number, inputAnswer: number | null, optionIds: number[], state: string | null, reviewStatus: string, changedSinceDecline: boolean, evidenceRequested: boolean, rejectionReason: string | null, provenance: string | null, modifiedBy: string, modifiedAt: string];
const ANSWER_FIELDS = sql.raw('a.id, a.question_id, a.input_answer, a.option_ids, a.state, a.review_status, a.changed_since_decline, a.evidence_requested, a.rejection_reason, a.provenance, a.modified_by, a.modified_at');
type JsonComment = { id: number; answer_id: number; comment: string; author_name: string; created_at: string };
type JsonDocument = { id: number; answer_id: number; file_name: string; content_type: string; size: number; storage_key: string; uploaded_by: string; uploaded_at: string; title: string | null; valid_from: string | null; valid_until: string | null };
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
  last_year: { answers: LastYear['answers']; area: number } | null;
  acceptances: { questionId: number; type: OutlierType; value: number }[] | null;
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
  answers: (r.answers ?? []).map(([id, questionId, inputAnswer, optionIds, state, reviewStatus, changedSinceDecline, evidenceRequested, rejectionReason, provenance, modifiedBy, modifiedAt]) => ({
    id,
    questionId,
    inputAnswer,
    multipleChoiceOption: [...optionIds].sort((x, y) => x - y),
    state,
    reviewStatus,
    changedSinceDecline,
    evidenceRequested,
    rejectionReason,
    provenance,
    modifiedBy,
    modifiedAt: instant(modifiedAt),
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
    ...(d.title !== null ? { validity: { title: d.title, validFrom: d.valid_from, validUntil: d.valid_until } } : {}),
  })),
  plausibility: { lastYear: r.last_year ? { answers: r.last_year.answers, area: Number(r.last_year.area) } : null, acceptances: (r.acceptances ?? []).map((a) => ({ ...a, value: Number(a.value) })) },
});

const sheetQuery = (db: Executor, where: ReturnType<typeof sql>) =>
  sql<SheetQueryRow>`${PREPARED} select aq.id, aq.asset_id, aq.questionnaire_id, q.title, q.version_label, q.type, aq.state, aq.reporting_year,
      aq.created_at, aq.closed_at, aq.submitted_alone, aq.decline_count, aq.adjustments, aq.answered_count, aq.total_count,
      (select json_build_object('user_id', l.user_id, 'holder_name', l.holder_name, 'since', l.since, 'last_activity', l.last_activity)
        from asset_questionnaire_locks l where l.asset_questionnaire_id = aq.id) as lock,
      (select json_agg(json_build_array(${ANSWER_FIELDS}) order by a.id) from asset_answers a where a.asset_questionnaire_id = aq.id) as answers,
      (select json_agg(json_build_object('id', c.id, 'answer_id', c.answer_id, 'comment', c.comment, 'author_name', c.author_name, 'created_at', c.created_at) order by c.id)
        from asset_answer_comments c join asset_answers a on a.id = c.answer_id where a.asset_questionnaire_id = aq.id) as comments,
      (select json_agg(json_build_object('id', d.id, 'answer_id', d.answer_id, 'file_name', d.file_name, 'content_type', d.content_type, 'size', d.size,
          'storage_key', d.storage_key, 'uploaded_by', d.uploaded_by, 'uploaded_at', d.uploaded_at, 'title', e.title, 'valid_from', e.valid_from, 'valid_until', e.valid_until) order by d.id)
        from asset_answer_documents d join asset_answers a on a.id = d.answer_id left join evidence_documents e on e.id = d.evidence_id
        where a.asset_questionnaire_id = aq.id) as documents,
      (select json_build_object('answers', s.last_year_values, 'area', s.previous_area) from annual_starts s where s.asset_questionnaire_id = aq.id) as last_year,
      (select json_agg(json_build_object('questionId', o.question_id, 'type', o.type, 'value', o.value)) from outlier_acceptances o where o.asset_questionnaire_id = aq.id) as acceptances
    from asset_questionnaires aq join questionnaires q on q.id = aq.questionnaire_id
    where ${where}
    order by aq.id desc limit 1`.execute(db);

/**
 * One filled questionnaire of an object (by its id, or the object's latest when `id` is null; `assetId` null: by its id
 * alone) with its lock, answers, comments and documents. `forUpdate` locks its row for the transaction first (saves),
 * and reads it in a statement of its own once the lock is held: every writer of its answers takes that lock first, so
 * what is read is what the writer before left (a statement that waited for the lock would read the answers as they
 * were when it began).
 */
export async function findSheet(db: Executor, assetId: number | null, id: number | null, forUpdate = false): Promise<Sheet | null> {
  const where = sheetWhere(assetId, id);
  if (forUpdate) {
    const { rows: locked } = await sql<{ id: number }>`select aq.id from asset_questionnaires aq where ${where} order by aq.id desc limit 1 for update`.execute(db);
    return locked[0] ? readSheet(db, locked[0].id) : null;
  }
  const { rows } = await sheetQuery(db, where);
  return rows[0] ? toSheet(rows[0]) : null;
}

const sheetWhere = (assetId: number | null, id: number | null) =>
  id === null ? sql`aq.asset_id = ${assetId}` : assetId === null ? sql`aq.id = ${id}` : sql`aq.id = ${id} and aq.asset_id = ${assetId}`;

async function readSheet(db: Executor, id: number): Promise<Sheet | null> {
  const { rows } = await sheetQuery(db, sql`aq.id = ${id}`);
  return rows[0] ? toSheet(rows[0]) : null;
}

/**
 * `findSheet(trx, assetId, null, true)` for the answer save, which sends its change notifications itself once it
 * has committed (adapters/src/db/notifications.ts): the statement that locks the row also silences the
 * transaction's notification triggers and answers the transaction's id, the notifications' origin.
 */
export async function lockSheetForSave(trx: Transaction<DB>, assetId: number): Promise<{ sheet: Sheet; origin: string } | null> {
  const { rows: locked } = await sql<{ id: number; origin: string }>`${PREPARED} select aq.id, pg_current_xact_id()::text as origin, set_config(${NOTIFY_AFTER_COMMIT}, 'on', true)
    from asset_questionnaires aq where ${sheetWhere(assetId, null)} order by aq.id desc limit 1 for update`.execute(trx);
  const sheet = locked[0] ? await readSheet(trx, locked[0].id) : null;
  return sheet ? { sheet, origin: locked[0]!.origin } : null;
}

export type AnswerValueRow = { inputAnswer: number | null; multipleChoiceOption: readonly number[]; state: string | null; changedSinceDecline?: boolean; provenance?: string | null };
export type ChangeRow = { assetQuestionnaireId: number; questionId: number; kind: string; userId: number | null; oldValue: unknown; newValue: unknown; note: string };


/** The filled questionnaire's stored score and progress after a save. */
export interface QuestionnaireFigures {
  ecore: number | null;
  finance: number | null;
  summary: unknown;
  scoredAt: Date;
  answered: number;
  total: number;
  /** Open plausibility flags of the answers as they will be (core `openFlagCount`), where the caller counted them. */
  openFlags?: number;
}

/**
 * What a save decided (core `decideSave`) writes to one filled questionnaire, whose row the caller's transaction holds
 * locked: its answers (over the answer read, `answerId`, or created), their change-log rows, the sampled sheet's
 * adjustments count and the stored score and progress (each where the save changes it).
 */
export interface SaveWrite {
  questionnaireId: number;
  by: string;
  at: Date;
  answers: readonly (AnswerValueRow & { questionId: number; answerId: number | null })[];
  changes: readonly Omit<ChangeRow, 'assetQuestionnaireId'>[];
  adjustments: number | null;
  figures: QuestionnaireFigures | null;
}

/**
 * Writes a save in one statement (answers, change-log rows, the questionnaire's row) and answers the answers as
 * written. A changed answer keeps the mark of a change since the decline once set (`changedSinceDecline` only sets it).
 * Every writer of a filled questionnaire's answers holds its row locked (saves, imports, reviews, transitions, version
 * moves), so the answers read under that lock are the ones written over; a question's first answer created meanwhile
 * by a comment or document (an empty row) is written over.
 */
export async function writeSave(db: Executor, save: SaveWrite): Promise<AnswerRow[]> {
  const settings = [
    ...(save.adjustments !== null ? [sql`adjustments = ${save.adjustments}`] : []),
    ...(save.figures
      ? [
          sql`ecore_score = ${save.figures.ecore}::float8, finance_score = ${save.figures.finance}::float8, score_summary = ${JSON.stringify(save.figures.summary)}::json,
            score_stamp = ${save.figures.scoredAt}, score_rules_version = ${SCORING_RULES_VERSION}::int, answered_count = ${save.figures.answered}, total_count = ${save.figures.total}`,
          ...(save.figures.openFlags !== undefined ? [sql`open_flags = ${save.figures.openFlags}`] : []),
        ]
      : []),
  ];
  if (save.answers.length === 0 && save.changes.length === 0 && settings.length === 0) return [];
  const answers = JSON.stringify(
    save.answers.map((a) => ({ answer_id: a.answerId, question_id: a.questionId, input_answer: a.inputAnswer, option_ids: a.multipleChoiceOption, state: a.state, provenance: a.provenance ?? null, decline: a.changedSinceDecline ?? null })),
  );
  const changes = JSON.stringify(save.changes.map((c) => ({ question_id: c.questionId, kind: c.kind, user_id: c.userId, old_value: c.oldValue ?? null, new_value: c.newValue ?? null, note: c.note })));
  const questionnaire = settings.length > 0 ? sql`, questionnaire as (update asset_questionnaires set ${sql.join(settings)} where id = ${save.questionnaireId})` : sql``;
  const { rows } = await sql<RawAnswer>`${PREPARED} with input as (
      select * from json_to_recordset(${answers}::json) as i(answer_id int, question_id int, input_answer float8, option_ids int[], state text, provenance text, decline boolean)),
    updated as (
      update asset_answers a set input_answer = i.input_answer, option_ids = i.option_ids, state = i.state, provenance = i.provenance, modified_by = ${save.by}, modified_at = ${save.at},
        changed_since_decline = coalesce(i.decline, a.changed_since_decline)
      from input i where i.answer_id is not null and a.id = i.answer_id returning a.*),
    created as (
      insert into asset_answers (asset_questionnaire_id, question_id, input_answer, option_ids, state, provenance, modified_by, modified_at, changed_since_decline)
      select ${save.questionnaireId}::int, i.question_id, i.input_answer, i.option_ids, i.state, i.provenance, ${save.by}::text, ${save.at}::timestamptz, coalesce(i.decline, false)
      from input i where i.answer_id is null
      on conflict (asset_questionnaire_id, question_id) do update set input_answer = excluded.input_answer, option_ids = excluded.option_ids, state = excluded.state, provenance = excluded.provenance,
        modified_by = excluded.modified_by, modified_at = excluded.modified_at, changed_since_decline = excluded.changed_since_decline or asset_answers.changed_since_decline
      returning *),
    logged as (
      insert into asset_answer_changes (asset_questionnaire_id, question_id, kind, user_id, user_name, at, old_value, new_value, note)
      select ${save.questionnaireId}::int, c.question_id, c.kind, c.user_id, ${save.by}::text, ${save.at}::timestamptz, c.old_value, c.new_value, c.note
      from json_to_recordset(${changes}::json) as c(question_id int, kind text, user_id int, old_value jsonb, new_value jsonb, note text))${questionnaire}
    select * from updated union all select * from created`.execute(db);
  // Every answer read under the questionnaire's lock is still there: anything else is a writer that took no lock.
  if (rows.length !== save.answers.length) throw new Error(`writeSave: ${save.answers.length} answers to write, ${rows.length} written`);
  return rows.map(toAnswer);
}
