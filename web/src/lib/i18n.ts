import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { ERRORS_PREFIX, coreMessages, featureOfKey, loadFeatureCatalogue, loadShellResources, type FeatureCatalogue } from './i18n-resources.ts';
import { loadCoreMessages, loadCoreMessagesOnFirstUse, loadedCoreMessages, whenCoreMessagesLoad } from './core-messages.ts';
import { readStored, writeStored } from './local-store.ts';
import { ApiError } from './api-client.ts';

/** German is the default and the fallback (spec 01 §1); the choice is kept in localStorage. */
export const initialLanguage = (): Language => {
  const stored = readStored('locale');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

const applyToDocument = (language: Language): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

export const i18n = i18next.createInstance();

let markInitialised: () => void = () => undefined;
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

/** The feature catalogues asked for so far: each language switched to loads them too. */
const requested = new Set<FeatureCatalogue>();
/** Languages being switched to: a catalogue asked for meanwhile loads in them as well. */
const switchingTo = new Set<Language>();
/** Each part of a language's texts (`de:shell`, `en:assets`), loading or loaded; a failed load is forgotten. */
const parts = new Map<string, Promise<void>>();
const loaded = new Set<string>();

const loadPart = (language: Language, part: 'shell' | FeatureCatalogue): Promise<void> => {
  const key = `${language}:${part}`;
  let loading = parts.get(key);
  if (!loading) {
    const texts = part === 'shell' ? loadShellResources(language) : loadFeatureCatalogue(language, part);
    loading = Promise.all([texts, initialised]).then(
      ([catalogue]) => {
        i18n.addResourceBundle(language, 'translation', catalogue, true, false);
        loaded.add(key);
      },
      (error: unknown) => {
        parts.delete(key);
        throw error;
      },
    );
    parts.set(key, loading);
  }
  return loading;
};

/** The languages whose texts are wanted: the current one and any being switched to. */
const wantedLanguages = (): Language[] => [...new Set([i18n.isInitialized ? currentLanguage() : initialLanguage(), ...switchingTo])];

/**
 * Loads the catalogues of `features` in the current language (and one being switched to): a page asks for its
 * features' texts together with its code (lazyArea), so that it never shows a key in place of a text. Settles once
 * they are in i18next; rejects when one fails to load (a retry loads it afresh).
 */
export const loadFeatureTexts = async (features: readonly FeatureCatalogue[], languages: readonly Language[] = wantedLanguages()): Promise<void> => {
  for (const feature of features) requested.add(feature);
  await Promise.all(languages.flatMap((language) => features.map((feature) => loadPart(language, feature))));
};

/**
 * A key of a feature catalogue that is not there yet (a breadcrumb of the page being opened, in the shell that
 * is already shown) reads as nothing until its catalogue arrives, rather than as the key; it is loaded then, so
 * that even a catalogue a page forgot to name arrives. So does one of core's texts (`errors.…`) before they are
 * there (core-messages.ts). Other missing keys read as i18next has it: the default value given, else the key.
 */
const missingKey = (key: string, defaultValue?: string): string => {
  if (key.startsWith(`${ERRORS_PREFIX}.`) && loadedCoreMessages() === undefined) {
    void loadCoreMessages().catch(() => undefined);
    return '';
  }
  const feature = featureOfKey(key);
  if (feature === undefined || loaded.has(`${currentLanguage()}:${feature}`)) return defaultValue ?? key;
  void loadFeatureTexts([feature]).catch(() => undefined);
  return '';
};

export const initI18n = async (): Promise<void> => {
  const lng = initialLanguage();
  // The fallback's texts are always there; another language's load first when it is the chosen one.
  const languages = [...new Set([DEFAULT_LANGUAGE, lng])];
  const resources = Object.fromEntries(await Promise.all(languages.map(async (language) => [language, { translation: await loadShellResources(language) }])));
  for (const language of languages) {
    parts.set(`${language}:shell`, Promise.resolve());
    loaded.add(`${language}:shell`);
  }
  await i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: missingKey,
    // A catalogue that arrives renders again what reads from it.
    react: { bindI18nStore: 'added' },
  });
  markInitialised();
  // Core's texts in both languages at once, when they arrive: a language switch needs nothing more of them.
  whenCoreMessagesLoad((messages) => {
    for (const language of LANGUAGES) i18n.addResourceBundle(language, 'translation', { [ERRORS_PREFIX]: coreMessages(messages, language) }, true, false);
  });
  if (typeof window !== 'undefined') loadCoreMessagesOnFirstUse(window);
  applyToDocument(lng);
  i18n.on('languageChanged', (language) => {
    if (!isLanguage(language)) return;
    writeStored('locale', language);
    applyToDocument(language);
  });
};

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the language once its texts are there: the shell's and those of every feature loaded so far. */
export const changeLanguage = async (language: Language): Promise<unknown> => {
  switchingTo.add(language);
  try {
    await Promise.all([loadPart(language, 'shell'), loadFeatureTexts([...requested], [language])]);
  } finally {
    switchingTo.delete(language);
  }
  return i18n.changeLanguage(language);
};

/**
 * The text to show for a failed call: core's text of the answer's key in the current language when
 * the key is one of core's, else the server's message, else the generic request-error text.
 */
export const useErrorText = (): ((error: unknown) => string) => {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError) {
      // A failed call rejects once core's texts are there (api-client.ts).
      if (loadedCoreMessages()?.isMessageKey(error.key)) return t(`${ERRORS_PREFIX}.${error.key}`);
      if (error.message) return error.message;
    }
    return t(`${ERRORS_PREFIX}.request-error`);
  };
};
