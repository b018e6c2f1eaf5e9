// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioTotals } from '@ecore/core/banks/financed-emissions.ts';
import type { PortfolioLoan } from '@ecore/core/banks/loan-list.ts';
import type { ImportResult } from '@ecore/core/imports/import-table.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { renderUi } from '../../testing/render.tsx';

/*
 * The financed emissions screen: the totals and both charts of the portfolio, the loan table filtered by the taxonomy
 * result, the Excel download of the shown reporting date, and the loan tape import through its preview.
 */

const api = vi.hoisted(() => ({ fetchPortfolio: vi.fn(), downloadPortfolio: vi.fn() }));
vi.mock(import('./banks-api.ts'), async (original) => ({ ...(await original()), ...api }));
const imports = vi.hoisted(() => ({ uploadImport: vi.fn(), fetchImports: vi.fn(), fetchImport: vi.fn(), downloadImportFile: vi.fn() }));
vi.mock(import('../imports/imports-api.ts'), async (original) => ({ ...(await original()), ...imports }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const loan = (loanId: string, over: Partial<PortfolioLoan>): PortfolioLoan => ({
  loanId,
  assetId: 1,
  objectName: `Objekt ${loanId}`,
  externalId: null,
  assetGroupId: 1,
  groupName: 'Finanzierungsobjekte',
  outstandingAmount: 1_000_000,
  propertyValueAtOrigination: 2_000_000,
  originationDate: '2020-01-01',
  reportingDate: '2025-12-31',
  attribution: 0.5,
  objectEmissions: 100,
  financedEmissions: 50,
  dataQualityScore: 2,
  basis: 'consumption',
  taxonomy: { result: 'aligned', rule: 'classA', threshold: null },
  labelValid: true,
  labelValidUntil: '2027-01-01',
  ecoreScore: 61.5,
  financeScore: 48.75,
  questionnaireState: 'Closed',
  ...over,
});
const loans = [loan('K-1', {}), loan('K-2', { dataQualityScore: 4, basis: 'average', taxonomy: { result: 'unknown', rule: 'epcMissing', threshold: null }, labelValid: false })];

const renderPage = async (language: Language = 'de', path = '/financed-emissions') => {
  const { FinancedEmissionsPage } = await import('./financed-emissions-page.tsx');
  const router = createMemoryRouter([{ path: '/financed-emissions', element: <FinancedEmissionsPage /> }], { initialEntries: [path] });
  return renderUi(<RouterProvider router={router} />, { language });
};

beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(imports), ...Object.values(toasts)]) fn.mockReset();
  api.fetchPortfolio.mockResolvedValue({ reportingDate: '2025-12-31', reportingDates: ['2025-12-31'], loans, totals: portfolioTotals(loans) });
  api.downloadPortfolio.mockResolvedValue(undefined);
  imports.fetchImports.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 });
  imports.downloadImportFile.mockResolvedValue(undefined);
});

describe('the financed emissions screen', () => {
  it('shows the totals and both charts, filters the unknown loans and downloads the reporting date shown', async () => {
    const { user } = await renderPage();
    const totals = await screen.findByRole('region', { name: 'Summen' });
    expect(within(totals).getByText('100,0 t CO2e/a')).toBeTruthy();
    expect(within(totals).getByText('3,00')).toBeTruthy();
    expect(within(totals).getByText('Anteil konform')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Finanzierte Emissionen nach Datenqualität' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Finanzierte Emissionen nach EU-Taxonomie 7.7' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Kredite' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('textbox', { name: 'EU-Taxonomie 7.7' }));
    await user.click(await screen.findByRole('option', { name: 'unbekannt' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('K-2')).toBeTruthy();
    expect(within(table).getByText('kein Energieausweis')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Excel herunterladen' }));
    expect(api.downloadPortfolio).toHaveBeenCalledWith('2025-12-31', 'de');
  });

  it('imports a loan tape after its preview, in English', async () => {
    const preview: ImportResult = { dryRun: true, created: 1, updated: 0, unchanged: 0, failed: 0, groupsCreated: 0, rows: [{ row: 1, status: 'created', assetId: 1, objectName: 'Objekt K-3', externalId: 'X-3', objectGroup: null, errors: [] }] };
    imports.uploadImport.mockResolvedValueOnce({ ok: true, result: preview });
    imports.uploadImport.mockResolvedValueOnce({ ok: true, result: { ...preview, dryRun: false } });
    const { user } = await renderPage('en');
    await user.click(await screen.findByRole('button', { name: 'Import loans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import loan tape' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['x'], 'loans.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByRole('table', { name: 'Preview of the loan tape' })).toBeTruthy();
    expect(imports.uploadImport).toHaveBeenCalledWith(expect.any(File), true, expect.any(Function), 'loans');
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    await waitFor(() => expect(toasts.notifySuccess).toHaveBeenCalledWith('1 loan imported.'));
    expect(imports.uploadImport).toHaveBeenLastCalledWith(expect.any(File), false, expect.any(Function), 'loans');
    await waitFor(() => expect(api.fetchPortfolio).toHaveBeenCalledTimes(2));
  });

  it('lists the bank\'s loan tapes; a refused one the worklist links to is marked, with its report', async () => {
    const entry = { organisationId: 9, userName: 'Bea Bank', kind: 'loans', created: 0, updated: 0, unchanged: 0, groupsCreated: 0 };
    imports.fetchImports.mockResolvedValue({
      items: [
        { ...entry, id: 21, fileName: 'kredite-dezember.csv', outcome: 'failed', failed: 2, createdAt: '2026-11-30T02:00:00Z' },
        { ...entry, id: 20, fileName: 'kredite-november.csv', outcome: 'imported', created: 2, failed: 0, createdAt: '2026-11-01T02:00:00Z' },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    const { user } = await renderPage('de', '/financed-emissions?importId=21');
    const history = await screen.findByRole('table', { name: 'Bisherige Importe' });
    const [, failed, stored] = await waitFor(() => {
      const rows = within(history).getAllByRole('row');
      expect(rows).toHaveLength(3);
      return rows;
    });
    expect(within(failed!).getByText('Fehlgeschlagen')).toBeTruthy();
    expect(failed!.getAttribute('aria-current')).toBe('true');
    expect(stored!.getAttribute('aria-current')).toBeNull();
    await user.click(within(failed!).getByRole('button', { name: 'Bericht zu kredite-dezember.csv herunterladen' }));
    expect(imports.downloadImportFile).toHaveBeenCalledWith('import/21/report', {});
  });
});
