import type { Language } from './language.ts';

/**
 * The country option list (spec 01 §3, spec 02 §3): about 50 codes such as AT, DE, UK and USA, plus
 * OTHER. Codes follow the specification (UK and USA rather than GB and US).
 */
const COUNTRY_NAMES: Record<string, Record<Language, string>> = {
  AT: { de: 'Österreich', en: 'Austria' },
  BE: { de: 'Belgien', en: 'Belgium' },
  BG: { de: 'Bulgarien', en: 'Bulgaria' },
  CH: { de: 'Schweiz', en: 'Switzerland' },
  CY: { de: 'Zypern', en: 'Cyprus' },
  CZ: { de: 'Tschechien', en: 'Czechia' },
  DE: { de: 'Deutschland', en: 'Germany' },
  DK: { de: 'Dänemark', en: 'Denmark' },
  EE: { de: 'Estland', en: 'Estonia' },
  ES: { de: 'Spanien', en: 'Spain' },
  FI: { de: 'Finnland', en: 'Finland' },
  FR: { de: 'Frankreich', en: 'France' },
  GR: { de: 'Griechenland', en: 'Greece' },
  HR: { de: 'Kroatien', en: 'Croatia' },
  HU: { de: 'Ungarn', en: 'Hungary' },
  IE: { de: 'Irland', en: 'Ireland' },
  IS: { de: 'Island', en: 'Iceland' },
  IT: { de: 'Italien', en: 'Italy' },
  LI: { de: 'Liechtenstein', en: 'Liechtenstein' },
  LT: { de: 'Litauen', en: 'Lithuania' },
  LU: { de: 'Luxemburg', en: 'Luxembourg' },
  LV: { de: 'Lettland', en: 'Latvia' },
  MC: { de: 'Monaco', en: 'Monaco' },
  MT: { de: 'Malta', en: 'Malta' },
  NL: { de: 'Niederlande', en: 'Netherlands' },
  NO: { de: 'Norwegen', en: 'Norway' },
  PL: { de: 'Polen', en: 'Poland' },
  PT: { de: 'Portugal', en: 'Portugal' },
  RO: { de: 'Rumänien', en: 'Romania' },
  RS: { de: 'Serbien', en: 'Serbia' },
  SE: { de: 'Schweden', en: 'Sweden' },
  SI: { de: 'Slowenien', en: 'Slovenia' },
  SK: { de: 'Slowakei', en: 'Slovakia' },
  TR: { de: 'Türkei', en: 'Türkiye' },
  UA: { de: 'Ukraine', en: 'Ukraine' },
  UK: { de: 'Vereinigtes Königreich', en: 'United Kingdom' },
  USA: { de: 'Vereinigte Staaten', en: 'United States' },
  CA: { de: 'Kanada', en: 'Canada' },
  MX: { de: 'Mexiko', en: 'Mexico' },
  BR: { de: 'Brasilien', en: 'Brazil' },
  AU: { de: 'Australien', en: 'Australia' },
  NZ: { de: 'Neuseeland', en: 'New Zealand' },
  JP: { de: 'Japan', en: 'Japan' },
  CN: { de: 'China', en: 'China' },
  HK: { de: 'Hongkong', en: 'Hong Kong' },
  SG: { de: 'Singapur', en: 'Singapore' },
  IN: { de: 'Indien', en: 'India' },
  AE: { de: 'Vereinigte Arabische Emirate', en: 'United Arab Emirates' },
  IL: { de: 'Israel', en: 'Israel' },
  ZA: { de: 'Südafrika', en: 'South Africa' },
  OTHER: { de: 'Sonstiges', en: 'Other' },
};

export const COUNTRY_CODES = Object.keys(COUNTRY_NAMES);

export const isCountryCode = (code: unknown): code is string => typeof code === 'string' && Object.hasOwn(COUNTRY_NAMES, code);

export interface CountryOption {
  code: string;
  countryName: string;
}

/** The list entries (countryName and code), sorted by name in the language, OTHER last. */
export const countryOptions = (language: Language): CountryOption[] =>
  COUNTRY_CODES.filter((code) => code !== 'OTHER')
    .map((code) => ({ code, countryName: COUNTRY_NAMES[code]![language] }))
    .sort((a, b) => a.countryName.localeCompare(b.countryName, language))
    .concat([{ code: 'OTHER', countryName: COUNTRY_NAMES.OTHER![language] }]);

export const countryName = (code: string, language: Language): string => COUNTRY_NAMES[code]?.[language] ?? code;
