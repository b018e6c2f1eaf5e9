import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, openContext, startPortal, type RunningPortal } from './portal.ts';

export interface Journey {
  portal: RunningPortal;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The frame of a browser test file: one portal (fresh embedded database with demo data) and one Chromium
 * for the file, a new German browser context for every test. The fields are filled by the hooks.
 */
export function useJourney(viewport = { width: 1280, height: 900 }): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.portal = await startPortal({ AUTH_RATE_LIMIT: '1000' });
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.portal?.stop();
  });
  beforeEach(async () => {
    journey.context = await openContext(journey.browser, { viewport });
    journey.page = await journey.context.newPage();
  });
  afterEach(async () => journey.context?.close());
  return journey;
}

/**
 * A person in their own browser at `viewport`, signed in on the page they open first; what goes wrong on its pages is
 * added to `watched` (watchProblems).
 */
export async function personAt(browser: Browser, viewport: { width: number; height: number }, watched: string[][], userName: string, url: string): Promise<Page> {
  const context = await openContext(browser, { viewport });
  watched.push(watchProblems(context).problems);
  const page = await context.newPage();
  await page.goto(url);
  await signIn(page, userName);
  return page;
}

/** Signs in on the login page shown, in German. */
export async function signIn(page: Page, userName: string, password = 'demo1234'): Promise<void> {
  await page.getByLabel('Benutzername').fill(userName);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * Types `text` into a searchable select and clicks the option it then offers. A re-render of the page while a loaded
 * machine is slow can close the list with its options still in the document (hidden); the field is clicked again to
 * reopen it, up to five times.
 */
export async function chooseOption(field: Locator, text: string, option: Locator): Promise<void> {
  await field.fill(text);
  for (let attempt = 1; ; attempt++) {
    try {
      await option.waitFor({ state: 'visible', timeout: 5000 });
      await option.click({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await field.click();
    }
  }
}

/** An .eml file as a reader sees it: quoted-printable soft breaks and escapes undone. */
export const readableMail = (raw: string): string =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/**
 * The first link matching `pattern` in the newest mail of the portal's outbox that contains `mustContain`
 * (waits up to 5 s for the mail), with the portal's own address in front.
 */
export async function mailedLink(portal: RunningPortal, pattern: RegExp, mustContain = ''): Promise<string> {
  const outbox = join(portal.dataDir, 'outbox');
  for (let i = 0; i < 50; i += 1) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).sort().reverse();
    } catch {
      files = [];
    }
    for (const file of files) {
      const text = readableMail(readFileSync(join(outbox, file), 'utf8'));
      if (!text.includes(mustContain)) continue;
      const link = pattern.exec(text)?.[0];
      if (link) return link.replace(/^http:\/\/[^/]+/, portal.url);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with a link like ${pattern} in ${outbox}`);
}

/**
 * What went wrong on the pages of a browser context while a person used it: console errors, uncaught errors,
 * failed requests and answers of 400 or more. A journey of normal use expects none. A request the browser
 * aborts (a page left while it loaded, a list's search superseded) is not a failure.
 */
export function watchProblems(context: BrowserContext): { problems: string[] } {
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error on ${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      if (!failure.includes('ERR_ABORTED')) problems.push(`failed request ${request.method()} ${request.url()}: ${failure}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return { problems };
}
