import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '../lib/document-title.ts';

/**
 * Keeps the browser tab's title on "<page name> – ECORE Portal" (the same page name as the heading),
 * following the language; when the page leaves, the tab falls back to the product name.
 */
export const useDocumentTitle = (pageName: string | null | undefined): void => {
  const { t } = useTranslation();
  const product = t('shell.documentTitle.product');
  const title = documentTitle(pageName, product);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => () => void (document.title = product), [product]);
};
