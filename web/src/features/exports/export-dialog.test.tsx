// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ExportDialog, byteText } from './export-dialog.tsx';

/*
 * The export dialog of the finance partners' area (spec 02 §2, §5): language and format must both be chosen before
 * "Exportieren" enables, on every route; each route calls its export; a group exports all its objects unless a part
 * is chosen; the download shows the bytes received.
 */

const api = vi.hoisted(() => ({ downloadExport: vi.fn(), fetchGroupAssets: vi.fn() }));
vi.mock(import('./exports-api.ts'), async (original) => ({ ...(await original()), ...api }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));

const onClose = vi.fn();
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts), onClose]) fn.mockReset();
  api.fetchGroupAssets.mockResolvedValue({ items: [{ assetId: 5, name: 'Hotel am Rheinufer' }, { assetId: 6, name: 'Wohnanlage Schwabing' }], total: 2, page: 1, pageSize: 100 });
});

const exportButton = () => screen.getByRole('button', { name: 'Exportieren' }) as HTMLButtonElement;

describe('the export dialog', () => {
  for (const [route, title] of [
    [{ kind: 'objectExport', assetId: 4 }, 'Objekt exportieren'],
    [{ kind: 'objectGroupExport', groupId: 9 }, 'Objektgruppe exportieren'],
    [{ kind: 'customerDataExport' }, 'Kundendaten exportieren'],
  ] as const) {
    it(`${route.kind}: the user's language is preselected; the button waits for a format`, async () => {
      const { user } = await renderUi(<ExportDialog route={route} subject="Portfolio" groupSize={2} onClose={onClose} />);
      const dialog = screen.getByRole('dialog', { name: title });
      expect((within(dialog).getByRole('radio', { name: 'Deutsch' }) as HTMLInputElement).checked).toBe(true);
      expect(within(dialog).queryByText('Bitte wählen Sie eine Sprache.')).toBeNull();
      expect(exportButton().disabled).toBe(true);
      await user.click(within(dialog).getByRole('radio', { name: 'Excel' }));
      expect(exportButton().disabled).toBe(false);
      await user.click(within(dialog).getByRole('radio', { name: 'English' }));
      expect(exportButton().disabled).toBe(false);
    });
  }

  it('objectExport calls the latest questionnaire of the object in the chosen language and format', async () => {
    api.downloadExport.mockResolvedValue('Hotel-2025_01-2026-11-24.csv');
    const { user } = await renderUi(<ExportDialog route={{ kind: 'objectExport', assetId: 4 }} subject="Hotel" onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await user.click(screen.getByRole('radio', { name: 'CSV' }));
    await user.click(exportButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.downloadExport).toHaveBeenCalledWith('export/questionnaire/4/latest', { exportFormat: 1, language: 'de' }, expect.any(Function), expect.any(AbortSignal));
    expect(toasts.notifySuccess).toHaveBeenCalledWith('Hotel-2025_01-2026-11-24.csv wurde heruntergeladen.');
  });

  it('objectGroupExport exports the whole group by default, and names the chosen objects once a part is chosen', async () => {
    api.downloadExport.mockResolvedValue('x.xlsx');
    const { user } = await renderUi(<ExportDialog route={{ kind: 'objectGroupExport', groupId: 9 }} subject="Portfolio" groupSize={2} onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('radio', { name: 'Excel' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alle Objekte der Gruppe (2)' }));
    // No object chosen yet: disabled, and it says why.
    expect(exportButton().disabled).toBe(true);
    expect(screen.getByText('Bitte wählen Sie mindestens ein Objekt.')).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Objekte' }));
    await user.click(await screen.findByRole('option', { name: 'Wohnanlage Schwabing' }));
    expect(exportButton().disabled).toBe(false);
    await user.click(exportButton());
    await waitFor(() => expect(api.downloadExport).toHaveBeenCalled());
    expect(api.downloadExport.mock.calls[0]!.slice(0, 2)).toEqual(['export/assetgroup/9', { exportFormat: 2, language: 'en', Assets: [6] }]);
  });

  it('shows the bytes received while the file streams in, and a failure keeps the dialog open with a toast', async () => {
    let report: (p: { received: number; total: number | null }) => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    api.downloadExport.mockImplementation((_p: string, _q: unknown, onProgress: typeof report) => {
      report = onProgress;
      return new Promise((_, reject) => (fail = reject));
    });
    const { user } = await renderUi(<ExportDialog route={{ kind: 'customerDataExport' }} subject="Kundendaten" onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await user.click(screen.getByRole('radio', { name: 'Excel' }));
    await user.click(exportButton());
    report({ received: 3 * 1024 * 1024 / 2, total: null });
    expect(await screen.findByText('1,5 MB empfangen')).toBeTruthy();
    report({ received: 2048, total: 4096 });
    expect(await screen.findByText('2 KB von 4 KB empfangen')).toBeTruthy();
    fail(new Error('cut'));
    await waitFor(() => expect(toasts.notifyError).toHaveBeenCalledWith('Der Export ist fehlgeschlagen. Bitte versuchen Sie es später erneut.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Kundendaten exportieren' })).toBeTruthy();
  });

  it('byte counts read in the interface language', () => {
    expect(byteText(1_572_864, 'de')).toBe('1,5 MB');
    expect(byteText(1_572_864, 'en')).toBe('1.5 MB');
    expect(byteText(1500, 'en')).toBe('2 KB');
  });
});
