// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import { sessionOf } from '../review/test-review.ts';
import type { EvidenceEntry } from './evidence-api.ts';

/*
 * The library screen (docs/evidence.md): documents with type, validity, expiry warning and links; upload, describe,
 * delete after a confirm naming the links, the server's refusal shown; the object administrator's filter of the
 * documents expiring within 60 days.
 */

const api = vi.hoisted(() => ({ fetchEvidence: vi.fn(), deleteEvidence: vi.fn(), describeEvidence: vi.fn(), uploadEvidence: vi.fn() }));
vi.mock(import('./evidence-api.ts'), async (original) => ({ ...(await original()), ...api }));
const current = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session, getToken: () => 'token' }));

const ADMIN = sessionOf(4, 'objectadmin', [Role.ObjectAdministrator]);
const COLLECTOR = sessionOf(5, 'collector', [Role.ObjectDataCollector]);
const ANALYST = sessionOf(6, 'analyst', [Role.ObjectAnalyst]);

const link = (documentId: number, assetName: string, questionnaireState: string) => ({ documentId, answerId: documentId, questionId: 12, assetId: documentId, assetName, assetQuestionnaireId: documentId, questionnaireState, reportingYear: 2025 });
const CONTRACT: EvidenceEntry = {
  id: 1, title: 'Wartungsvertrag GLT', type: 'contract', validFrom: '2024-01-01', validUntil: '2027-01-15', fileName: 'wartung.pdf', contentType: 'application/pdf', size: 1000,
  uploadedBy: 'Carl Collector', uploadedAt: '2026-11-01T10:00:00Z', expiringSoon: true, links: [link(31, 'Bürohaus Mitte', 'Review'), link(32, 'Lagerhalle Nord', 'Active')],
};
const POLICY: EvidenceEntry = { ...CONTRACT, id: 2, title: 'Energierichtlinie', type: 'policy', validFrom: null, validUntil: null, expiringSoon: false, links: [] };

const renderPage = async (session: Session, language: 'de' | 'en' = 'de') => {
  current.session = session;
  const { LibraryPage } = await import('./library-page.tsx');
  const router = createMemoryRouter([{ path: '/evidence', element: <LibraryPage /> }], { initialEntries: ['/evidence'] });
  return renderUi(<RouterProvider router={router} />, { language });
};

beforeEach(() => {
  vi.clearAllMocks();
  api.fetchEvidence.mockImplementation(async (filter: { expiringWithinDays?: number | null }) => (filter.expiringWithinDays ? [CONTRACT] : [CONTRACT, POLICY]));
});

