import * as E from 'fp-ts/Either';
import { applicableTemplate } from '../answering/applicability.ts';
import type { AnswerValue, StoredAnswer } from '../answering/answers.ts';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import { assetClassesOf } from '../assets/asset-classes.ts';
import {
  allQuestions,
  maxScoreOf,
  type Id,
  type KpiKey,
  type Question,
  type QuestionType,
  type Section,
  type ScoreType,
  type TemplateContent,
} from '../questionnaires/template.ts';
import { classify, type Classification } from './display.ts';
import { classSharesOf, referenceMissing, type MissingReference, type ReferenceData } from './reference-lookup.ts';
import { carriersOf, figureWarningsOf, kpiFigures, type FigureWarning } from './figures.ts';
import {
  carbonFromFactors,
  energyIntensity,
  portfolioCurve,
  yearFactors,
  type EnergyUse,
  type StrandingRefusal,
  type StrandingResult,
} from './stranding.ts';
import { directProjection, virtualResult, type ProjectionSource, type SourcedStranding, type VirtualContext, type VirtualResult } from './virtual-questions.ts';

export { classify, CLASSIFICATIONS, formatScore, INTERMEDIATE_FROM, POSITIVE_FROM, roundForDisplay, type Classification } from './display.ts';

/**
 * The object a questionnaire is scored for (DOMAIN.md §5): its asset classes with their shares, its country,
 * its gross floor area (BGF, which weighs it in its group) and the reporting year, the calendar year whose
 * consumption the answers give (stored on the filled questionnaire).
 */
export interface ScoringObject {
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  area: number;
  reportingYear: number;
}

/** The template parts scoring reads. */
export type ScoringTemplate = Pick<TemplateContent, 'clusters' | 'scoredAmbitionLevels'>;

/** The answer fields scoring reads; where a question has more than one row, the last one counts. */
export type ScoringAnswer = Pick<StoredAnswer, 'questionId' | 'inputAnswer' | 'multipleChoiceOption'>;

/** `explain: false` leaves the virtual questions' "why" lines empty (lists of many objects show only numbers). */
export interface ScoreOptions {
  explain?: boolean;
}

/** Points against maximum with their ratio and classification; the ratio is null (Neutral) where nothing counts. */
export interface Tally {
  points: number;
  maximum: number;
  ratio: number | null;
  classification: Classification;
}

/** A weighted level (section, cluster): its tally, its weight as the template gives it, and its normalised share of the level above. */
export interface LevelScore extends Tally {
  weight: number;
  /** The weight normalised over the level's siblings that count (0 for a level that dropped out). */
  share: number;
}

export interface QuestionScore extends Tally {
  questionId: Id | null;
  staticTitle: string;
  type: QuestionType;
  scoreType: ScoreType;
  taxonomyRelevant: boolean;
  /** The stored answer (for a virtual question: none, it is computed). */
  answer: AnswerValue | null;
  answered: boolean;
  /** Counts in the ECORE score: a maximum above 0 and, for a virtual question, a result that could be computed. */
  counted: boolean;
  /** Counts in the finance score as well: counted and of score type Finance. */
  countedInFinance: boolean;
  virtual: VirtualResult | null;
}

export interface SectionScore extends LevelScore {
  id: Id | null;
  finance: LevelScore;
  questions: QuestionScore[];
}

/** Categories group sections and carry no weight: their ratio is their sections' weighted ratio. */
export interface CategoryScore extends Tally {
  id: Id | null;
  finance: Tally;
  sections: SectionScore[];
}

export interface ClusterScore extends LevelScore {
  id: Id | null;
  clusterIdentifier: string;
  isTaxonomyCluster: boolean;
  finance: LevelScore;
  categories: CategoryScore[];
}

/** Taxonomy conformity (DOMAIN.md §5): the share of applicable taxonomy-relevant questions at full points. */
export interface TaxonomyConformity {
  /** Applicable taxonomy-relevant questions that carry points. */
  relevant: number;
  atFullPoints: number;
  /** null where the object has no such question. */
  share: number | null;
  conforms: boolean;
}

