import * as E from 'fp-ts/Either';
import type { Either } from 'fp-ts/Either';
import { assetTypeById } from '../assets/asset-classes.ts';
import type { AssetClassShare } from '../assets/asset-class-shares.ts';
import type { EmissionCarrier, EmissionFactor, ReferenceKind, ReferenceValue } from '../questionnaires/reference-data.ts';
import type { AssetClass, KpiKey } from '../questionnaires/template.ts';
import type { Language } from '../shared/language.ts';

/**
 * The reference data scoring reads (DOMAIN.md §5): averages and pathways per country × asset class × year
 * for energy and carbon, the grid emission factor per country × year, and the constant factors of the other
 * carriers. It is passed in as loaded; nothing here reads a store.
 */
export interface ReferenceData {
  values: readonly ReferenceValue[];
  emissionFactors: readonly EmissionFactor[];
}

/**
 * The figure a value question's KPI key names (DOMAIN.md §5): `co2` is carbon, every `finalEnergy…` key
 * energy; water and waste have averages only (in the reference data or the question's own `averageValue`), no pathways.
 */
export type ScoringMetric = 'energy' | 'carbon' | 'water' | 'waste';

export const metricOfKpi = (kpiKey: KpiKey | null): ScoringMetric | null => {
  if (kpiKey === null) return null;
  if (kpiKey === 'co2') return 'carbon';
  if (kpiKey === 'water' || kpiKey === 'waste') return kpiKey;
  return 'energy';
};

/**
 * What the reference data lacks for a computation, so that the refusal can name it and nobody computes with
 * a made-up number. Years are a closed range `[from, to]`.
 */
export type MissingReference =
  | { kind: ReferenceKind; metric: ScoringMetric; country: string; assetClass: AssetClass; years: readonly [number, number] }
  | { kind: 'gridFactor'; country: string; years: readonly [number, number] }
  | { kind: 'carrierFactor'; carrier: Exclude<EmissionCarrier, 'gridElectricity'>; country: string }
  /** The object has no asset class the reference data could be read for. */
  | { kind: 'assetClass' }
  /** The parent of a virtual question names no figure (no KPI key). */
  | { kind: 'kpiKey'; question: string };

/** The refusal `scoring-reference-missing`: the computation needs reference data that is not there. */
export interface ScoringReferenceMissing {
  _tag: 'scoring-reference-missing';
  missing: MissingReference[];
}

export const referenceMissing = (missing: readonly MissingReference[]): ScoringReferenceMissing => ({ _tag: 'scoring-reference-missing', missing: mergeMissing(missing) });

/** What a missing piece names besides its years: two pieces of the same subject are one entry of `mergeMissing`. */
const subjectOf = (m: MissingReference): string => {
  const { years: _years, ...rest } = m as MissingReference & { years?: unknown };
  return JSON.stringify(rest);
};

/**
 * One entry per subject, with adjacent or overlapping year ranges joined (2024–2030 and 2031–2050 read as
 * 2024–2050), in the order first named.
 */
export const mergeMissing = (missing: readonly MissingReference[]): MissingReference[] => {
  const out: MissingReference[] = [];
  // Each entry's subject, made once (a projection names each year it lacks: dozens of pieces of a few subjects).
  const subjects: string[] = [];
  for (const m of missing) {
    const years = 'years' in m ? m.years : null;
    const subject = subjectOf(m);
    const index = out.findIndex((o, i) => {
      if (subjects[i] !== subject) return false;
      if (years === null || !('years' in o)) return true;
      return years[0] <= o.years[1] + 1 && o.years[0] <= years[1] + 1;
    });
    if (index < 0) {
      out.push(m);
      subjects.push(subject);
      continue;
    }
    const found = out[index]!;
    if (years !== null && 'years' in found) {
      out[index] = { ...found, years: [Math.min(found.years[0], years[0]), Math.max(found.years[1], years[1])] } as MissingReference;
    }
  }
  return out;
};

const METRIC_NAMES: Record<ScoringMetric, Record<Language, string>> = {
  energy: { de: 'Endenergie', en: 'final energy' },
  carbon: { de: 'CO2', en: 'carbon' },
  water: { de: 'Wasser', en: 'water' },
  waste: { de: 'Abfall', en: 'waste' },
};
const CARRIER_NAMES: Record<EmissionCarrier, Record<Language, string>> = {
  gridElectricity: { de: 'Netzstrom', en: 'grid electricity' },
  gas: { de: 'Erdgas', en: 'gas' },
  oil: { de: 'Heizöl', en: 'oil' },
  districtHeating: { de: 'Fernwärme', en: 'district heating' },
  districtCooling: { de: 'Fernkälte', en: 'district cooling' },
};

