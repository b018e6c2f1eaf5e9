import { sql, type Kysely, type Transaction } from 'kysely';
import type { ClusterDefault } from '@ecore/core/answering/cluster-defaults.ts';
import type { DB } from '../schema.ts';
import { rechainAnswerChanges } from '../review/audit-chain-repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** A filled questionnaire with the title and version of its template (issue 13). */
export interface AssetQuestionnaireRow {
  id: number;
  assetId: number;
  questionnaireId: number;
  title: string;
  version: string;
  type: string;
  state: string;
  reportingYear: number;
  createdAt: string;
  closedAt: string | null;
  submittedAlone: boolean;
  declineCount: number;
  /** How often a group's sampled sheet was adjusted after declines (at most twice, DOMAIN.md §4). */
  adjustments: number;
  answered: number;
  total: number;
}

const questionnaireQuery = (db: Executor) =>
  db
    .selectFrom('asset_questionnaires as aq')
    .innerJoin('questionnaires as q', 'q.id', 'aq.questionnaire_id')
    .select([
      'aq.id',
      'aq.asset_id',
      'aq.questionnaire_id',
      'q.title',
      'q.version_label',
      'q.type',
      'aq.state',
      'aq.reporting_year',
      'aq.created_at',
      'aq.closed_at',
      'aq.submitted_alone',
      'aq.decline_count',
      'aq.adjustments',
      'aq.answered_count',
      'aq.total_count',
    ]);

type QuestionnaireQueryRow = Awaited<ReturnType<ReturnType<typeof questionnaireQuery>['executeTakeFirstOrThrow']>>;

const toQuestionnaire = (r: QuestionnaireQueryRow): AssetQuestionnaireRow => ({
  id: r.id,
  assetId: r.asset_id,
  questionnaireId: r.questionnaire_id,
  title: r.title,
  version: r.version_label,
  type: r.type,
  state: r.state,
  reportingYear: r.reporting_year,
  createdAt: r.created_at.toISOString(),
  closedAt: r.closed_at ? r.closed_at.toISOString() : null,
  submittedAlone: r.submitted_alone,
  declineCount: r.decline_count,
  adjustments: r.adjustments,
  answered: r.answered_count,
  total: r.total_count,
});

/** One filled questionnaire of an object; `forUpdate` locks its row for the transaction (state changes, saves). */
export async function findAssetQuestionnaire(db: Executor, assetId: number, id: number, forUpdate = false): Promise<AssetQuestionnaireRow | null> {
  let query = questionnaireQuery(db).where('aq.id', '=', id).where('aq.asset_id', '=', assetId);
  if (forUpdate) query = query.forUpdate('aq');
  const row = await query.executeTakeFirst();
  return row ? toQuestionnaire(row) : null;
}

/** The object's latest filled questionnaire (the one its status shows), or null. */
export async function findLatestAssetQuestionnaire(db: Executor, assetId: number, forUpdate = false): Promise<AssetQuestionnaireRow | null> {
  let query = questionnaireQuery(db).where('aq.asset_id', '=', assetId).orderBy('aq.id', 'desc').limit(1);
  if (forUpdate) query = query.forUpdate('aq');
  const row = await query.executeTakeFirst();
  return row ? toQuestionnaire(row) : null;
}

/** Every filled questionnaire of an object, newest first. */
export async function listAssetQuestionnaires(db: Executor, assetId: number): Promise<AssetQuestionnaireRow[]> {
  return (await questionnaireQuery(db).where('aq.asset_id', '=', assetId).orderBy('aq.id', 'desc').execute()).map(toQuestionnaire);
}

/** The filled questionnaires of the objects of a group (each object's latest), for group rules. */
export async function latestQuestionnairesOfGroup(db: Executor, groupId: number): Promise<(AssetQuestionnaireRow & { assetName: string })[]> {
  const rows = await questionnaireQuery(db)
    .innerJoin('assets', 'assets.latest_questionnaire_id', 'aq.id')
    .select('assets.name as asset_name')
    .where('assets.asset_group_id', '=', groupId)
    .orderBy('aq.id')
    .execute();
  return rows.map((r) => ({ ...toQuestionnaire(r), assetName: r.asset_name }));
}

