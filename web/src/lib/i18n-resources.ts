import { MESSAGES } from '@ecore/core/shared/messages.ts';
import { LANGUAGES, type Language } from '@ecore/core/shared/language.ts';
import de from '../locales/de.json';
import en from '../locales/en.json';

export type Catalogue = { [key: string]: string | Catalogue };

/**
 * Feature catalogues beside the shell's: `locales/de/<feature>.json` and `locales/en/<feature>.json`,
 * each a nested object merged into the language's catalogue, so that every feature keeps its own texts.
 */
const FEATURE_CATALOGUES = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

const merge = (target: Catalogue, source: Catalogue): Catalogue => {
  const out: Catalogue = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
};

const catalogueOf = (language: Language, base: Catalogue): Catalogue =>
  Object.entries(FEATURE_CATALOGUES)
    .filter(([path]) => path.includes(`/locales/${language}/`))
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((all, [, catalogue]) => merge(all, catalogue), base);

/** The catalogues written for the web client. */
export const CATALOGUES: Record<Language, Catalogue> = { de: catalogueOf('de', de), en: catalogueOf('en', en) };

/** The prefix under which core's texts appear in the catalogues: `errors.login-error`, … */
export const ERRORS_PREFIX = 'errors';

/**
 * Core's error and validation texts, turned into i18next resources (`{n}` becomes `{{n}}`), so that
 * each text is written only once, in core/src/shared/messages.ts.
 */
export const coreMessages = (language: Language): Catalogue =>
  Object.fromEntries(
    Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language].replace(/\{(\w+)\}/g, '{{$1}}')]),
  );

/** The full resources of a language: the web catalogue plus core's texts under `errors`. */
export const resourcesOf = (language: Language): Catalogue => ({
  ...CATALOGUES[language],
  [ERRORS_PREFIX]: coreMessages(language),
});

export const I18N_RESOURCES = Object.fromEntries(
  LANGUAGES.map((language) => [language, { translation: resourcesOf(language) }]),
) as Record<Language, { translation: Catalogue }>;

/** Every key of a catalogue as a dotted path, with its text. */
export const flatten = (catalogue: Catalogue, prefix = ''): Map<string, string> => {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
};