const KIND_NAMES: Record<ReferenceKind, Record<Language, string>> = {
  average: { de: 'Durchschnitt', en: 'average' },
  pathway: { de: 'Dekarbonisierungspfad', en: 'decarbonisation pathway' },
  taxonomyTop15: { de: 'Taxonomie-Schwelle Top 15 %', en: 'taxonomy threshold top 15 %' },
  taxonomyNearlyZero: { de: 'Taxonomie-Schwelle Niedrigstenergiegebäude', en: 'taxonomy threshold nearly-zero-energy building' },
  carbonPerKwh: { de: 'CO2 je kWh', en: 'carbon per kWh' },
};

const yearRange = ([from, to]: readonly [number, number]): string => (from === to ? String(from) : `${from}–${to}`);

/** One missing piece in words, for the `{what}` of `scoring-reference-missing`. */
export const describeMissingReference = (m: MissingReference, language: Language): string => {
  const de = language === 'de';
  switch (m.kind) {
    case 'average':
    case 'pathway':
    case 'taxonomyTop15':
    case 'taxonomyNearlyZero':
    case 'carbonPerKwh': {
      const what = KIND_NAMES[m.kind][language];
      return `${what} ${METRIC_NAMES[m.metric][language]} ${m.country} ${m.assetClass} ${yearRange(m.years)}`;
    }
    case 'gridFactor':
      return `${de ? 'Emissionsfaktor' : 'emission factor'} ${CARRIER_NAMES.gridElectricity[language]} ${m.country} ${yearRange(m.years)}`;
    case 'carrierFactor':
      return `${de ? 'Emissionsfaktor' : 'emission factor'} ${CARRIER_NAMES[m.carrier][language]}${m.country ? ` ${m.country}` : ''}`;
    case 'assetClass':
      return de ? 'eine Objektklasse des Objekts' : 'an asset class of the object';
    case 'kpiKey':
      return de ? `die Kennzahl der Frage ${m.question}` : `the KPI key of question ${m.question}`;
  }
};

/** Everything missing in words, joined by "; ". */
export const describeMissing = (missing: readonly MissingReference[], language: Language): string =>
  mergeMissing(missing).map((m) => describeMissingReference(m, language)).join('; ');

/** An asset class with its share of the area as a fraction (0.6 for 60 %). */
export interface ClassShare {
  assetClass: AssetClass;
  share: number;
}

/**
 * The object's asset classes with their shares as fractions of the shares' total (which the object rules keep
 * at 100, so 60 reads 0.6 and a single class at 100 reads exactly 1). Unknown classes and shares of zero or
 * less carry nothing; one class named twice adds up.
 */
export const classSharesOf = (rows: readonly AssetClassShare[]): ClassShare[] => {
  const known = rows.flatMap((row) => {
    const type = assetTypeById(row.assetTypeId);
    return type && Number.isFinite(row.percentage) && row.percentage > 0 ? [{ assetClass: type.assetClassIdentifier, percentage: row.percentage }] : [];
  });
  const total = known.reduce((sum, r) => sum + r.percentage, 0);
  const out: ClassShare[] = [];
  for (const r of known) {
    const found = out.find((o) => o.assetClass === r.assetClass);
    if (found) found.share += r.percentage / total;
    else out.push({ assetClass: r.assetClass, share: r.percentage / total });
  }
  return out;
};

/** The reference data held in maps, built once per data object: a series per kind × metric × country × class, keyed by year. */
interface ReferenceIndex {
  series: Map<string, Map<number, number>>;
  gridFactors: Map<string, Map<number, number>>;
  carrierFactors: Map<string, number>;
}

const seriesKey = (kind: string, metric: string, country: string, assetClass: string) => `${kind}|${metric}|${country}|${assetClass}`;

// A memo keyed by the data object: scoring 1 000 objects against one reference data set indexes it once.
// It is invisible from outside (the same data answers the same), so the functions stay pure.
const indexes = new WeakMap<ReferenceData, ReferenceIndex>();

