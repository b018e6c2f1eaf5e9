import type { TFunction } from 'i18next';

/** A calendar date `YYYY-MM-DD` as the interface shows it: 31.12.2026 / 31/12/2026. */
export const formatCalendarDate = (date: string, language: string): string => {
  const [year, month, day] = date.split('-');
  return language === 'en' ? `${day}/${month}/${year}` : `${day}.${month}.${year}`;
};

/** A library document's validity in words: "31.12.2025 – 31.12.2026", "ab …", "bis …", "unbefristet". */
export const formatValidity = (validity: { validFrom: string | null; validUntil: string | null }, language: string, t: TFunction): string => {
  const { validFrom, validUntil } = validity;
  if (validFrom && validUntil) return `${formatCalendarDate(validFrom, language)} – ${formatCalendarDate(validUntil, language)}`;
  if (validFrom) return t('answering.library.validFromOnly', { date: formatCalendarDate(validFrom, language) });
  if (validUntil) return t('answering.library.validUntilOnly', { date: formatCalendarDate(validUntil, language) });
  return t('answering.library.unlimited');
};
