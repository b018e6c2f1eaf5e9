import type { CellValue, TableColumn } from '../exports/export-table.ts';
import { tableHeaders } from '../exports/export-table.ts';
import { z } from 'zod';
import type { Language } from '../shared/language.ts';
import { portfolioOutcome } from './group-result.ts';
import type { StrandingOutcome } from './score-model.ts';
import { projectionYears, type StrandingRefusal, type StrandingResult } from './stranding.ts';
import type { ProjectionSource } from './virtual-questions.ts';

// The CRREM report of an object or a portfolio (DOMAIN.md §5, docs/crrem.md): per year from the reporting year to
// 2050 the carbon and energy intensity, the pathway, the excess above it and the excess emissions in metric tons,
// with the misalignment years of the stranding projections and the excess emissions summed to 2050.

/** Where one metric's projection stands: its misalignment year (CRREM's stranding point), or why there is none. */
export type CrremMetric =
  | { status: 'computed'; misalignmentYear: number | null; beyond2050: boolean; source: ProjectionSource }
  | { status: 'refused'; refusal: StrandingRefusal }
  | { status: 'not-reported' };

/**
 * One year of the report. Intensities, pathways and excesses per m² and year (carbon kg CO2e/m²/a, energy
 * kWh/m²/a); the excess emissions in metric tons CO2e of the whole floor area. Null where the metric's projection
 * is not computed.
 */
export interface CrremYear {
  year: number;
  carbonIntensity: number | null;
  carbonPathway: number | null;
  carbonExcess: number | null;
  excessEmissions: number | null;
  energyIntensity: number | null;
  energyPathway: number | null;
  energyExcess: number | null;
}

export interface CrremReport {
  /** The floor area the figures cover, m² (of a portfolio: its objects with a computed carbon projection and an area). */
  area: number;
  carbon: CrremMetric;
  energy: CrremMetric;
  years: CrremYear[];
  /** Σ excess emissions of the years, t CO2e; null where the carbon projection is not computed. */
  cumulativeExcessEmissions: number | null;
}

/** The excess above the pathway, per m² and year: never below 0. */
export const excessOf = (intensity: number, pathway: number): number => Math.max(0, intensity - pathway);

/** Excess emissions in metric tons CO2e: max(0, intensity − pathway) kg/m² × floor area m² / 1000. */
export const excessEmissionsOf = (intensity: number, pathway: number, area: number): number => (excessOf(intensity, pathway) * area) / 1000;

const metricOf = (outcome: StrandingOutcome): CrremMetric =>
  outcome.status === 'computed'
    ? { status: 'computed', misalignmentYear: outcome.result.misalignmentYear, beyond2050: outcome.result.beyond2050, source: outcome.result.source }
    : outcome.status === 'refused'
      ? { status: 'refused', refusal: outcome.refusal }
      : { status: 'not-reported' };

const curveOf = (outcome: StrandingOutcome): StrandingResult | null => (outcome.status === 'computed' ? outcome.result : null);

const rowOf = (curve: StrandingResult | null, year: number) => curve?.years.find((y) => y.year === year) ?? null;

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

/** The years a report covers: from the first year of a computed projection (else the given one) to 2050. */
const yearsOf = (curves: readonly (StrandingResult | null)[], fallback: number | null): number[] => {
  const first = curves.flatMap((c) => (c && c.years.length > 0 ? [c.years[0]!.year] : []));
  const from = first.length > 0 ? Math.max(...first) : fallback;
  return from === null ? [] : projectionYears(from);
};

/**
 * The CRREM report of one object from its two stranding projections (as its score computes them), its gross floor
 * area and its reporting year: excess = max(0, intensity − pathway), excess emissions = excess × area / 1000 t.
 */
export const objectCrremReport = (stranding: { carbon: StrandingOutcome; energy: StrandingOutcome }, area: number, reportingYear: number): CrremReport =>
  objectReport(stranding, area, reportingYear);