const indexOf = (data: ReferenceData): ReferenceIndex => {
  const cached = indexes.get(data);
  if (cached) return cached;
  const series = new Map<string, Map<number, number>>();
  for (const v of data.values) {
    const key = seriesKey(v.kind, v.metric, v.country.toUpperCase(), v.assetClass);
    const years = series.get(key) ?? new Map<number, number>();
    years.set(v.year, v.value);
    series.set(key, years);
  }
  const gridFactors = new Map<string, Map<number, number>>();
  const carrierFactors = new Map<string, number>();
  for (const f of data.emissionFactors) {
    if (f.carrier === 'gridElectricity') {
      const country = f.country.toUpperCase();
      const years = gridFactors.get(country) ?? new Map<number, number>();
      years.set(f.year, f.value);
      gridFactors.set(country, years);
    }
    else if (f.year === 0) carrierFactors.set(`${f.carrier}|${f.country.toUpperCase()}`, f.value);
  }
  const index = { series, gridFactors, carrierFactors };
  indexes.set(data, index);
  return index;
};

/** A reference series by year (an average or a pathway of one metric, country and class), if the data holds any. */
export const referenceSeries = (data: ReferenceData, kind: ReferenceKind, metric: ScoringMetric, country: string, assetClass: AssetClass): ReadonlyMap<number, number> | undefined =>
  indexOf(data).series.get(seriesKey(kind, metric, country.toUpperCase(), assetClass));

/** One reference value, if the data holds it. */
export const referenceValue = (data: ReferenceData, kind: ReferenceKind, metric: ScoringMetric, country: string, assetClass: AssetClass, year: number): number | undefined =>
  referenceSeries(data, kind, metric, country, assetClass)?.get(year);

/** The grid electricity factor of a country in a year (kg CO2e/kWh), if the data holds it; never another country's. */
export const gridFactor = (data: ReferenceData, country: string, year: number): number | undefined => gridFactors(data, country)?.get(year);

/** The grid electricity factors of a country by year, if the data holds any. */
export const gridFactors = (data: ReferenceData, country: string): ReadonlyMap<number, number> | undefined => indexOf(data).gridFactors.get(country.toUpperCase());

/**
 * The constant factor of a carrier (kg CO2e/kWh): the country's own where the data has one, else the general
 * one (country empty), which is how the data normally holds them.
 */
export const carrierFactor = (data: ReferenceData, carrier: Exclude<EmissionCarrier, 'gridElectricity'>, country: string): number | undefined => {
  const index = indexOf(data).carrierFactors;
  return index.get(`${carrier}|${country.toUpperCase()}`) ?? index.get(`${carrier}|`);
};

/** The least share of the area the classes with reference data must cover for a blend (DOMAIN.md §5). */
export const BLEND_MIN_COVERAGE = 0.5;

/**
 * A reference curve of a mixed-use object over the years (DOMAIN.md §5, "reference data that is missing"):
 * Σ share_class × value(country, class, year) over the classes whose series holds every year asked, their shares
 * scaled to 100 %, as long as they cover at least half of the area (`BLEND_MIN_COVERAGE`); a class lacking data
 * then weighs nothing. Below that it refuses, naming every class and year range it lacks.
 */
export const blendedReference = (
  data: ReferenceData,
  kind: ReferenceKind,
  metric: ScoringMetric,
  country: string,
  shares: readonly ClassShare[],
  years: readonly number[],
): Either<ScoringReferenceMissing, number[]> => {
  if (shares.length === 0) return E.left(referenceMissing([{ kind: 'assetClass' }]));
  const missing: MissingReference[] = [];
  const complete: { share: number; series: ReadonlyMap<number, number> }[] = [];
  let covered = 0;
  for (const { assetClass, share } of shares) {
    const series = referenceSeries(data, kind, metric, country, assetClass);
    const lacking = years.filter((year) => series?.get(year) === undefined);
    for (const year of lacking) missing.push({ kind, metric, country, assetClass, years: [year, year] });
    if (lacking.length === 0 && series) {
      complete.push({ share, series });
      covered += share;
    }
  }
  if (missing.length === 0) return E.right(years.map((year) => complete.reduce((sum, c) => sum + c.share * c.series.get(year)!, 0)));
  if (!(covered >= BLEND_MIN_COVERAGE)) return E.left(referenceMissing(missing));
  return E.right(years.map((year) => complete.reduce((sum, c) => sum + (c.share / covered) * c.series.get(year)!, 0)));
};
