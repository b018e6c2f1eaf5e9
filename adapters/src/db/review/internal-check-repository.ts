import type { Kysely, Transaction } from 'kysely';
import type { InternalMark } from '@ecore/core/review/internal-check.ts';
import type { DB } from '../schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The internal marks of a filled questionnaire (DOMAIN.md §1), in question order, each with who wrote it last. */
export async function listInternalMarks(db: Executor, assetQuestionnaireId: number): Promise<InternalMark[]> {
  const rows = await db
    .selectFrom('internal_checks')
    .leftJoin('users', 'users.id', 'internal_checks.checked_by')
    .select(['internal_checks.question_id', 'internal_checks.checked', 'internal_checks.note', 'internal_checks.checked_at', 'users.first_name', 'users.last_name'])
    .where('internal_checks.asset_questionnaire_id', '=', assetQuestionnaireId)
    .orderBy('internal_checks.question_id')
    .execute();
  return rows.map((r) => ({
    questionId: r.question_id,
    checked: r.checked,
    note: r.note,
    checkedBy: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    checkedAt: new Date(r.checked_at).toISOString(),
  }));
}

/** Writes one answer's internal mark (the last one written stands). */
export async function writeInternalMark(
  db: Executor,
  assetQuestionnaireId: number,
  mark: { questionId: number; checked: boolean; note: string | null },
  by: { userId: number; at: Date },
): Promise<void> {
  const values = { checked: mark.checked, note: mark.note, checked_by: by.userId, checked_at: by.at };
  await db
    .insertInto('internal_checks')
    .values({ asset_questionnaire_id: assetQuestionnaireId, question_id: mark.questionId, ...values })
    .onConflict((oc) => oc.columns(['asset_questionnaire_id', 'question_id']).doUpdateSet(values))
    .execute();
}
