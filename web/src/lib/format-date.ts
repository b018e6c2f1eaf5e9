/** A point in time as the interface shows it: in the UI's language, whatever the browser's own locale is. */
export const formatDateTime = (iso: string | null | undefined, language: string): string =>
  iso ? new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium', timeStyle: 'short' }) : '–';

/**
 * How long ago a point in time was, in the UI's language ("vor 2 Minuten", "2 minutes ago"): seconds under a
 * minute, minutes under an hour, hours under a day, else days. A point in the future (clocks apart) reads as now ("jetzt", "now").
 */
export const formatTimeAgo = (iso: string, language: string, now: number = Date.now()): string => {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
};
