import type { Language } from '@ecore/core/shared/language.ts';

/**
 * Dates as the interface language writes them (UI.md "Dialogs and forms"): German 'TT.MM.JJJJ', English
 * 'DD/MM/YYYY' (the British order the interface uses for times as well). Forms keep 'YYYY-MM-DD'.
 */
export const DATE_FORMATS: Record<Language, string> = { de: 'DD.MM.YYYY', en: 'DD/MM/YYYY' };

const isoOf = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * The 'YYYY-MM-DD' of a typed date: day, month and four-digit year in the language's order, separated by
 * dots, slashes or dashes ('1.2.2026', '01/02/2026'), or an ISO date; null for anything else or a date that
 * does not exist (31.02.).
 */
export const parseDateText = (text: string): string | null => {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const local = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed);
  return local ? isoOf(Number(local[3]), Number(local[2]), Number(local[1])) : null;
};

/** A stored 'YYYY-MM-DD' as the language writes it; '' stays ''. */
export const formatDateText = (iso: string | null | undefined, language: Language): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!match) return '';
  const [, year, month, day] = match;
  return language === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
};
