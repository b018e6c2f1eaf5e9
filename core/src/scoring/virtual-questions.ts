import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { KPI_KEYS, maxScoreOf, type Question, type VirtualQuestionType } from '../questionnaires/template.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import { message, type MessageKey } from '../shared/messages.ts';
import { formatFigure, formatScore } from './display.ts';
import { blendedReference, describeMissing, metricOfKpi, referenceMissing, type ClassShare, type ReferenceData, type ScoringMetric } from './reference-lookup.ts';
import {
  carbonIntensities,
  carbonStranding,
  energyIntensity,
  flatStranding,
  projectionYears,
  STRANDING_LAST_YEAR,
  type EnergyUse,
  type ProjectionSubject,
  type StrandingRefusal,
  type StrandingResult,
} from './stranding.ts';

/**
 * Where a projection's intensities come from: the energy carriers, or one reported total held flat; a
 * portfolio of objects of both kinds is `mixed`.
 */
export type ProjectionSource = 'carriers' | 'reported' | 'mixed';

/** A stranding projection with where its intensities come from. */
export interface SourcedStranding extends StrandingResult {
  source: ProjectionSource;
}

/**
 * How a virtual question came out:
 * - `computed`: from its parent's value and the reference used;
 * - `unanswered`: the parent has no value; it counts, with 0 of its maximum (DOMAIN.md §5);
 * - `no-parent`: the parent does not apply to the object (or is not in the template); it counts nowhere, like a
 *   question that does not apply, because nobody could ever answer it;
 * - `refused`: the question does not apply because the reference data lacks its average or pathway (or the
 *   reporting year lies after 2050), decided before any figure, or the figure needs an emission factor the data
 *   lacks; it counts nowhere, and `refusal` says what is missing, because 0 points would be a made-up number too.
 */
export type VirtualStatus = 'computed' | 'unanswered' | 'no-parent' | 'refused';

/** The reference a DW or DK question was held against: the value, its year, and whether the data or the question gave it. */
export interface UsedReference {
  value: number;
  year: number;
  source: 'reference' | 'question';
}

export interface VirtualResult {
  questionId: number | null;
  type: VirtualQuestionType;
  status: VirtualStatus;
  /** The figure it is computed for (from the parent's KPI key), null where the parent names none. */
  metric: ScoringMetric | null;
  /** The parent's value `v`. */
  value: number | null;
  /** DW and DK: the average or pathway value used. */
  reference: UsedReference | null;
  /** DW and DK: `d = (v − reference) / reference`; null where it is not a finite number (a reference of 0). */
  deviation: number | null;
  /** Year: the projection with its stranding point. */
  stranding: SourcedStranding | null;
  /** The formula's result: the clamped fraction of the maximum earned (0 … 1). */
  factor: number | null;
  points: number;
  maximum: number;
  refusal: StrandingRefusal | null;
  /** The one-line "why": the value, the reference used, the formula's result. */
  why: Record<Language, string>;
}

/** What virtual questions are computed from. */
export interface VirtualContext {
  data: ReferenceData;
  subject: ProjectionSubject;
  shares: readonly ClassShare[];
  /** The applicable questions by id, and by static title for parents named only so. */
  parentOf: (question: Question) => Question | undefined;
  /** The answered value of a value question, null where none. */
  valueOf: (question: Question) => number | null;
  /** Energy per carrier as answered (missing carriers 0) and whether any carrier is answered at all. */
  carriers: { energy: EnergyUse; reported: boolean };
  /**
   * The projection of a metric, from the carriers or from a figure held flat; the score passes one that
   * computes each projection once per call, because the overview and the Year questions share them.
   */
  project: (metric: 'energy' | 'carbon', from: { carriers: true } | { flat: number }) => Either<StrandingRefusal, StrandingResult>;
  /** Whether to write the "why" lines (false for group lists, which show only the numbers). */
  explain: boolean;
}

/** An object and everything in it made read-only (what is shared between scores must not change under one). */
const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
};

