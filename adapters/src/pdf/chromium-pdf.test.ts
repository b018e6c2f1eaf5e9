// The Chromium PDF renderer (docs/certificates.md "PDF"): A4 PDFs from HTML with one reused browser; a browser that
// cannot start or a document over the limit is a failure, never a hang.
import { afterAll, describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { createChromiumPdfRenderer } from './chromium-pdf.ts';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the Chromium PDF renderer', () => {
  const renderer = createChromiumPdfRenderer({ executablePath });
  afterAll(() => renderer.close());

  it('prints HTML as an A4 PDF, again and again with the same browser, and again after closing', async () => {
    for (let i = 0; i < 3; i += 1) {
      const pdf = await renderer.render(`<html><body><h1>Zertifikat ${i}</h1></body></html>`);
      expect(E.isRight(pdf)).toBe(true);
      const body = text((pdf as E.Right<Uint8Array>).right);
      expect(body.startsWith('%PDF-')).toBe(true);
      // A4 portrait in points.
      expect(body).toMatch(/\/MediaBox \[0 0 59[45]\.\d+ 841\.\d+\]/);
    }
    await renderer.close();
    expect(E.isRight(await renderer.render('<p>again</p>'))).toBe(true);
  }, 60_000);

  it('answers a failure at once when the browser is missing', async () => {
    const missing = createChromiumPdfRenderer({ executablePath: '/nonexistent/chromium' });
    const started = Date.now();
    expect(await missing.render('<p>x</p>')).toEqual(E.left({ _tag: 'pdf-unavailable', reason: 'start' }));
    expect(Date.now() - started).toBeLessThan(1000);
    await missing.close();
  });

  it('answers a timeout instead of hanging when a document takes too long, and prints the next one', async () => {
    const slow = createChromiumPdfRenderer({ executablePath, timeoutMs: 1 });
    expect(await slow.render('<p>x</p>')).toEqual(E.left({ _tag: 'pdf-unavailable', reason: 'timeout' }));
    await slow.close();
  }, 30_000);
});
