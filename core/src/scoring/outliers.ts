import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { AssetClass, KpiKey, TemplateContent } from '../questionnaires/template.ts';
import { checkBoundedText } from '../review/decision-reason.ts';
import { answeredKpiFigures, figureWarningsOf, TOTAL_TOLERANCE, type KpiFigure } from './figures.ts';
import { blendedReference, classSharesOf, metricOfKpi, type ReferenceData, type ScoringMetric } from './reference-lookup.ts';
import { yearFactors } from './stranding.ts';

/**
 * Plausibility checks of consumption figures (issue 40, docs/answering.md "Plausibility checks"): computed from the
 * answers at every read, never stored; only the acceptances (a figure explained by whoever may answer) are stored.
 */

/** An intensity below this multiple of the reference average is flagged (a third of the average). */
export const INTENSITY_LOW = 1 / 3;
/** An intensity above this multiple of the reference average is flagged (three times the average). */
export const INTENSITY_HIGH = 3;
/** A figure that changed by more than this fraction against last year's, either way, is flagged (like for like). */
export const LFL_CHANGE = 0.3;
/** A total that differs from its carriers' sum by more than this fraction is flagged (DOMAIN.md §5, the screens' 2 %). */
export const OUTLIER_TOTAL_TOLERANCE = TOTAL_TOLERANCE;
/** A gross floor area that changed by more than this fraction against last year's questionnaire is flagged. */
export const AREA_CHANGE = 0.1;

/** The question id of the area flag: the gross floor area is a field of the object, not a question. */
export const AREA_QUESTION_ID = 0;

export const OUTLIER_KPIS = ['energy', 'carbon', 'water', 'waste', 'area'] as const;
export type OutlierKpi = (typeof OUTLIER_KPIS)[number];
export const OUTLIER_TYPES = ['intensity', 'lfl', 'total', 'area'] as const;
export type OutlierType = (typeof OUTLIER_TYPES)[number];

/** The KPI keys whose figure is compared with the reference average of its metric (carriers have no average of their own). */
const INTENSITY_KEYS: readonly KpiKey[] = ['finalEnergyTotal', 'co2', 'water', 'waste'];

/** One flag: the figure (`value`), what it was compared with (`reference`) and the relative difference `(value − reference) / reference`. */
export interface Outlier {
  questionId: number;
  kpi: OutlierKpi;
  type: OutlierType;
  value: number;
  reference: number;
  /** `(value − reference) / reference`; null where the reference is 0 (a total beside carriers all answered 0). */
  deviation: number | null;
  /** Intensity: whose average it is (the object's country and asset classes). */
  peers?: { country: string; assetClasses: AssetClass[] };
}

/** What the checks read of an object. */
export interface OutlierObject {
  country: string;
  assetAssetTypes: readonly AssetClassShare[];
  /** The gross floor area (BGF). */
  area: number;
  reportingYear: number;
}

/** Last year's questionnaire of the object: its figures (by this year's question ids) and the area it was filled with. */
export interface LastYear {
  answers: readonly { questionId: number; inputAnswer: number | null }[];
  area: number;
}

type Figures = ReadonlyMap<KpiKey, KpiFigure>;

const kpiOf = (metric: ScoringMetric): OutlierKpi => metric;

const relative = (value: number, reference: number): number | null => (reference === 0 ? null : (value - reference) / reference);

/** The figure against the blended reference average of its metric; no flag where the reference data has none. */
const intensityFlags = (figures: Figures, object: OutlierObject, data: ReferenceData): Outlier[] => {
  const shares = classSharesOf(object.assetAssetTypes);
  const out: Outlier[] = [];
  for (const key of INTENSITY_KEYS) {
    const figure = figures.get(key);
    const metric = metricOfKpi(key);
    if (!figure || metric === null) continue;
    const average = blendedReference(data, 'average', metric, object.country, shares, [object.reportingYear]);
    if (E.isLeft(average)) continue;
    const reference = average.right[0]!;
    if (!(reference > 0)) continue;
    if (figure.value >= INTENSITY_LOW * reference && figure.value <= INTENSITY_HIGH * reference) continue;
    out.push({
      questionId: figure.questionId,
      kpi: kpiOf(metric),
      type: 'intensity',
      value: figure.value,
      reference,
      deviation: relative(figure.value, reference),
      peers: { country: object.country, assetClasses: shares.map((s) => s.assetClass) },
    });
  }
  return out;
};