/** At most this many projections are kept per set of reference data (then all are forgotten and made anew). */
const KEPT_PROJECTIONS = 20_000;
const projections = new WeakMap<ReferenceData, Map<string, ReturnType<VirtualContext['project']>>>();

/**
 * Projections of the reference data, each made once per subject, metric and figures and then shared by every score
 * that asks for the same (a save of an answer that is not a consumption scores its questionnaire again with the same
 * projections): a projection is a pure function of these, and what is shared is frozen.
 */
export const directProjection = (data: ReferenceData, subject: ProjectionSubject, energy: EnergyUse): VirtualContext['project'] => {
  let kept = projections.get(data);
  if (!kept) projections.set(data, (kept = new Map()));
  const known = kept;
  const of = JSON.stringify(subject);
  return (metric, from) => {
    const key = 'carriers' in from ? `${of}|${metric}|${JSON.stringify(energy)}` : `${of}|${metric}|flat|${from.flat}`;
    const found = known.get(key);
    if (found) return found;
    const made = deepFreeze(
      'carriers' in from ? (metric === 'carbon' ? carbonStranding(data, { ...subject, energy }) : flatStranding(data, subject, 'energy', energyIntensity(energy))) : flatStranding(data, subject, metric, from.flat),
    );
    if (known.size >= KEPT_PROJECTIONS) known.clear();
    known.set(key, made);
    return made;
  };
};

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/**
 * The fraction of the maximum a deviation earns (DOMAIN.md §5): clamp(0.5 − d / (2 × averageVariator), 0, 1),
 * so a value at the reference earns half, one variator below it all, one above it nothing. Without a positive
 * variator (which activation refuses) the limit of the formula applies: below all, at half, above nothing.
 */
export const deviationFactor = (value: number, reference: number, variator: number | null): { deviation: number | null; factor: number } => {
  if (!(reference > 0)) return { deviation: null, factor: value < reference ? 1 : value === reference ? 0.5 : 0 };
  const deviation = (value - reference) / reference;
  if (variator === null || !(variator > 0)) return { deviation, factor: deviation < 0 ? 1 : deviation === 0 ? 0.5 : 0 };
  return { deviation, factor: clamp01(0.5 - deviation / (2 * variator)) };
};

/**
 * The fraction a stranding point earns (DOMAIN.md §5): clamp((year − reportingYear) / (2050 − reportingYear), 0, 1);
 * never leaving the pathway before 2051 earns all.
 */
export const yearFactor = (stranding: Pick<StrandingResult, 'misalignmentYear' | 'beyond2050'>, reportingYear: number): number => {
  if (stranding.beyond2050 || stranding.misalignmentYear === null) return 1;
  const span = STRANDING_LAST_YEAR - reportingYear;
  return span > 0 ? clamp01((stranding.misalignmentYear - reportingYear) / span) : 0;
};

const UNITS: Record<ScoringMetric, string> = { energy: KPI_KEYS.finalEnergyTotal, carbon: KPI_KEYS.co2, water: KPI_KEYS.water, waste: KPI_KEYS.waste };

const classesText = (shares: readonly ClassShare[], language: Language): string =>
  shares.length === 1 ? shares[0]!.assetClass : shares.map((s) => `${s.assetClass} ${formatFigure(s.share * 100, language)} %`).join(' / ');

const inEveryLanguage = (line: (language: Language) => string): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, line(language)])) as Record<Language, string>;

type WhyParams = (language: Language) => Record<string, string | number>;

const writeWhy = (key: MessageKey, params: WhyParams): Record<Language, string> => inEveryLanguage((language) => message(key, language, params(language)));

const sourceText = (source: 'reference' | 'question', ctx: VirtualContext, language: Language): string =>
  source === 'question'
    ? message('scoring-why-source-question', language)
    : message('scoring-why-source-reference', language, { country: ctx.subject.country, classes: classesText(ctx.shares, language) });

const refusalWhy = (refusal: StrandingRefusal, whyOf: typeof writeWhy): Record<Language, string> =>
  refusal._tag === 'scoring-reference-missing'
    ? whyOf('scoring-why-missing', (language) => ({ what: describeMissing(refusal.missing, language) }))
    : whyOf('scoring-why-reporting-year', () => ({ year: refusal._tag === 'scoring-reporting-year' ? refusal.reportingYear : '' }));