const objectReport = (stranding: { carbon: StrandingOutcome; energy: StrandingOutcome }, area: number, reportingYear: number | null): CrremReport => {
  const carbon = curveOf(stranding.carbon);
  const energy = curveOf(stranding.energy);
  const weight = Number.isFinite(area) && area > 0 ? area : 0;
  const years = yearsOf([carbon, energy], reportingYear).map((year): CrremYear => {
    const c = rowOf(carbon, year);
    const e = rowOf(energy, year);
    return {
      year,
      carbonIntensity: c?.intensity ?? null,
      carbonPathway: c?.pathway ?? null,
      carbonExcess: c ? excessOf(c.intensity, c.pathway) : null,
      excessEmissions: c ? excessEmissionsOf(c.intensity, c.pathway, weight) : null,
      energyIntensity: e?.intensity ?? null,
      energyPathway: e?.pathway ?? null,
      energyExcess: e ? excessOf(e.intensity, e.pathway) : null,
    };
  });
  return {
    area: weight,
    carbon: metricOf(stranding.carbon),
    energy: metricOf(stranding.energy),
    years,
    cumulativeExcessEmissions: carbon ? sum(years.map((y) => y.excessEmissions ?? 0)) : null,
  };
};

/**
 * The CRREM report of a portfolio (DOMAIN.md §5): intensities and pathways area-weighted over the objects that report
 * the metric, with the misalignment year of those curves (a refusal of any object is the portfolio's). Its excess
 * emissions are the sum of its objects' excess emissions (an object above its pathway is not offset by one below
 * its own), and its excess per m² is that sum spread over the area: Σ excess emissions × 1000 / Σ area, which is the
 * area-weighted mean of the objects' excesses. Where the objects' reporting years differ it starts at the latest.
 */
export const portfolioCrremReport = (objects: readonly { area: number; stranding: { carbon: StrandingOutcome; energy: StrandingOutcome } }[]): CrremReport => {
  const reports = objects.map((o) => ({ stranding: o.stranding, report: objectReport(o.stranding, o.area, null) }));
  const carbonOutcome = portfolioOutcome(objects.map((o) => ({ area: o.area, outcome: o.stranding.carbon })));
  const energyOutcome = portfolioOutcome(objects.map((o) => ({ area: o.area, outcome: o.stranding.energy })));
  const carbon = curveOf(carbonOutcome);
  const energy = curveOf(energyOutcome);
  // The objects each portfolio curve weighs (portfolioCurve): those with the metric computed and an area.
  const reporting = (metric: 'carbon' | 'energy') => reports.filter((r) => r.stranding[metric].status === 'computed' && r.report.area > 0);
  const carbonParts = carbon ? reporting('carbon') : [];
  const energyParts = energy ? reporting('energy') : [];
  const carbonArea = sum(carbonParts.map((p) => p.report.area));
  const energyArea = sum(energyParts.map((p) => p.report.area));
  const at = (parts: typeof carbonParts, year: number) => parts.map((p) => p.report.years.find((y) => y.year === year)!);
  const years = yearsOf([carbon, energy], null).map((year): CrremYear => {
    const c = rowOf(carbon, year);
    const e = rowOf(energy, year);
    const emissions = c ? sum(at(carbonParts, year).map((y) => y.excessEmissions!)) : null;
    const energyExcess = e ? sum(at(energyParts, year).map((y, i) => energyParts[i]!.report.area * y.energyExcess!)) / energyArea : null;
    return {
      year,
      carbonIntensity: c?.intensity ?? null,
      carbonPathway: c?.pathway ?? null,
      carbonExcess: emissions === null ? null : (emissions * 1000) / carbonArea,
      excessEmissions: emissions,
      energyIntensity: e?.intensity ?? null,
      energyPathway: e?.pathway ?? null,
      energyExcess,
    };
  });
  return {
    area: carbon ? carbonArea : energyArea,
    carbon: metricOf(carbonOutcome),
    energy: metricOf(energyOutcome),
    years,
    cumulativeExcessEmissions: carbon ? sum(years.map((y) => y.excessEmissions ?? 0)) : null,
  };
};

// The report as a download (docs/crrem.md "Download"): one sheet of the years, one of the summary.

const UNIT = { carbon: 'kg CO2e/m²a', energy: 'kWh/m²a', tons: 't CO2e' } as const;