/** The dashboard's consumption values per m² (spec 02 §3), with where each comes from. */
export interface ConsumptionValues {
  /**
   * kWh/m²/a: the sum of the carriers where any is answered (with on-site renewables consumed, exports not
   * subtracted), else the reported total (DOMAIN.md §5, "Figures given twice").
   */
  finalEnergy: number | null;
  finalEnergySource: 'reported' | 'carriers' | null;
  /**
   * kg CO2e/m²/a: the carbon of the reporting year from the carriers where any is answered (null where a factor they
   * need is missing), else the reported figure.
   */
  co2: number | null;
  co2Source: 'reported' | 'carriers' | null;
  /** m³/m²/a */
  water: number | null;
  /** kg/m²/a */
  waste: number | null;
  /** Energy per carrier as answered, missing carriers 0. */
  carriers: EnergyUse;
  carriersReported: boolean;
}

/** A stranding projection of the results overview: computed, refused (saying why), or not reported. */
export type StrandingOutcome = { status: 'computed'; result: SourcedStranding } | { status: 'refused'; refusal: StrandingRefusal } | { status: 'not-reported' };

export interface ScoreResult {
  /** ECORE score 0–100, unrounded; null where nothing counts. */
  ecore: number | null;
  ecoreClassification: Classification;
  /** Finance score 0–100 over the questions of score type Finance, unrounded; null where none counts. */
  finance: number | null;
  financeClassification: Classification;
  clusters: ClusterScore[];
  taxonomy: TaxonomyConformity;
  /** Every applicable virtual question's result, in tree order (also on its question). */
  virtualQuestions: VirtualResult[];
  consumption: ConsumptionValues;
  stranding: { carbon: StrandingOutcome; energy: StrandingOutcome };
  /** Totals given beside carriers that disagree with them by more than 2 %: warnings for the screens, never refusals. */
  figureWarnings: FigureWarning[];
  /** Everything the reference data lacked for virtual questions and projections, merged. */
  referenceMissing: MissingReference[];
}

/**
 * The version of the scoring rules' reading, stored beside each score: a stored score of an older version is
 * computed again at start-up. 2: carriers before totals for energy too, virtual questions without their reference
 * value do not apply whether answered or not, mixed use blends the classes with data (DOMAIN.md §5, "Figures given
 * twice, and reference data that is missing").
 */
export const SCORING_RULES_VERSION = 2;

const clamp = (x: number, low: number, high: number): number => Math.min(high, Math.max(low, x));

const tally = (points: number, maximum: number): Tally => {
  const ratio = maximum > 0 ? clamp(points / maximum, 0, 1) : null;
  return { points, maximum, ratio, classification: classify(ratio) };
};

/**
 * The weighted ratio of a level (DOMAIN.md §5): weights normalised to sum 1 over the parts that count; a part
 * with no counted maximum drops out and its weight is shared among the rest in proportion. No part with weight
 * left: null (the level itself drops out).
 */
export const weightedRatio = (parts: readonly { weight: number; ratio: number | null }[]): { ratio: number | null; shares: number[] } => {
  const total = weightTotal(parts);
  const shares = new Array<number>(parts.length);
  if (!(total > 0)) return { ratio: null, shares: shares.fill(0) };
  let ratio = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const share = weightOf(parts[i]!) / total;
    shares[i] = share;
    if (share > 0) ratio += share * parts[i]!.ratio!;
  }
  return { ratio: clamp(ratio, 0, 1), shares };
};

/** `weightedRatio(parts).ratio`, the same sums in the same order, without the shares. */
const ratioOf = (parts: readonly { weight: number; ratio: number | null }[]): number | null => {
  const total = weightTotal(parts);
  if (!(total > 0)) return null;
  let ratio = 0;
  for (const p of parts) {
    const share = weightOf(p) / total;
    if (share > 0) ratio += share * p.ratio!;
  }
  return clamp(ratio, 0, 1);
};

/** A part's weight in its level: nothing where it has no ratio or no positive weight. */
const weightOf = (p: { weight: number; ratio: number | null }) => (p.ratio === null || !(p.weight > 0) ? 0 : p.weight);
const weightTotal = (parts: readonly { weight: number; ratio: number | null }[]) => {
  let total = 0;
  for (const p of parts) total += weightOf(p);
  return total;
};

