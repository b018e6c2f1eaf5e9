import { LANGUAGES, type Language } from '@ecore/core/shared/language.ts';
import german from '../locales/de.ts';
import { loadCoreMessages, type CoreMessages } from './core-messages.ts';

export type Catalogue = { [key: string]: string | Catalogue };

/**
 * The features with a catalogue of their own, `locales/<language>/<feature>.json`, each holding one section named
 * after it (`data-table.json` holds `dataTable`). A page's code loads with the catalogues it names (router.tsx,
 * lazyArea); the first download holds only the shell's catalogue.
 */
export const FEATURE_CATALOGUES = ['accounts', 'analysis', 'api-tokens', 'answering', 'assets', 'banks', 'certificates', 'data-table', 'exports', 'home', 'imports', 'info-pages', 'questionnaires', 'review', 'scoring', 'webhooks'] as const;
export type FeatureCatalogue = (typeof FEATURE_CATALOGUES)[number];

/** The section of the catalogue a feature's file holds: `data-table` → `dataTable`. */
export const sectionOf = (feature: FeatureCatalogue): string => feature.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const FEATURE_OF_SECTION = new Map<string, FeatureCatalogue>(FEATURE_CATALOGUES.map((feature) => [sectionOf(feature), feature]));

/** The feature whose catalogue holds `key` (the assets catalogue for assets.objects.title); undefined for the shell's keys. */
export const featureOfKey = (key: string): FeatureCatalogue | undefined => FEATURE_OF_SECTION.get(key.split('.', 1)[0]!);

/**
 * A language's texts: the shell's catalogue `locales/<language>.json`, and a loader per feature catalogue beside it,
 * `locales/<language>/<feature>.json` (keyed by path, as import.meta.glob gives them), each a nested object
 * merged into the language's catalogue, so that every feature keeps its own texts.
 */
export interface LanguageTexts {
  shell: Catalogue;
  features: Record<string, () => Promise<Catalogue>>;
}

/** German is the default and the fallback: its shell's texts are in the first download; English loads when it is chosen. */
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

/** The catalogue of `feature` in `language`. */
export const loadFeatureCatalogue = async (language: Language, feature: FeatureCatalogue): Promise<Catalogue> => {
  const { features } = await TEXTS[language]();
  const load = features[`./${language}/${feature}.json`];
  if (!load) throw new Error(`No catalogue ${language}/${feature}.json`);
  return load();
};

/** The catalogue written for the web client in `language`: the shell's and every feature's. */
export const loadCatalogue = async (language: Language): Promise<Catalogue> => {
  const { shell, features } = await TEXTS[language]();
  const catalogues = await Promise.all(
    Object.entries(features)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, load]) => load()),
  );
  return catalogues.reduce(merge, shell);
};

/** Every language's catalogue. */
export const loadCatalogues = async (): Promise<Record<Language, Catalogue>> =>
  Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, await loadCatalogue(language)])));

/** The prefix under which core's texts appear in the catalogues: `errors.login-error`, … */
export const ERRORS_PREFIX = 'errors';

/**
 * Core's error and validation texts, turned into i18next resources (`{n}` becomes `{{n}}`), so that
 * each text is written only once, in core/src/shared/messages.ts. They load when first needed (core-messages.ts).
 */
export const coreMessages = ({ MESSAGES }: CoreMessages, language: Language): Catalogue =>
  Object.fromEntries(
    Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language].replace(/\{(\w+)\}/g, '{{$1}}')]),
  );

/** The full resources of a language: the web catalogue plus core's texts under `errors`. */
export const loadResources = async (language: Language): Promise<Catalogue> => ({
  ...(await loadCatalogue(language)),
  [ERRORS_PREFIX]: coreMessages(await loadCoreMessages(), language),
});

/** What a language needs before the first screen: the shell's catalogue (core's texts load when first needed). */
export const loadShellResources = async (language: Language): Promise<Catalogue> => (await TEXTS[language]()).shell;

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
