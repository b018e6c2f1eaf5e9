import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoBrokenWords } from '../support/words.ts';

/*
 * The finance partners' export area in the browser (issue 17, docs/analysis-exports.md "Exports"): the demo bank
 * (Beispielbank eG, finance partner of Käufer Wohnbau GmbH) opens /export at the narrowest supported width, sees the
 * groups it may export (its buyer's own group, and the owner's group holding the object granted to its buyer), exports
 * the owner's group as Excel in English, and the file opens with the granted object alone and its score as a number.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
/** What went wrong on the bank's pages (console errors, failed requests): its day expects none. */
let watched: { problems: string[] };
beforeEach(() => {
  ({ portal, page } = journey);
  watched = watchProblems(journey.context);
});

const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('exports for finance partners', () => {
  it('the bank exports a group as Excel in English and the file opens', async () => {
    await page.goto(`${portal.url}/export`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'bank');
    await page.waitForURL(/\/export\/object-group$/);
    const groups = page.getByRole('table', { name: 'Exportierbare Objektgruppen' });
    await groups.getByRole('cell', { name: 'Finanzierungsobjekte', exact: true }).waitFor();
    await groups.getByRole('cell', { name: 'Portfolio Rhein-Main', exact: true }).waitFor();
    // The owner's other portfolio holds nothing of the bank's.
    expect(await groups.getByRole('cell', { name: 'Portfolio Berlin', exact: true }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoBrokenWords(page);

    await page.getByRole('button', { name: 'Portfolio Rhein-Main exportieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Objektgruppe exportieren' });
    const submit = dialog.getByRole('button', { name: 'Exportieren' });
    // The user's language is preselected; the button waits for the format.
    expect(await dialog.getByRole('radio', { name: 'Deutsch' }).isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'English' }).check();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Excel' }).check();
    expect(await submit.isDisabled()).toBe(false);

    const [download] = await Promise.all([page.waitForEvent('download'), submit.click()]);
    expect(download.suggestedFilename()).toMatch(/^Objects-Portfolio_Rhein-Main-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.locator('.mantine-Notification-root').filter({ hasText: /wurde heruntergeladen\.$/ }).first().waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['Object', 'Owner', 'Access', 'ECORE score (%)', 'Finance score (%)', 'Verified']));
    expect(sheet.actualRowCount).toBe(2);
    const cell = (name: string) => sheet.getRow(2).getCell(headers.indexOf(name) + 1).value;
    expect(cell('Object')).toBe('Wohn- und Geschäftshaus Bockenheim');
    expect(cell('Access')).toBe('Access granted');
    expect(cell('Verified')).toBe('Yes');
    expect(typeof cell('ECORE score (%)')).toBe('number');
    expect(typeof cell('Gross floor area (m²)')).toBe('number');
    expect(watched.problems).toEqual([]);
  });

  it('the object tab lists the objects the bank may export, and customer data opens its dialog', async () => {
    await page.goto(`${portal.url}/export/object`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'bank');
    await page.waitForURL(/\/export\/object$/);
    const objects = page.getByRole('table', { name: 'Exportierbare Objekte' });
    await objects.getByText('Wohnanlage Schwabing').waitFor();
    await objects.getByText('Wohn- und Geschäftshaus Bockenheim').waitFor();
    expect(await objects.getByText('Bürohaus Mainzer Landstraße').count()).toBe(0);
    await page.getByRole('tab', { name: 'Kundendaten' }).click();
    await page.waitForURL(/\/export\/customer-data$/);
    await page.getByRole('button', { name: 'Kundendaten exportieren' }).click();
    await page.getByRole('dialog', { name: 'Kundendaten exportieren' }).waitFor();
    await page.keyboard.press('Escape');

    // The bank's main screen in English.
    await page.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await page.goto(`${portal.url}/export/object-group`);
    const english = page.getByRole('table', { name: 'Object groups to export' });
    await english.getByRole('cell', { name: 'Portfolio Rhein-Main', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Export Portfolio Rhein-Main' }).waitFor();
    await expectNoBrokenWords(page);
    expect(watched.problems).toEqual([]);
  });
});