/**
 * The points of a choice answer (DOMAIN.md §5), or null where it names no option of the question:
 * single choice the chosen option's; multiple choice the sum of the chosen, an exclusive option alone.
 */
export const choicePoints = (question: Pick<Question, 'type' | 'options'>, chosen: readonly number[]): number | null => {
  // The question's options that are chosen, in the question's order.
  const picked: Question['options'][number][] = [];
  for (const o of question.options) if (o.id !== null && chosen.includes(o.id)) picked.push(o);
  if (picked.length === 0) return null;
  if (question.type === 'SingleChoice') {
    // The first chosen id that names an option.
    for (const id of chosen) {
      const option = picked.find((o) => o.id === id);
      if (option) return option.score;
    }
  }
  let exclusive: number | null = null;
  let sum = 0;
  for (const o of picked) {
    if (o.isExclusive) exclusive = exclusive === null ? o.score : Math.max(exclusive, o.score);
    sum += o.score;
  }
  return exclusive ?? sum;
};

const mergeOutcomeMissing = (outcomes: readonly StrandingOutcome[]): MissingReference[] =>
  outcomes.flatMap((o) => (o.status === 'refused' && o.refusal._tag === 'scoring-reference-missing' ? o.refusal.missing : []));

const makeOutcome = (projected: E.Either<StrandingRefusal, StrandingResult>, source: ProjectionSource): StrandingOutcome =>
  E.isLeft(projected) ? { status: 'refused', refusal: projected.left } : { status: 'computed', result: { ...projected.right, source } };

const outcomes = new WeakMap<object, Map<ProjectionSource, StrandingOutcome>>();
/**
 * A stranding outcome of a projection and its source; of a shared (frozen) projection made once and shared too, frozen,
 * so that scores of the same figures hold the very same outcome (a stored score's text is then made once: kept-writes.ts).
 */
const outcomeOf = (projected: E.Either<StrandingRefusal, StrandingResult>, source: ProjectionSource): StrandingOutcome => {
  if (!Object.isFrozen(projected)) return makeOutcome(projected, source);
  let bySource = outcomes.get(projected);
  if (!bySource) outcomes.set(projected, (bySource = new Map()));
  let outcome = bySource.get(source);
  if (!outcome) bySource.set(source, (outcome = Object.freeze(makeOutcome(projected, source))));
  return outcome;
};

const NOT_REPORTED: StrandingOutcome = Object.freeze({ status: 'not-reported' });
const strandings = new WeakMap<StrandingOutcome, WeakMap<StrandingOutcome, ScoreResult['stranding']>>();
/** Both stranding outcomes together, the same frozen object for the same two (shared) outcomes. */
const strandingOf = (carbon: StrandingOutcome, energy: StrandingOutcome): ScoreResult['stranding'] => {
  if (!Object.isFrozen(carbon) || !Object.isFrozen(energy)) return { carbon, energy };
  let byEnergy = strandings.get(carbon);
  if (!byEnergy) strandings.set(carbon, (byEnergy = new WeakMap()));
  let both = byEnergy.get(energy);
  if (!both) byEnergy.set(energy, (both = Object.freeze({ carbon, energy })));
  return both;
};

const sumTallies = (tallies: readonly Pick<Tally, 'points' | 'maximum'>[]): { points: number; maximum: number } => {
  let points = 0;
  let maximum = 0;
  for (const t of tallies) {
    points += t.points;
    maximum += t.maximum;
  }
  return { points, maximum };
};

/** A section's tallies over its counted questions (ECORE) and those of score type Finance; shares are set by its cluster. */
const sectionScore = (section: Pick<Section, 'id' | 'weight' | 'financeWeight'>, questions: QuestionScore[]): SectionScore => {
  let points = 0;
  let maximum = 0;
  let financePoints = 0;
  let financeMaximum = 0;
  for (const q of questions) {
    if (!q.counted) continue;
    points += q.points;
    maximum += q.maximum;
    if (q.countedInFinance) {
      financePoints += q.points;
      financeMaximum += q.maximum;
    }
  }
  const ecore = tally(points, maximum);
  const finance = tally(financePoints, financeMaximum);
  return {
    id: section.id,
    points,
    maximum,
    ratio: ecore.ratio,
    classification: ecore.classification,
    weight: section.weight,
    share: 0,
    finance: { points: financePoints, maximum: financeMaximum, ratio: finance.ratio, classification: finance.classification, weight: section.financeWeight, share: 0 },
    questions,
  };
};

