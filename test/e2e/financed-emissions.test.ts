import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoBrokenWords } from '../support/words.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';

/*
 * A bank's financed emissions in the browser (docs/banks.md): the demo bank opens "Finanzierte Emissionen" at the
 * narrowest supported width, imports the demo loan tape (docs/bank-loan-tape-demo.csv) through its preview, sees the
 * totals and both charts, keeps the loans whose taxonomy result is unknown, and downloads the Excel file; then the
 * same in English.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
let watched: { problems: string[] };
beforeEach(() => {
  ({ portal, page } = journey);
  watched = watchProblems(journey.context);
});

const TAPE = fileURLToPath(new URL('../../docs/bank-loan-tape-demo.csv', import.meta.url));
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const workbookOf = async (p: Page, button: string) => {
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: button }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return { name: download.suggestedFilename(), workbook };
};

describe('financed emissions for banks', () => {
  it('the bank imports the demo tape, sees totals and charts, filters the unknown ones and downloads the Excel, in German and English', async () => {
    await page.goto(`${portal.url}/financed-emissions`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'bank');
    await page.waitForURL(/\/financed-emissions$/);
    await page.getByRole('heading', { name: 'Finanzierte Emissionen', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Kredite importieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kreditliste importieren' });
    await dialog.locator('input[type="file"]').setInputFiles(TAPE);
    await dialog.getByRole('button', { name: 'Prüfen' }).click();
    const preview = dialog.getByRole('table', { name: 'Vorschau der Kreditliste' });
    await preview.waitFor();
    expect(await preview.getByRole('row').count()).toBe(7);
    await expectNoSeriousA11yViolations(page, 'the loan tape preview');
    await dialog.getByRole('button', { name: '6 Zeilen importieren' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: '6 Kredite importiert.' }).first().waitFor();

    const totals = page.getByRole('region', { name: 'Summen' });
    await totals.getByText('Finanzierte Emissionen', { exact: true }).waitFor();
    await totals.getByText('Anteil konform').waitFor();
    await page.getByRole('figure', { name: 'Finanzierte Emissionen nach Datenqualität' }).locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByRole('figure', { name: 'Finanzierte Emissionen nach EU-Taxonomie 7.7' }).waitFor();
    const loans = page.getByRole('table', { name: 'Kredite' });
    expect(await loans.getByRole('row').count()).toBe(7);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoBrokenWords(page);
    await expectNoSeriousA11yViolations(page, 'the financed emissions screen');

    await page.getByRole('textbox', { name: 'EU-Taxonomie 7.7' }).click();
    await page.getByRole('option', { name: 'unbekannt' }).click();
    await expect.poll(() => loans.getByRole('row').count()).toBe(4);
    for (const name of ['Reihenhäuser Pasing', 'Wohnhaus Sendling', 'Baugrundstück Giesing']) await loans.getByText(name).waitFor();

    const german = await workbookOf(page, 'Excel herunterladen');
    expect(german.name).toMatch(/^Finanzierte-Emissionen-2025-12-31-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(german.workbook.worksheets.map((w) => w.name)).toEqual(['Kredite', 'Summen', 'Methode']);
    expect(german.workbook.getWorksheet('Kredite')!.actualRowCount).toBe(7);

    await page.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await page.goto(`${portal.url}/financed-emissions`);
    await page.getByRole('heading', { name: 'Financed emissions', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Totals' }).getByText('Share aligned').waitFor();
    await page.getByRole('figure', { name: 'Financed emissions by EU taxonomy 7.7' }).waitFor();
    await expectNoBrokenWords(page);
    const english = await workbookOf(page, 'Download Excel');
    expect(english.workbook.worksheets.map((w) => w.name)).toEqual(['Loans', 'Totals', 'Method']);
    expect(watched.problems).toEqual([]);
  });
});