/**
 * The reference a DW or DK question is held against, or what is missing (DOMAIN.md §5): DW the blended average of
 * the reporting year, else the question's own `averageValue`; DK the blended pathway value of the reporting year.
 */
const referenceFor = (question: Question, type: 'DW' | 'DK', metric: ScoringMetric | null, parentTitle: string, ctx: VirtualContext): Either<StrandingRefusal, UsedReference> => {
  const year = ctx.subject.reportingYear;
  const blended =
    metric === null
      ? E.left(referenceMissing([{ kind: 'kpiKey', question: parentTitle }]))
      : blendedReference(ctx.data, type === 'DW' ? 'average' : 'pathway', metric, ctx.subject.country, ctx.shares, [year]);
  if (E.isRight(blended)) return E.right({ value: blended.right[0]!, year, source: 'reference' });
  if (type === 'DW' && question.averageValue !== null) return E.right({ value: question.averageValue, year, source: 'question' });
  return blended;
};

/** What a Year question needs before any figure: an energy or carbon metric, a reporting year up to 2050 and the pathway of every year to 2050. */
const yearApplies = (metric: ScoringMetric | null, parentTitle: string, ctx: VirtualContext): StrandingRefusal | null => {
  if (metric === null) return referenceMissing([{ kind: 'kpiKey', question: parentTitle }]);
  const year = ctx.subject.reportingYear;
  if (!Number.isInteger(year) || year > STRANDING_LAST_YEAR) return { _tag: 'scoring-reporting-year', reportingYear: year };
  // Water and waste have no pathways: this names what a projection would need.
  const pathway = blendedReference(ctx.data, 'pathway', metric, ctx.subject.country, ctx.shares, projectionYears(year));
  return E.isLeft(pathway) ? pathway.left : null;
};

/**
 * The figure of a virtual question's parent (DOMAIN.md §5, "Figures given twice"): for carbon, and for energy where
 * the parent is the reported total, the carriers where any is answered (energy their sum, carbon the formula's value
 * of the reporting year; a carrier left empty counts 0); else the parent's own answer. null where there is none.
 */
const figureOf = (parent: Question, metric: ScoringMetric | null, ctx: VirtualContext): Either<StrandingRefusal, number> | null => {
  const fromCarriers = ctx.carriers.reported && (metric === 'carbon' || (metric === 'energy' && parent.kpiKey === 'finalEnergyTotal'));
  if (!fromCarriers) {
    const value = ctx.valueOf(parent);
    return value === null ? null : E.right(value);
  }
  if (metric === 'energy') return E.right(energyIntensity(ctx.carriers.energy));
  const carbon = carbonIntensities(ctx.data, ctx.subject.country, ctx.carriers.energy, [ctx.subject.reportingYear]);
  return E.isLeft(carbon) ? carbon : E.right(carbon.right[0]!);
};

/**
 * A virtual question's result (DOMAIN.md §5), computed from its parent's figure `v`, never answered by hand:
 * - whether it applies is decided before any figure: a DW without an average (reference data or its own
 *   `averageValue`), a DK or Year without a pathway (blended over the classes that have one, covering at least half
 *   of the area) does not apply, answered or not (`refused`, naming what is missing), so that answering a figure
 *   never makes a question drop out;
 * - `v` is the carriers' figure where any carrier is answered (carbon; energy where the parent is the total), else
 *   the parent's answer;
 * - DW: `v` against the average, DK: against the pathway value of the reporting year;
 * - Year: the stranding point of the projection to 2050 (from the carriers where any is answered, else the
 *   reported figure held flat).
 */
