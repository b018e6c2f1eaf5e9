// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { DocumentsPanel } from './documents-panel.tsx';
import type { EvidenceEntry } from './evidence-api.ts';
import { answer } from './test-questionnaire.ts';

/*
 * "Aus Bibliothek wählen" beside the upload (docs/evidence.md): a dialog with search and type filter listing the
 * organisation's library documents, each linked to the answer or unlinked from it.
 */

const api = vi.hoisted(() => ({ fetchEvidence: vi.fn(), linkEvidence: vi.fn(), unlinkEvidence: vi.fn() }));
vi.mock(import('./evidence-api.ts'), async (original) => ({ ...(await original()), ...api }));

const stored = { ...answer(101, { multipleChoiceOption: [1] }), documents: [] };
const link = (answerId: number) => ({ documentId: 1, answerId, questionId: 5, assetId: 2, assetName: 'Bürohaus', assetQuestionnaireId: 3, questionnaireState: 'DataCollection', reportingYear: 2025 });
const entry = (id: number, title: string, type: EvidenceEntry['type'], links: ReturnType<typeof link>[] = []): EvidenceEntry => ({
  id, title, type, validFrom: '2025-01-01', validUntil: '2026-12-31', fileName: `${title.toLowerCase()}.pdf`, contentType: 'application/pdf', size: 1000,
  uploadedBy: 'Carl Collector', uploadedAt: '2026-11-01T10:00:00Z', expiringSoon: false, links,
});
const LIBRARY = [entry(1, 'Wartungsvertrag', 'contract'), entry(2, 'Energierichtlinie', 'policy', [link(stored.id)])];

describe('choosing a document from the library', () => {
  const onChanged = vi.fn(async () => undefined);
  const open = async (language: 'de' | 'en' = 'de') => {
    const rendered = await renderUi(
      <MemoryRouter>
        <DocumentsPanel answer={stored} language={language} mayChange onChanged={onChanged} />
      </MemoryRouter>,
      { language },
    );
    await rendered.user.click(screen.getByRole('button', { name: language === 'de' ? 'Aus Bibliothek wählen' : 'Choose from library' }));
    return rendered;
  };

  beforeEach(() => {
    vi.clearAllMocks();
    api.fetchEvidence.mockImplementation(async (filter: { search?: string; type?: string | null }) =>
      LIBRARY.filter((e) => (!filter.search || e.title.toLowerCase().includes(filter.search.toLowerCase())) && (!filter.type || e.type === filter.type)));
    api.linkEvidence.mockResolvedValue({ id: 50 });
    api.unlinkEvidence.mockResolvedValue(undefined);
  });

  it('lists the library with type and validity, links a document to the answer and refreshes the answer', async () => {
    const { user } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Aus Bibliothek wählen' });
    const row = (await within(dialog).findByText('Wartungsvertrag')).closest('tr')!;
    expect(within(row).getByText('Vertrag')).toBeTruthy();
    expect(within(row).getByText('01.01.2025 – 31.12.2026')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Wartungsvertrag mit der Antwort verknüpfen' }));
    await waitFor(() => expect(api.linkEvidence).toHaveBeenCalledWith(stored.id, 1));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.unlinkEvidence).not.toHaveBeenCalled();
  });

  it('unlinks a document already linked to the answer', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Energierichtlinie von der Antwort lösen' }));
    await waitFor(() => expect(api.unlinkEvidence).toHaveBeenCalledWith(stored.id, 2));
    expect(api.linkEvidence).not.toHaveBeenCalled();
  });

  it('searches by text and filters by type', async () => {
    const { user } = await open();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Energierichtlinie');
    await user.type(within(dialog).getByRole('textbox', { name: 'Suche in Titel und Dateiname' }), 'wartung');
    await waitFor(() => expect(within(dialog).queryByText('Energierichtlinie')).toBeNull());
    expect(api.fetchEvidence).toHaveBeenLastCalledWith({ search: 'wartung', type: null });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Suche in Titel und Dateiname' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Art' }));
    await user.click(await screen.findByRole('option', { name: 'Richtlinie' }));
    expect(await within(dialog).findByText('Energierichtlinie')).toBeTruthy();
    expect(within(dialog).queryByText('Wartungsvertrag')).toBeNull();
    expect(api.fetchEvidence).toHaveBeenLastCalledWith({ search: '', type: 'policy' });
  });

  it('speaks English', async () => {
    await open('en');
    const dialog = await screen.findByRole('dialog', { name: 'Choose from library' });
    expect(await within(dialog).findByRole('button', { name: 'Link Wartungsvertrag to the answer' })).toBeTruthy();
    expect(within(dialog).getAllByText('01/01/2025 – 31/12/2026')).toHaveLength(2);
    expect(within(within(dialog).getByText('Wartungsvertrag').closest('tr')!).getByText('Contract')).toBeTruthy();
  });
});
