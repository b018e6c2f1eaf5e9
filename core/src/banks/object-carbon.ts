import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import { isProvenance, type Provenance } from '../answering/provenance.ts';
import { applicableOf } from '../scoring/applicable.ts';
import { carriersOf, kpiFigures } from '../scoring/figures.ts';
import type { ReferenceData } from '../scoring/reference-lookup.ts';
import type { ScoringTemplate } from '../scoring/score-model.ts';
import { carbonFromFactors, yearFactors } from '../scoring/stranding.ts';
import { carbonProvenances } from './evidence.ts';

/** A figure given in a filled questionnaire, with where it comes from (null: older rows, read as measured). */
export interface GivenFigure {
  questionId: number;
  inputAnswer: number;
  provenance: string | null;
}

/**
 * The carbon intensity (kg CO2e/m²a) of a filled questionnaire's reporting year as §5 reads it — the answered carriers
 * with the year's emission factors, else the reported total — with the provenance of every figure it rests on; null
 * where neither is answered (or a carrier's factor is missing).
 */
export const questionnaireCarbon = (
  template: ScoringTemplate,
  object: { country: string; assetAssetTypes: readonly AssetClassShare[] },
  reportingYear: number,
  figures: readonly GivenFigure[],
  data: ReferenceData,
): { intensity: number; provenances: Provenance[]; reportingYear: number } | null => {
  const { questions } = applicableOf(template, object);
  const given = new Map(figures.map((f) => [f.questionId, f]));
  const kpi = kpiFigures(questions, (q) => (q.type === 'ValueQuestion' && q.id !== null ? (given.get(q.id)?.inputAnswer ?? null) : null));
  const carriers = carriersOf(kpi);
  const intensity = carriers.reported ? carbonFromFactors(carriers.energy, yearFactors(data, object.country, reportingYear)) : (kpi.get('co2')?.value ?? null);
  if (intensity === null || !Number.isFinite(intensity)) return null;
  const provenanceOf = (questionId: number): Provenance => {
    const p = given.get(questionId)?.provenance;
    return isProvenance(p) ? p : 'measured';
  };
  return { intensity, provenances: carbonProvenances(kpi, provenanceOf), reportingYear };
};
