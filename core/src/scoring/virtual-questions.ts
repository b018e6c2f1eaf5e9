import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { KPI_KEYS, maxScoreOf, type Question, type VirtualQuestionType } from '../questionnaires/template.ts';
import { LANGUAGES, type Language } from '../shared/language.ts';
import { message, type MessageKey } from '../shared/messages.ts';
import { formatFigure, formatScore } from './display.ts';
import { blendedReference, describeMissing, metricOfKpi, referenceMissing, type ClassShare, type ReferenceData, type ScoringMetric } from './reference-lookup.ts';
import {
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
 * - `refused`: the reference data lacks what it needs (or the reporting year lies after 2050); it counts
 *   nowhere, and `refusal` says what is missing, because 0 points would be a made-up number too.
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
 * A virtual question's result (DOMAIN.md §5), computed from its parent's value `v`, never answered by hand:
 * - DW: `v` against the reference average of the parent's metric for the object's country and classes (blended by
 *   area share) in the reporting year, or the question's own `averageValue` where the reference data has none;
 * - DK: `v` against the blended pathway value of the reporting year;
 * - Year: the stranding point of the projection to 2050 (carbon from the energy carriers where any is answered,
 *   else the reported figure held flat; energy the reported figure, constant).
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
  const value = ctx.valueOf(parent);
  if (value === null) {
    return { ...base, status: 'unanswered', why: whyOf('scoring-why-unanswered', (language) => ({ parent: parent.staticTitle, max: formatScore(maximum, language) })) };
  }
  const refused = (refusal: StrandingRefusal): VirtualResult => ({ ...base, value, status: 'refused', refusal, why: refusalWhy(refusal, whyOf) });
  const year = ctx.subject.reportingYear;

  if (type === 'Year') {
    if (metric === null) return refused(referenceMissing([{ kind: 'kpiKey', question: parent.staticTitle }]));
    if (metric !== 'energy' && metric !== 'carbon') {
      // Water and waste have no pathways: name what a projection would need.
      const pathway = blendedReference(ctx.data, 'pathway', metric, ctx.subject.country, ctx.shares, projectionYears(year));
      return refused(E.isLeft(pathway) ? pathway.left : referenceMissing([]));
    }
    const fromCarriers = metric === 'carbon' && ctx.carriers.reported;
    const projected = ctx.project(metric, fromCarriers ? { carriers: true } : { flat: value });
    if (E.isLeft(projected)) return refused(projected.left);
    const stranding: SourcedStranding = { ...projected.right, source: fromCarriers ? 'carriers' : 'reported' };
    const factor = yearFactor(stranding, year);
    const points = maximum * factor;
    const first = stranding.years[0]!;
    const why = whyOf(stranding.beyond2050 ? 'scoring-why-Year-beyond' : 'scoring-why-Year', (language) => ({
      intensity: formatFigure(first.intensity, language),
      unit: UNITS[metric],
      reportingYear: year,
      projection: fromCarriers ? message('scoring-why-projection-carriers', language, { country: ctx.subject.country }) : message('scoring-why-projection-flat', language),
      pathway: formatFigure(first.pathway, language),
      source: sourceText('reference', ctx, language),
      year: stranding.misalignmentYear ?? '',
      points: formatScore(points, language),
      max: formatScore(maximum, language),
    }));
    return { ...base, value, stranding, factor, points, why };
  }

  // DW and DK.
  const kind = type === 'DW' ? 'average' : 'pathway';
  const blended =
    metric === null ? E.left(referenceMissing([{ kind: 'kpiKey', question: parent.staticTitle }])) : blendedReference(ctx.data, kind, metric, ctx.subject.country, ctx.shares, [year]);
  let reference: UsedReference;
  if (E.isRight(blended)) reference = { value: blended.right[0]!, year, source: 'reference' };
  else if (type === 'DW' && question.averageValue !== null) reference = { value: question.averageValue, year, source: 'question' };
  else return refused(blended.left);
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