export const virtualResult = (question: Question, ctx: VirtualContext): VirtualResult => {
  const type = question.virtualQuestionType ?? 'DW';
  const maximum = maxScoreOf(question);
  const whyOf = (key: MessageKey, params: WhyParams): Record<Language, string> => (ctx.explain ? writeWhy(key, params) : { de: '', en: '' });
  const parent = ctx.parentOf(question);
  const metric = parent ? metricOfKpi(parent.kpiKey) : null;
  const base: VirtualResult = {
    questionId: question.id,
    type,
    status: 'computed',
    metric,
    value: null,
    reference: null,
    deviation: null,
    stranding: null,
    factor: null,
    points: 0,
    maximum,
    refusal: null,
    why: { de: '', en: '' },
  };
  if (!parent) return { ...base, status: 'no-parent', why: whyOf('scoring-why-no-parent', () => ({})) };
  const refused = (refusal: StrandingRefusal, value: number | null = null): VirtualResult => ({ ...base, value, status: 'refused', refusal, why: refusalWhy(refusal, whyOf) });
  const year = ctx.subject.reportingYear;

  // Whether the question applies: decided by the reference data alone, never by the figure.
  const yearRefusal = type === 'Year' ? yearApplies(metric, parent.staticTitle, ctx) : null;
  if (yearRefusal) return refused(yearRefusal, ctx.valueOf(parent));
  const used = type === 'Year' ? null : referenceFor(question, type, metric, parent.staticTitle, ctx);
  if (used && E.isLeft(used)) return refused(used.left, ctx.valueOf(parent));

  const figure = figureOf(parent, metric, ctx);
  if (figure === null) {
    return { ...base, status: 'unanswered', why: whyOf('scoring-why-unanswered', (language) => ({ parent: parent.staticTitle, max: formatScore(maximum, language) })) };
  }
  if (E.isLeft(figure)) return refused(figure.left, ctx.valueOf(parent));
  const value = figure.right;

  if (type === 'Year') {
    const projectionMetric = metric as 'energy' | 'carbon';
    const fromCarriers = ctx.carriers.reported && (projectionMetric === 'carbon' || parent.kpiKey === 'finalEnergyTotal');
    const projected = ctx.project(projectionMetric, fromCarriers ? { carriers: true } : { flat: value });
    if (E.isLeft(projected)) return refused(projected.left, value);
    const stranding: SourcedStranding = { ...projected.right, source: fromCarriers ? 'carriers' : 'reported' };
    const factor = yearFactor(stranding, year);
    const points = maximum * factor;
    const first = stranding.years[0]!;
    const why = whyOf(stranding.beyond2050 ? 'scoring-why-Year-beyond' : 'scoring-why-Year', (language) => ({
      intensity: formatFigure(first.intensity, language),
      unit: UNITS[projectionMetric],
      reportingYear: year,
      projection: fromCarriers
        ? message(projectionMetric === 'carbon' ? 'scoring-why-projection-carriers' : 'scoring-why-projection-energy-carriers', language, { country: ctx.subject.country })
        : message('scoring-why-projection-flat', language),
      pathway: formatFigure(first.pathway, language),
      source: sourceText('reference', ctx, language),
      year: stranding.misalignmentYear ?? '',
      points: formatScore(points, language),
      max: formatScore(maximum, language),
    }));
    return { ...base, value, stranding, factor, points, why };
  }

  // DW and DK.
  const reference = (used as E.Right<UsedReference>).right;
  const { deviation, factor } = deviationFactor(value, reference.value, question.averageVariator);
  const points = maximum * factor;
  const unit = metric === null ? '' : UNITS[metric];
  const why = whyOf(type === 'DW' ? 'scoring-why-DW' : 'scoring-why-DK', (language) => ({
    value: formatFigure(value, language),
    unit,
    reference: formatFigure(reference.value, language),
    year,
    source: sourceText(reference.source, ctx, language),
    deviation: deviation !== null ? formatFigure(deviation * 100, language) : value > reference.value ? '∞' : value < reference.value ? '−∞' : '0',
    variator: question.averageVariator === null ? '0' : formatFigure(question.averageVariator * 100, language),
    points: formatScore(points, language),
    max: formatScore(maximum, language),
  }));
  return { ...base, value, reference, deviation, factor, points, why };
};
