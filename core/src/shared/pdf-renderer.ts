import type { Either } from 'fp-ts/Either';

/** Why no PDF came out: no browser could be started, or rendering took longer than allowed. */
export type PdfRenderFailure = { _tag: 'pdf-unavailable'; reason: 'start' | 'timeout' | 'render' };

/**
 * Turns an HTML document into a PDF (ARCHITECTURE.md "Runtime parts": Chromium found on the machine). The
 * document brings its own page size and print CSS; it must not load anything from the network.
 */
export interface PdfRenderer {
  render(html: string): Promise<Either<PdfRenderFailure, Uint8Array>>;
  /** Ends the browser, if one runs; rendering afterwards starts a new one. */
  close(): Promise<void>;
}
