import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openContext, type RunningPortal } from '../support/portal.ts';
import { signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoBrokenWords } from '../support/words.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';

/*
 * The object import in the browser (issue 20, docs/import.md): importadmin opens /import at the narrowest supported
 * width, downloads the German Excel template, fills it with three objects, one of which has shares of 90 %, sees that
 * row's error in German (also with "Nur Fehler"), fixes the file, imports it, and objectadmin finds the three objects.
 * The answer import: collector downloads the German answer template of a demo group, fills in a figure, imports it
 * and finds the answer and its change-log entry ("Importiert aus …") in the object's questionnaire. A nightly import
 * through an API token (dryRun=false) whose rows fail is on the import administrator's worklist the next morning; one
 * click opens the import page with that entry marked as failed, and its report names the errors.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const OBJECTS = [
  { name: 'Import Domblick', ext: 'E2E-1', zip: '50667', street: 'Domkloster', no: '4', area: 1250.5, shares: { OFF: 100 } },
  { name: 'Import Rheinauhafen', ext: 'E2E-2', zip: '50678', street: 'Agrippinawerft', no: '22', area: 3400, shares: { OFF: 60, RESI: 30 } },
  { name: 'Import Ehrenfeld', ext: 'E2E-3', zip: '50823', street: 'Venloer Straße', no: '300', area: 980, shares: { RESI: 100 } },
];

/** The downloaded template with the objects filled in by label, as a person fills it in Excel. */
const fill = async (templatePath: string, objects: typeof OBJECTS, target: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(templatePath)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Objekte')!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  objects.forEach((o, i) => {
    const row = sheet.getRow(i + 2);
    const set = (label: string, value: string | number) => {
      const index = header.indexOf(label);
      if (index < 0) throw new Error(`no column ${label}`);
      row.getCell(index + 1).value = value;
    };
    set('Externe ID', o.ext);
    set('Objektname', o.name);
    set('Objektgruppe', 'Portfolio Köln (Import)');
    set('Land', 'DE');
    set('Ort', 'Köln');
    set('PLZ', o.zip);
    set('Straße', o.street);
    set('Hausnummer', o.no);
    set('Bruttogrundfläche (BGF) in m²', o.area);
    set('Ausstattungsqualität', 'Hoch');
    for (const [cls, share] of Object.entries(o.shares)) set(cls, share);
    row.commit();
  });
  await writeFile(target, Buffer.from(await workbook.xlsx.writeBuffer()));
};

