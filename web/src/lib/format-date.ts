/** A point in time as the interface shows it: in the UI's language, whatever the browser's own locale is. */
export const formatDateTime = (iso: string | null | undefined, language: string): string =>
  iso ? new Date(iso).toLocaleString(language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium', timeStyle: 'short' }) : '–';
