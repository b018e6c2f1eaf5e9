import { describe, expect, it } from 'vitest';
import { flatten, loadCatalogues } from './i18n-resources.ts';
import { documentTitle } from './document-title.ts';

describe('the document title', () => {
  it('is the page name, a dash and the product name', () => {
    expect(documentTitle('Nutzer', 'ECORE Portal')).toBe('Nutzer – ECORE Portal');
    expect(documentTitle('Users', 'ECORE Portal')).toBe('Users – ECORE Portal');
  });

  it('is the product name alone for a page without a name', () => {
    expect(documentTitle(undefined, 'ECORE Portal')).toBe('ECORE Portal');
    expect(documentTitle(null, 'ECORE Portal')).toBe('ECORE Portal');
    expect(documentTitle('  ', 'ECORE Portal')).toBe('ECORE Portal');
  });

  it('names the product "ECORE Portal" in both languages', async () => {
    const CATALOGUES = await loadCatalogues();
    expect(flatten(CATALOGUES.de).get('shell.documentTitle.product')).toBe('ECORE Portal');
    expect(flatten(CATALOGUES.en).get('shell.documentTitle.product')).toBe('ECORE Portal');
  });
});