/** The columns of the years sheet, with units in their headers. */
export const CRREM_YEAR_COLUMNS: readonly TableColumn<CrremYear>[] = [
  { key: 'year', header: { de: 'Jahr', en: 'Year' }, kind: 'integer', value: (y) => y.year },
  { key: 'carbonIntensity', header: { de: `CO2-Intensität (${UNIT.carbon})`, en: `Carbon intensity (${UNIT.carbon})` }, kind: 'decimal', value: (y) => y.carbonIntensity },
  { key: 'carbonPathway', header: { de: `CO2-Pfad (${UNIT.carbon})`, en: `Carbon pathway (${UNIT.carbon})` }, kind: 'decimal', value: (y) => y.carbonPathway },
  { key: 'carbonExcess', header: { de: `CO2 über dem Pfad (${UNIT.carbon})`, en: `Carbon above the pathway (${UNIT.carbon})` }, kind: 'decimal', value: (y) => y.carbonExcess },
  { key: 'excessEmissions', header: { de: `Überschussemissionen (${UNIT.tons})`, en: `Excess emissions (${UNIT.tons})` }, kind: 'decimal', value: (y) => y.excessEmissions },
  { key: 'energyIntensity', header: { de: `Energieintensität (${UNIT.energy})`, en: `Energy intensity (${UNIT.energy})` }, kind: 'decimal', value: (y) => y.energyIntensity },
  { key: 'energyPathway', header: { de: `Energiepfad (${UNIT.energy})`, en: `Energy pathway (${UNIT.energy})` }, kind: 'decimal', value: (y) => y.energyPathway },
  { key: 'energyExcess', header: { de: `Energie über dem Pfad (${UNIT.energy})`, en: `Energy above the pathway (${UNIT.energy})` }, kind: 'decimal', value: (y) => y.energyExcess },
];

const SUMMARY_TEXTS = {
  sheetYears: { de: 'CRREM je Jahr', en: 'CRREM per year' },
  sheetSummary: { de: 'Zusammenfassung', en: 'Summary' },
  what: { de: 'Angabe', en: 'Item' },
  value: { de: 'Wert', en: 'Value' },
  subject: { de: 'Bericht für', en: 'Report of' },
  area: { de: 'Fläche (m²)', en: 'Floor area (m²)' },
  carbonYear: { de: 'Verlassen des CO2-Pfads (Jahr)', en: 'Carbon misalignment year' },
  energyYear: { de: 'Verlassen des Energiepfads (Jahr)', en: 'Energy misalignment year' },
  cumulative: { de: `Überschussemissionen bis 2050 (${UNIT.tons})`, en: `Excess emissions to 2050 (${UNIT.tons})` },
  beyond2050: { de: 'nach 2050', en: 'beyond 2050' },
  notReported: { de: 'nicht angegeben', en: 'not reported' },
  refused: { de: 'nicht berechenbar', en: 'cannot be computed' },
} as const satisfies Record<string, Record<Language, string>>;

/** How a misalignment year reads in the download: the year, "beyond 2050", or why there is none. */
export const misalignmentText = (metric: CrremMetric, language: Language): string | number =>
  metric.status === 'computed'
    ? metric.beyond2050 || metric.misalignmentYear === null
      ? SUMMARY_TEXTS.beyond2050[language]
      : metric.misalignmentYear
    : metric.status === 'refused'
      ? SUMMARY_TEXTS.refused[language]
      : SUMMARY_TEXTS.notReported[language];

export interface CrremSheet {
  title: string;
  columns: { key: string; header: string }[];
  rows: CellValue[][];
}

/** The two sheets of the download in a language: the years (raw figures, unrounded) and the summary. */
export const crremSheets = (report: CrremReport, subject: string, language: Language): CrremSheet[] => [
  {
    title: SUMMARY_TEXTS.sheetYears[language],
    columns: tableHeaders(CRREM_YEAR_COLUMNS, language),
    rows: report.years.map((y) => CRREM_YEAR_COLUMNS.map((c) => c.value(y))),
  },
  {
    title: SUMMARY_TEXTS.sheetSummary[language],
    columns: [
      { key: 'item', header: SUMMARY_TEXTS.what[language] },
      { key: 'value', header: SUMMARY_TEXTS.value[language] },
    ],
    rows: [
      [SUMMARY_TEXTS.subject[language], subject],
      [SUMMARY_TEXTS.area[language], report.area],
      [SUMMARY_TEXTS.carbonYear[language], misalignmentText(report.carbon, language)],
      [SUMMARY_TEXTS.energyYear[language], misalignmentText(report.energy, language)],
      [SUMMARY_TEXTS.cumulative[language], report.cumulativeExcessEmissions],
    ],
  },
];

/** The formats of the report calls: JSON (the default) or the Excel download. */
export const CRREM_FORMATS = ['json', 'xlsx'] as const;
export const crremQuerySchema = z.object({ format: z.enum(CRREM_FORMATS, { error: 'scoring-crrem-format' }).default('json') });
