import type { Kysely } from 'kysely';
import * as E from 'fp-ts/lib/Either.js';
import { answerableQuestions } from '@ecore/core/answering/applicability.ts';
import { checkAnswer } from '@ecore/core/answering/answer-rules.ts';
import type { AnswerValue } from '@ecore/core/answering/answers.ts';
import type { Provenance } from '@ecore/core/answering/provenance.ts';
import { pickTemplate, reportingYearOf } from '@ecore/core/answering/versions.ts';
import { VALUE_MAXIMA } from '@ecore/core/answering/answer-rules.ts';
import type { ObjectCategory, Question, QuestionnaireType } from '@ecore/core/questionnaires/template.ts';
import { QUESTIONNAIRE_TYPES } from '@ecore/core/questionnaires/template.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findActiveTemplateId, findTemplate } from '@ecore/adapters/db/questionnaires/templates-repository.ts';
import { insertAssetQuestionnaire, insertComment } from '@ecore/adapters/db/answering/answering-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import { structureFor } from '../routes/answering/context.ts';
import { loadReferenceData } from '../routes/scoring/stranding.ts';
import { scoredTemplate } from '../routes/questionnaires/template-cache.ts';
import { saveDemoAnswers } from './demo-save.ts';

/** Plausible figures per KPI key for the demo office (kWh/m²/a, kg CO2e/m²/a, m³/m²/a, kg/m²/a). */
const DEMO_FIGURES: Record<string, number> = {
  finalEnergyTotal: 142.5,
  finalEnergyGridElectricity: 61.2,
  finalEnergyGas: 48.3,
  finalEnergyOil: 0,
  finalEnergyDistrictHeating: 27.4,
  finalEnergyDistrictCooling: 3.1,
  finalEnergyRenewablesConsumed: 2.5,
  finalEnergyRenewablesExported: 0.8,
  // The carbon the carriers above give in Germany in 2025 (demo factors), so that the total and the carriers agree.
  co2: 33.2,
  water: 0.42,
  waste: 3.9,
};

/** A demo answer for a question: the second-best option of a choice question, a plausible figure for a value. */
const demoValue = (question: Question, index: number): AnswerValue | null => {
  if (question.type === 'ValueQuestion') {
    const figure = question.kpiKey ? (DEMO_FIGURES[question.kpiKey] ?? 10) : 10 + (index % 7);
    return { inputAnswer: Math.min(figure, question.kpiKey ? VALUE_MAXIMA[question.kpiKey] : figure), multipleChoiceOption: [] };
  }
  const options = question.options.filter((o) => o.id !== null && !o.isExclusive).sort((a, b) => b.score - a.score);
  const chosen = options[index % 3 === 0 ? 0 : Math.min(1, options.length - 1)] ?? question.options[0];
  if (!chosen || chosen.id === null) return null;
  const value = { inputAnswer: null, multipleChoiceOption: [chosen.id] };
  return E.isRight(checkAnswer(question, value)) ? value : null;
};

/**
 * Demo answering (issue 13): "Bürohaus Mainzer Landstraße" with every question answered (ready to submit for
 * review) and "Quartier Prenzlauer Berg" half answered, each with its change log, written by the demo collector
 * through the same repository and core rules as a save by hand, with the stored score a save leaves. Runs once:
 * objects that already have a filled questionnaire are left alone.
 */
export async function seedDemoAnswers(
  db: Kysely<DB>,
  at: Date,
  /** Each object's name, the share of its questions answered, and where its figures come from (default measured). */
  objects: readonly (readonly [string, number, Provenance?])[] = [['Bürohaus Mainzer Landstraße', 1], ['Quartier Prenzlauer Berg', 0.5]],
): Promise<{ seeded: boolean }> {
  const collector = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('user_name', '=', 'collector').executeTakeFirst();
  if (!collector) return { seeded: false };
  const by = `${collector.first_name} ${collector.last_name}`;
  const actives: Partial<Record<QuestionnaireType, number>> = {};
  for (const type of QUESTIONNAIRE_TYPES) {
    const id = await findActiveTemplateId(db, type);
    if (id !== null) actives[type] = id;
  }
  let seeded = false;
  const referenceData = await loadReferenceData(db);
  for (const [name, share, provenance] of objects) {
    const row = await db.selectFrom('assets').select(['id', 'latest_questionnaire_id']).where('name', '=', name).executeTakeFirst();
    if (!row || row.latest_questionnaire_id !== null) continue;
    const asset = (await findAsset(db, row.id))!;
    const templateId = pickTemplate(asset.conditionsAndEnvironmentGoals as ObjectCategory, asset.isBuyerAsset, actives);
    const template = templateId === null ? null : await findTemplate(db, templateId);
    if (!template) continue;
    const structure = structureFor(scoredTemplate(template), asset);
    const questions = answerableQuestions(structure);
    const count = Math.round(questions.length * share);
    await db.transaction().execute(async (trx) => {
      const id = await insertAssetQuestionnaire(trx, { assetId: asset.id, questionnaireId: template.id, reportingYear: reportingYearOf(at.getTime()), createdBy: collector.id, total: questions.length, at });
      // Saved as the collector's save is; the first answer gets the collector's comment.
      const items = questions.slice(0, count).flatMap((question, index) => {
        const value = demoValue(question, index);
        if (!value || question.id === null) return [];
        return [{ index, questionId: question.id, ...value, ...(provenance && value.inputAnswer !== null ? { provenance } : {}) }];
      });
      const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea };
      const reportingYear = reportingYearOf(at.getTime());
      const saved = await saveDemoAnswers(trx, { assetId: asset.id, questionnaireId: id, reportingYear, template: scoredTemplate(template), object, structure, referenceData, collector: { userId: collector.id, name: by }, at, items });
      const first = saved.written.find((a) => a.questionId === items[0]?.questionId);
      if (first && items[0]?.index === 0) await insertComment(trx, first.id, { id: collector.id, name: by }, 'Angaben laut Protokoll der Eigentümerversammlung.', at);
    });
    seeded = true;
  }
  return { seeded };
}