/** Each figure against the same question's figure last year; a change from 0 has no relative size and is not flagged. */
const lflFlags = (figures: Figures, lastYear: LastYear | null): Outlier[] => {
  if (lastYear === null) return [];
  const last = new Map<number, number>();
  for (const a of lastYear.answers) if (a.inputAnswer !== null && Number.isFinite(a.inputAnswer)) last.set(a.questionId, a.inputAnswer);
  const out: Outlier[] = [];
  for (const [key, figure] of figures) {
    const reference = last.get(figure.questionId);
    const metric = metricOfKpi(key);
    if (reference === undefined || !(reference > 0) || metric === null) continue;
    const deviation = (figure.value - reference) / reference;
    if (Math.abs(deviation) > LFL_CHANGE) out.push({ questionId: figure.questionId, kpi: kpiOf(metric), type: 'lfl', value: figure.value, reference, deviation });
  }
  return out;
};

/** A total beside carriers that disagrees with them (core's figure warnings, DOMAIN.md §5), flagged on the total. */
const totalFlags = (figures: Figures, object: OutlierObject, data: ReferenceData): Outlier[] =>
  figureWarningsOf(figures, yearFactors(data, object.country, object.reportingYear)).map((w) => ({
    questionId: w.totalQuestionId,
    kpi: w.metric,
    type: 'total',
    value: w.total,
    reference: w.carriers,
    deviation: relative(w.total, w.carriers),
  }));

const areaFlags = (object: OutlierObject, lastYear: LastYear | null): Outlier[] => {
  if (lastYear === null || !(lastYear.area > 0) || !Number.isFinite(object.area)) return [];
  const deviation = (object.area - lastYear.area) / lastYear.area;
  return Math.abs(deviation) > AREA_CHANGE ? [{ questionId: AREA_QUESTION_ID, kpi: 'area', type: 'area', value: object.area, reference: lastYear.area, deviation }] : [];
};

/**
 * The flags of a filled questionnaire: every consumption figure (energy in total and per carrier, carbon, water,
 * waste) against the reference average of its metric for the object's country and classes (`intensity`, total
 * figures only), against last year's figure (`lfl`), a total against its carriers (`total`), and the gross floor area
 * against last year's (`area`, question id `AREA_QUESTION_ID`). In tree order of the figures, then the area.
 */
export const outliers = (
  structure: Pick<TemplateContent, 'clusters'>,
  object: OutlierObject,
  answers: readonly { questionId: number; inputAnswer: number | null }[],
  lastYear: LastYear | null,
  data: ReferenceData,
): Outlier[] => {
  const figures = answeredKpiFigures(structure, answers);
  return [...intensityFlags(figures, object, data), ...lflFlags(figures, lastYear), ...totalFlags(figures, object, data), ...areaFlags(object, lastYear)];
};

/** The number of consumption figures answered (what the share of open flags is counted among). */
export const consumptionFigureCount = (structure: Pick<TemplateContent, 'clusters'>, answers: readonly { questionId: number; inputAnswer: number | null }[]): number =>
  answeredKpiFigures(structure, answers).size;

/** A flag explained by whoever may answer; it closes the flag while the figure still equals `value`. */
export interface OutlierAcceptance {
  questionId: number;
  type: OutlierType;
  value: number;
  explanation: string;
  acceptedBy: string;
  acceptedAt: string;
}

/** A flag with its acceptance where one holds (the figure is still the one explained), else open. */
export interface CheckedOutlier extends Outlier {
  accepted: boolean;
  acceptance: OutlierAcceptance | null;
}

/** Whether an acceptance closes a flag: the same question and type, and the figure unchanged since. */
export const acceptanceHolds = (outlier: Outlier, acceptance: Pick<OutlierAcceptance, 'questionId' | 'type' | 'value'>): boolean =>
  acceptance.questionId === outlier.questionId && acceptance.type === outlier.type && acceptance.value === outlier.value;