describe('object import', () => {
  it('importadmin fills the German template, fixes the row with 90 %, imports, and objectadmin finds the objects', async () => {
    const { problems } = watchProblems(journey.context);
    await page.goto(`${portal.url}/import`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'importadmin');
    await page.waitForURL(/\/import$/);
    await page.getByRole('link', { name: 'Import' }).first().waitFor();
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel-Vorlage herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Objekte-Importvorlage-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const dir = await mkdtemp(join(tmpdir(), 'ecore-import-'));
    const wrong = join(dir, 'objekte.xlsx');
    await fill((await download.path())!, OBJECTS, wrong);

    const chooser = page.locator('input[type="file"]');
    await chooser.setInputFiles(wrong);
    await page.getByRole('button', { name: 'Datei prüfen' }).click();
    const preview = page.getByRole('table', { name: 'Vorschau der Zeilen' });
    await preview.getByText('Die Anteile der Objektklassen ergeben 90 % statt 100 %.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: '3 Zeilen importieren' }).isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Nur Fehler' }).check();
    expect(await preview.locator('tbody tr').count()).toBe(1);
    // The failed row names its object: name, external id and group.
    await preview.locator('tbody tr').getByText('Import Rheinauhafen', { exact: true }).waitFor();
    await preview.locator('tbody tr').getByText('E2E-2 · Portfolio Köln (Import)', { exact: true }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the import page with a faulty row');

    const fixed = join(dir, 'objekte-korrigiert.xlsx');
    await fill((await download.path())!, OBJECTS.map((o) => (o.ext === 'E2E-2' ? { ...o, shares: { OFF: 60, RESI: 40 } } : o)), fixed);
    await chooser.setInputFiles(fixed);
    await page.getByRole('button', { name: 'Datei prüfen' }).click();
    const commit = page.getByRole('button', { name: '3 Zeilen importieren' });
    await commit.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === '3 Zeilen importieren' && !b.disabled));
    await page.getByText('1 neue Objektgruppe').waitFor();
    await commit.click();
    await page.getByText('Importiert: 3 angelegt, 0 geändert, 0 unverändert, 1 neue Objektgruppe.').waitFor();
    // The imported objects with their ids, read-only for the import administrator (no role of asset management).
    const imported = page.getByRole('table', { name: 'Importierte Objekte' });
    for (const o of OBJECTS) await imported.getByText(o.name, { exact: true }).waitFor();
    expect(await imported.locator('tbody tr').count()).toBe(3);
    expect(await imported.getByRole('link').count()).toBe(0);
    await page.getByText(/Als Import-Administrator öffnen Sie keine Objekte/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the import page after the import');
    await page.getByRole('table', { name: 'Bisherige Importe' }).getByText('objekte-korrigiert.xlsx').waitFor();
    await expectNoBrokenWords(page);

    const other = await openContext(journey.browser, { viewport: VIEWPORT });
    const admin = await other.newPage();
    await admin.goto(`${portal.url}/asset-management/objects`);
    await admin.waitForURL(/\/login/);
    await signIn(admin, 'objectadmin');
    await admin.waitForURL(/\/asset-management\/objects/);
    await admin.getByRole('searchbox', { name: 'Suche' }).fill('Import ');
    const list = admin.getByRole('table', { name: 'Liste der Objekte' });
    for (const o of OBJECTS) await list.getByText(o.name, { exact: true }).waitFor();
    await other.close();

    // The import administrator's main screen in English.
    await page.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await page.goto(`${portal.url}/import`);
    await page.getByRole('button', { name: 'Download Excel template' }).waitFor();
    await page.getByRole('table', { name: 'Earlier imports' }).getByText('objekte-korrigiert.xlsx').waitFor();
    // Nothing went wrong but the one refusal the day provokes on purpose: the check of the file with the 90 % row
    // answers 400 with its rows (and the browser logs that status).
    const provoked = (p: string) => /^400 for POST .*\/api\/import\/assets\?dryRun=true$/.test(p) || /^console error on .*\/import: Failed to load resource: .* 400/.test(p);
    expect(problems.filter((p) => !provoked(p))).toEqual([]);
    expect(problems.filter(provoked)).toHaveLength(2);
  });
});

