import { sql, type Kysely, type Selectable } from 'kysely';
import type { ExistingGroup, ExistingObject, GroupRef, ObjectPlan } from '@ecore/core/imports/object-plan.ts';
import type { ImportListItem } from '@ecore/core/imports/import-table.ts';
import type { ImportOutcome } from '@ecore/core/imports/failed-imports.ts';
import { normaliseHeader } from '@ecore/core/imports/object-columns.ts';
import type { DB } from '../schema.ts';
import { assetColumns, assetFormFields } from '../assets/assets-repository.ts';
import { toAnswer, type AnswerRow } from '../answering/answering-repository.ts';
import { enqueueWebhookEvent } from '../webhooks/webhooks-repository.ts';

type Executor = Kysely<DB>;

/** Rows per statement: well under PostgreSQL's 65 535 parameters for the object's ~30 columns. */
const BATCH = 1000;

const chunks = <T>(list: readonly T[], size = BATCH): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export interface ImportOrganisation {
  id: number;
  isBuyer: boolean;
  isFinancePartner: boolean;
}

export async function findImportOrganisation(db: Executor, id: number): Promise<ImportOrganisation | null> {
  const row = await db.selectFrom('organisations').select(['id', 'is_buyer', 'is_finance_partner']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return row ? { id: row.id, isBuyer: row.is_buyer, isFinancePartner: row.is_finance_partner } : null;
}

export async function groupsOfOrganisation(db: Executor, organisationId: number): Promise<ExistingGroup[]> {
  return db.selectFrom('asset_groups').select(['id', 'name']).where('organisation_id', '=', organisationId).orderBy('id').execute();
}

/** The organisation's objects named by external id or id, with their shares: a few queries for any number of rows. */
export async function findImportTargets(db: Executor, organisationId: number, externalIds: readonly string[], ids: readonly number[]): Promise<{ byExternalId: Map<string, ExistingObject>; byId: Map<number, ExistingObject> }> {
  const rows = [];
  for (const part of chunks([...new Set(externalIds)], 5000))
    rows.push(...(await db.selectFrom('assets').selectAll().where('organisation_id', '=', organisationId).where('external_id', 'in', part).execute()));
  for (const part of chunks([...new Set(ids)], 5000)) rows.push(...(await db.selectFrom('assets').selectAll().where('organisation_id', '=', organisationId).where('id', 'in', part).execute()));
  const shares = new Map<number, { assetTypeId: number; percentage: number }[]>();
  for (const part of chunks([...new Set(rows.map((r) => r.id))], 5000)) {
    const found = await db.selectFrom('asset_asset_types').selectAll().where('asset_id', 'in', part).orderBy('asset_id').orderBy('position').execute();
    for (const s of found) shares.set(s.asset_id, [...(shares.get(s.asset_id) ?? []), { assetTypeId: s.asset_type_id, percentage: s.percentage }]);
  }
  const byExternalId = new Map<string, ExistingObject>();
  const byId = new Map<number, ExistingObject>();
  for (const row of rows) {
    const existing: ExistingObject = {
      id: row.id,
      version: row.version,
      assetGroupId: row.asset_group_id,
      fields: assetFormFields(row, shares.get(row.id) ?? []),
    };
    if (row.external_id !== null) byExternalId.set(row.external_id, existing);
    byId.set(row.id, existing);
  }
  return { byExternalId, byId };
}

/** The SQL types of the objects' columns (int4, float8, date, text, …), for typing the rows of a batched update. */
async function columnTypes(db: Executor): Promise<Map<string, string>> {
  const rows = await sql<{ column_name: string; udt_name: string }>`
    select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = 'assets'`.execute(db);
  return new Map(rows.rows.filter((r) => /^[a-z0-9_]+$/.test(r.udt_name)).map((r) => [r.column_name, r.udt_name]));
}

/** The ids of a group's objects within the organisation, in id order (the prefilled template). */
export async function objectIdsOfGroup(db: Executor, organisationId: number, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('assets').select('id').where('organisation_id', '=', organisationId).where('asset_group_id', '=', groupId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Thrown when an object changed between the preview's read and the write: the transaction rolls back. */
export class ImportConflict extends Error {
  constructor(readonly assetId: number) {
    super(`object ${assetId} changed during the import`);
  }
}

/**
 * Stores a plan without failed rows, inside the caller's transaction: new groups, new objects and their shares in
 * batches, changed objects with their version checked. Answers the id of each created row (by row number).
 */
export async function applyObjectPlan(
  trx: Executor,
  plan: ObjectPlan,
  owner: { organisationId: number; isBuyerAsset: boolean; createdBy: number },
  now: Date,
): Promise<Map<number, number>> {
  const groupIds = new Map<string, number>();
  if (plan.groupsToCreate.length > 0) {
    const created = await trx
      .insertInto('asset_groups')
      .values(plan.groupsToCreate.map((name) => ({ name, organisation_id: owner.organisationId, created_at: now, updated_at: now })))
      .returning(['id', 'name'])
      .execute();
    for (const g of created) groupIds.set(normaliseHeader(g.name), g.id);
  }
  const groupId = (group: GroupRef) => (group.kind === 'existing' ? group.id : groupIds.get(normaliseHeader(group.name))!);

  const createdIds = new Map<number, number>();
  const creates = plan.rows.flatMap((r) => (r.status === 'created' ? [r] : []));
  for (const part of chunks(creates)) {
    const ids = await trx
      .insertInto('assets')
      .values(
        part.map((r) => ({
          ...assetColumns({ ...r.body, assetGroupId: groupId(r.group) }),
          organisation_id: owner.organisationId,
          is_buyer_asset: owner.isBuyerAsset,
          created_by: owner.createdBy,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    // PostgreSQL answers RETURNING of a multi-row VALUES insert in the rows' order.
    part.forEach((r, i) => createdIds.set(r.row, ids[i]!.id));
  }

  const updates = plan.rows.flatMap((r) => (r.status === 'updated' ? [r] : []));
  if (updates.length > 0) {
    // One statement per batch: the rows travel as one JSON parameter typed by the table's own column types, and each
    // object is written only where its version is still the one the preview read.
    const types = await columnTypes(trx);
    for (const part of chunks(updates)) {
      const values = part.map((r) => ({ id: r.assetId, version: r.version, ...assetColumns({ ...r.body, assetGroupId: groupId(r.group) }) }));
      const columns = Object.keys(values[0]!).filter((c) => c !== 'id' && c !== 'version');
      const definition = sql.join(['id', 'version', ...columns].map((c) => sql`${sql.ref(c)} ${sql.raw(types.get(c) ?? 'text')}`));
      const updated = await sql<{ id: number }>`
        update assets as a set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`))}, version = a.version + 1, updated_at = ${now}
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(${definition})
         where a.id = v.id and a.version = v.version
        returning a.id`.execute(trx);
      if (updated.rows.length !== part.length) {
        const written = new Set(updated.rows.map((u) => u.id));
        throw new ImportConflict(part.find((r) => !written.has(r.assetId))?.assetId ?? part[0]!.assetId);
      }
    }
  }
  for (const part of chunks(updates.map((r) => r.assetId))) await trx.deleteFrom('asset_asset_types').where('asset_id', 'in', part).execute();

  const shares = [
    ...creates.flatMap((r) => r.body.assetAssetTypes.map((s, position) => ({ asset_id: createdIds.get(r.row)!, asset_type_id: s.assetTypeId, percentage: s.percentage, position }))),
    ...updates.flatMap((r) => r.body.assetAssetTypes.map((s, position) => ({ asset_id: r.assetId, asset_type_id: s.assetTypeId, percentage: s.percentage, position }))),
  ];
  for (const part of chunks(shares, 5000)) await trx.insertInto('asset_asset_types').values(part).execute();
  return createdIds;
}

export interface ImportRecord {
  organisationId: number;
  userId: number;
  userName: string;
  kind: 'assets' | 'answers' | 'loans';
  fileName: string;
  outcome: ImportOutcome;
  counts: { created: number; updated: number; unchanged: number; failed: number; groupsCreated: number };
  report: ImportReport;
  at: Date;
}

/** What the report is written from: the header and each row's cells, status and error texts in both languages. */
export interface ImportReport {
  header: string[];
  rows: { cells: (string | number | null)[]; status: string; errors: { de: string; en: string } }[];
}

async function writeImport(trx: Executor, record: ImportRecord): Promise<{ id: number }> {
  return trx
    .insertInto('imports')
    .values({
      organisation_id: record.organisationId,
      user_id: record.userId,
      user_name: record.userName,
      kind: record.kind,
      file_name: record.fileName,
      outcome: record.outcome,
      created: record.counts.created,
      updated: record.counts.updated,
      unchanged: record.counts.unchanged,
      failed: record.counts.failed,
      groups_created: record.counts.groupsCreated,
      report: JSON.stringify(record.report),
      created_at: record.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Records an import that stored its rows, inside its transaction, and tells backend callers (`import.finished`). */
export async function insertImport(trx: Executor, record: ImportRecord & { outcome: 'imported' }): Promise<number> {
  const row = await writeImport(trx, record);
  // Backend callers learn of it in the same transaction (docs/webhooks.md): an import that rolls back tells nobody.
  await enqueueWebhookEvent(trx, { type: 'import.finished', organisationId: record.organisationId, subject: { importId: row.id }, at: record.at });
  return row.id;
}

/**
 * Records an import refused because rows failed (core recordsRefusal): on its own, after the import's transaction,
 * none of whose rows were stored. No webhook event: `import.finished` means the rows were stored (docs/webhooks.md).
 */
export async function insertFailedImport(db: Executor, record: ImportRecord & { outcome: 'failed' }): Promise<number> {
  return (await writeImport(db, record)).id;
}

export type { ImportListItem };

type ImportRow = Pick<Selectable<DB['imports']>, 'id' | 'organisation_id' | 'user_name' | 'kind' | 'file_name' | 'outcome' | 'created' | 'updated' | 'unchanged' | 'failed' | 'groups_created' | 'created_at'>;

const listItem = (r: ImportRow): ImportListItem => ({
  id: r.id,
  organisationId: r.organisation_id,
  userName: r.user_name,
  kind: r.kind,
  fileName: r.file_name,
  outcome: r.outcome as ImportOutcome,
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  failed: r.failed,
  groupsCreated: r.groups_created,
  createdAt: r.created_at.toISOString(),
});

export async function listImports(db: Executor, organisationId: number | null, page: number, pageSize: number): Promise<{ items: ImportListItem[]; total: number }> {
  let query = db.selectFrom('imports');
  if (organisationId !== null) query = query.where('organisation_id', '=', organisationId);
  const [{ total }] = [await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()];
  const rows = await query
    .select(['id', 'organisation_id', 'user_name', 'kind', 'file_name', 'outcome', 'created', 'updated', 'unchanged', 'failed', 'groups_created', 'created_at'])
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total, items: rows.map(listItem) };
}

export async function findImport(db: Executor, id: number): Promise<(ImportListItem & { report: ImportReport }) | null> {
  const r = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  const report = (typeof r.report === 'string' ? JSON.parse(r.report) : r.report) as ImportReport;
  return { ...listItem(r), report };
}

/** An object's latest filled questionnaire as the answer import weighs it: template, state, lock and answers. */
export interface LatestSheet {
  id: number;
  questionnaireId: number;
  state: string;
  declineCount: number;
  adjustments: number;
  lock: { userId: number; holderName: string; since: number; lastActivity: number } | null;
  answers: AnswerRow[];
  /** The answers documents prove (core storedAnswers). */
  documents: { answerId: number }[];
}

/** The latest filled questionnaire of each object with its lock and answers: three queries per 5 000 objects, none per object. */
export async function latestSheetsOf(db: Executor, assetIds: readonly number[]): Promise<Map<number, LatestSheet>> {
  const sheets = new Map<number, LatestSheet>();
  for (const part of chunks([...new Set(assetIds)], 5000)) {
    const latest = await db
      .selectFrom('asset_questionnaires as aq')
      .select(['aq.id', 'aq.asset_id', 'aq.questionnaire_id', 'aq.state', 'aq.decline_count', 'aq.adjustments'])
      .where('aq.asset_id', 'in', part)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('asset_questionnaires as later').select('later.id').whereRef('later.asset_id', '=', 'aq.asset_id').whereRef('later.id', '>', 'aq.id'))),
      )
      .execute();
    if (latest.length === 0) continue;
    const byId = new Map<number, LatestSheet>();
    for (const q of latest) {
      const sheet: LatestSheet = { id: q.id, questionnaireId: q.questionnaire_id, state: q.state, declineCount: q.decline_count, adjustments: q.adjustments, lock: null, answers: [], documents: [] };
      sheets.set(q.asset_id, sheet);
      byId.set(q.id, sheet);
    }
    const ids = [...byId.keys()];
    for (const l of await db.selectFrom('asset_questionnaire_locks').selectAll().where('asset_questionnaire_id', 'in', ids).execute())
      byId.get(l.asset_questionnaire_id)!.lock = { userId: l.user_id, holderName: l.holder_name, since: l.since.getTime(), lastActivity: l.last_activity.getTime() };
    const answers = await db.selectFrom('asset_answers').selectAll().where('asset_questionnaire_id', 'in', ids).execute();
    const questionnaireOf = new Map<number, number>();
    for (const a of answers) {
      questionnaireOf.set(a.id, a.asset_questionnaire_id);
      byId.get(a.asset_questionnaire_id)!.answers.push(toAnswer(a));
    }
    const documents = await db
      .selectFrom('asset_answer_documents as d')
      .innerJoin('asset_answers as a', 'a.id', 'd.answer_id')
      .select('d.answer_id')
      .where('a.asset_questionnaire_id', 'in', ids)
      .execute();
    for (const d of documents) byId.get(questionnaireOf.get(d.answer_id)!)?.documents.push({ answerId: d.answer_id });
  }
  return sheets;
}

/** The templates the organisation's filled questionnaires are on (their questions may head columns of an answer file). */
export async function templateIdsOfOrganisation(db: Executor, organisationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('asset_questionnaires as aq')
    .innerJoin('assets as a', 'a.id', 'aq.asset_id')
    .select('aq.questionnaire_id')
    .distinct()
    .where('a.organisation_id', '=', organisationId)
    .execute();
  return rows.map((r) => r.questionnaire_id);
}

/** The latest filled questionnaire of an object as the import's write locks it. */
export interface LockedQuestionnaire {
  id: number;
  assetId: number;
  questionnaireId: number;
  state: string;
  reportingYear: number;
  declineCount: number;
  adjustments: number;
}

/**
 * Locks the latest filled questionnaire of each object for the transaction (as every save by hand does with its own,
 * `findSheet(…, true)`), so that what the import reads next is what every other save waits for.
 */
export async function lockLatestQuestionnaires(trx: Executor, assetIds: readonly number[]): Promise<Map<number, LockedQuestionnaire>> {
  const locked = new Map<number, LockedQuestionnaire>();
  for (const part of chunks([...new Set(assetIds)].sort((a, b) => a - b), 5000)) {
    const rows = await trx
      .selectFrom('asset_questionnaires as aq')
      .select(['aq.id', 'aq.asset_id', 'aq.questionnaire_id', 'aq.state', 'aq.reporting_year', 'aq.decline_count', 'aq.adjustments'])
      .where('aq.asset_id', 'in', part)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('asset_questionnaires as later').select('later.id').whereRef('later.asset_id', '=', 'aq.asset_id').whereRef('later.id', '>', 'aq.id'))),
      )
      .orderBy('aq.id')
      .forUpdate()
      .execute();
    for (const r of rows)
      locked.set(r.asset_id, { id: r.id, assetId: r.asset_id, questionnaireId: r.questionnaire_id, state: r.state, reportingYear: r.reporting_year, declineCount: r.decline_count, adjustments: r.adjustments });
  }
  return locked;
}

/** Starts filled questionnaires (DOMAIN.md §9) in batches and keeps each object's status, as insertAssetQuestionnaire does for one. */
export async function insertStartedQuestionnaires(
  trx: Executor,
  starts: readonly { assetId: number; questionnaireId: number; reportingYear: number; createdBy: number; total: number }[],
  at: Date,
): Promise<Map<number, LockedQuestionnaire>> {
  const started = new Map<number, LockedQuestionnaire>();
  for (const part of chunks(starts)) {
    const rows = await trx
      .insertInto('asset_questionnaires')
      .values(part.map((s) => ({ asset_id: s.assetId, questionnaire_id: s.questionnaireId, reporting_year: s.reportingYear, created_by: s.createdBy, total_count: s.total, created_at: at, modified_at: at })))
      .returning(['id', 'asset_id', 'questionnaire_id', 'state', 'reporting_year', 'decline_count', 'adjustments'])
      .execute();
    for (const r of rows)
      started.set(r.asset_id, { id: r.id, assetId: r.asset_id, questionnaireId: r.questionnaire_id, state: r.state, reportingYear: r.reporting_year, declineCount: r.decline_count, adjustments: r.adjustments });
    await sql`update assets as a set latest_questionnaire_id = q.id, questionnaire_state = q.state
        from (select distinct on (asset_id) id, asset_id, state from asset_questionnaires where asset_id in (${sql.join(part.map((s) => s.assetId))}) order by asset_id, id desc) as q
       where a.id = q.asset_id`.execute(trx);
  }
  return started;
}

/** An answer the import writes, with its change-log row (kind, both languages' texts, the note naming the file). */
export interface ImportedAnswer {
  assetQuestionnaireId: number;
  questionId: number;
  inputAnswer: number | null;
  optionIds: readonly number[];
  /** Where the figure comes from (core provenanceAfter); null for choices. */
  provenance: string | null;
  /** Declined questionnaires mark the answer as changed since the decline (DOMAIN.md §3 code 10). */
  changedSinceDecline: boolean;
  change: { kind: string; oldValue: unknown; newValue: unknown };
}

/** Writes answers (created where none exists, else changed) and their change-log rows: a few statements per 1 000 answers. */
export async function writeImportedAnswers(trx: Executor, answers: readonly ImportedAnswer[], by: { userId: number; name: string; note: string }, at: Date): Promise<void> {
  for (const part of chunks(answers)) {
    await trx
      .insertInto('asset_answers')
      .values(
        part.map((a) => ({
          asset_questionnaire_id: a.assetQuestionnaireId,
          question_id: a.questionId,
          input_answer: a.inputAnswer,
          option_ids: [...a.optionIds],
          state: 'Answered',
          provenance: a.provenance,
          changed_since_decline: a.changedSinceDecline,
          modified_by: by.name,
          modified_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['asset_questionnaire_id', 'question_id']).doUpdateSet({
          input_answer: (eb) => eb.ref('excluded.input_answer'),
          option_ids: (eb) => eb.ref('excluded.option_ids'),
          state: (eb) => eb.ref('excluded.state'),
          provenance: (eb) => eb.ref('excluded.provenance'),
          modified_by: (eb) => eb.ref('excluded.modified_by'),
          modified_at: (eb) => eb.ref('excluded.modified_at'),
          changed_since_decline: sql`excluded.changed_since_decline or asset_answers.changed_since_decline`,
        }),
      )
      .execute();
    await trx
      .insertInto('asset_answer_changes')
      .values(
        part.map((a) => ({
          asset_questionnaire_id: a.assetQuestionnaireId,
          question_id: a.questionId,
          kind: a.change.kind,
          user_id: by.userId,
          user_name: by.name,
          at,
          old_value: a.change.oldValue === null ? null : JSON.stringify(a.change.oldValue),
          new_value: a.change.newValue === null ? null : JSON.stringify(a.change.newValue),
          note: by.note,
        })),
      )
      .execute();
  }
}

/** The answered and total counts of filled questionnaires, one statement per 1 000. */
export async function writeProgresses(trx: Executor, rows: readonly { id: number; answered: number; total: number }[]): Promise<void> {
  for (const part of chunks(rows))
    await sql`update asset_questionnaires as q set answered_count = v.answered, total_count = v.total
        from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(id int4, answered int4, total int4)
       where q.id = v.id`.execute(trx);
}

/** A sampled sheet's adjustment count (group review, DOMAIN.md §4). */
export async function writeAdjustments(trx: Executor, id: number, adjustments: number): Promise<void> {
  await trx.updateTable('asset_questionnaires').set({ adjustments }).where('id', '=', id).execute();
}