/** A category's sums over its sections; its ratios are set by its cluster. */
const sumLevels = (sections: SectionScore[], id: CategoryScore['id']): CategoryScore => {
  let points = 0;
  let maximum = 0;
  let financePoints = 0;
  let financeMaximum = 0;
  for (const s of sections) {
    points += s.points;
    maximum += s.maximum;
    financePoints += s.finance.points;
    financeMaximum += s.finance.maximum;
  }
  return {
    points,
    maximum,
    ratio: null,
    classification: 'Neutral',
    finance: { points: financePoints, maximum: financeMaximum, ratio: null, classification: 'Neutral' },
    sections,
    id,
  };
};

/** A template's applicable structure for an object's asset classes, its questions in tree order, by id and by title. */
interface Applicable {
  structure: ScoringTemplate;
  questions: Question[];
  byId: Map<number, Question>;
  byTitle: Map<string, Question>;
}

// The same for every object of the same asset classes: made once per template object and set of classes (a template
// is not changed once made; a new version or a draft's edit is a new object). Scoring a group's thousand objects, or
// each save's stored score, needs it again and again.
const applicables = new WeakMap<ScoringTemplate, Map<string, Applicable>>();

const applicableOf = (template: ScoringTemplate, object: Pick<ScoringObject, 'assetAssetTypes'>): Applicable => {
  const classes = assetClassesOf(object.assetAssetTypes);
  const key = [...new Set(classes)].sort().join(',');
  let byClasses = applicables.get(template);
  if (!byClasses) applicables.set(template, (byClasses = new Map()));
  const known = byClasses.get(key);
  if (known) return known;
  const structure = applicableTemplate(template, classes, template.scoredAmbitionLevels);
  const questions = allQuestions(structure);
  const byId = new Map<number, Question>();
  const byTitle = new Map<string, Question>();
  for (const q of questions) {
    if (q.id !== null) byId.set(q.id, q);
    byTitle.set(q.staticTitle, q);
  }
  const made = { structure, questions, byId, byTitle };
  byClasses.set(key, made);
  return made;
};

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
  const kpi = new Map<KpiKey, number>();
  for (const [key, figure] of figures) kpi.set(key, figure.value);
  const { energy, reported: carriersReported } = carriersOf(figures);

  const shares = classSharesOf(object.assetAssetTypes);
  const subject = { reportingYear: object.reportingYear, country: object.country, assetAssetTypes: object.assetAssetTypes };
  const direct = directProjection(referenceData, subject, energy);
  const projections = new Map<string, E.Either<StrandingRefusal, StrandingResult>>();
  const ctx: VirtualContext = {
    data: referenceData,
    subject,
    shares,
    parentOf: (q) =>
      (q.parentQuestionId !== null ? byId.get(q.parentQuestionId) : undefined) ?? (q.parentQuestionId === null && q.parentStaticTitle ? byTitle.get(q.parentStaticTitle) : undefined),
    valueOf,
    carriers: { energy, reported: carriersReported },
    project: (metric, from) => {
      // The overview and the Year questions share projections: each is computed once per call.
      const key = 'carriers' in from ? `${metric}|carriers` : `${metric}|${from.flat}`;
      const known = projections.get(key);
      if (known) return known;
      const projected = direct(metric, from);
      projections.set(key, projected);
      return projected;
    },
    explain: options.explain ?? true,
  };

  const virtualQuestions: VirtualResult[] = [];
  const questionScore = (q: Question): QuestionScore => {
    const maximum = maxScoreOf(q);
    const stored = q.id === null ? undefined : answerOf.get(q.id);
    const answer = q.type === 'VirtualQuestion' || !stored ? null : { inputAnswer: stored.inputAnswer, multipleChoiceOption: stored.multipleChoiceOption };
    let raw: number | null = null;
    let virtual: VirtualResult | null = null;
    let computable = true;
    if (q.type === 'SingleChoice' || q.type === 'MultipleChoice') raw = answer ? choicePoints(q, answer.multipleChoiceOption) : null;
    else if (q.type === 'VirtualQuestion') {
      virtual = virtualResult(q, ctx);
      virtualQuestions.push(virtual);
      computable = virtual.status === 'computed' || virtual.status === 'unanswered';
      raw = virtual.status === 'computed' ? virtual.points : null;
    }
    const answered = q.type === 'ValueQuestion' ? valueOf(q) !== null : raw !== null;
    const counted = maximum > 0 && computable;
    // A question's points lie within 0 and its maximum (options may carry negative scores).
    const points = counted && raw !== null ? clamp(raw, 0, maximum) : 0;
    const ratio = counted ? points / maximum : null;
    return {
      points,
      maximum,
      ratio,
      classification: classify(ratio),
      questionId: q.id,
      staticTitle: q.staticTitle,
      type: q.type,
      scoreType: q.scoreType,
      taxonomyRelevant: q.taxonomyRelevant,
      answer,
      answered,
      counted,
      countedInFinance: counted && q.scoreType === 'Finance',
      virtual,
    };
  };

  // The taxonomy-relevant questions with points to reach, and those at full points (a question that could not be
  // computed cannot be confirmed at full points), counted as the questions are scored.
  let taxonomyRelevant = 0;
  let atFullPoints = 0;
  const clusters: ClusterScore[] = structure.clusters.map((cluster) => {
    const categories: CategoryScore[] = [];
    const sections: SectionScore[] = [];
    for (const category of cluster.categories) {
      const own: SectionScore[] = [];
      for (const section of category.sections) {
        const questions = section.questions.map(questionScore);
        for (const q of questions) {
          if (!q.taxonomyRelevant || !(q.maximum > 0)) continue;
          taxonomyRelevant += 1;
          if (q.counted && q.points >= q.maximum) atFullPoints += 1;
        }
        const scored = sectionScore(section, questions);
        own.push(scored);
        sections.push(scored);
      }
      categories.push(sumLevels(own, category.id));
    }
    const financeTallies = sections.map((s) => s.finance);
    const ecore = weightedRatio(sections);
    const finance = weightedRatio(financeTallies);
    sections.forEach((s, i) => {
      s.share = ecore.shares[i]!;
      s.finance.share = finance.shares[i]!;
    });
    // Categories carry no weight: their ratio is their own sections' weighted ratio.
    for (const category of categories) {
      category.ratio = ratioOf(category.sections);
      category.classification = classify(category.ratio);
      category.finance.ratio = ratioOf(category.sections.map((s) => s.finance));
      category.finance.classification = classify(category.finance.ratio);
    }
    const e = sumTallies(sections);
    const f = sumTallies(financeTallies);
    return {
      id: cluster.id,
      clusterIdentifier: cluster.clusterIdentifier,
      isTaxonomyCluster: cluster.isTaxonomyCluster,
      points: e.points,
      maximum: e.maximum,
      ratio: ecore.ratio,
      classification: classify(ecore.ratio),
      weight: cluster.weight,
      share: 0,
      finance: { points: f.points, maximum: f.maximum, ratio: finance.ratio, classification: classify(finance.ratio), weight: cluster.financeWeight, share: 0 },
      categories,
    };
  });
  const ecoreTotal = weightedRatio(clusters.map((c) => ({ weight: c.weight, ratio: c.ratio })));
  const financeTotal = weightedRatio(clusters.map((c) => ({ weight: c.finance.weight, ratio: c.finance.ratio })));
  clusters.forEach((c, i) => {
    c.share = ecoreTotal.shares[i]!;
    c.finance.share = financeTotal.shares[i]!;
  });
  const taxonomyShare = taxonomyRelevant > 0 ? atFullPoints / taxonomyRelevant : null;

  // Carriers before totals, for carbon and energy alike (DOMAIN.md §5, "Figures given twice"): where any carrier is
  // answered the carriers are the figure, else the reported total stands, projected flat.
  const co2Reported = kpi.get('co2');
  const energyReported = kpi.get('finalEnergyTotal');
  const carbonOutcome: StrandingOutcome = carriersReported
    ? outcomeOf(ctx.project('carbon', { carriers: true }), 'carriers')
    : co2Reported !== undefined
      ? outcomeOf(ctx.project('carbon', { flat: co2Reported }), 'reported')
      : NOT_REPORTED;
  const energyOutcome: StrandingOutcome = carriersReported
    ? outcomeOf(ctx.project('energy', { carriers: true }), 'carriers')
    : energyReported !== undefined
      ? outcomeOf(ctx.project('energy', { flat: energyReported }), 'reported')
      : NOT_REPORTED;
  const finalEnergy = carriersReported ? energyIntensity(energy) : (energyReported ?? null);
  const factors = yearFactors(referenceData, object.country, object.reportingYear);
  const co2FromCarriers = carriersReported ? carbonFromFactors(energy, factors) : null;
  const co2 = carriersReported ? co2FromCarriers : (co2Reported ?? null);

  const ecore = ecoreTotal.ratio === null ? null : 100 * ecoreTotal.ratio;
  const finance = financeTotal.ratio === null ? null : 100 * financeTotal.ratio;
  return {
    ecore,
    ecoreClassification: classify(ecoreTotal.ratio),
    finance,
    financeClassification: classify(financeTotal.ratio),
    clusters,
    taxonomy: { relevant: taxonomyRelevant, atFullPoints, share: taxonomyShare, conforms: taxonomyShare === 1 },
    virtualQuestions,
    consumption: {
      finalEnergy,
      finalEnergySource: finalEnergy === null ? null : carriersReported ? 'carriers' : 'reported',
      co2,
      co2Source: co2 === null ? null : carriersReported ? 'carriers' : 'reported',
      water: kpi.get('water') ?? null,
      waste: kpi.get('waste') ?? null,
      carriers: energy,
      carriersReported,
    },
    stranding: strandingOf(carbonOutcome, energyOutcome),
    figureWarnings: figureWarningsOf(figures, factors),
    referenceMissing: referenceMissing([
      ...virtualQuestions.flatMap((v) => (v.refusal?._tag === 'scoring-reference-missing' ? v.refusal.missing : [])),
      ...mergeOutcomeMissing([carbonOutcome, energyOutcome]),
    ]).missing,
  };
};

