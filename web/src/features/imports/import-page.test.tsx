// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { ImportResult } from './imports-api.ts';

/*
 * The import screen (issue 20): the preview lists every row with its status and errors, "Nur Fehler" keeps the
 * failed rows, and "N Zeilen importieren" stays disabled while a row fails; a clean preview imports with dryRun=false.
 */

const api = vi.hoisted(() => ({ uploadImport: vi.fn(), fetchImports: vi.fn(), downloadImportFile: vi.fn() }));
vi.mock(import('./imports-api.ts'), async (original) => ({ ...(await original()), ...api }));
vi.mock(import('../assets/assets-api.ts'), async (original) => ({
  ...(await original()),
  fetchAssetGroupInfo: async () => [{ id: 7, name: 'Portfolio Rhein-Main', organisationId: 1, organisationName: 'Musterimmobilien AG' }],
}));
const sessionOf = (userName: string, role: Role): Session => ({
  token: 'token',
  claims: { sub: '3', userName, role: String(role), external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 3, userName, roles: [role], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
});
const current = vi.hoisted(() => ({ session: null as unknown }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session as Session }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const preview = (failed: boolean): ImportResult => ({
  dryRun: true,
  created: failed ? 2 : 3,
  updated: 0,
  unchanged: 0,
  failed: failed ? 1 : 0,
  groupsCreated: 1,
  rows: [1, 2, 3].map((row) => ({
    row,
    status: failed && row === 2 ? 'failed' : 'created',
    assetId: null,
    errors: failed && row === 2 ? [{ column: 'assetAssetTypes', key: 'import-shares-total', message: 'Die Anteile der Objektklassen ergeben 90 % statt 100 %.' }] : [],
  })),
});

const renderPage = async () => {
  const { ImportPage } = await import('./import-page.tsx');
  const router = createMemoryRouter([{ path: '/import', element: <ImportPage /> }], { initialEntries: ['/import'] });
  return renderUi(<RouterProvider router={router} />);
};

const choose = async (user: Awaited<ReturnType<typeof renderPage>>['user']) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['x'], 'objekte.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Datei prüfen' }));
};

beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts)]) fn.mockReset();
  api.fetchImports.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 });
  api.downloadImportFile.mockResolvedValue(undefined);
  current.session = sessionOf('importadmin', Role.ImportAdmin);
});

describe('the import screen', () => {
  it('shows the failed row\'s error, filters errors only, and keeps "3 Zeilen importieren" disabled', async () => {
    api.uploadImport.mockResolvedValue({ ok: false, result: preview(true), error: new Error('Mindestens eine Zeile ist fehlerhaft. Es wurde nichts gespeichert.') });
    const { user } = await renderPage();
    await choose(user);
    const table = await screen.findByRole('table', { name: 'Vorschau der Zeilen' });
    expect(within(table).getByText(/Die Anteile der Objektklassen ergeben 90 % statt 100 %\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: '3 Zeilen importieren' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.click(screen.getByRole('switch', { name: 'Nur Fehler' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(api.uploadImport).toHaveBeenCalledWith(expect.any(File), true, expect.any(Function), 'assets', undefined);
  });

  it('imports a clean preview with dryRun=false and says what was stored', async () => {
    api.uploadImport.mockResolvedValueOnce({ ok: true, result: preview(false) });
    api.uploadImport.mockResolvedValueOnce({ ok: true, result: { ...preview(false), dryRun: false } });
    const { user } = await renderPage();
    await choose(user);
    const commit = await screen.findByRole('button', { name: '3 Zeilen importieren' });
    expect((commit as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('1 neue Objektgruppe')).toBeTruthy();
    await user.click(commit);
    await waitFor(() => expect(api.uploadImport).toHaveBeenLastCalledWith(expect.any(File), false, expect.any(Function), 'assets', undefined));
    expect(await screen.findByText('Importiert: 3 angelegt, 0 geändert, 0 unverändert, 1 neue Objektgruppe.')).toBeTruthy();
    expect(toasts.notifySuccess).toHaveBeenCalledWith('3 Zeilen wurden importiert.');
  });

  it('the collector imports answers only: downloads the template of a group and sees the questionnaires to start', async () => {
    current.session = sessionOf('collector', Role.ObjectDataCollector);
    const answers: ImportResult = { ...preview(false), groupsCreated: 0, created: 1, unchanged: 2, rows: preview(false).rows.map((r) => ({ ...r, assetId: r.row, status: r.row === 1 ? 'created' : 'unchanged' })) };
    api.uploadImport.mockResolvedValue({ ok: true, result: answers });
    const { user } = await renderPage();
    expect((screen.getByRole('radio', { name: 'Objekte' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Antworten' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'CSV-Vorlage herunterladen' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('textbox', { name: 'Objektgruppe' }));
    await user.click(await screen.findByRole('option', { name: 'Portfolio Rhein-Main' }));
    await user.click(screen.getByRole('button', { name: 'CSV-Vorlage herunterladen' }));
    expect(api.downloadImportFile).toHaveBeenCalledWith('import/answers/template', { language: 'de', exportFormat: 1, assetGroupId: 7, organisationId: 1 });
    await choose(user);
    const table = await screen.findByRole('table', { name: 'Vorschau der Zeilen' });
    expect(within(table).getByText('Fragebogen wird gestartet')).toBeTruthy();
    expect(api.uploadImport).toHaveBeenCalledWith(expect.any(File), true, expect.any(Function), 'answers', 1);
  });
});
