import { access, constants } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { PdfRenderer, PdfRenderFailure } from '@ecore/core/shared/pdf-renderer.ts';

export interface ChromiumPdfOptions {
  /** The browser (`CHROMIUM_PATH`, default `/usr/bin/chromium`). */
  executablePath?: string;
  /** Longest a document may take, from asking for a browser to the last byte (docs/certificates.md: 20 s). */
  timeoutMs?: number;
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--font-render-hinting=none', '--disable-crash-reporter', '--disable-crashpad-for-testing'];

const IDLE_PAGES = 2;

const failure = (reason: PdfRenderFailure['reason']): PdfRenderFailure => ({ _tag: 'pdf-unavailable', reason });

/** Resolves with the promise's value, or with `late` once `ms` have passed (the timer never holds the process). */
function within<T>(promise: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * PDFs by Chromium through puppeteer-core (docs/certificates.md "PDF"): one browser, started when the first
 * document is asked for and reused, and its pages reused (each document replaces the whole page). A browser that cannot start, or a document that
 * takes longer than the limit, answers a failure instead of hanging; the next document tries to start one again.
 */
export function createChromiumPdfRenderer(options: ChromiumPdfOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? '/usr/bin/chromium';
  const timeoutMs = options.timeoutMs ?? 20_000;
  let browser: Promise<Browser> | null = null;
  let closed = false;
  // Opening a page (a new renderer process) costs more than printing a document: pages are kept and reused. Each
  // document replaces the whole page (JavaScript off, nothing loaded from the network), so nothing of one document
  // stays in the next. Pages in use at once are added as needed; at most IDLE_PAGES wait for the next document.
  let idle: { of: Browser; page: Page }[] = [];

  const takePage = async (b: Browser): Promise<Page> => {
    idle = idle.filter((p) => p.of === b && !p.page.isClosed());
    const kept = idle.pop();
    if (kept) return kept.page;
    const page = await b.newPage();
    await page.setJavaScriptEnabled(false);
    return page;
  };

  const givePage = (b: Browser, page: Page, usable: boolean) => {
    if (usable && browser !== null && idle.length < IDLE_PAGES && !page.isClosed()) idle.push({ of: b, page });
    else void page.close().catch(() => undefined);
  };

  const start = async (): Promise<Browser> => {
    // A missing file fails at once, without waiting for a launch to time out.
    await access(executablePath, constants.X_OK);
    // The launch gets a limit of its own, never below 30 s: a launch that puppeteer itself gives up on can leave
    // the browser running with no one to close it. The document's limit is kept by `render` (within), and a
    // browser that starts after it is closed as soon as it is there (retire).
    const launched = await puppeteer.launch({ executablePath, headless: true, args: FLAGS, timeout: Math.max(timeoutMs, 30_000), handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
    launched.once('disconnected', () => {
      idle = idle.filter((p) => p.of !== launched);
      if (browser && !closed) browser = null;
    });
    return launched;
  };

  // Browsers being closed after a timeout: `close` waits for them, so none outlives the renderer.
  const retiring = new Set<Promise<void>>();
  const retire = (stuck: Promise<Browser>) => {
    const done: Promise<void> = stuck
      .then((b) => within(b.close(), 5_000, () => undefined))
      .catch(() => undefined)
      .finally(() => retiring.delete(done));
    retiring.add(done);
  };

  const browserOf = (): Promise<Browser> => {
    if (!browser) {
      closed = false;
      browser = start();
      browser.catch(() => {
        browser = null;
      });
    }
    return browser;
  };

  const renderWith = async (html: string): Promise<E.Either<PdfRenderFailure, Uint8Array>> => {
    let b: Browser;
    try {
      b = await browserOf();
    } catch {
      return E.left(failure('start'));
    }
    const page = await takePage(b);
    let usable = false;
    try {
      // Everything the document shows is inline (styles, QR code as SVG): no request leaves the browser.
      await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout: timeoutMs });
      usable = true;
      return E.right(pdf);
    } finally {
      givePage(b, page, usable);
    }
  };

  return {
    async render(html) {
      let timedOut = false;
      const result = await within(
        renderWith(html).catch((): E.Either<PdfRenderFailure, Uint8Array> => E.left(failure('render'))),
        timeoutMs,
        () => {
          timedOut = true;
          return E.left(failure('timeout'));
        },
      );
      if (timedOut) {
        // A browser that does not answer in time is replaced by a new one for the next document.
        const stuck = browser;
        browser = null;
        if (stuck) retire(stuck);
      }
      return result;
    },
    async close() {
      closed = true;
      idle = [];
      const running = browser;
      browser = null;
      if (running) retire(running);
      await Promise.all([...retiring]);
    },
  };
}