/**
 * The score of a group (DOMAIN.md §5): the mean of its objects' scores weighted by gross floor area (BGF).
 * Objects without a score or without area weigh nothing; null where none is left. Kept within the lowest and
 * highest object score (floating-point sums may stray by a unit of the last place).
 */
export const groupScore = (objects: readonly { area: number; score: number | null }[]): number | null => {
  const weighed = objects.filter((o): o is { area: number; score: number } => o.score !== null && Number.isFinite(o.score) && Number.isFinite(o.area) && o.area > 0);
  if (weighed.length === 0) return null;
  const total = weighed.reduce((sum, o) => sum + o.area, 0);
  const mean = weighed.reduce((sum, o) => sum + (o.area / total) * o.score, 0);
  const scores = weighed.map((o) => o.score);
  return clamp(mean, Math.min(...scores), Math.max(...scores));
};

/**
 * What a group's results read of each object's score (`groupResult`): the totals, the cluster ratios, the taxonomy
 * conformity and the projections. The server stores it beside the two totals (`scoreSummary`), so that a group of
 * 1 000 objects is scored from 1 000 stored summaries instead of from every answer of every object.
 */
export interface ScoreSummary {
  ecore: number | null;
  finance: number | null;
  /** Each cluster's ratio, and its categories' and sections' (the group's structure, `groupStructure`). */
  clusters: (Pick<ClusterScore, 'clusterIdentifier' | 'ratio'> & { categories: CategoryRatios[] })[];
  taxonomy: Pick<TaxonomyConformity, 'share' | 'conforms'>;
  stranding: ScoreResult['stranding'];
}

