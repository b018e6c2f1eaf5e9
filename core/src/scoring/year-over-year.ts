import type { GroupResult, ScoreResult, StrandingOutcome } from './score.ts';

/**
 * Year over year (issue 22): this year's results beside last year's. Scores and the stranding year are compared as
 * they are; consumption values per m² (energy, CO2, water, waste) change in percent, like-for-like only where the
 * gross floor area stayed the same (a building that grew or shrank is not comparable per m²).
 */
export const CONSUMPTION_KEYS = ['finalEnergy', 'co2', 'water', 'waste'] as const;
export type ConsumptionKey = (typeof CONSUMPTION_KEYS)[number];

/** The figures of one year that the comparison reads. */
export interface YearFigures {
  reportingYear: number;
  /** ECORE score 0–100 (unrounded), null where nothing counts. */
  ecore: number | null;
  /** Per cluster position (I, II, …) its score 0–100, null where nothing counts. */
  clusters: { clusterIdentifier: string; score: number | null }[];
  /** The carbon stranding year; null where none was computed; `beyond2050` where the path is never left. */
  stranding: { year: number | null; beyond2050: boolean };
  /** Consumption values per m² (objects only; a group has none). */
  consumption: Record<ConsumptionKey, number | null> | null;
  /** Gross floor area (BGF) in m² the year was answered with. */
  area: number;
}

export interface Difference {
  previous: number | null;
  current: number | null;
  /** current − previous; null where either is missing. */
  difference: number | null;
}

export interface ConsumptionChange extends Difference {
  key: ConsumptionKey;
  /** Change in percent of last year's value; null where not comparable or last year's value is 0 or missing. */
  changePercent: number | null;
  /** Like-for-like: the gross floor area is unchanged. */
  comparable: boolean;
}

export interface YearOverYear {
  previousYear: number;
  currentYear: number;
  ecore: Difference;
  clusters: (Difference & { clusterIdentifier: string })[];
  stranding: { previous: YearFigures['stranding']; current: YearFigures['stranding']; difference: number | null };
  consumption: ConsumptionChange[];
  areaUnchanged: boolean;
}

const diff = (previous: number | null, current: number | null): Difference => ({
  previous,
  current,
  difference: previous === null || current === null ? null : current - previous,
});

/** Compares two years' figures; identical figures differ by zero everywhere. */
export const yearOverYear = (previous: YearFigures, current: YearFigures): YearOverYear => {
  const areaUnchanged = previous.area === current.area;
  const identifiers = [...new Set([...current.clusters, ...previous.clusters].map((c) => c.clusterIdentifier))];
  const scoreOf = (figures: YearFigures, id: string) => figures.clusters.find((c) => c.clusterIdentifier === id)?.score ?? null;
  const strandingDifference =
    previous.stranding.year !== null && current.stranding.year !== null && !previous.stranding.beyond2050 && !current.stranding.beyond2050
      ? current.stranding.year - previous.stranding.year
      : previous.stranding.beyond2050 && current.stranding.beyond2050
        ? 0
        : null;
  const consumption: ConsumptionChange[] =
    previous.consumption && current.consumption
      ? CONSUMPTION_KEYS.map((key) => {
          const d = diff(previous.consumption![key], current.consumption![key]);
          const changePercent = areaUnchanged && d.difference !== null && d.previous !== 0 ? (100 * d.difference) / d.previous! : null;
          return { key, ...d, changePercent, comparable: areaUnchanged };
        })
      : [];
  return {
    previousYear: previous.reportingYear,
    currentYear: current.reportingYear,
    ecore: diff(previous.ecore, current.ecore),
    clusters: identifiers.map((id) => ({ clusterIdentifier: id, ...diff(scoreOf(previous, id), scoreOf(current, id)) })),
    stranding: { previous: previous.stranding, current: current.stranding, difference: strandingDifference },
    consumption,
    areaUnchanged,
  };
};

const strandingOf = (outcome: StrandingOutcome): YearFigures['stranding'] =>
  outcome.status === 'computed' ? { year: outcome.result.misalignmentYear, beyond2050: outcome.result.beyond2050 } : { year: null, beyond2050: false };

const percent = (ratio: number | null) => (ratio === null ? null : 100 * ratio);

/** An object's year as `score` computed it. */
export const objectYearFigures = (result: ScoreResult, reportingYear: number, area: number): YearFigures => ({
  reportingYear,
  ecore: result.ecore,
  clusters: result.clusters.map((c) => ({ clusterIdentifier: c.clusterIdentifier, score: percent(c.ratio) })),
  stranding: strandingOf(result.stranding.carbon),
  consumption: { finalEnergy: result.consumption.finalEnergy, co2: result.consumption.co2, water: result.consumption.water, waste: result.consumption.waste },
  area,
});

/** A group's year as `groupResult` computed it (no consumption values: those are per object). */
export const groupYearFigures = (result: GroupResult, reportingYear: number, area: number): YearFigures => ({
  reportingYear,
  ecore: result.ecore,
  clusters: result.clusters.map((c) => ({ clusterIdentifier: c.clusterIdentifier, score: percent(c.ratio) })),
  stranding: strandingOf(result.stranding.carbon),
  consumption: null,
  area,
});
