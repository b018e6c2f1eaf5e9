import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { useJourney } from '../support/journey.ts';

const journey = useJourney({ width: 1400, height: 1000 });
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const signIn = async (userName: string) => {
  await page.goto(`${portal.url}/login`);
  await page.getByLabel('Benutzername').fill(userName);
  await page.getByLabel('Passwort', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
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
    // The title is bilingual like the questions: the copy has the German one; the English one is added here.
    expect(await page.getByLabel('Titel (Deutsch)').inputValue()).toBe('ECORE Fragebogen 2026');
    expect(await page.getByLabel('Titel (Englisch)').inputValue()).toBe('');
    await page.getByLabel('Titel (Englisch)').fill('ECORE Questionnaire 2026');

    // A new section in the first category of cluster I, preselected from the route.
    await page.getByRole('navigation', { name: 'Struktur des Fragebogens' }).getByText('Strategie und Richtlinien').click();
    await page.waitForURL(/\/category\/\d+$/);
    await page.getByRole('button', { name: 'Element hinzufügen' }).click();
    let add = page.getByRole('dialog', { name: 'Element hinzufügen' });
    // The level follows the route once the dialog has read it: asked until it does.
    await expect.poll(() => add.getByLabel('Ebene').inputValue()).toBe('Section');
    await add.getByLabel('Titel').fill('Biodiversität');
    await add.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.waitForURL(/\/section\/-\d+$/);
    // React Router renders a navigation as a transition: wait until the new section's panel is shown.
    await page.locator('input[value="Biodiversität"]').waitFor();
    await page.getByLabel('Name (Englisch)').fill('Biodiversity');

    // A single-choice question with three options in German and English.
    await page.getByRole('button', { name: 'Element hinzufügen' }).click();
    add = page.getByRole('dialog', { name: 'Element hinzufügen' });
    await expect.poll(() => add.getByLabel('Ebene').inputValue()).toBe('Question');
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
    // The question's panel replaces the template's (whose English title field carries the same label) once it opens.
    await page.getByLabel('Option (Englisch) 3').waitFor();
    await expect.poll(() => page.getByLabel('Titel (Englisch)').inputValue()).toBe('Is there a biodiversity concept?');
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

    // In English the templates carry their English titles.
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('link', { name: 'ECORE Questionnaire 2025' }).waitFor();
    await page.getByRole('link', { name: 'ECORE Questionnaire 2024' }).waitFor();
    expect(await page.getByRole('link', { name: 'ECORE Fragebogen 2025' }).count()).toBe(0);
    await page.getByRole('tab', { name: /Current versions/ }).click();
    await page.getByRole('link', { name: 'ECORE Questionnaire 2026' }).waitFor();
  });

  it('keeps unsaved edits through a language switch, refreshes the lock while editing, and keeps them visible read-only when another user took the lock', async () => {
    await page.clock.install();
    await signIn('scoring');
    await page.goto(`${portal.url}/score/admin/active`);
    await page.getByRole('button', { name: /^Duplizieren ECORE Fragebogen/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Fragebogen duplizieren' });
    await dialog.getByLabel('Titel').fill('ECORE Fragebogen 2027');
    await dialog.getByLabel('Version').fill('2027_01');
    await dialog.getByRole('button', { name: 'Duplizieren' }).click();
    await page.waitForURL(/\/score\/questionnaire\/\d+\/metadata$/);
    const id = /questionnaire\/(\d+)\//.exec(page.url())![1]!;
    await page.getByRole('button', { name: 'Speichern' }).waitFor();

    // An unsaved edit survives a language switch (a new `t` must not reload the template over it).
    await page.getByLabel('Titel (Deutsch)', { exact: true }).fill('Entwurf mit Änderungen');
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByText('There are unsaved changes.').waitFor();
    expect(await page.getByLabel('Title (German)', { exact: true }).inputValue()).toBe('Entwurf mit Änderungen');

    // The heartbeat refreshes the lock while the draft stays open without saving.
    const isLockCall = (url: string, method: string) => method === 'PUT' && url.includes(`/api/questionnaire/${id}/lock?isLocked=true`);
    const refresh = page.waitForRequest((r) => isLockCall(r.url(), r.method()));
    await page.clock.fastForward('05:30');
    expect((await (await refresh).response())?.status()).toBe(200);

    // Another user took the lock after ours expired: the next refresh answers 423.
    const holder = { currentLockerName: 'Anna Admin' };
    await page.route((url) => isLockCall(url.href, 'PUT'), (route) => route.request().method() === 'PUT'
      ? route.fulfill({ status: 423, json: { statusCode: 423, key: 'questionnaire-locked', message: 'The questionnaire is currently being edited by Anna Admin.', lockedStatus: holder } })
      : route.continue());
    await page.route(new RegExp(`/api/questionnaire/${id}$`), async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), lockedStatus: holder } });
    });
    await page.clock.fastForward('05:30');
    const notice = page.getByRole('alert').filter({ hasText: 'Editing lock lost' });
    await notice.getByText('Anna Admin took over editing this draft').waitFor();
    await notice.getByText('Your unsaved changes are still shown here').waitFor();
    // Read-only, but the local content is still there.
    const title = page.getByLabel('Title (German)', { exact: true });
    expect(await title.inputValue()).toBe('Entwurf mit Änderungen');
    expect(await title.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByText('There are unsaved changes.').count()).toBe(1);
  });

  it('a scoring model manager sees the current reference data and imports a CSV, with the refused rows listed under the form', async () => {
    await signIn('scoring');
    await page.goto(`${portal.url}/score/admin/active`);
    await page.getByRole('tab', { name: 'Referenzdaten' }).click();
    await page.waitForURL(/\/score\/admin\/reference$/);
    const current = page.getByRole('table', { name: 'Aktuelle Referenzdaten' });
    // The demo data set is named in the interface language.
    await current.getByText('Demo-Emissionsfaktoren (illustrativ)').waitFor();
    expect(await current.getByText('Illustrativ', { exact: true }).count()).toBe(2);

    const form = page.getByRole('form', { name: 'Referenzdaten aus CSV importieren' });
    await form.getByLabel('Art der Daten').selectOption('emissionFactors');
    await form.getByLabel('CSV-Inhalt').fill('carrier;country;year;value\ngas;;0;0,2\ncoal;;0;0,3\noil;;0;x');
    await form.getByLabel('Name des Datensatzes').fill('Emissionsfaktoren 2026');
    await form.getByRole('button', { name: 'Importieren' }).click();
    const refused = form.getByRole('alert').filter({ hasText: 'Der Import wurde abgelehnt' });
    await refused.getByRole('listitem').first().waitFor();
    expect(await refused.getByRole('listitem').allTextContents()).toEqual(['Zeile 3: Spalte „carrier“ ist ungültig', 'Zeile 4: Spalte „value“ ist ungültig']);

    // Uploading a file puts its content into the form; the import replaces the illustrative set.
    await form.locator('input[type="file"]').setInputFiles({ name: 'faktoren.csv', mimeType: 'text/csv', buffer: Buffer.from('carrier;country;year;value\ngas;;0;0,2\ngridElectricity;DE;2025;0,38\n') });
    await expect.poll(() => form.getByLabel('CSV-Inhalt').inputValue()).toContain('gridElectricity;DE;2025;0,38');
    await form.getByRole('button', { name: 'Importieren' }).click();
    await page.getByText('2 Zeilen wurden importiert.').waitFor();
    await current.getByText('Emissionsfaktoren 2026').waitFor();
    expect(await current.getByText('Illustrativ', { exact: true }).count()).toBe(1);
    expect(await current.getByRole('row', { name: /Emissionsfaktoren \(Zeilen\)/ }).getByRole('cell').last().textContent()).toBe('2');
  });
});