/** A section's id and ratio. */
export interface SectionRatio {
  id: Id | null;
  ratio: number | null;
}

/** A category's id and ratio, with its sections'. */
export interface CategoryRatios extends SectionRatio {
  sections: SectionRatio[];
}

/** The part of a score a group's results read (a `ScoreResult` is one too; this drops the rest for storing). */
export const scoreSummary = (result: ScoreSummary): ScoreSummary => ({
  ecore: result.ecore,
  finance: result.finance,
  clusters: result.clusters.map((c) => ({
    clusterIdentifier: c.clusterIdentifier,
    ratio: c.ratio,
    categories: c.categories.map((cat) => ({ id: cat.id, ratio: cat.ratio, sections: cat.sections.map((sec) => ({ id: sec.id, ratio: sec.ratio })) })),
  })),
  taxonomy: { share: result.taxonomy.share, conforms: result.taxonomy.conforms },
  stranding: result.stranding,
});

/** A group's results: scores, cluster ratios and taxonomy share weighted by BGF, and its portfolio projections. */
export interface GroupResult {
  ecore: number | null;
  ecoreClassification: Classification;
  finance: number | null;
  financeClassification: Classification;
  /** Per cluster position (I, II, …): the BGF-weighted ratio of the objects where the cluster counts. */
  clusters: { clusterIdentifier: string; ratio: number | null; classification: Classification }[];
  taxonomy: { share: number | null; conforms: boolean };
  stranding: { carbon: StrandingOutcome; energy: StrandingOutcome };
}

