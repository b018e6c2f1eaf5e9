import type { Language } from '../shared/language.ts';
import { formatLocaleNumber } from '../shared/locale-number.ts';

/** Result classification (spec 02 §3 "Other enums"). */
export const CLASSIFICATIONS = ['Positive', 'Intermediate', 'Negative', 'Neutral'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/** Positive from two thirds of the maximum on, Intermediate from one third (DOMAIN.md §5). */
export const POSITIVE_FROM = 2 / 3;
export const INTERMEDIATE_FROM = 1 / 3;

// Ratios are sums of products of fractions; a ratio meant as exactly two thirds may land one unit of the last
// place below 2/3. This tolerance is far below anything a rounded display could show.
const FLOAT_NOISE = 1e-9;

/**
 * The classification of a ratio of points to maximum (DOMAIN.md §5): Positive ≥ 2/3, Intermediate ≥ 1/3,
 * Negative below, Neutral where nothing counts (`null`).
 */
export const classify = (ratio: number | null): Classification => {
  if (ratio === null || !Number.isFinite(ratio)) return 'Neutral';
  if (ratio >= POSITIVE_FROM - FLOAT_NOISE) return 'Positive';
  if (ratio >= INTERMEDIATE_FROM - FLOAT_NOISE) return 'Intermediate';
  return 'Negative';
};

/**
 * A score as screens, exports and certificates show it (DOMAIN.md §5): one decimal, half away from zero, as
 * the decimal figure reads (1.15 shows 1.2 although the binary double lies a hair below). Scores themselves
 * are computed and answered unrounded; only display rounds.
 */
export const roundForDisplay = (value: number): number => {
  if (!Number.isFinite(value)) return value;
  // 15 significant digits undo the binary representation error of the decimal figure before halves are decided.
  const scaled = Number((Math.abs(value) * 10).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / 10;
  return rounded === 0 ? 0 : rounded;
};

// Building an Intl.NumberFormat costs far more than scoring a questionnaire; the formats are made once. The
// locales are those of `formatLocaleNumber` (shared/locale-number.ts).
const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const SCORE_FORMATS = {
  de: new Intl.NumberFormat(LOCALES.de, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat(LOCALES.en, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};
const FIGURE_FORMATS = {
  de: new Intl.NumberFormat(LOCALES.de, { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat(LOCALES.en, { maximumFractionDigits: 2 }),
};

/** A score for display in a language: one decimal ("72,5" in German, "72.5" in English), a dash for none. */
export const formatScore = (value: number | null, language: Language): string =>
  value === null || !Number.isFinite(value) ? '–' : SCORE_FORMATS[language].format(roundForDisplay(value));

/** A figure of a "why" line: up to two decimals in the language's format (as `formatLocaleNumber` writes it). */
export const formatFigure = (value: number, language: Language): string => FIGURE_FORMATS[language].format(value);

/** Decimals of a consumption figure per m² on every screen. */
export const CONSUMPTION_DECIMALS = 1;

/**
 * A consumption figure per m² (kWh/m²/a, kg CO₂e/m²/a, m³/m²/a, kg/m²/a) as every screen shows it: one decimal at
 * most, so that the results, the year-over-year comparison and the dashboard read the same figure alike.
 */
export const formatConsumption = (value: number, language: Language): string => formatLocaleNumber(value, language, CONSUMPTION_DECIMALS);
