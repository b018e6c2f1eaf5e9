import type { KpiKey, Question, TemplateContent } from '../questionnaires/template.ts';
import { allQuestions } from '../questionnaires/template.ts';
import { carbonFromFactors, energyIntensity, noEnergy, type EnergyCarrier, type EnergyUse, type YearFactors } from './stranding.ts';

/** The value question of each energy carrier (DOMAIN.md §5). */
export const CARRIER_KPIS: Record<EnergyCarrier, KpiKey> = {
  gridElectricity: 'finalEnergyGridElectricity',
  gas: 'finalEnergyGas',
  oil: 'finalEnergyOil',
  districtHeating: 'finalEnergyDistrictHeating',
  districtCooling: 'finalEnergyDistrictCooling',
  renewablesConsumed: 'finalEnergyRenewablesConsumed',
  renewablesExported: 'finalEnergyRenewablesExported',
};

/** A figure answered for a KPI key, with the question that gave it. */
export interface KpiFigure {
  value: number;
  questionId: number;
}

/** The answered figure of each KPI key: the first answered value question of the key, in tree order. */
export const kpiFigures = (questions: readonly Question[], valueOf: (question: Question) => number | null): Map<KpiKey, KpiFigure> => {
  const kpi = new Map<KpiKey, KpiFigure>();
  for (const q of questions) {
    if (q.kpiKey === null || q.id === null || kpi.has(q.kpiKey)) continue;
    const value = valueOf(q);
    if (value !== null) kpi.set(q.kpiKey, { value, questionId: q.id });
  }
  return kpi;
};

/** Energy per carrier as answered (a carrier left empty counts 0) and whether any carrier is answered at all. */
export interface Carriers {
  energy: EnergyUse;
  reported: boolean;
}

export const carriersOf = (kpi: ReadonlyMap<KpiKey, KpiFigure>): Carriers => {
  const energy = noEnergy();
  let reported = false;
  for (const [carrier, key] of Object.entries(CARRIER_KPIS) as [EnergyCarrier, KpiKey][]) {
    const figure = kpi.get(key);
    if (figure === undefined) continue;
    energy[carrier] = figure.value;
    reported = true;
  }
  return { energy, reported };
};

/** A total may differ from its carriers' figure by this fraction of the carriers' figure before the screens warn. */
export const TOTAL_TOLERANCE = 0.02;

/** Whether a reported total disagrees with the carriers' figure by more than `TOTAL_TOLERANCE` (DOMAIN.md §5). */
export const totalDisagrees = (total: number, carriers: number): boolean => Math.abs(total - carriers) > TOTAL_TOLERANCE * Math.abs(carriers);

/**
 * A total given beside carriers that disagrees with them (DOMAIN.md §5, "Figures given twice"): a warning that
 * names both numbers, shown beside the total and the carriers; the score uses the carriers, nothing is refused.
 */
export interface FigureWarning {
  metric: 'energy' | 'carbon';
  /** The reported total (`finalEnergyTotal` or `co2`). */
  total: number;
  /** The carriers' figure: their energy sum, or the carbon of the reporting year computed from them. */
  carriers: number;
  totalQuestionId: number;
  /** The answered carrier questions the figure comes from. */
  carrierQuestionIds: number[];
}

/**
 * The warnings of totals given beside carriers: energy against the carriers' energy sum, carbon against the carbon
 * the carriers give in the reporting year (needs that year's factors; without them no carbon warning can be made).
 */
export const figureWarningsOf = (kpi: ReadonlyMap<KpiKey, KpiFigure>, factors: YearFactors | null): FigureWarning[] => {
  const carriers = carriersOf(kpi);
  if (!carriers.reported) return [];
  const carrierQuestionIds = Object.values(CARRIER_KPIS).flatMap((key) => {
    const figure = kpi.get(key);
    return figure ? [figure.questionId] : [];
  });
  const warnings: FigureWarning[] = [];
  const energyTotal = kpi.get('finalEnergyTotal');
  const energy = energyIntensity(carriers.energy);
  if (energyTotal && totalDisagrees(energyTotal.value, energy)) {
    warnings.push({ metric: 'energy', total: energyTotal.value, carriers: energy, totalQuestionId: energyTotal.questionId, carrierQuestionIds });
  }
  const co2Total = kpi.get('co2');
  const carbon = factors === null ? null : carbonFromFactors(carriers.energy, factors);
  if (co2Total && carbon !== null && totalDisagrees(co2Total.value, carbon)) {
    warnings.push({ metric: 'carbon', total: co2Total.value, carriers: carbon, totalQuestionId: co2Total.questionId, carrierQuestionIds });
  }
  return warnings;
};

/**
 * The warnings of a filled questionnaire as the answering and check screens show them: from the applicable structure,
 * the answers given (cleared answers carry no figure) and the factors of the object's country in the reporting year.
 */
export const figureWarnings = (
  structure: Pick<TemplateContent, 'clusters'>,
  answers: readonly { questionId: number; inputAnswer: number | null }[],
  factors: YearFactors | null,
): FigureWarning[] => figureWarningsOf(answeredKpiFigures(structure, answers), factors);

/**
 * The answered figure of each KPI key of a filled questionnaire: from the applicable structure and the answers given
 * (cleared answers carry no figure). `questions`: the structure's questions where the caller already holds them (an
 * export over many objects of one structure).
 */
export const answeredKpiFigures = (
  structure: Pick<TemplateContent, 'clusters'>,
  answers: readonly { questionId: number; inputAnswer: number | null }[],
  questions: readonly Question[] = allQuestions(structure),
): Map<KpiKey, KpiFigure> => {
  const byQuestion = new Map<number, number | null>();
  for (const a of answers) byQuestion.set(a.questionId, a.inputAnswer);
  const valueOf = (q: Question): number | null => {
    if (q.type !== 'ValueQuestion' || q.id === null) return null;
    const figure = byQuestion.get(q.id) ?? null;
    return figure !== null && Number.isFinite(figure) ? figure : null;
  };
  return kpiFigures(questions, valueOf);
};