describe('the library screen', () => {
  it('lists each document with its type, validity, expiry warning and links (object, questionnaire, question)', async () => {
    await renderPage(COLLECTOR);
    const row = (await screen.findByText('Wartungsvertrag GLT')).closest('tr')!;
    expect(within(row).getByText('Vertrag')).toBeTruthy();
    expect(within(row).getByText('01.01.2024 – 15.01.2027')).toBeTruthy();
    expect(within(row).getByText('Läuft bald ab')).toBeTruthy();
    expect(within(row).getByText('Bürohaus Mitte · Fragebogen 2025 · Frage 12')).toBeTruthy();
    expect(within(row).getByText('In Prüfung')).toBeTruthy();
    const open = screen.getByText('Energierichtlinie').closest('tr')!;
    expect(within(open).getByText('unbefristet')).toBeTruthy();
    expect(within(open).getByText('Mit keiner Antwort verknüpft')).toBeTruthy();
    expect(within(open).queryByText('Läuft bald ab')).toBeNull();
  });

  it('offers the object administrator the documents expiring within 60 days, not the collector', async () => {
    const { unmount } = await renderPage(COLLECTOR);
    await screen.findByText('Energierichtlinie');
    expect(screen.queryByRole('checkbox', { name: 'läuft in 60 Tagen ab' })).toBeNull();
    unmount();
    const admin = await renderPage(ADMIN);
    await screen.findByText('Energierichtlinie');
    await admin.user.click(screen.getByRole('checkbox', { name: 'läuft in 60 Tagen ab' }));
    await waitFor(() => expect(screen.queryByText('Energierichtlinie')).toBeNull());
    expect(api.fetchEvidence).toHaveBeenLastCalledWith(expect.objectContaining({ expiringWithinDays: 60 }));
  });

  it('asks before deleting, naming the links, and shows the server refusal of a document that is part of a label', async () => {
    const refusal = 'Das Dokument ist mit einem eingereichten oder abgeschlossenen Fragebogen verknüpft und Teil eines Labels; es kann nicht gelöscht werden.';
    api.deleteEvidence.mockRejectedValue(new ApiError(400, 'evidence-in-label', refusal));
    const { user } = await renderPage(COLLECTOR);
    await user.click(await screen.findByRole('button', { name: 'Wartungsvertrag GLT löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokument löschen' });
    expect(within(dialog).getByText('Möchten Sie „Wartungsvertrag GLT“ wirklich löschen? Es wird von diesen 2 Antworten gelöst:')).toBeTruthy();
    expect(within(dialog).getByText('Bürohaus Mitte · Fragebogen 2025 · Frage 12')).toBeTruthy();
    expect(within(dialog).getByText('Lagerhalle Nord · Fragebogen 2025 · Frage 12')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', refusal);
    expect(api.deleteEvidence).toHaveBeenCalledWith(1);
  });

  it('deletes a document after the confirm and reads the library again', async () => {
    api.deleteEvidence.mockResolvedValue(undefined);
    const { user } = await renderPage(COLLECTOR);
    await user.click(await screen.findByRole('button', { name: 'Energierichtlinie löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokument löschen' });
    expect(within(dialog).getByText('Möchten Sie „Energierichtlinie“ wirklich löschen? Es ist mit keiner Antwort verknüpft.')).toBeTruthy();
    const reads = api.fetchEvidence.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.deleteEvidence).toHaveBeenCalledWith(2));
    await waitFor(() => expect(api.fetchEvidence.mock.calls.length).toBeGreaterThan(reads));
  });

  it('describes a document again and refuses an upload without a file before sending anything', async () => {
    api.describeEvidence.mockResolvedValue(CONTRACT);
    const { user } = await renderPage(COLLECTOR);
    await user.click(await screen.findByRole('button', { name: 'Wartungsvertrag GLT bearbeiten' }));
    const edit = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    const title = within(edit).getByRole('textbox', { name: /Titel/ });
    await user.clear(title);
    await user.type(title, 'Wartungsvertrag Gebäudeleittechnik');
    await user.click(within(edit).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.describeEvidence).toHaveBeenCalledWith(1, { title: 'Wartungsvertrag Gebäudeleittechnik', type: 'contract', validFrom: '2024-01-01', validUntil: '2027-01-15' }));

    await user.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    const upload = await screen.findByRole('dialog', { name: 'Dokument hochladen' });
    await user.type(within(upload).getByRole('textbox', { name: /Titel/ }), 'Zählerstände 2025');
    await user.click(within(upload).getByRole('button', { name: 'Hochladen' }));
    expect(await within(upload).findByText('Bitte füllen Sie dieses Feld aus')).toBeTruthy();
    expect(api.uploadEvidence).not.toHaveBeenCalled();
  });

  it('shows the object analyst the library without changing it, in English', async () => {
    await renderPage(ANALYST, 'en');
    const row = (await screen.findByText('Wartungsvertrag GLT')).closest('tr')!;
    expect(within(row).getByText('Contract')).toBeTruthy();
    expect(within(row).getByText('Expires soon')).toBeTruthy();
    expect(within(row).getByText('Bürohaus Mitte · questionnaire 2025 · question 12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Wartungsvertrag GLT' })).toBeNull();
  });
});
