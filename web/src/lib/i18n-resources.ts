import { MESSAGES } from '@ecore/core/shared/messages.ts';
import { LANGUAGES, type Language } from '@ecore/core/shared/language.ts';
import german from '../locales/de.ts';

export type Catalogue = { [key: string]: string | Catalogue };

/**
 * A language's texts: the shell's catalogue `locales/<language>.json` and the feature catalogues beside it,
 * `locales/<language>/<feature>.json`, each a nested object merged into the language's catalogue, so that every
 * feature keeps its own texts.
 */
export interface LanguageTexts {
  shell: Catalogue;
  features: Record<string, Catalogue>;
}

/** German is the default and the fallback: its texts are in the first download; English loads when it is chosen. */
const TEXTS: Record<Language, () => Promise<LanguageTexts>> = {
  de: async () => german,
  en: async () => (await import('../locales/en.ts')).default,
};

const merge = (target: Catalogue, source: Catalogue): Catalogue => {
  const out: Catalogue = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
};

/** The catalogue written for the web client in `language`. */
export const loadCatalogue = async (language: Language): Promise<Catalogue> => {
  const { shell, features } = await TEXTS[language]();
  return Object.entries(features)
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce((all, [, catalogue]) => merge(all, catalogue), shell);
};

/** Every language's catalogue. */
export const loadCatalogues = async (): Promise<Record<Language, Catalogue>> =>
  Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await loadCatalogue(language)])));

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
export const loadResources = async (language: Language): Promise<Catalogue> => ({
  ...(await loadCatalogue(language)),
  [ERRORS_PREFIX]: coreMessages(language),
});

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
