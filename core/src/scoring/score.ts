import type * as E from 'fp-ts/Either';
import type { Question } from '../questionnaires/template.ts';
import { applicableOf } from './applicable.ts';
import { classify } from './display.ts';
import { carriersOf, kpiFigures } from './figures.ts';
import { clusterScores, weightedRatio } from './levels.ts';
import { consumptionOf } from './projections.ts';
import { questionScorer } from './question-score.ts';
import { classSharesOf, referenceMissing, type ReferenceData } from './reference-lookup.ts';
import type { ScoreOptions, ScoreResult, ScoringAnswer, ScoringObject, ScoringTemplate } from './score-model.ts';
import type { StrandingRefusal, StrandingResult } from './stranding.ts';
import { directProjection, type VirtualContext, type VirtualResult } from './virtual-questions.ts';

export { classify, CLASSIFICATIONS, formatScore, INTERMEDIATE_FROM, POSITIVE_FROM, roundForDisplay, type Classification } from './display.ts';
export type {
  CategoryScore,
  ClusterScore,
  ConsumptionValues,
  LevelScore,
  QuestionScore,
  ScoreOptions,
  ScoreResult,
  ScoringAnswer,
  ScoringObject,
  ScoringTemplate,
  SectionScore,
  StrandingOutcome,
  Tally,
  TaxonomyConformity,
} from './score-model.ts';
export { choicePoints, weightedRatio } from './levels.ts';
export { groupResult, groupScore, scoreSummary, type CategoryRatios, type GroupResult, type ScoreSummary, type SectionRatio } from './group-result.ts';

/**
 * The version of the scoring rules' reading, stored beside each score: a stored score of an older version is
 * computed again at start-up. 2: carriers before totals for energy too, virtual questions without their reference
 * value do not apply whether answered or not, mixed use blends the classes with data (DOMAIN.md §5, "Figures given
 * twice, and reference data that is missing").
 */
export const SCORING_RULES_VERSION = 2;

/**
 * The score of a filled questionnaire (DOMAIN.md §5), one pure function of the template, the object, the answers
 * and the reference data:
 * - only questions that apply count (`applicableTemplate`: asset classes and scored ambition levels);
 * - question points: the chosen option, the sum of the chosen (an exclusive option alone), a virtual question's
 *   formula; kept within 0 and the question's maximum (options may carry negative scores); unanswered 0;
 * - section ratio = points / maximum of its counted questions; sections and clusters with no counted maximum drop
 *   out and their weight is shared among the rest in proportion;
 * - ECORE = 100 × Σ cluster share × Σ section share × section ratio over every counted question; finance the same
 *   over the questions of score type Finance with the `financeWeight`s;
 * - taxonomy conformity, consumption values and the carbon and energy stranding projections alongside.
 * Nothing is rounded; `roundForDisplay` is for screens.
 */
export const score = (template: ScoringTemplate, object: ScoringObject, answers: readonly ScoringAnswer[], referenceData: ReferenceData, options: ScoreOptions = {}): ScoreResult => {
  const { structure, questions, byId, byTitle } = applicableOf(template, object);
  const answerOf = new Map<number, ScoringAnswer>();
  for (const a of answers) answerOf.set(a.questionId, a);
  const valueOf = (q: Question): number | null => {
    if (q.type !== 'ValueQuestion' || q.id === null) return null;
    const figure = answerOf.get(q.id)?.inputAnswer ?? null;
    return figure !== null && Number.isFinite(figure) ? figure : null;
  };
  // The first answered value question of each KPI key, in tree order; the carriers read from them.
  const figures = kpiFigures(questions, valueOf);
  const carriers = carriersOf(figures);

  // What the virtual questions read; the overview and the Year questions share projections, each computed once per call.
  const subject = { reportingYear: object.reportingYear, country: object.country, assetAssetTypes: object.assetAssetTypes };
  const direct = directProjection(referenceData, subject, carriers.energy);
  const projections = new Map<string, E.Either<StrandingRefusal, StrandingResult>>();
  const ctx: VirtualContext = {
    data: referenceData,
    subject,
    shares: classSharesOf(object.assetAssetTypes),
    parentOf: (q) =>
      (q.parentQuestionId !== null ? byId.get(q.parentQuestionId) : undefined) ?? (q.parentQuestionId === null && q.parentStaticTitle ? byTitle.get(q.parentStaticTitle) : undefined),
    valueOf,
    carriers,
    project: (metric, from) => {
      const key = 'carriers' in from ? `${metric}|carriers` : `${metric}|${from.flat}`;
      let projected = projections.get(key);
      if (!projected) projections.set(key, (projected = direct(metric, from)));
      return projected;
    },
    explain: options.explain ?? true,
  };

  const virtualQuestions: VirtualResult[] = [];
  const { clusters, taxonomy } = clusterScores(structure, questionScorer(answerOf, ctx, virtualQuestions));
  const ecoreTotal = weightedRatio(clusters.map((c) => ({ weight: c.weight, ratio: c.ratio })));
  const financeTotal = weightedRatio(clusters.map((c) => ({ weight: c.finance.weight, ratio: c.finance.ratio })));
  clusters.forEach((c, i) => {
    c.share = ecoreTotal.shares[i]!;
    c.finance.share = financeTotal.shares[i]!;
  });
  const { consumption, stranding, figureWarnings, missing } = consumptionOf(figures, carriers, ctx.project, referenceData, object);
  return {
    ecore: ecoreTotal.ratio === null ? null : 100 * ecoreTotal.ratio,
    ecoreClassification: classify(ecoreTotal.ratio),
    finance: financeTotal.ratio === null ? null : 100 * financeTotal.ratio,
    financeClassification: classify(financeTotal.ratio),
    clusters,
    taxonomy,
    virtualQuestions,
    consumption,
    stranding,
    figureWarnings,
    referenceMissing: referenceMissing([...virtualQuestions.flatMap((v) => (v.refusal?._tag === 'scoring-reference-missing' ? v.refusal.missing : [])), ...missing]).missing,
  };
};
