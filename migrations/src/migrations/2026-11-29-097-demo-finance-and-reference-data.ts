import type { Kysely } from 'kysely';
import { DEMO_FINANCE_QUESTIONS, demoReferenceRows } from '../demo-questionnaires.ts';

/**
 * The demo data of a database seeded before (DOMAIN.md §5, "reference data that is missing"): the demo templates mark
 * their finance subset (a fifth of the scored questions of every cluster), and the illustrative reference values gain
 * what the demo objects lacked (the class MIX, averages of water and waste). Only the demo's own templates and the
 * illustrative demo data set are touched: imported reference data and templates of real users stay as they are.
 * The stored scores follow at the next start (the version of the scoring rules, migration 098).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('questionnaire_questions')
    .set({ score_type: 'Finance' })
    .where('static_title', 'in', [...DEMO_FINANCE_QUESTIONS])
    .where('questionnaire_id', 'in', db.selectFrom('questionnaires').select('id').where('title', 'in', ['ECORE Fragebogen 2024', 'ECORE Fragebogen 2025']).where('created_by', '=', 'Sven Scoring'))
    .execute();
  const demo = await db.selectFrom('scoring_data_sets').select('kind').where('kind', '=', 'referenceValues').where('name', '=', 'Demo reference values (illustrative)').executeTakeFirst();
  if (!demo) return;
  const rows = demoReferenceRows();
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('scoring_reference_values')
      .values(rows.slice(i, i + 1000))
      .onConflict((oc) => oc.constraint('scoring_reference_values_key').doNothing())
      .execute();
  }
}

export async function down(): Promise<void> {
  // Demo data only: the rows added are illustrative and harmless to keep.
}
