import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';

/** A score or a figure as the locale writes it; none shows a dash. */
export const figure = (value: number | null | undefined, language: Language, digits = 1): string =>
  value === null || value === undefined ? '–' : formatLocaleNumber(value, language, digits);

export const yearOrDash = (year: number | null | undefined): string => (year === null || year === undefined ? '–' : String(year));
