// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { isApiPath } from './answering-api.ts';
import { filePreviewPath } from './answering-paths.ts';
import { FilePreviewPage } from './file-preview-page.tsx';

/*
 * The in-portal preview (spec 02 §2 /file-preview/{extension}/{url}): the document is fetched with the bearer
 * token into a blob and shown, a PDF in the browser's viewer, a JPG as an image; the token goes to this portal's
 * API only, never to an address smuggled into the route.
 */

const api = vi.hoisted(() => ({ fetchFile: vi.fn() }));
vi.mock(import('./answering-api.ts'), async (original) => ({ ...(await original()), fetchFile: api.fetchFile }));

const open = (path: string) =>
  renderUi(<RouterProvider router={createMemoryRouter([{ path: '/file-preview/:extension/:url', element: <FilePreviewPage /> }], { initialEntries: [path] })} />);

beforeEach(() => {
  api.fetchFile.mockReset().mockResolvedValue({ blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }), fileName: 'energieausweis.pdf' });
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

describe('the file preview', () => {
  it('shows a PDF of the API in the browser viewer', async () => {
    await open(filePreviewPath('pdf', '/api/asset/answer/document/9'));
    const viewer = await screen.findByLabelText('energieausweis.pdf');
    expect(viewer.tagName).toBe('OBJECT');
    expect(viewer.getAttribute('data')).toBe('blob:preview');
    expect(api.fetchFile).toHaveBeenCalledWith('/api/asset/answer/document/9', expect.any(AbortSignal));
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeTruthy();
  });

  it('shows a JPG as an image', async () => {
    api.fetchFile.mockResolvedValue({ blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), fileName: 'zaehler.jpg' });
    await open(filePreviewPath('jpg', '/api/asset/answer/document/10'));
    expect((await screen.findByRole('img', { name: 'zaehler.jpg' })).getAttribute('src')).toBe('blob:preview');
  });

  it('never sends the token elsewhere: other addresses and other types are not fetched', async () => {
    await open(filePreviewPath('pdf', 'https://example.com/api/steal'));
    expect(screen.getByText('Diese Datei kann nicht angezeigt werden.')).toBeTruthy();
    expect(api.fetchFile).not.toHaveBeenCalled();
    expect(isApiPath('//example.com/api/x')).toBe(false);
    expect(isApiPath('/api/../login')).toBe(false);
    expect(isApiPath('/api/asset/answer/document/9')).toBe(true);
  });
});
