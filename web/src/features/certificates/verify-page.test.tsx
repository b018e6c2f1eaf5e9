// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Verification } from '@ecore/core/certificates/certificate.ts';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';

/*
 * The public verification page (docs/certificates.md): each status in its colour and words, with label, owner,
 * subject, score and validity, and nothing of an unknown code; a code typed by hand is checked the same way, a
 * malformed one is refused before any call.
 */

const api = vi.hoisted(() => ({ verifyCertificate: vi.fn() }));
vi.mock(import('./certificates-api.ts'), async (original) => ({ ...(await original()), ...api }));

const CODE = 'ABCDE0123456789FGHJK';
const HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const issued = (status: 'valid' | 'expired' | 'superseded'): Verification => ({
  status,
  labelName: 'ECORE Label 2025_01',
  ownerName: 'Musterimmobilien AG',
  subjectName: 'Wohn- und Geschäftshaus Bockenheim',
  ecoreScore: 72.46,
  evaluatedAt: '2025-11-24',
  validUntil: '2026-11-23',
  chainHash: HASH,
});

const renderAt = async (path: string, language: 'de' | 'en' = 'de') => {
  const { CertificateVerifyPage } = await import('./verify-page.tsx');
  const router = createMemoryRouter(
    [
      { path: '/certificate/verify', element: <CertificateVerifyPage /> },
      { path: '/certificate/verify/:code', element: <CertificateVerifyPage /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...(await renderUi(<RouterProvider router={router} />, { language })) };
};

const valueOf = (name: string): string | null => screen.getAllByRole('term').find((dt) => dt.textContent === name)?.nextElementSibling?.textContent ?? null;

beforeEach(() => {
  api.verifyCertificate.mockReset();
});

describe('the public verification page', { timeout: 30_000 }, () => {
  const cases = [
    ['valid', 'Gültig', 'Dieses Label ist gültig.', 'green'],
    ['expired', 'Abgelaufen', 'Dieses Label ist abgelaufen.', 'red'],
    ['superseded', 'Ersetzt', 'Dieses Label wurde durch ein neueres Label ersetzt und gilt nicht mehr.', 'yellow'],
  ] as const;
  for (const [status, word, text, colour] of cases) {
    it(`shows a ${status} label in ${colour} with its label, owner, subject, score and validity`, async () => {
      api.verifyCertificate.mockResolvedValue(issued(status));
      await renderAt(`/certificate/verify/${CODE}`);
      const result = await screen.findByRole('status', { name: word });
      expect(api.verifyCertificate).toHaveBeenCalledWith(CODE);
      expect(result.getAttribute('data-status')).toBe(status);
      expect(result.getAttribute('style') ?? '').toContain(`--mantine-color-${colour}-`);
      expect(within(result).getByText(word)).toBeTruthy();
      expect(within(result).getByText(text)).toBeTruthy();
      expect(within(result).getByText('Code ABCDE-01234-56789-FGHJK')).toBeTruthy();
      expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Label', 'ECORE-Score', 'Objekt oder Objektgruppe', 'Eigentümer', 'Gültigkeit']);
      expect(valueOf('Label')).toBe('ECORE Label 2025_01');
      expect(valueOf('ECORE-Score')).toBe('72,5 von 100 Punkten');
      expect(valueOf('Objekt oder Objektgruppe')).toBe('Wohn- und Geschäftshaus Bockenheim');
      expect(valueOf('Eigentümer')).toBe('Musterimmobilien AG');
      expect(valueOf('Gültigkeit')).toBe('24.11.2025 bis 23.11.2026');
      expect(within(screen.getByTestId('chain-hash')).getByText('Prüfsumme des Prüfpfads bei Ausstellung')).toBeTruthy();
      expect(within(screen.getByTestId('chain-hash')).getByText(HASH)).toBeTruthy();
    });
  }

  it('says an unknown code is unknown and shows nothing else', async () => {
    api.verifyCertificate.mockResolvedValue({ status: 'unknown' });
    await renderAt(`/certificate/verify/${CODE}`);
    const result = await screen.findByRole('status', { name: 'Unbekannt' });
    expect(result.getAttribute('data-status')).toBe('unknown');
    expect(result.getAttribute('style') ?? '').toContain('--mantine-color-red-');
    expect(within(result).getByText('Unbekannt')).toBeTruthy();
    expect(within(result).getByText('Zu diesem Code ist kein Label bekannt.')).toBeTruthy();
    expect(screen.queryAllByRole('term')).toEqual([]);
    expect(screen.queryByTestId('chain-hash')).toBeNull();
  });

  it('reads in English, with the English formats', async () => {
    api.verifyCertificate.mockResolvedValue(issued('valid'));
    await renderAt(`/certificate/verify/${CODE}`, 'en');
    const result = await screen.findByRole('status', { name: 'Valid' });
    expect(within(result).getByText('This label is valid.')).toBeTruthy();
    expect(valueOf('ECORE score')).toBe('72.5 of 100 points');
    expect(valueOf('Validity')).toBe('24 November 2025 to 23 November 2026');
    expect(within(screen.getByTestId('chain-hash')).getByText('Audit chain hash at issue')).toBeTruthy();
  });

  it('checks a code typed by hand, ignoring case and dashes', async () => {
    api.verifyCertificate.mockResolvedValue(issued('valid'));
    const { user, router } = await renderAt('/certificate/verify');
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Prüfcode' }), 'abcde-01234-56789-fghjk');
    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    await screen.findByRole('status', { name: 'Gültig' });
    expect(router.state.location.pathname).toBe(`/certificate/verify/${CODE}`);
    expect(api.verifyCertificate).toHaveBeenCalledWith(CODE);
  });

  it('refuses a malformed code without asking the server', async () => {
    const { user } = await renderAt('/certificate/verify/nonsense');
    expect(screen.getByText('Ein Prüfcode hat 20 Zeichen (Buchstaben und Ziffern).')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Prüfcode' }));
    await user.type(screen.getByRole('textbox', { name: 'Prüfcode' }), 'ABCDE');
    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(screen.getByText('Ein Prüfcode hat 20 Zeichen (Buchstaben und Ziffern).')).toBeTruthy();
    expect(api.verifyCertificate).not.toHaveBeenCalled();
  });

  it('says so when too many codes were checked (429)', async () => {
    api.verifyCertificate.mockRejectedValue(new ApiError(429, 'too-many-requests', ''));
    await renderAt(`/certificate/verify/${CODE}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Zu viele Anfragen. Bitte versuchen Sie es später erneut.'));
  });
});
