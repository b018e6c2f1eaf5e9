import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, startPortal, type RunningPortal } from '../support/portal.ts';

let portal: RunningPortal;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  portal = await startPortal({ AUTH_RATE_LIMIT: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'de-DE' });
  page = await context.newPage();
});
afterEach(async () => context?.close());

const signIn = async (userName: string) => {
  await page.goto(`${portal.url}/login`);
  await page.getByLabel('Benutzername').fill(userName);
  await page.getByLabel('Passwort', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(`${portal.url}/`);
};

describe('questionnaire templates in the browser', () => {
  it('a scoring model manager duplicates the active template, adds a section and a question, deletes a question, saves, reloads and activates', async () => {
    await signIn('scoring');
    await page.goto(`${portal.url}/score`);
    await page.waitForURL(/\/score\/admin\/active$/);
    await page.getByRole('button', { name: 'Duplizieren ECORE Fragebogen 2025' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fragebogen duplizieren' });
    await dialog.getByLabel('Titel').fill('ECORE Fragebogen 2026');
    await dialog.getByLabel('Version').fill('2026_01');
    await dialog.getByRole('button', { name: 'Duplizieren' }).click();
    await page.waitForURL(/\/score\/questionnaire\/\d+\/metadata$/);
    const editorUrl = page.url().replace(/\/metadata$/, '');

    // A new section in the first category of cluster I, preselected from the route.
    await page.getByRole('navigation', { name: 'Struktur des Fragebogens' }).getByText('Strategie und Richtlinien').click();
    await page.waitForURL(/\/category\/\d+$/);
    await page.getByRole('button', { name: 'Element hinzufügen' }).click();
    let add = page.getByRole('dialog', { name: 'Element hinzufügen' });
    expect(await add.getByLabel('Ebene').inputValue()).toBe('Section');
    await add.getByLabel('Titel').fill('Biodiversität');
    await add.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.waitForURL(/\/section\/-\d+$/);
    // React Router renders a navigation as a transition: wait until the new section's panel is shown.
    await page.locator('input[value="Biodiversität"]').waitFor();
    await page.getByLabel('Name (Englisch)').fill('Biodiversity');

    // A single-choice question with three options in German and English.
    await page.getByRole('button', { name: 'Element hinzufügen' }).click();
    add = page.getByRole('dialog', { name: 'Element hinzufügen' });
    expect(await add.getByLabel('Ebene').inputValue()).toBe('Question');
    await add.getByLabel('Titel').fill('Gibt es ein Biodiversitätskonzept?');
    await add.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.waitForURL(/\/question\/-\d+$/);
    await page.getByRole('heading', { name: /^Frage/ }).waitFor();
    expect(await page.getByLabel('Fragetyp').inputValue()).toBe('SingleChoice');
    await page.getByLabel('Statischer Titel').fill('G-5.1');
    await page.getByLabel('Titel (Englisch)').fill('Is there a biodiversity concept?');
    const options: [string, string, string][] = [['Ja', 'Yes', '2'], ['Teilweise', 'Partly', '1'], ['Nein', 'No', '0']];
    for (const [i, [de, en, score]] of options.entries()) {
      await page.getByRole('button', { name: 'Option hinzufügen' }).click();
      await page.getByLabel(`Option (Deutsch) ${i + 1}`).fill(de);
      await page.getByLabel(`Option (Englisch) ${i + 1}`).fill(en);
      await page.getByLabel(`Punkte ${i + 1}`).fill(score);
    }

    // Delete question G-1.5 (only marked until saving).
    await page.getByRole('navigation', { name: 'Struktur des Fragebogens' }).getByText('G-1.5', { exact: false }).click();
    await page.waitForURL(/\/question\/\d+$/);
    await page.getByRole('heading', { name: /^Frage G-1\.5/ }).waitFor();
    await page.getByRole('button', { name: 'Frage löschen' }).click();
    await page.getByRole('dialog', { name: 'Frage löschen' }).getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Die Frage ist zum Löschen markiert').first().waitFor();

    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Entwurf wurde gespeichert.').waitFor();

    await page.goto(`${editorUrl}/metadata`);
    const tree = page.getByRole('navigation', { name: 'Struktur des Fragebogens' });
    await tree.getByText('G-1.4', { exact: false }).waitFor();
    expect(await tree.getByText('G-1.5', { exact: false }).count()).toBe(0);
    await tree.getByText('Biodiversität', { exact: true }).waitFor();
    await tree.getByText('G-5.1', { exact: false }).click();
    expect(await page.getByLabel('Titel (Englisch)').inputValue()).toBe('Is there a biodiversity concept?');
    expect(await page.getByLabel('Option (Englisch) 3').inputValue()).toBe('No');

    // Activate the draft; the old version moves to the previous versions.
    await page.goto(`${portal.url}/score/admin/active`);
    await page.getByRole('button', { name: 'Aktivieren ECORE Fragebogen 2026' }).click();
    await page.getByRole('dialog', { name: 'Fragebogen aktivieren' }).getByRole('button', { name: 'Aktivieren' }).click();
    await page.getByText('Der Fragebogen wurde aktiviert.').waitFor();
    await page.getByRole('tab', { name: /Vorherige Versionen/ }).click();
    await page.waitForURL(/\/score\/admin\/archived$/);
    await page.getByRole('link', { name: 'ECORE Fragebogen 2025' }).waitFor();
    await page.getByRole('link', { name: 'ECORE Fragebogen 2024' }).waitFor();
  });
});
