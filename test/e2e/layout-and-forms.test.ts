import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn as signInAs, useJourney } from '../support/journey.ts';
import { seriousA11yViolations } from '../support/a11y.ts';
import { expectNoBrokenWords } from '../support/words.ts';

/*
 * Issue 12 in the browser: every main page at the smallest supported width (1024 px, spec 01 §1) and at
 * 1366 px, in German and English, shows its lists with their actions column without sideways scrolling,
 * cuts no button and no status badge off; read-only fields read as values; dates are typed and shown in
 * the interface language with Mantine's date input; toasts stay clear of the header. At 1024 px no table of a list
 * breaks a word inside its letters (issue 46: "Bürohau|s", "Deutsch|land").
 */

const journey = useJourney({ width: 1024, height: 800 });
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const WIDTHS = [1024, 1366] as const;
const LANGUAGES = ['de', 'en'] as const;

/**
 * What is wrong with the layout of the page on screen: the page scrolls sideways, a table's wrapper
 * scrolls sideways, a control sticks out of the viewport or of a box that clips it, a badge's text is cut.
 */
const layoutProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    const name = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 60);
    const scrollsSideways = (el: Element) => {
      const overflow = getComputedStyle(el).overflowX;
      return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    };
    for (const table of document.querySelectorAll('table')) {
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        if (scrollsSideways(el)) problems.push(`the table "${table.getAttribute('aria-label') ?? ''}" scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    for (const control of document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -1 || box.right > root.clientWidth + 1) problems.push(`"${name(control)}" sticks out of the page`);
      for (let el = control.parentElement; el && el !== document.body; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === 'visible') continue;
        const clip = el.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1) {
          problems.push(`"${name(control)}" is cut off`);
          break;
        }
      }
    }
    for (const label of document.querySelectorAll('.mantine-Badge-label')) {
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`the badge "${label.textContent}" is cut off`);
    }
    return problems;
  });

/** Waits until the page has its heading and its lists have rows (or their empty text), then settles. */
const settled = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="skeleton-row"], [aria-busy="true"]').length === 0);
};

/**
 * Opens `path` at each width in each language and collects what is wrong (and fails at once where a table at 1024 px
 * breaks a word inside its letters); at 1366 px the pages of `a11yPaths` are
 * also checked by axe-core for serious and critical accessibility violations, in each language (issue 18,
 * docs/accessibility.md).
 */
const checkPages = async (paths: readonly string[], a11yPaths: readonly string[] = paths) => {
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    await page.evaluate((locale) => localStorage.setItem('ecore.locale', locale), language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await page.goto(`${portal.url}${path}`);
        await settled(page);
        for (const problem of new Set(await layoutProblems(page))) problems.push(`${path} at ${width} px in ${language}: ${problem}`);
        if (width === 1024) await expectNoBrokenWords(page, `${path} at 1024 px in ${language}`);
        if (width !== 1366 || !a11yPaths.includes(path)) continue;
        for (const v of await seriousA11yViolations(page)) problems.push(`${path} in ${language}: axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.join('; ')})`);
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('ecore.locale', 'de'));
  return problems;
};

const signIn = async (userName: string) => {
  await page.goto(`${portal.url}/login`);
  await signInAs(page, userName);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
};

/** A call to the API as `userName`. */
const apiAs = async <T>(userName: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const login = await fetch(`${portal.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, password: 'demo1234' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const response = await fetch(`${portal.url}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${accessToken}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await response.json()) as T;
};

const firstObjectPath = async (userName: string): Promise<string> => {
  const { items } = await apiAs<{ items: { id: number; isBuyerAsset: boolean }[] }>(userName, 'asset?page=1&pageSize=5');
  const first = items[0];
  if (!first) throw new Error(`${userName} sees no object`);
  return `/asset-management/objects/${first.id}/${String(first.isBuyerAsset)}/edit/data`;
};

describe('the main pages at 1024 and 1366 px, in German and English', () => {
  it('account management: the lists show their actions without sideways scrolling; badges are whole', async () => {
    await signIn('admin');
    expect(await checkPages(['/', '/account-management/users', '/account-management/organisations'])).toEqual([]);
  });

  it('asset management: the object and group lists, the object form, the evidence library and a collector’s read-only object', async () => {
    await signIn('objectadmin');
    const object = await firstObjectPath('objectadmin');
    expect(
      await checkPages(
        ['/asset-management/objects', '/asset-management/object-groups', '/asset-management/objects/new', object, '/analysis-benchmark', '/evidence'],
        ['/asset-management/objects', '/asset-management/object-groups', '/asset-management/objects/new', object, '/evidence'],
      ),
    ).toEqual([]);
  });

  it('the other lists: job management, the exports, API tokens and access requests', async () => {
    await signIn('tester');
    expect(await checkPages(['/job-management/objects', '/job-management/object-groups'], [])).toEqual([]);
    await page.evaluate(() => localStorage.clear());
    await signIn('bank');
    expect(await checkPages(['/export/object', '/export/object-group', '/api-tokens'], [])).toEqual([]);
    await page.evaluate(() => localStorage.clear());
    await signIn('buyer');
    expect(await checkPages(['/asset-management/access-request'], [])).toEqual([]);
    // The owner's side: the demo buyer's open request with its approve and decline buttons.
    await page.evaluate(() => localStorage.clear());
    await signIn('objectadmin');
    expect(await checkPages(['/asset-management/access-requests'])).toEqual([]);
  });

  it('score management: both template lists, the reference data and a draft question with its options', async () => {
    await signIn('scoring');
    const { items } = await apiAs<{ items: { id: number; title: string; state: string }[] }>('scoring', 'questionnaire?list=active&page=1&pageSize=5');
    const active = items.find((item) => item.state === 'Active') ?? items[0]!;
    const draft = await apiAs<{ id: number }>('scoring', 'questionnaire', { method: 'POST', body: { title: 'Layout 1024', version: '2099_01', type: 'Ecore', sourceId: active.id } });
    const template = await apiAs<{ clusters: { categories: { sections: { questions: { id: number; type: string; options: unknown[] }[] }[] }[] }[] }>('scoring', `questionnaire/${draft.id}`);
    const questions = template.clusters.flatMap((c) => c.categories.flatMap((k) => k.sections.flatMap((s) => s.questions)));
    const choice = questions.find((q) => q.type === 'SingleChoice' && q.options.length >= 3) ?? questions.find((q) => q.options.length > 0)!;
    expect(
      await checkPages([
        '/score/admin/active',
        '/score/admin/archived',
        '/score/admin/reference',
        `/score/questionnaire/${draft.id}/question/${choice.id}`,
        `/score/questionnaire/${active.id}/question/${choice.id}`,
      ], ['/score/admin/active', '/score/admin/archived']),
    ).toEqual([]);
  });
});

describe('forms in the browser', () => {
  it('dates are typed and shown as TT.MM.JJJJ with German month names, and follow a switch to English with the country', async () => {
    await signIn('objectadmin');
    await page.goto(`${portal.url}/asset-management/objects/new`);
    await settled(page);
    const date = page.getByLabel('Datum der Baugenehmigung');
    expect(await date.getAttribute('type')).not.toBe('date');
    expect(await date.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    await date.click();
    // The calendar names its month in German.
    const month = new Date().toLocaleString('de-DE', { month: 'long' });
    await page.getByRole('button', { name: new RegExp(`^${month} \\d{4}$`) }).waitFor();
    await date.fill('24.12.2026');
    await page.getByLabel('Objektname').click();
    await expect.poll(() => date.inputValue()).toBe('24.12.2026');

    const country = page.getByLabel(/^Land/).first();
    await country.click();
    await country.fill('Deutsch');
    await page.getByRole('option', { name: 'Deutschland', exact: true }).click();
    expect(await country.inputValue()).toBe('Deutschland');

    const quality = page.getByLabel(/^Ausstattungsqualität/).first();
    await quality.click();
    await page.getByRole('option', { name: 'Hoch', exact: true }).click();
    expect(await quality.inputValue()).toBe('Hoch');

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await expect.poll(() => page.getByLabel('Planning permission date').inputValue()).toBe('24/12/2026');
    await expect.poll(() => page.getByLabel(/^Country/).first().inputValue()).toBe('Germany');
    await expect.poll(() => page.getByLabel(/^Feature quality/).first().inputValue()).toBe('High');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  });

  it('a failed submit focuses the first field in error; its toast opens below the header', async () => {
    await signIn('objectadmin');
    await page.goto(`${portal.url}/asset-management/objects/new`);
    await settled(page);
    await page.getByRole('button', { name: 'Objekt anlegen' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');
    expect(focused).toMatch(/^Objektname/);
    // The submit button is the form's last control.
    const lastButton = await page.getByRole('form', { name: /Objekt/ }).getByRole('button').last().textContent();
    expect(lastButton).toBe('Objekt anlegen');

    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  it('an edited user’s e-mail and user name and a collector’s object read as values, not as inputs or grey', async () => {
    await signIn('admin');
    await page.goto(`${portal.url}/account-management/users?search=objectadmin`);
    await settled(page);
    await page.getByRole('row', { name: /Olga Objekt/ }).getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nutzer bearbeiten' });
    const email = dialog.getByLabel('E-Mail');
    await email.waitFor();
    expect(await email.isEditable()).toBe(false);
    expect(await email.isDisabled()).toBe(false);
    // A value, not a box to type in: no background and no frame around it.
    const look = await email.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, frame: style.borderTopStyle === 'none' || style.borderTopWidth === '0px' || style.borderTopColor === 'rgba(0, 0, 0, 0)' };
    });
    expect(look).toEqual({ background: 'rgba(0, 0, 0, 0)', frame: true });
    expect(await dialog.getByLabel('Benutzername').inputValue()).toBe('objectadmin');

    await page.evaluate(() => localStorage.clear());
    await signIn('collector');
    await page.goto(`${portal.url}${await firstObjectPath('collector')}`);
    await settled(page);
    const name = page.getByLabel('Objektname');
    expect(await name.isEditable()).toBe(false);
    expect(await name.isDisabled()).toBe(false);
    // Legible: full opacity, the text colour of the page.
    expect(await name.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await page.locator('input:disabled, textarea:disabled').count()).toBe(0);
  });
  it('a dialog opens and closes without animation for who asks for reduced motion, and with it for everybody else', async () => {
    await signIn('admin');
    await page.goto(`${portal.url}/account-management/users?search=collector`);
    await settled(page);
    const lockDialog = page.getByRole('dialog', { name: 'Nutzer sperren' });
    /** The inline transition of the lock question once it is open (Mantine writes it while it animates it). */
    const transitionOfOpenDialog = async () => {
      await page.getByRole('row', { name: /collector/ }).first().getByRole('button', { name: 'Sperren' }).click();
      await lockDialog.waitFor();
      const transition = await lockDialog.evaluate((el) => (el as HTMLElement).style.transitionDuration);
      await lockDialog.getByRole('button', { name: 'Abbrechen' }).click();
      await lockDialog.waitFor({ state: 'detached' });
      return transition;
    };
    // The journeys' browsers ask for reduced motion (openContext): no transition.
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await transitionOfOpenDialog()).toBe('');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    await settled(page);
    expect(await transitionOfOpenDialog()).toMatch(/ms$/);
  });
});
