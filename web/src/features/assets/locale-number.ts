import { formatLocaleNumber, parseLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { Language } from '@ecore/core/shared/language.ts';

/**
 * Number fields keep the text as typed (spec 02 §5: comma or period, comma in German); these helpers
 * move between that text and numbers with core's parseLocaleNumber and formatLocaleNumber.
 */

/** Areas may carry more decimals than the usual two; the form must not cut them off on a round trip. */
export const NUMBER_FIELD_DIGITS = 4;

/** The text a stored number shows in a field; no number shows an empty field. */
export const numberText = (value: number | null | undefined, language: Language): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : formatLocaleNumber(value, language, NUMBER_FIELD_DIGITS);

/** The number of a field's text: null when empty, NaN when it is not a number (the check then refuses it). */
export const numberOf = (text: string, language: Language): number | null => {
  if (text.trim() === '') return null;
  return parseLocaleNumber(text, language) ?? Number.NaN;
};

/** On focus out a readable number is shown the locale's way ("1234.5" becomes "1.234,5" in German); anything else stays for the check. */
export const normaliseNumberText = (text: string, language: Language): string => {
  const value = numberOf(text, language);
  return value === null || Number.isNaN(value) ? text : numberText(value, language);
};

/** When the user switches the language, typed numbers are rewritten for the new one; what is not a number stays. */
export const relocaliseNumberText = (text: string, from: Language, to: Language): string => {
  if (from === to) return text;
  const value = numberOf(text, from);
  return value === null || Number.isNaN(value) ? text : numberText(value, to);
};
