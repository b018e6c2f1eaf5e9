import type { Kysely } from 'kysely';
import type { Provenance } from '@ecore/core/answering/provenance.ts';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findAnswers, findLatestAssetQuestionnaire } from '@ecore/adapters/db/answering/answering-repository.ts';
import { findAnnualStart } from '@ecore/adapters/db/answering/annual-repository.ts';
import { saveOutlierAcceptance } from '@ecore/adapters/db/answering/outlier-repository.ts';
import { findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { structureFor } from '../routes/answering/context.ts';
import { loadReferenceData } from '../routes/scoring/stranding.ts';
import { scoredTemplate } from '../routes/questionnaires/template-cache.ts';
import { DEMO_RENEWING } from './demo-annual.ts';
import { saveDemoAnswers } from './demo-save.ts';

/** The explanation of the demo's explained flag. */
export const DEMO_OUTLIER_EXPLANATION = 'Zwei Etagen standen im Berichtsjahr wegen der Sanierung leer; der Verbrauch sank entsprechend.';
const DAY = 86_400_000;

/**
 * Plausibility checks in the demo (issue 40): next year's questionnaire of "Bürohaus Mannheim Quadrate" gets two of
 * last year's figures that are still empty: the last one 60 % higher than last year (an open like-for-like flag),
 * the one before it half of last year's (a like-for-like flag the collector explained), and the one before that 5 %
 * above last year's (no flag). They are estimated, calculated and measured, so that the data quality shows each
 * provenance. Runs after the yearly cycle's demo, once.
 */
export async function seedDemoOutliers(db: Kysely<DB>, at: Date): Promise<{ seeded: boolean }> {
  const asset = await db.selectFrom('assets').select('id').where('name', '=', DEMO_RENEWING).executeTakeFirst();
  const collector = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('user_name', '=', 'collector').executeTakeFirst();
  if (!asset || !collector) return { seeded: false };
  const latest = await findLatestAssetQuestionnaire(db, asset.id);
  const start = latest && (await findAnnualStart(db, latest.id));
  if (!latest || !start) return { seeded: false };
  if (await db.selectFrom('outlier_acceptances').select('question_id').where('asset_questionnaire_id', '=', latest.id).executeTakeFirst()) return { seeded: false };
  const { answers } = await findAnswers(db, latest.id);
  const empty = start.lastYearValues.filter((v) => v.inputAnswer > 0 && !answers.some((a) => a.questionId === v.questionId && a.state !== null));
  if (empty.length < 2) return { seeded: false };
  const view = (await findAsset(db, asset.id))!;
  const template = scoredTemplate((await findTemplate(db, latest.questionnaireId))!);
  const structure = structureFor(template, view);
  const questions = new Map(answerableQuestions(structure).map((q) => [q.id, q]));
  const referenceData = await loadReferenceData(db);
  const name = `${collector.first_name} ${collector.last_name}`;
  const enteredAt = new Date(at.getTime() - DAY);
  const [explained, open] = empty.slice(-2) as [(typeof empty)[0], (typeof empty)[0]];
  const steady = empty.length > 2 ? empty[empty.length - 3] : undefined;
  // Each figure with where it comes from: estimated (the open flag), calculated (the explained one), measured.
  const figures: { hint: (typeof empty)[0]; inputAnswer: number; provenance: Provenance }[] = [
    { hint: open, inputAnswer: Math.round(open.inputAnswer * 1.6 * 100) / 100, provenance: 'estimated' },
    { hint: explained, inputAnswer: Math.round(explained.inputAnswer * 0.5 * 100) / 100, provenance: 'calculated' },
    ...(steady ? [{ hint: steady, inputAnswer: Math.round(steady.inputAnswer * 1.05 * 100) / 100, provenance: 'measured' as const }] : []),
  ];
  await db.transaction().execute(async (trx) => {
    const items = figures.filter((f) => questions.has(f.hint.questionId)).map((f, index) => ({ index, questionId: f.hint.questionId, inputAnswer: f.inputAnswer, multipleChoiceOption: [], provenance: f.provenance }));
    const object = { ...view, area: view.assetTotalArea };
    await saveDemoAnswers(trx, { assetId: asset.id, questionnaireId: latest.id, reportingYear: latest.reportingYear, template, object, structure, referenceData, collector: { userId: collector.id, name }, at: enteredAt, items });
    // The save counted the explained flag as open (nothing was explained before): the explanation closes it.
    const saved = await trx.selectFrom('asset_questionnaires').select('open_flags').where('id', '=', latest.id).executeTakeFirstOrThrow();
    const explanation = { questionId: explained.questionId, type: 'lfl' as const, value: figures[1]!.inputAnswer, explanation: DEMO_OUTLIER_EXPLANATION };
    await saveOutlierAcceptance(trx, latest.id, explanation, { userId: collector.id, name, at: new Date(at.getTime() - DAY / 2) }, Math.max(0, saved.open_flags - 1));
  });
  return { seeded: true };
}
