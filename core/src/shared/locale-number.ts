/**
 * Parses a number typed in the user's locale: comma or period as decimal separator (comma in German),
 * thousands separators of the other kind ignored. Answers null for what is not a number.
 */
export const parseLocaleNumber = (input: string, language: 'de' | 'en'): number | null => {
  const trimmed = input.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const decimal = language === 'de' ? ',' : '.';
  const other = language === 'de' ? '.' : ',';
  let normalised: string;
  if (trimmed.includes(decimal)) {
    // The locale's decimal separator is there: the other sign only groups thousands.
    normalised = trimmed.split(other).join('').replace(decimal, '.');
  } else {
    // Only the other sign: one of it before anything but three digits is a decimal separator ("12.5" in German).
    const parts = trimmed.split(other);
    normalised = parts.length === 2 && parts[1]!.length !== 3 ? parts.join('.') : parts.join('');
  }
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
};

// An Intl.NumberFormat costs far more to build than to use (and holds memory outside the JavaScript heap until
// collected): one per language and number of digits, made once. An export of 10 000 objects formats some 100 000
// figures (issue 17's memory).
const formats = new Map<string, Intl.NumberFormat>();

/** Formats a number for the user's locale (decimal comma in German). */
export const formatLocaleNumber = (value: number, language: 'de' | 'en', maxFractionDigits = 2): string => {
  const key = `${language}|${maxFractionDigits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: maxFractionDigits })));
  return format.format(value);
};
