import { sql, type ColumnType, type Generated, type Kysely, type Transaction } from 'kysely';
import type { AnswerState } from '@ecore/core/answering/answers.ts';
import type { EvidenceFields, EvidenceLink, EvidenceType, LinkedCheck } from '@ecore/core/answering/evidence.ts';
import type { DB } from '../schema.ts';
import type { DocumentRow } from './answering-repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;
/** Calendar dates are read as text (`to_char`), never through a Date in the process's time zone. */
type CalendarDate = ColumnType<string | null, string | null, string | null>;

/** A library entry (migration 2026-11-29-115); its links are rows of asset_answer_documents with its id. */
export interface EvidenceDocumentTable {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  type: string;
  valid_from: CalendarDate;
  valid_until: CalendarDate;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  origin: ColumnType<string, string | undefined, string>;
  uploaded_by: string;
  uploaded_at: ColumnType<Date, Date, never>;
}

export interface EvidenceTables {
  evidence_documents: EvidenceDocumentTable;
}

export interface EvidenceRow extends EvidenceFields {
  id: number;
  organisationId: number;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  origin: 'answer' | 'library';
  uploadedBy: string;
  uploadedAt: string;
}

const columns = (db: Executor) =>
  db
    .selectFrom('evidence_documents')
    .select([
      'id', 'organisation_id', 'title', 'type', 'file_name', 'content_type', 'size', 'storage_key', 'origin', 'uploaded_by', 'uploaded_at',
      sql<string | null>`to_char(valid_from, 'YYYY-MM-DD')`.as('from_date'),
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('until_date'),
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof columns>['executeTakeFirstOrThrow']>>;

const toEvidence = (r: Row): EvidenceRow => ({
  id: r.id,
  organisationId: r.organisation_id,
  title: r.title,
  type: r.type as EvidenceType,
  validFrom: r.from_date,
  validUntil: r.until_date,
  fileName: r.file_name,
  contentType: r.content_type,
  size: r.size,
  storageKey: r.storage_key,
  origin: r.origin === 'answer' ? 'answer' : 'library',
  uploadedBy: r.uploaded_by,
  uploadedAt: r.uploaded_at.toISOString(),
});

export async function insertEvidence(
  db: Executor,
  entry: EvidenceFields & { organisationId: number; fileName: string; contentType: string; size: number; storageKey: string; origin: 'answer' | 'library'; uploadedBy: string; uploadedAt: Date },
): Promise<EvidenceRow> {
  const { id } = await db
    .insertInto('evidence_documents')
    .values({
      organisation_id: entry.organisationId,
      title: entry.title,
      type: entry.type,
      valid_from: entry.validFrom,
      valid_until: entry.validUntil,
      file_name: entry.fileName,
      content_type: entry.contentType,
      size: entry.size,
      storage_key: entry.storageKey,
      origin: entry.origin,
      uploaded_by: entry.uploadedBy,
      uploaded_at: entry.uploadedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findEvidence(db, id))!;
}

export async function findEvidence(db: Executor, id: number): Promise<EvidenceRow | null> {
  const row = await columns(db).where('id', '=', id).executeTakeFirst();
  return row ? toEvidence(row) : null;
}

/** An organisation's library, newest first: by a text in title or file name, by type, by validity ending up to a date. */
export async function listEvidence(db: Executor, organisationId: number, filter: { search?: string | undefined; type?: EvidenceType | undefined; validUntilFrom?: string; validUntilTo?: string }): Promise<EvidenceRow[]> {
  let query = columns(db).where('organisation_id', '=', organisationId);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`(lower(title) like ${pattern} or lower(file_name) like ${pattern})`);
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.validUntilFrom !== undefined) query = query.where(sql<boolean>`valid_until >= ${filter.validUntilFrom}::date`);
  if (filter.validUntilTo !== undefined) query = query.where(sql<boolean>`valid_until <= ${filter.validUntilTo}::date`);
  return (await query.orderBy('id', 'desc').limit(1000).execute()).map(toEvidence);
}

export async function updateEvidence(db: Executor, id: number, fields: EvidenceFields): Promise<void> {
  // Described by hand: the entry belongs to the library now, whatever answer it was uploaded on.
  await db.updateTable('evidence_documents').set({ title: fields.title, type: fields.type, valid_from: fields.validFrom, valid_until: fields.validUntil, origin: 'library' }).where('id', '=', id).execute();
}

/** Deletes a library entry; its links go with it (cascade). */
export async function deleteEvidence(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('evidence_documents').where('id', '=', id).execute();
}

/** The answers these entries are linked to, with their object and questionnaire. */
export async function linksOf(db: Executor, evidenceIds: readonly number[]): Promise<Map<number, EvidenceLink[]>> {
  const links = new Map<number, EvidenceLink[]>();
  if (evidenceIds.length === 0) return links;
  const rows = await db
    .selectFrom('asset_answer_documents as d')
    .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
    .innerJoin('asset_questionnaires as q', 'q.id', 'a.asset_questionnaire_id')
    .innerJoin('assets as s', 's.id', 'q.asset_id')
    .select(['d.id', 'd.evidence_id', 'd.answer_id', 'a.question_id', 's.id as asset_id', 's.name as asset_name', 'q.id as q_id', 'q.state', 'q.reporting_year'])
    .where('d.evidence_id', 'in', [...evidenceIds])
    .orderBy('d.id')
    .execute();
  for (const r of rows) {
    const link: EvidenceLink = { documentId: r.id, answerId: r.answer_id, questionId: r.question_id, assetId: r.asset_id, assetName: r.asset_name, assetQuestionnaireId: r.q_id, questionnaireState: r.state, reportingYear: r.reporting_year };
    links.set(r.evidence_id!, [...(links.get(r.evidence_id!) ?? []), link]);
  }
  return links;
}

/**
 * Links an entry to an answer: one link however often and however concurrently asked (the unique index decides);
 * answers the link as the answer's document.
 */
export async function linkEvidence(db: Executor, answerId: number, entry: EvidenceRow, by: string, at: Date): Promise<{ document: DocumentRow; created: boolean }> {
  const inserted = await db
    .insertInto('asset_answer_documents')
    .values({ answer_id: answerId, evidence_id: entry.id, file_name: entry.fileName, content_type: entry.contentType, size: entry.size, storage_key: entry.storageKey, uploaded_by: by, uploaded_at: at })
    .onConflict((oc) => oc.columns(['answer_id', 'evidence_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  const row = inserted ?? (await db.selectFrom('asset_answer_documents').selectAll().where('answer_id', '=', answerId).where('evidence_id', '=', entry.id).executeTakeFirstOrThrow());
  return {
    document: { id: row.id, answerId: row.answer_id, fileName: row.file_name, contentType: row.content_type, size: row.size, storageKey: row.storage_key, uploadedBy: row.uploaded_by, uploadedAt: row.uploaded_at.toISOString() },
    created: inserted !== undefined,
  };
}

/** Removes one link; false when there was none. */
export async function unlinkEvidence(db: Executor, answerId: number, evidenceId: number): Promise<boolean> {
  const removed = await db.deleteFrom('asset_answer_documents').where('answer_id', '=', answerId).where('evidence_id', '=', evidenceId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The library entry of an answer's document (null: a document from before the library). */
export async function evidenceOfDocument(db: Executor, documentId: number): Promise<number | null> {
  const row = await db.selectFrom('asset_answer_documents').select('evidence_id').where('id', '=', documentId).executeTakeFirst();
  return row?.evidence_id ?? null;
}

export async function linkCount(db: Executor, evidenceId: number): Promise<number> {
  const row = await db.selectFrom('asset_answer_documents').select(sql<number>`count(*)::int`.as('n')).where('evidence_id', '=', evidenceId).executeTakeFirstOrThrow();
  return row.n;
}

/** The library entries linked to the answers of a filled questionnaire, by question. */
export async function evidenceByQuestion(db: Executor, assetQuestionnaireId: number): Promise<Map<number, EvidenceRow[]>> {
  const rows = await db
    .selectFrom('asset_answer_documents as d')
    .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
    .select(['a.question_id', 'd.evidence_id'])
    .where('a.asset_questionnaire_id', '=', assetQuestionnaireId)
    .where('d.evidence_id', 'is not', null)
    .orderBy('d.id')
    .execute();
  const byQuestion = new Map<number, EvidenceRow[]>();
  for (const r of rows) {
    const entry = await findEvidence(db, r.evidence_id!);
    if (entry) byQuestion.set(r.question_id, [...(byQuestion.get(r.question_id) ?? []), entry]);
  }
  return byQuestion;
}

/**
 * The documents of a filled questionnaire's answers (document id → library entry), and every link of those entries
 * with its answer's review, object, reporting year and the code of the label issued on its questionnaire.
 */
export async function checksOfQuestionnaire(db: Executor, assetQuestionnaireId: number): Promise<{ documents: { documentId: number; evidenceId: number }[]; links: LinkedCheck[] }> {
  const documents = (
    await db
      .selectFrom('asset_answer_documents as d')
      .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
      .select(['d.id', 'd.evidence_id'])
      .where('a.asset_questionnaire_id', '=', assetQuestionnaireId)
      .where('d.evidence_id', 'is not', null)
      .orderBy('d.id')
      .execute()
  ).map((r) => ({ documentId: r.id, evidenceId: r.evidence_id! }));
  if (documents.length === 0) return { documents, links: [] };
  const rows = await db
    .selectFrom('asset_answer_documents as d')
    .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
    .innerJoin('asset_questionnaires as q', 'q.id', 'a.asset_questionnaire_id')
    .innerJoin('assets as s', 's.id', 'q.asset_id')
    .leftJoin('certificates as c', (join) => join.onRef('c.asset_questionnaire_id', '=', 'q.id').on('c.superseded_by', 'is', null))
    .select(['d.evidence_id', 'q.id as q_id', 's.name', 'q.reporting_year', 'a.state', 'a.checked_by', 'a.checked_at', 'c.code'])
    .where('d.evidence_id', 'in', [...new Set(documents.map((d) => d.evidenceId))])
    .where('a.asset_questionnaire_id', '!=', assetQuestionnaireId)
    .execute();
  return {
    documents,
    links: rows.map((r) => ({
      evidenceId: r.evidence_id!, assetQuestionnaireId: r.q_id, assetName: r.name, reportingYear: r.reporting_year, answerState: r.state as AnswerState | null,
      checkedBy: r.checked_by, checkedAt: r.checked_at?.toISOString() ?? null, certificateCode: r.code,
    })),
  };
}

/** The library documents of a filled questionnaire's answers with their validity, by answer id. */
export async function evidenceOfAnswers(db: Executor, assetQuestionnaireId: number): Promise<Map<number, { title: string; validFrom: string | null; validUntil: string | null }[]>> {
  const rows = await db
    .selectFrom('asset_answer_documents as d')
    .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
    .innerJoin('evidence_documents as e', 'e.id', 'd.evidence_id')
    .select(['d.answer_id', 'e.title', sql<string | null>`to_char(e.valid_from, 'YYYY-MM-DD')`.as('from_date'), sql<string | null>`to_char(e.valid_until, 'YYYY-MM-DD')`.as('until_date')])
    .where('a.asset_questionnaire_id', '=', assetQuestionnaireId)
    .orderBy('d.id')
    .execute();
  const byAnswer = new Map<number, { title: string; validFrom: string | null; validUntil: string | null }[]>();
  for (const r of rows) byAnswer.set(r.answer_id, [...(byAnswer.get(r.answer_id) ?? []), { title: r.title, validFrom: r.from_date, validUntil: r.until_date }]);
  return byAnswer;
}