const portfolioOutcome = (parts: readonly { area: number; outcome: StrandingOutcome }[]): StrandingOutcome => {
  const refused = parts.find((p) => p.outcome.status === 'refused');
  if (refused) return refused.outcome;
  const computed = parts.flatMap((p) => (p.outcome.status === 'computed' ? [{ area: p.area, result: p.outcome.result }] : []));
  if (computed.length === 0) return { status: 'not-reported' };
  const curve = portfolioCurve(computed);
  const sources = new Set(computed.map((p) => p.result.source));
  return outcomeOf(curve, sources.size === 1 ? [...sources][0]! : 'mixed');
};

/**
 * A group's results from its objects' (DOMAIN.md §5): each score and ratio the BGF-weighted mean (`groupScore`),
 * taxonomy conforming where every object with taxonomy questions conforms, and the area-weighted portfolio
 * projections of the objects that report consumption (a refusal of any object is the group's).
 */
export const groupResult = (objects: readonly { area: number; result: ScoreSummary }[]): GroupResult => {
  const ecore = groupScore(objects.map((o) => ({ area: o.area, score: o.result.ecore })));
  const finance = groupScore(objects.map((o) => ({ area: o.area, score: o.result.finance })));
  const positions = Math.max(0, ...objects.map((o) => o.result.clusters.length));
  const clusters = Array.from({ length: positions }, (_, i) => {
    const ratio = groupScore(objects.map((o) => ({ area: o.area, score: o.result.clusters[i]?.ratio ?? null })));
    const identifier = objects.map((o) => o.result.clusters[i]?.clusterIdentifier).find((id) => id !== undefined) ?? String(i + 1);
    return { clusterIdentifier: identifier, ratio, classification: classify(ratio) };
  });
  const withTaxonomy = objects.filter((o) => o.result.taxonomy.share !== null);
  const taxonomyShare = groupScore(withTaxonomy.map((o) => ({ area: o.area, score: o.result.taxonomy.share })));
  return {
    ecore,
    ecoreClassification: classify(ecore === null ? null : ecore / 100),
    finance,
    financeClassification: classify(finance === null ? null : finance / 100),
    clusters,
    taxonomy: { share: taxonomyShare, conforms: withTaxonomy.length > 0 && withTaxonomy.every((o) => o.result.taxonomy.conforms) },
    stranding: {
      carbon: portfolioOutcome(objects.map((o) => ({ area: o.area, outcome: o.result.stranding.carbon }))),
      energy: portfolioOutcome(objects.map((o) => ({ area: o.area, outcome: o.result.stranding.energy }))),
    },
  };
};
