import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './form-errors.ts';

/** Core's message texts (`errors.<key>` of the catalogues) in the current language, for form errors. */
export const useMessage = (): Translate => {
  const { t } = useTranslation();
  return useCallback((key, params) => t(`errors.${key}`, params), [t]);
};
