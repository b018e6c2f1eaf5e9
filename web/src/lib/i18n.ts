import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { isMessageKey } from '@ecore/core/shared/messages.ts';
import { ERRORS_PREFIX, loadResources } from './i18n-resources.ts';
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

export const initI18n = async (): Promise<void> => {
  const lng = initialLanguage();
  // The fallback's texts are always there; another language's load first when it is the chosen one.
  const languages = [...new Set([DEFAULT_LANGUAGE, lng])];
  const resources = Object.fromEntries(await Promise.all(languages.map(async (language) => [language, { translation: await loadResources(language) }])));
  await i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
  });
  applyToDocument(lng);
  i18n.on('languageChanged', (language) => {
    if (!isLanguage(language)) return;
    writeStored('locale', language);
    applyToDocument(language);
  });
};

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

export const changeLanguage = async (language: Language): Promise<unknown> => {
  if (!i18n.hasResourceBundle(language, 'translation')) i18n.addResourceBundle(language, 'translation', await loadResources(language));
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
      if (isMessageKey(error.key)) return t(`${ERRORS_PREFIX}.${error.key}`);
      if (error.message) return error.message;
    }
    return t(`${ERRORS_PREFIX}.request-error`);
  };
};