describe('answer import', () => {
  it('collector fills the answer template of a demo group, imports it, and sees the answer and its change log', async () => {
    await page.goto(`${portal.url}/import`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'collector');
    await page.waitForURL(/\/import$/);
    expect(await page.getByRole('radio', { name: 'Antworten' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Objektgruppe' }).click();
    await page.getByRole('option', { name: 'Portfolio Berlin' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel-Vorlage herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Antworten-Importvorlage-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Antworten')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const energy = header.indexOf('Endenergieverbrauch gesamt (kWh/m²/a)') + 1;
    const rowNumber = [2, 3].find((r) => sheet.getRow(r).getCell(3).value === 'Quartier Prenzlauer Berg')!;
    const objectId = Number(sheet.getRow(rowNumber).getCell(1).value);
    sheet.getRow(rowNumber).getCell(energy).value = 135.5;
    const file = join(await mkdtemp(join(tmpdir(), 'ecore-answers-')), 'antworten.xlsx');
    await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));

    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Datei prüfen' }).click();
    await page.getByRole('table', { name: 'Vorschau der Zeilen' }).getByText('Antworten geändert').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === '2 Zeilen importieren' && !b.disabled));
    await page.getByRole('button', { name: '2 Zeilen importieren' }).click();
    await page.getByText('Importiert: 0 Fragebögen gestartet, 1 Objekte mit geänderten Antworten, 1 unverändert.').waitFor();

    await page.goto(`${portal.url}/asset-management/objects/${objectId}/false/edit/data`);
    await page.getByRole('tablist', { name: 'Bereiche des Objekts' }).getByRole('tab', { name: 'Fragebogen' }).click();
    await page.waitForURL(/\/questionnaire\/\d+\/data$/);
    const tree = page.getByRole('navigation', { name: 'Fragebogen-Navigation' });
    for (const name of ['II Verbrauch und Emissionen', 'Energie', 'Endenergieverbrauch'])
      await tree.getByRole('link', { name: new RegExp(`^${name}(?: \\d+ von \\d+ beantwortet)?$`) }).click();
    const card = page.getByRole('region', { name: 'Endenergieverbrauch gesamt (kWh/m²/a)', exact: true });
    expect(await card.getByRole('textbox', { name: 'Endenergieverbrauch gesamt (kWh/m²/a) Wert in kWh/m²/a' }).inputValue()).toBe('135,5');
    await card.getByRole('button', { name: 'Änderungsprotokoll' }).click();
    const log = page.getByRole('dialog', { name: 'E-1.1 Endenergieverbrauch gesamt (kWh/m²/a)' }).getByRole('table', { name: 'Änderungsprotokoll der Frage' });
    await log.getByText('Importiert aus antworten.xlsx').waitFor();
    await log.getByText(/135,5/).waitFor();
  });
});

describe('a failed import on the worklist', () => {
  it('an API token\'s import whose rows fail is on the home page worklist; one click opens the import page with its entry and report', async () => {
    const { problems } = watchProblems(journey.context);
    // A backend caller: an access token of the import administrator with the scope import, sending the file directly.
    const login = await fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName: 'importadmin', password: 'demo1234' }) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const created = await fetch(`${portal.url}/api/user/apiTokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Nachtlauf', scopes: ['import'], expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const header = 'Externe ID;Objektname;Objektgruppe;Land;Ort;PLZ;Straße;Hausnummer;Bruttogrundfläche (BGF) in m²;OFF;RESI';
    const rows = ['N-1;Nacht Domblick;Portfolio Nacht;DE;Köln;50667;Domkloster;4;1.250;100;', 'N-2;Nacht Hafen;Portfolio Nacht;DE;Köln;50678;Agrippinawerft;22;3.400;60;30', 'N-3;Nacht Land;Portfolio Nacht;Atlantis;Köln;50823;Venloer Straße;1;980;;100'];
    const form = new FormData();
    form.append('file', new Blob([`\ufeff${[header, ...rows].join('\r\n')}\r\n`], { type: 'text/csv' }), 'nachtlauf.csv');
    const refused = await fetch(`${portal.url}/api/import/assets?dryRun=false`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'de' }, body: form });
    expect(refused.status).toBe(400);
    const { importId, failed } = (await refused.json()) as { importId: number; failed: number };
    expect(failed).toBe(2);

    await page.goto(`${portal.url}/`);
    await signIn(page, 'importadmin');
    const item = page.getByRole('region', { name: 'Was auf Sie wartet' }).getByRole('listitem').filter({ hasText: 'nachtlauf.csv' });
    await item.getByText('Import fehlgeschlagen').waitFor();
    await item.getByText('2 Zeilen sind fehlgeschlagen, nichts wurde gespeichert: Bericht lesen, Datei korrigieren und erneut importieren.').waitFor();
    await expectNoSeriousA11yViolations(page, 'the home page with a failed import');
    await item.getByRole('link', { name: 'nachtlauf.csv' }).click();
    await page.waitForURL(`${portal.url}/import?importId=${importId}`);
    const entry = page.getByRole('table', { name: 'Bisherige Importe' }).locator('tr[aria-current="true"]');
    await entry.getByText('nachtlauf.csv', { exact: false }).waitFor();
    await entry.getByText('Fehlgeschlagen').waitFor();
    await entry.getByText('2 Zeilen fehlerhaft, nichts gespeichert').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the import page with a failed import marked');
    const [download] = await Promise.all([page.waitForEvent('download'), entry.getByRole('button', { name: 'Bericht zu nachtlauf.csv herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Importbericht-${importId}-`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const errors = workbook.worksheets[0]!.getColumn(13).values.slice(2).map(String).join(' | ');
    expect(errors).toContain('Die Anteile der Objektklassen ergeben 90 % statt 100 %.');
    expect(errors).toContain('Unbekanntes Land „Atlantis“');
    expect(problems).toEqual([]);
  });
});