/** Keeps the object's status (the state of its latest filled questionnaire) on the object (DOMAIN.md §9). */
async function refreshAssetStatus(db: Executor, assetId: number): Promise<void> {
  await sql`update assets set
      latest_questionnaire_id = (select id from asset_questionnaires where asset_id = ${assetId} order by id desc limit 1),
      questionnaire_state = (select state from asset_questionnaires where asset_id = ${assetId} order by id desc limit 1)
    where id = ${assetId}`.execute(db);
}

export async function insertAssetQuestionnaire(
  db: Executor,
  values: { assetId: number; questionnaireId: number; reportingYear: number; createdBy: number; total: number; at: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('asset_questionnaires')
    .values({
      asset_id: values.assetId,
      questionnaire_id: values.questionnaireId,
      reporting_year: values.reportingYear,
      created_by: values.createdBy,
      total_count: values.total,
      created_at: values.at,
      modified_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshAssetStatus(db, values.assetId);
  return id;
}

export async function deleteAssetQuestionnaire(db: Executor, assetId: number, id: number): Promise<void> {
  await db.deleteFrom('asset_questionnaires').where('id', '=', id).where('asset_id', '=', assetId).execute();
  await refreshAssetStatus(db, assetId);
}

/** Moves a filled questionnaire to another state and writes the append-only audit row (DOMAIN.md §3). */
export async function changeQuestionnaireState(
  db: Executor,
  row: Pick<AssetQuestionnaireRow, 'id' | 'assetId' | 'state'>,
  to: string,
  by: { userId: number; name: string; at: Date },
  extra: { submittedAlone?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('asset_questionnaires')
    .set({ state: to, modified_at: by.at, ...(extra.submittedAlone !== undefined ? { submitted_alone: extra.submittedAlone } : {}) })
    .where('id', '=', row.id)
    .execute();
  await db
    .insertInto('asset_questionnaire_transitions')
    .values({ asset_questionnaire_id: row.id, from_state: row.state, to_state: to, user_id: by.userId, user_name: by.name, at: by.at })
    .execute();
  await refreshAssetStatus(db, row.assetId);
}

/** Sets a filled questionnaire's reporting year (DOMAIN.md §5); the caller logs it and stores the score again. */
export async function setReportingYear(db: Executor, id: number, year: number): Promise<void> {
  await db.updateTable('asset_questionnaires').set({ reporting_year: year }).where('id', '=', id).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

export interface AnswerRow {
  id: number;
  questionId: number;
  inputAnswer: number | null;
  multipleChoiceOption: number[];
  state: string | null;
  reviewStatus: string;
  changedSinceDecline: boolean;
  evidenceRequested: boolean;
  /** The reason a rejection stands with (DOMAIN.md §1); absent where the statement that read the row does not carry it. */
  rejectionReason?: string | null;
  /** Where a figure comes from (core provenance.ts); absent where the statement that read the row does not carry it. */
  provenance?: string | null;
  modifiedBy: string;
  modifiedAt: string;
}

export interface CommentRow {
  id: number;
  answerId: number;
  comment: string;
  authorName: string;
  createdAt: string;
}

export interface DocumentRow {
  id: number;
  answerId: number;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  uploadedBy: string;
  uploadedAt: string;
  /** Its library entry's validity (docs/evidence.md), where read with the filled questionnaire (`findSheet`). */
  validity?: { title: string; validFrom: string | null; validUntil: string | null };
}

/** An answer's row as a statement answers it (the rows read, locked or written by the save's statements). */
export type RawAnswer = { id: number; question_id: number; input_answer: number | null; option_ids: number[]; state: string | null; review_status: string; changed_since_decline: boolean; evidence_requested: boolean; rejection_reason?: string | null; provenance?: string | null; modified_by: string; modified_at: Date };

export const toAnswer = (r: RawAnswer): AnswerRow => ({
  id: r.id,
  questionId: r.question_id,
  inputAnswer: r.input_answer,
  multipleChoiceOption: [...r.option_ids].sort((a, b) => a - b),
  state: r.state,
  reviewStatus: r.review_status,
  changedSinceDecline: r.changed_since_decline,
  evidenceRequested: r.evidence_requested,
  ...(r.rejection_reason !== undefined ? { rejectionReason: r.rejection_reason } : {}),
  ...(r.provenance !== undefined ? { provenance: r.provenance } : {}),
  modifiedBy: r.modified_by,
  modifiedAt: new Date(r.modified_at).toISOString(),
});

/** The answers of a filled questionnaire with their comments and documents (three queries). */
export async function findAnswers(db: Executor, assetQuestionnaireId: number): Promise<{ answers: AnswerRow[]; comments: CommentRow[]; documents: DocumentRow[] }> {
  const [answers, comments, documents] = await Promise.all([
    db.selectFrom('asset_answers').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId).orderBy('id').execute(),
    db
      .selectFrom('asset_answer_comments as c')
      .innerJoin('asset_answers as a', 'a.id', 'c.answer_id')
      .select(['c.id', 'c.answer_id', 'c.comment', 'c.author_name', 'c.created_at'])
      .where('a.asset_questionnaire_id', '=', assetQuestionnaireId)
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('asset_answer_documents as d')
      .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
      .selectAll('d')
      .where('a.asset_questionnaire_id', '=', assetQuestionnaireId)
      .orderBy('d.id')
      .execute(),
  ]);
  return {
    answers: answers.map(toAnswer),
    comments: comments.map((c) => ({ id: c.id, answerId: c.answer_id, comment: c.comment, authorName: c.author_name, createdAt: c.created_at.toISOString() })),
    documents: documents.map(toDocument),
  };
}

const toDocument = (d: { id: number; answer_id: number; file_name: string; content_type: string; size: number; storage_key: string; uploaded_by: string; uploaded_at: Date }): DocumentRow => ({
  id: d.id,
  answerId: d.answer_id,
  fileName: d.file_name,
  contentType: d.content_type,
  size: d.size,
  storageKey: d.storage_key,
  uploadedBy: d.uploaded_by,
  uploadedAt: d.uploaded_at.toISOString(),
});

/**
 * The answer row of a question, created empty when there is none, locked for the rest of the transaction: two
 * concurrent saves of one answer wait for each other and each sees what the other stored.
 */
export async function lockAnswer(db: Executor, assetQuestionnaireId: number, questionId: number, by: string, at: Date): Promise<AnswerRow> {
  await db
    .insertInto('asset_answers')
    .values({ asset_questionnaire_id: assetQuestionnaireId, question_id: questionId, input_answer: null, option_ids: [], state: null, modified_by: by, modified_at: at })
    .onConflict((oc) => oc.columns(['asset_questionnaire_id', 'question_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('asset_answers')
    .selectAll()
    .where('asset_questionnaire_id', '=', assetQuestionnaireId)
    .where('question_id', '=', questionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toAnswer(row);
}

/** Where an answer belongs: its filled questionnaire and object (for documents and comments addressed by answer id). */
export async function findAnswerOwner(db: Executor, answerId: number): Promise<{ answerId: number; questionId: number; state: string | null; assetQuestionnaireId: number; assetId: number; questionnaireState: string } | null> {
  const row = await db
    .selectFrom('asset_answers as a')
    .innerJoin('asset_questionnaires as aq', 'aq.id', 'a.asset_questionnaire_id')
    .select(['a.id', 'a.question_id', 'a.state', 'aq.id as aq_id', 'aq.asset_id', 'aq.state as aq_state'])
    .where('a.id', '=', answerId)
    .executeTakeFirst();
  return row ? { answerId: row.id, questionId: row.question_id, state: row.state, assetQuestionnaireId: row.aq_id, assetId: row.asset_id, questionnaireState: row.aq_state } : null;
}

/** Moves answers to the questions of another template version; answers not kept are removed (DOMAIN.md §8). */
export async function moveAnswersToVersion(db: Executor, assetQuestionnaireId: number, newTemplateId: number, kept: readonly { answerId: number; questionId: number; optionIds: readonly number[] }[]): Promise<void> {
  const keptIds = kept.map((k) => k.answerId);
  let removal = db.deleteFrom('asset_answers').where('asset_questionnaire_id', '=', assetQuestionnaireId);
  if (keptIds.length > 0) removal = removal.where('id', 'not in', keptIds);
  await removal.execute();
  // Two steps, so that a question id taken from another answer in the same move never meets the unique key.
  for (const k of kept) await db.updateTable('asset_answers').set({ question_id: -k.answerId }).where('id', '=', k.answerId).execute();
  for (const k of kept) await db.updateTable('asset_answers').set({ question_id: k.questionId, option_ids: [...k.optionIds] }).where('id', '=', k.answerId).execute();
  await db.updateTable('asset_questionnaires').set({ questionnaire_id: newTemplateId }).where('id', '=', assetQuestionnaireId).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Change log

export interface ChangeRow {
  id: number;
  questionId: number;
  kind: string;
  userName: string;
  at: string;
  oldValue: unknown;
  newValue: unknown;
  note: string;
}

export async function insertChange(
  db: Executor,
  change: { assetQuestionnaireId: number; questionId: number; kind: string; userId: number | null; userName: string; at: Date; oldValue: unknown; newValue: unknown; note?: string },
): Promise<void> {
  await db
    .insertInto('asset_answer_changes')
    .values({
      asset_questionnaire_id: change.assetQuestionnaireId,
      question_id: change.questionId,
      kind: change.kind,
      user_id: change.userId,
      user_name: change.userName,
      at: change.at,
      old_value: change.oldValue === null || change.oldValue === undefined ? null : JSON.stringify(change.oldValue),
      new_value: change.newValue === null || change.newValue === undefined ? null : JSON.stringify(change.newValue),
      note: change.note ?? '',
    })
    .execute();
}

export async function listChanges(db: Executor, assetQuestionnaireId: number, questionId?: number): Promise<ChangeRow[]> {
  let query = db.selectFrom('asset_answer_changes').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId);
  if (questionId !== undefined) query = query.where('question_id', '=', questionId);
  const rows = await query.orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, questionId: r.question_id, kind: r.kind, userName: r.user_name, at: r.at.toISOString(), oldValue: r.old_value, newValue: r.new_value, note: r.note }));
}

// ---------------------------------------------------------------------------------------------------------------
// Comments and documents

export async function insertComment(db: Executor, answerId: number, author: { id: number; name: string }, comment: string, at: Date): Promise<CommentRow> {
  const row = await db
    .insertInto('asset_answer_comments')
    .values({ answer_id: answerId, author_id: author.id, author_name: author.name, comment, created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: row.id, answerId: row.answer_id, comment: row.comment, authorName: row.author_name, createdAt: row.created_at.toISOString() };
}

export async function findDocument(db: Executor, id: number): Promise<DocumentRow | null> {
  const row = await db.selectFrom('asset_answer_documents').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDocument(row) : null;
}

export async function deleteDocument(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('asset_answer_documents').where('id', '=', id).execute();
}

export async function documentCountsOf(db: Executor, assetQuestionnaireId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('asset_answer_documents as d')
    .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
    .select(['a.question_id', sql<number>`count(*)::int`.as('n')])
    .where('a.asset_questionnaire_id', '=', assetQuestionnaireId)
    .groupBy('a.question_id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, r.n]));
}

// ---------------------------------------------------------------------------------------------------------------
// Locks (DOMAIN.md §7)

export interface AnswerLock {
  userId: number;
  holderName: string;
  since: number;
  lastActivity: number;
}

export async function findAnswerLock(db: Executor, assetQuestionnaireId: number): Promise<AnswerLock | null> {
  const row = await db.selectFrom('asset_questionnaire_locks').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId).executeTakeFirst();
  return row ? { userId: row.user_id, holderName: row.holder_name, since: row.since.getTime(), lastActivity: row.last_activity.getTime() } : null;
}

export async function writeAnswerLock(db: Executor, assetQuestionnaireId: number, lock: AnswerLock): Promise<void> {
  const values = { user_id: lock.userId, holder_name: lock.holderName, since: new Date(lock.since), last_activity: new Date(lock.lastActivity) };
  await db
    .insertInto('asset_questionnaire_locks')
    .values({ asset_questionnaire_id: assetQuestionnaireId, ...values })
    .onConflict((oc) => oc.column('asset_questionnaire_id').doUpdateSet(values))
    .execute();
}

export async function deleteAnswerLock(db: Executor, assetQuestionnaireId: number): Promise<void> {
  await db.deleteFrom('asset_questionnaire_locks').where('asset_questionnaire_id', '=', assetQuestionnaireId).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Cluster I defaults of a group

export interface GroupDefaults {
  questionnaireId: number;
  questionnaireTitle: string;
  savedBy: string;
  savedAt: string;
  answers: ClusterDefault[];
}

export async function saveGroupDefaults(db: Executor, groupId: number, questionnaireId: number, by: string, at: Date, answers: readonly ClusterDefault[]): Promise<void> {
  const values = { questionnaire_id: questionnaireId, answers: JSON.stringify(answers), saved_by: by, saved_at: at };
  await db
    .insertInto('group_defaults')
    .values({ asset_group_id: groupId, ...values })
    .onConflict((oc) => oc.column('asset_group_id').doUpdateSet(values))
    .execute();
}

export async function findGroupDefaults(db: Executor, groupId: number): Promise<GroupDefaults | null> {
  const head = await db
    .selectFrom('group_defaults as g')
    .innerJoin('questionnaires as q', 'q.id', 'g.questionnaire_id')
    .select(['g.questionnaire_id', 'q.title', 'g.saved_by', 'g.saved_at', 'g.answers'])
    .where('g.asset_group_id', '=', groupId)
    .executeTakeFirst();
  if (!head) return null;
  return { questionnaireId: head.questionnaire_id, questionnaireTitle: head.title, savedBy: head.saved_by, savedAt: head.saved_at.toISOString(), answers: head.answers as ClusterDefault[] };
}

/** A filled questionnaire by its id alone (calls that name only it, such as saving cluster I defaults). */
export async function findAssetQuestionnaireById(db: Executor, id: number): Promise<AssetQuestionnaireRow | null> {
  const row = await questionnaireQuery(db).where('aq.id', '=', id).executeTakeFirst();
  return row ? toQuestionnaire(row) : null;
}

/** Earlier change-log rows follow an answer to its question in a new template version. */
export async function moveChangesToQuestion(db: Executor, assetQuestionnaireId: number, fromQuestionId: number, toQuestionId: number): Promise<void> {
  const moved = await db
    .updateTable('asset_answer_changes')
    .set({ question_id: toQuestionId })
    .where('asset_questionnaire_id', '=', assetQuestionnaireId)
    .where('question_id', '=', fromQuestionId)
    .returning('id')
    .execute();
  // The portal's own change of an audit row is chained again (the later link is the one verified).
  await rechainAnswerChanges(db, moved.map((m) => m.id));
}

export async function setAdjustments(db: Executor, id: number, adjustments: number): Promise<void> {
  await db.updateTable('asset_questionnaires').set({ adjustments }).where('id', '=', id).execute();
}
