// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { ImportResult } from './imports-api.ts';

/*
 * The import screen (issue 20): the preview lists every row with its object (name, external id, group), status and
 * errors, "Nur Fehler" keeps the failed rows, and "N Zeilen importieren" stays disabled while a row fails; a clean
 * preview imports with dryRun=false and lists the imported objects: links for roles that open objects, read-only
 * names and ids for the import administrator.
 */

const api = vi.hoisted(() => ({ uploadImport: vi.fn(), fetchImports: vi.fn(), fetchImport: vi.fn(), downloadImportFile: vi.fn() }));
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
    objectName: ['Domblick', 'Rheinauhafen', 'Ehrenfeld'][row - 1]!,
    externalId: `K-${row}`,
    objectGroup: 'Portfolio Köln',
    errors: failed && row === 2 ? [{ column: 'assetAssetTypes', key: 'import-shares-total', message: 'Die Anteile der Objektklassen ergeben 90 % statt 100 %.' }] : [],
  })),
});

const renderPage = async (path = '/import') => {
  const { ImportPage } = await import('./import-page.tsx');
  const router = createMemoryRouter([{ path: '/import', element: <ImportPage /> }], { initialEntries: [path] });
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
    // Each row names its object: name, external id and group.
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getByText('Rheinauhafen')).toBeTruthy();
    expect(within(second).getByText('K-2 · Portfolio Köln')).toBeTruthy();
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

  const stored = (): ImportResult => ({ ...preview(false), dryRun: false, rows: preview(false).rows.map((r) => ({ ...r, assetId: 40 + r.row })) });

  it('after the import lists the imported objects; the import administrator reads names and ids, opening none', async () => {
    api.uploadImport.mockResolvedValueOnce({ ok: true, result: preview(false) }).mockResolvedValueOnce({ ok: true, result: stored() });
    const { user } = await renderPage();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: '3 Zeilen importieren' }));
    const list = await screen.findByRole('table', { name: 'Importierte Objekte' });
    expect(within(list).getAllByRole('row')).toHaveLength(4);
    const row = within(list).getAllByRole('row')[1]!;
    expect(within(row).getByText('Domblick')).toBeTruthy();
    expect(within(row).getByText('K-1 · Portfolio Köln')).toBeTruthy();
    expect(within(row).getByText('41')).toBeTruthy();
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText(/Als Import-Administrator öffnen Sie keine Objekte/)).toBeTruthy();
  });

  it('an object administrator opens each imported object from the list', async () => {
    current.session = sessionOf('objectadmin', Role.ObjectAdministrator);
    api.uploadImport.mockResolvedValueOnce({ ok: true, result: preview(false) }).mockResolvedValueOnce({ ok: true, result: stored() });
    const { user } = await renderPage();
    await choose(user);
    await user.click(await screen.findByRole('button', { name: '3 Zeilen importieren' }));
    const list = await screen.findByRole('table', { name: 'Importierte Objekte' });
    expect(within(list).getByRole('link', { name: 'Rheinauhafen' }).getAttribute('href')).toBe('/asset-management/objects/42/false/edit/data');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByText(/Als Import-Administrator öffnen Sie keine Objekte/)).toBeNull();
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

  it('badges a failed import in the history with its failed rows and report, and marks the entry the worklist links to', async () => {
    const entry = { organisationId: 1, userName: 'API-Token Nachtlauf', updated: 0, unchanged: 0, groupsCreated: 0 };
    api.fetchImports.mockResolvedValue({
      items: [
        { ...entry, id: 12, kind: 'assets', fileName: 'nachts.csv', outcome: 'failed', created: 0, failed: 2, createdAt: '2026-11-30T02:00:00Z' },
        { ...entry, id: 11, kind: 'answers', fileName: 'antworten.csv', outcome: 'imported', created: 3, failed: 0, createdAt: '2026-11-29T02:00:00Z' },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    const { user } = await renderPage('/import?importId=12');
    const history = await screen.findByRole('table', { name: 'Bisherige Importe' });
    const [, failed, stored] = within(history).getAllByRole('row');
    expect(within(failed!).getByText('Fehlgeschlagen')).toBeTruthy();
    expect(within(failed!).getByText('2 Zeilen fehlerhaft, nichts gespeichert')).toBeTruthy();
    expect(failed!.getAttribute('aria-current')).toBe('true');
    expect(within(stored!).queryByText('Fehlgeschlagen')).toBeNull();
    expect(within(stored!).getByText('3 angelegt, 0 geändert, 0 unverändert')).toBeTruthy();
    expect(stored!.getAttribute('aria-current')).toBeNull();
    await user.click(within(failed!).getByRole('button', { name: 'Bericht zu nachts.csv herunterladen' }));
    expect(api.downloadImportFile).toHaveBeenCalledWith('import/12/report', {});
  });

  it('opens a failed import the worklist links to when newer imports pushed it off the history, marked first', async () => {
    const entry = { organisationId: 1, userName: 'API-Token Nachtlauf', updated: 0, unchanged: 0, groupsCreated: 0, failed: 0, outcome: 'imported', kind: 'assets' };
    api.fetchImports.mockResolvedValue({
      items: Array.from({ length: 10 }, (_, i) => ({ ...entry, id: 30 - i, fileName: `neu-${i}.csv`, created: 1, createdAt: '2026-11-30T03:00:00Z' })),
      total: 11,
      page: 1,
      pageSize: 10,
    });
    api.fetchImport.mockResolvedValue({ ...entry, id: 4, fileName: 'alt.csv', outcome: 'failed', created: 0, failed: 3, createdAt: '2026-11-20T02:00:00Z' });
    await renderPage('/import?importId=4');
    const history = await screen.findByRole('table', { name: 'Bisherige Importe' });
    await within(history).findByText(/alt\.csv/);
    const [, first] = within(history).getAllByRole('row');
    expect(api.fetchImport).toHaveBeenCalledWith(4, expect.anything());
    expect(within(first!).getByText('Fehlgeschlagen')).toBeTruthy();
    expect(first!.getAttribute('aria-current')).toBe('true');
  });
});
