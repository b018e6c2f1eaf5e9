import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { OutlierAcceptance, OutlierType } from '@ecore/core/scoring/outliers.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** An explained plausibility flag (migration 2026-11-29-107, issue 40). */
export interface OutlierAcceptanceTable {
  asset_questionnaire_id: number;
  question_id: number;
  type: string;
  value: number;
  explanation: string;
  accepted_by: number | null;
  accepted_by_name: string;
  accepted_at: ColumnType<Date, Date | string, Date | string>;
}

export interface OutlierTables {
  outlier_acceptances: OutlierAcceptanceTable;
}

/** The acceptances of a filled questionnaire, as core's checks read them. */
export async function findOutlierAcceptances(db: Executor, assetQuestionnaireId: number): Promise<OutlierAcceptance[]> {
  const rows = await db.selectFrom('outlier_acceptances').selectAll().where('asset_questionnaire_id', '=', assetQuestionnaireId).orderBy('question_id').orderBy('type').execute();
  return rows.map((r) => ({
    questionId: r.question_id,
    type: r.type as OutlierType,
    value: Number(r.value),
    explanation: r.explanation,
    acceptedBy: r.accepted_by_name,
    acceptedAt: new Date(r.accepted_at).toISOString(),
  }));
}

/** The acceptances of many filled questionnaires at once (a group's data quality), by questionnaire. */
export async function findOutlierAcceptancesOf(db: Executor, assetQuestionnaireIds: readonly number[]): Promise<Map<number, OutlierAcceptance[]>> {
  const found = new Map<number, OutlierAcceptance[]>();
  if (assetQuestionnaireIds.length === 0) return found;
  const rows = await db.selectFrom('outlier_acceptances').selectAll().where('asset_questionnaire_id', 'in', [...assetQuestionnaireIds]).orderBy('question_id').orderBy('type').execute();
  for (const r of rows) {
    const list = found.get(r.asset_questionnaire_id) ?? [];
    list.push({ questionId: r.question_id, type: r.type as OutlierType, value: Number(r.value), explanation: r.explanation, acceptedBy: r.accepted_by_name, acceptedAt: new Date(r.accepted_at).toISOString() });
    found.set(r.asset_questionnaire_id, list);
  }
  return found;
}

/** Accepts a flag with its explanation; accepting the same flag again replaces the row. */
export async function saveOutlierAcceptance(
  db: Executor,
  assetQuestionnaireId: number,
  acceptance: { questionId: number; type: OutlierType; value: number; explanation: string },
  by: { userId: number; name: string; at: Date },
  openFlags: number,
): Promise<void> {
  const values = { value: acceptance.value, explanation: acceptance.explanation, accepted_by: by.userId, accepted_by_name: by.name, accepted_at: by.at };
  await db
    .insertInto('outlier_acceptances')
    .values({ asset_questionnaire_id: assetQuestionnaireId, question_id: acceptance.questionId, type: acceptance.type, ...values })
    .onConflict((oc) => oc.columns(['asset_questionnaire_id', 'question_id', 'type']).doUpdateSet(values))
    .execute();
  await db.updateTable('asset_questionnaires').set({ open_flags: openFlags }).where('id', '=', assetQuestionnaireId).execute();
}

/** Locks a filled questionnaire's row for the caller's transaction, as every writer of its answers does. */
export async function lockQuestionnaireRow(db: Executor, assetQuestionnaireId: number): Promise<void> {
  await db.selectFrom('asset_questionnaires').select('id').where('id', '=', assetQuestionnaireId).forUpdate().execute();
}
