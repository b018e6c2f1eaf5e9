import type { Kysely } from 'kysely';
import { givenAnswers, type StoredAnswer } from '@ecore/core/answering/answers.ts';
import type { AssetView } from '@ecore/core/assets/object.ts';
import { consumptionQuestions, dataQuality, groupDataQuality, type DataQuality } from '@ecore/core/scoring/data-quality.ts';
import { outlierQuality, outliers, type Outlier } from '@ecore/core/scoring/outliers.ts';
import type { ReferenceData } from '@ecore/core/scoring/reference-lookup.ts';
import { findAnnualStart, findAnnualStartsOf } from '@ecore/adapters/db/answering/annual-repository.ts';
import { findOutlierAcceptances, findOutlierAcceptancesOf } from '@ecore/adapters/db/answering/outlier-repository.ts';
import { figuresWithProvenanceOf, type ScoringSubject } from '@ecore/adapters/db/scoring/scoring-repository.ts';
import type { DB } from '@ecore/adapters/db/schema.ts';
import type { ScoredTemplate } from '../questionnaires/template-cache.ts';
import { structureFor } from './context.ts';

type Object_ = Pick<AssetView, 'country' | 'assetAssetTypes' | 'assetTotalArea'>;

/**
 * The plausibility flags of a filled questionnaire (issue 40): core's `outliers` of its answers against the reference
 * data and the questionnaire the annual start followed.
 */
export async function questionnaireFlags(db: Kysely<DB>, template: ScoredTemplate, asset: Object_, questionnaire: { id: number; reportingYear: number }, stored: readonly StoredAnswer[], data: ReferenceData): Promise<Outlier[]> {
  const annual = await findAnnualStart(db, questionnaire.id);
  const lastYear = annual ? { answers: annual.lastYearValues, area: annual.previousArea } : null;
  const object = { country: asset.country, assetAssetTypes: asset.assetAssetTypes, area: asset.assetTotalArea, reportingYear: questionnaire.reportingYear };
  return outliers(structureFor(template, asset), object, givenAnswers(stored), lastYear, data);
}

/** A filled questionnaire's data quality (core `dataQuality`): where its consumption figures come from, and its open flags. */
export async function questionnaireDataQuality(db: Kysely<DB>, template: ScoredTemplate, asset: Object_, questionnaire: { id: number; reportingYear: number }, stored: readonly StoredAnswer[], data: ReferenceData): Promise<DataQuality> {
  const structure = structureFor(template, asset);
  const [flags, acceptances] = await Promise.all([questionnaireFlags(db, template, asset, questionnaire, stored, data), findOutlierAcceptances(db, questionnaire.id)]);
  return dataQuality(structure, stored, outlierQuality(flags, acceptances, consumptionQuestions(structure).length));
}

/**
 * A group's data quality (core `groupDataQuality`, by floor area) and each object's, from the latest filled
 * questionnaire of each object: four statements for any number of objects (figures, annual starts, acceptances).
 */
export async function groupDataQualityOf(
  db: Kysely<DB>,
  subjects: readonly ScoringSubject[],
  templateOf: (id: number) => Promise<ScoredTemplate | null>,
  data: ReferenceData,
): Promise<{ dataQuality: DataQuality; objects: { assetId: number; area: number; dataQuality: DataQuality }[] }> {
  const ids = subjects.map((s) => s.assetQuestionnaireId);
  const [figures, starts, acceptances] = await Promise.all([figuresWithProvenanceOf(db, ids), findAnnualStartsOf(db, ids), findOutlierAcceptancesOf(db, ids)]);
  const objects: { assetId: number; area: number; dataQuality: DataQuality }[] = [];
  for (const s of subjects) {
    const template = await templateOf(s.questionnaireId);
    if (!template) continue;
    const structure = structureFor(template, s);
    const given = (figures.get(s.assetQuestionnaireId) ?? []).map((f) => ({ ...f, multipleChoiceOption: [] }));
    const annual = starts.get(s.assetQuestionnaireId);
    const lastYear = annual ? { answers: annual.lastYearValues, area: annual.previousArea } : null;
    const flags = outliers(structure, { country: s.country, assetAssetTypes: s.assetAssetTypes, area: s.area, reportingYear: s.reportingYear }, given, lastYear, data);
    const quality = dataQuality(structure, given, outlierQuality(flags, acceptances.get(s.assetQuestionnaireId) ?? [], consumptionQuestions(structure).length));
    objects.push({ assetId: s.assetId, area: s.area, dataQuality: quality });
  }
  return { dataQuality: groupDataQuality(objects.map((o) => ({ area: o.area, quality: o.dataQuality }))), objects };
}

