import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../lib/api-client.ts';
import { fileNameOf, verifyCertificate } from './certificates-api.ts';

describe('the certificate calls', () => {
  afterEach(() => configureApiClient({ getToken: () => null, onUnauthorized: () => undefined }));

  it('verify a code without the session and never log anybody out on the public page', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ statusCode: 401, key: 'unauthorized', message: '' }), { status: 401 }));
    const onUnauthorized = vi.fn();
    configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, getToken: () => 'secret', onUnauthorized });
    await expect(verifyCertificate('ABCDE0123456789FGHJK')).rejects.toMatchObject({ statusCode: 401 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/certificate/verify/ABCDE0123456789FGHJK');
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("save the PDF under the server's file name, the UTF-8 form first", () => {
    expect(fileNameOf('attachment; filename="ECORE-Label-2025_01-Bockenheim.pdf"', 'x.pdf')).toBe('ECORE-Label-2025_01-Bockenheim.pdf');
    expect(fileNameOf("attachment; filename=\"ECORE-Label-2025_01-B.pdf\"; filename*=UTF-8''ECORE-Label-2025_01-Gesch%C3%A4ftshaus.pdf", 'x.pdf')).toBe(
      'ECORE-Label-2025_01-Geschäftshaus.pdf',
    );
    expect(fileNameOf(null, 'ECORE-Label.pdf')).toBe('ECORE-Label.pdf');
  });
});
