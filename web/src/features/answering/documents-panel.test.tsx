// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { DocumentsPanel, uploadProblem } from './documents-panel.tsx';
import { answer } from './test-questionnaire.ts';

/*
 * Evidence (spec 02 §5, §8, §9): PDF and JPG only, at most 10 MB, checked by content before anything is sent,
 * else 'Entweder ist die Datei zu groß oder das Format ist falsch'; the upload shows its progress; the list
 * offers preview, download and delete.
 */

const api = vi.hoisted(() => ({ uploadDocument: vi.fn(), deleteDocument: vi.fn() }));
vi.mock(import('./answering-api.ts'), async (original) => ({ ...(await original()), uploadDocument: api.uploadDocument, deleteDocument: api.deleteDocument }));

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37];
const JPG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const EXE = [0x4d, 0x5a, 0x90, 0x00, 0x03];
const file = (bytes: number[], name: string, type: string, size = bytes.length) => {
  const content = new Uint8Array(size);
  content.set(bytes);
  return new File([content], name, { type });
};

const REFUSAL = 'Entweder ist die Datei zu groß oder das Format ist falsch';

describe('the check before an upload', () => {
  it('lets a PDF and a JPG through by their first bytes', async () => {
    expect(await uploadProblem(file(PDF, 'nachweis.pdf', 'application/pdf'))).toBeNull();
    expect(await uploadProblem(file(JPG, 'foto.jpg', 'image/jpeg'))).toBeNull();
  });

  it('refuses a program renamed to .pdf, and a PDF above 10 MB', async () => {
    expect(await uploadProblem(file(EXE, 'rechnung.pdf', 'application/pdf'))).toBe('document-invalid');
    expect(await uploadProblem(file(PDF, 'gross.pdf', 'application/pdf', 11 * 1024 * 1024))).toBe('document-invalid');
    expect(await uploadProblem(file(PDF, 'genau.pdf', 'application/pdf', 10 * 1024 * 1024))).toBeNull();
  });
});

describe('the documents of an answer', () => {
  const stored = {
    ...answer(101, { multipleChoiceOption: [1] }),
    documents: [{ id: 9, fileName: 'energieausweis.pdf', contentType: 'application/pdf', size: 250_000, uploadedBy: 'Carl Collector', uploadedAt: '2026-11-24T09:30:00Z' }],
  };
  const onChanged = vi.fn(async () => undefined);
  const render = () =>
    renderUi(
      <MemoryRouter>
        <DocumentsPanel answer={stored} language="de" mayChange onChanged={onChanged} />
      </MemoryRouter>,
    );
  const picker = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

  beforeEach(() => {
    api.uploadDocument.mockReset();
    onChanged.mockClear();
  });

  it('lists each document with its preview link (the in-portal viewer), download and delete', async () => {
    await render();
    expect(screen.getByText('energieausweis.pdf')).toBeTruthy();
    const preview = screen.getByRole('link', { name: 'Vorschau von energieausweis.pdf' });
    expect(preview.getAttribute('href')).toBe(`/file-preview/pdf/${encodeURIComponent('/api/asset/answer/document/9')}`);
    expect(screen.getByRole('button', { name: 'energieausweis.pdf herunterladen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'energieausweis.pdf löschen' })).toBeTruthy();
    expect(picker().accept).toBe('application/pdf,image/jpeg,.pdf,.jpg,.jpeg');
  });

  it('refuses a wrong file with the specification text and sends nothing', async () => {
    const { user } = await render();
    await user.upload(picker(), file(EXE, 'rechnung.pdf', 'application/pdf'));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    await user.upload(picker(), file(PDF, 'gross.pdf', 'application/pdf', 11 * 1024 * 1024));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(api.uploadDocument).not.toHaveBeenCalled();
  });

  it('uploads a PDF showing its progress, then refreshes the list', async () => {
    let report: (fraction: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    api.uploadDocument.mockImplementation((_id: number, _file: File, onProgress: (f: number) => void) => {
      report = onProgress;
      return new Promise((resolve) => {
        finish = () => resolve({ id: 10 });
      });
    });
    const { user } = await render();
    await user.upload(picker(), file(PDF, 'zaehler.pdf', 'application/pdf', 2048));

    await waitFor(() => expect(api.uploadDocument).toHaveBeenCalledOnce());
    expect(api.uploadDocument.mock.calls[0]![0]).toBe(stored.id);
    report(0.45);
    expect(await screen.findByText('zaehler.pdf wird hochgeladen … 45 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Hochladens' })).toBeTruthy();
    finish();
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('asks for an answer before evidence can be uploaded', async () => {
    await renderUi(
      <MemoryRouter>
        <DocumentsPanel answer={undefined} language="de" mayChange onChanged={onChanged} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Beantworten Sie die Frage, um Nachweise hochzuladen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nachweis hochladen' })).toBeNull();
  });
});
