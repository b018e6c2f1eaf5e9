import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { GRESB_COLUMNS } from '@ecore/core/reporting/gresb.ts';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney, watchProblems } from '../support/journey.ts';

/*
 * GRESB asset data in the browser (issue 41, docs/gresb.md): objectadmin downloads the GRESB file of a demo group on
 * the import screen, finds GRESB's variable names as its header row, and checks the same file in the preview of the
 * object import, which knows it by its header.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

describe('GRESB file', () => {
  it("objectadmin downloads a group's GRESB file, reads its header row and previews its import", async () => {
    const { problems } = watchProblems(journey.context);
    await page.goto(`${portal.url}/import`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'objectadmin');
    await page.waitForURL(/\/import$/);
    await page.getByRole('heading', { name: 'GRESB-Datei', level: 2 }).waitFor();

    const download = page.getByRole('button', { name: 'GRESB-Datei (CSV) herunterladen' });
    expect(await download.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Objektgruppe der GRESB-Datei' }).click();
    await page.getByRole('option', { name: 'Portfolio Rhein-Main' }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^GRESB-Portfolio_Rhein-Main-latest-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = (await file.path())!;
    const text = await readFile(path, 'utf8');
    expect(text.split('\n')[0]).toBe(GRESB_COLUMNS.join(','));
    expect(text).toContain('Hotel am Rheinufer');

    await page.locator('input[type="file"]').setInputFiles(path);
    await page.getByRole('button', { name: 'Datei prüfen' }).click();
    const preview = page.getByRole('table', { name: 'Vorschau der Zeilen' });
    await preview.getByText('Hotel am Rheinufer', { exact: true }).waitFor();
    expect(await preview.locator('tbody tr').count()).toBe(3);
    expect(await preview.getByText('Fehlerhaft').count(), await preview.innerText()).toBe(0);
    expect(problems).toEqual([]);
  });
});