/** The flags with the acceptances that hold for them; open flags first, each part in the order given. */
export const checkedOutliers = (flags: readonly Outlier[], acceptances: readonly OutlierAcceptance[]): CheckedOutlier[] => {
  const checked = flags.map((o) => {
    const acceptance = acceptances.find((a) => acceptanceHolds(o, a)) ?? null;
    return { ...o, accepted: acceptance !== null, acceptance };
  });
  return [...checked.filter((o) => !o.accepted), ...checked.filter((o) => o.accepted)];
};

/** The flags no acceptance closes. */
export const openOutliers = (flags: readonly Outlier[], acceptances: readonly OutlierAcceptance[]): Outlier[] =>
  flags.filter((o) => !acceptances.some((a) => acceptanceHolds(o, a)));

/**
 * The number of open flags of answers (`outliers` less what an explanation closes): what a save and an explanation
 * store on the filled questionnaire for the worklist.
 */
export const openFlagCount = (
  structure: Pick<TemplateContent, 'clusters'>,
  object: OutlierObject,
  answers: readonly { questionId: number; inputAnswer: number | null }[],
  lastYear: LastYear | null,
  data: ReferenceData,
  acceptances: readonly Pick<OutlierAcceptance, 'questionId' | 'type' | 'value'>[],
): number => outliers(structure, object, answers, lastYear, data).filter((o) => !acceptances.some((a) => acceptanceHolds(o, a))).length;

/** Data quality, the flags' part: open flags, all flags, and the share of answered consumption figures with an open flag. */
export interface OutlierQuality {
  openFlags: number;
  flags: number;
  openShare: number;
}

export const outlierQuality = (flags: readonly Outlier[], acceptances: readonly OutlierAcceptance[], figureCount: number): OutlierQuality => {
  const open = openOutliers(flags, acceptances);
  const flaggedFigures = new Set(open.filter((o) => o.questionId !== AREA_QUESTION_ID).map((o) => o.questionId)).size;
  return { openFlags: open.length, flags: flags.length, openShare: figureCount > 0 ? flaggedFigures / figureCount : 0 };
};

/** The bounds of an explanation of a flag: at least 10, at most 1 000 characters after trimming. */
export const EXPLANATION_MIN_LENGTH = 10;
export const EXPLANATION_MAX_LENGTH = 1000;

export type OutlierRefusalKey = 'outlier-explanation-required' | 'outlier-explanation-too-short' | 'outlier-explanation-too-long' | 'outlier-type-unknown' | 'outlier-not-flagged';

/** A refused acceptance, as field errors (`path`, message key). */
export type OutlierRefusal = { path: 'type' | 'explanation' | 'questionId'; key: OutlierRefusalKey }[];

/**
 * An acceptance of the flag of `type` on `questionId` with its explanation (trimmed), or the fields that refuse it:
 * a type outside the four, a question without that flag, an explanation outside 10 … 1 000 characters.
 */
export const acceptOutlier = (flags: readonly Outlier[], questionId: number, type: unknown, explanation: unknown): Either<OutlierRefusal, { outlier: Outlier; explanation: string }> => {
  const refusals: OutlierRefusal = [];
  const text = checkBoundedText(typeof explanation === 'string' ? explanation : null, EXPLANATION_MIN_LENGTH, EXPLANATION_MAX_LENGTH, {
    required: 'outlier-explanation-required',
    tooShort: 'outlier-explanation-too-short',
    tooLong: 'outlier-explanation-too-long',
  } as const);
  if (E.isLeft(text)) refusals.push({ path: 'explanation', key: text.left });
  const known = (OUTLIER_TYPES as readonly unknown[]).includes(type);
  if (!known) refusals.push({ path: 'type', key: 'outlier-type-unknown' });
  const outlier = known ? flags.find((o) => o.questionId === questionId && o.type === type) : undefined;
  if (known && !outlier) refusals.push({ path: 'questionId', key: 'outlier-not-flagged' });
  if (refusals.length > 0 || !outlier || E.isLeft(text)) return E.left(refusals);
  return E.right({ outlier, explanation: text.right });
};
