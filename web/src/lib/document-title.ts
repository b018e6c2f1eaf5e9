/** The separator between the page name and the product name in the browser tab. */
const SEPARATOR = ' – ';

/**
 * The text of the browser tab: "<page name> – ECORE Portal", or the product name alone where a page
 * has no name (yet). Blank page names count as none, so the tab never reads " – ECORE Portal".
 */
export const documentTitle = (pageName: string | null | undefined, productName: string): string => {
  const page = pageName?.trim() ?? '';
  return page === '' ? productName : `${page}${SEPARATOR}${productName}`;
};
