import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openContext, type RunningPortal } from '../support/portal.ts';
import { mailedLink, signIn, useJourney } from '../support/journey.ts';

const journey = useJourney({ width: 1280, height: 900 });
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});


/** The set-password link of the newest mail to a user name. */
const setPasswordLinkFor = (userName: string) => mailedLink(portal, /http:\/\/[^\s"<]+set-password\?[^\s"<]+/, `userName=${userName}`);

/** Picks an option of a Mantine select or multi-select (the options open in a portal). */
const choose = async (p: Page, field: Locator, option: string) => {
  await field.click();
  await p.getByRole('option', { name: option, exact: true }).click();
};

/** A text field by its accessible name (the required asterisk is hidden from it). */
const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text });
const toast = (p: Page, text: string) => p.getByText(text).first().waitFor();

/** The count a status chip shows, "Gesperrt (1)" → 1. */
const chipCount = async (p: Page, label: string): Promise<number> => {
  const chip = p.getByRole('group', { name: 'Status' }).getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) });
  const text = (await chip.textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? NaN);
};

describe('account management in the browser', () => {
  it('an administrator creates an organisation with two contacts and a user in it; the user sets a password and signs in; lock and unlock', async () => {
    await page.goto(`${portal.url}/account-management`);
    await signIn(page, 'admin');
    // Administrators land on the organisations (spec 01 §2).
    await page.waitForURL(/\/account-management\/organisations/);
    await page.getByRole('tab', { name: 'Organisation', selected: true }).waitFor();

    // --- the organisation
    await page.getByRole('button', { name: 'Organisation anlegen' }).click();
    const orgDialog = page.getByRole('dialog', { name: 'Organisation anlegen' });
    await field(orgDialog, 'Name').fill('Grünfeld Immobilien GmbH');
    await field(orgDialog, 'Straße').fill('Gartenweg');
    await field(orgDialog, 'Hausnummer').fill('7');
    await field(orgDialog, 'PLZ').fill('50667');
    await field(orgDialog, 'Ort').fill('Köln');
    await choose(page, field(orgDialog, 'Land'), 'Deutschland');

    // The current contact must be valid before another can be added.
    await orgDialog.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
    await orgDialog.getByText('Bitte füllen Sie dieses Feld aus').first().waitFor();
    expect(await orgDialog.getByRole('button', { name: 'Kontakt löschen' }).isDisabled()).toBe(true);
    const contact = async (name: string, email: string) => {
      await field(orgDialog, 'Vollständiger Name').fill(name);
      await field(orgDialog, 'Funktion im Unternehmen').fill('Geschäftsführung');
      await field(orgDialog, 'E-Mail').fill(email);
      await field(orgDialog, 'Telefon').fill('+49 221 1000');
      await field(orgDialog, 'Mobil').fill('+49 170 1000');
    };
    await contact('Greta Grün', 'kein-mail');
    await orgDialog.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
    await orgDialog.getByText('Keine gültige E-Mail-Adresse').waitFor();
    await field(orgDialog, 'E-Mail').fill('greta@gruenfeld.example');
    await orgDialog.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
    await contact('Felix Feld', 'felix@gruenfeld.example');
    await orgDialog.getByRole('button', { name: 'Greta Grün' }).click();
    expect(await field(orgDialog, 'Vollständiger Name').inputValue()).toBe('Greta Grün');
    await orgDialog.getByRole('button', { name: 'Anlegen' }).click();
    await toast(page, 'Die Organisation wurde angelegt.');
    await orgDialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Suche' }).fill('Grünfeld');
    await row(page, 'Grünfeld Immobilien GmbH').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    // The contacts dialog of the row shows both contacts as pills.
    await row(page, 'Grünfeld Immobilien GmbH').getByRole('button', { name: 'Kontakte bearbeiten' }).click();
    const contactsDialog = page.getByRole('dialog', { name: 'Kontakte bearbeiten: Grünfeld Immobilien GmbH' });
    await contactsDialog.getByRole('button', { name: 'Felix Feld' }).waitFor();
    await contactsDialog.getByRole('button', { name: 'Greta Grün' }).waitFor();
    await contactsDialog.getByRole('button', { name: 'Abbrechen' }).click();

    // --- the user
    await page.getByRole('tab', { name: 'Nutzer' }).click();
    await page.waitForURL(/\/account-management\/users/);
    const pendingBefore = await chipCount(page, 'Ausstehend');
    await page.getByRole('button', { name: 'Nutzer anlegen' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Nutzer anlegen' });
    await userDialog.getByRole('button', { name: 'Anlegen' }).click();
    await userDialog.getByText('Bitte wählen Sie mindestens eine Nutzerrolle').waitFor();
    await userDialog.getByText('Bitte füllen Sie dieses Feld aus').first().waitFor();

    await field(userDialog, 'Vorname').fill('Greta');
    await field(userDialog, 'Nachname').fill('Grün');
    await field(userDialog, 'E-Mail').fill('greta.user@gruenfeld.example');
    await field(userDialog, 'Benutzername').fill('greta.gruen');
    await field(userDialog, 'Position').fill('Asset Management');
    await field(userDialog, 'Telefon').fill('+49 221 1000');
    await choose(page, field(userDialog, 'Organisation'), 'Grünfeld Immobilien GmbH');
    await choose(page, field(userDialog, 'Nutzerrollen'), 'Datenerfasser');
    await page.keyboard.press('Escape');
    // A taken user name comes back from the server under its field, and the dialog stays open.
    await field(userDialog, 'Benutzername').fill('admin');
    await userDialog.getByRole('button', { name: 'Anlegen' }).click();
    await userDialog.getByText('Dieser Benutzername ist bereits vergeben').waitFor();
    await toast(page, 'Der Nutzer konnte nicht angelegt werden. Bitte versuchen Sie es später erneut.');
    await field(userDialog, 'Benutzername').fill('greta.gruen');
    await userDialog.getByRole('button', { name: 'Anlegen' }).click();
    await toast(page, 'Der Nutzer wurde angelegt. Er erhält eine E-Mail, um sein Passwort festzulegen.');
    await userDialog.waitFor({ state: 'detached' });
    await expect.poll(() => chipCount(page, 'Ausstehend')).toBe(pendingBefore + 1);

    // --- the new user sets a password from the mail and signs in
    const link = await setPasswordLinkFor('greta.gruen');
    const userContext = await openContext(journey.browser, { viewport: { width: 1280, height: 900 } });
    const userPage = await userContext.newPage();
    await userPage.goto(link.replace(/^http:\/\/[^/]+/, portal.url));
    await userPage.getByLabel('Neues Passwort').fill('gruen2024');
    await userPage.getByLabel('Passwort wiederholen').fill('gruen2024');
    await userPage.getByRole('button', { name: 'Passwort speichern' }).click();
    await userPage.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await userPage.waitForURL(/\/login/);
    await signIn(userPage, 'greta.gruen', 'gruen2024');
    await userPage.waitForURL(`${portal.url}/`);
    await userPage.getByRole('link', { name: 'Fragebogen beantworten' }).waitFor();
    await userContext.close();

    // --- lock and unlock, seen in the status chips
    await page.reload();
    await expect.poll(() => chipCount(page, 'Ausstehend')).toBe(pendingBefore);
    const lockedBefore = await chipCount(page, 'Gesperrt');
    await page.getByRole('searchbox', { name: 'Suche' }).fill('greta');
    await row(page, 'greta.gruen').getByRole('button', { name: 'Sperren' }).click();
    const lockDialog = page.getByRole('dialog', { name: 'Nutzer sperren' });
    await lockDialog.getByText('Greta Grün (greta.gruen)').waitFor();
    await lockDialog.getByRole('button', { name: 'Sperren' }).click();
    await toast(page, 'Der Nutzer wurde gesperrt.');
    await row(page, 'greta.gruen').getByText('Gesperrt').waitFor();
    await expect.poll(() => chipCount(page, 'Gesperrt')).toBe(lockedBefore + 1);

    // A locked user cannot sign in.
    const lockedContext = await openContext(journey.browser, { viewport: { width: 1280, height: 900 } });
    const lockedPage = await lockedContext.newPage();
    await lockedPage.goto(`${portal.url}/login`);
    await signIn(lockedPage, 'greta.gruen', 'gruen2024');
    await lockedPage.getByRole('alert').first().waitFor();
    expect(lockedPage.url()).toContain('/login');
    await lockedContext.close();

    await row(page, 'greta.gruen').getByRole('button', { name: 'Entsperren' }).click();
    await page.getByRole('dialog', { name: 'Nutzer entsperren' }).getByRole('button', { name: 'Entsperren' }).click();
    await toast(page, 'Der Nutzer wurde entsperrt.');
    await expect.poll(() => chipCount(page, 'Gesperrt')).toBe(lockedBefore);
    await row(page, 'greta.gruen').getByRole('button', { name: 'Sperren' }).waitFor();
  });

  it('the user list filters by status chips with counts and pages with 5, 10, … results per page', async () => {
    await page.goto(`${portal.url}/account-management/users`);
    await signIn(page, 'admin');
    await page.waitForURL(/\/account-management\/users/);
    const table = page.getByRole('table', { name: 'Nutzerliste' });
    await row(page, 'Anna Admin').waitFor();

    // A failed load shows the specification's text and a retry button.
    const failing = (url: URL) => url.pathname === '/api/user';
    await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"key":"server-error","message":"x"}' }));
    await page.reload();
    await page.getByText('Beim Laden der Daten ist ein Fehler aufgetreten').first().waitFor();
    await page.unroute(failing);
    await page.getByRole('button', { name: 'Erneut laden' }).click();
    await row(page, 'Anna Admin').waitFor();

    // The chips' counts come with the list: wait for them after the reload rather than read the ones of the failure.
    await expect.poll(() => chipCount(page, 'Alle')).toBeGreaterThanOrEqual(13);
    const all = await chipCount(page, 'Alle');
    expect(await chipCount(page, 'Aktiv') + (await chipCount(page, 'Inaktiv')) + (await chipCount(page, 'Ausstehend'))).toBeLessThanOrEqual(all);
    // Page 1 of the default 5 rows; the page selector lists the pages.
    expect(await table.getByRole('row').count()).toBe(1 + 5);
    const pages = page.getByRole('navigation', { name: 'Seitenauswahl' });
    expect(await pages.getByRole('button', { name: 'Vorherige Seite' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Seite 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => pages.getByRole('button', { name: 'Seite 2' }).getAttribute('aria-current')).toBe('page');
    await pages.getByRole('button', { name: 'Nächste Seite' }).click();
    await page.waitForURL(/page=3/);
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + (all - 10 > 5 ? 5 : all - 10));

    // 10 per page: back to page 1 with ten rows.
    await choose(page, page.getByRole('textbox', { name: 'Ergebnisse pro Seite' }), '10');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '10' && !url.searchParams.has('page'));
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 10);

    // The chip "Aktiv" lists only active users; an empty filter shows the empty text.
    await page.getByRole('button', { name: /^Gesperrt \(/ }).click();
    await page.waitForURL(/status=locked/);
    if ((await chipCount(page, 'Gesperrt')) === 0) await page.getByText('Keine Einträge vorhanden').waitFor();
    await page.getByRole('button', { name: /^Alle \(/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await page.getByRole('searchbox', { name: 'Suche' }).fill('niemand-heisst-so');
    await page.waitForURL((url) => url.searchParams.get('search') === 'niemand-heisst-so');
    // The empty text may still be that of the locked filter: wait for the search's own answer, its count 0.
    await expect.poll(() => chipCount(page, 'Alle')).toBe(0);
    await page.getByText('Keine Einträge vorhanden').waitFor();
    await page.getByRole('searchbox', { name: 'Suche' }).fill('Berta');
    await row(page, 'bank@beispielbank.example').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
  });

  it('an account manager sees no actions on users with more rights (the administrator), and edits a collector', async () => {
    await page.goto(`${portal.url}/account-management/users?pageSize=25`);
    await signIn(page, 'accountmanager');
    await page.waitForURL(/\/account-management\/users/);
    const collector = row(page, 'Carl Collector');
    await collector.getByRole('button', { name: 'Bearbeiten' }).waitFor();
    // The rows are rendered: the administrator's row has no edit or state action at all.
    const admin = row(page, 'Anna Admin');
    await admin.waitFor();
    expect(await admin.getByRole('button').count()).toBe(0);
    // Its own row opens the dialog with the roles read only.
    await row(page, 'accountmanager').getByRole('button', { name: 'Bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nutzer bearbeiten' });
    await dialog.getByText('Ihre eigenen Rollen können Sie nicht ändern.').waitFor();
  });

  it("a finance partner's account manager creates buyers of their own bank, and its users get the finance partner's roles", async () => {
    await page.goto(`${portal.url}/account-management`);
    await signIn(page, 'bank');
    await page.waitForURL(/\/account-management\/organisations/);
    await page.getByRole('button', { name: 'Organisation anlegen' }).click();
    const orgDialog = page.getByRole('dialog', { name: 'Organisation anlegen' });
    const buyer = orgDialog.getByRole('checkbox', { name: 'Käufer' });
    await buyer.waitFor();
    expect(await buyer.isChecked()).toBe(true);
    expect(await buyer.isDisabled()).toBe(true);
    expect(await orgDialog.getByRole('checkbox', { name: 'Lösungspartner' }).isDisabled()).toBe(true);
    const partner = field(orgDialog, 'Zugehöriger Finanzpartner');
    await expect.poll(() => partner.inputValue()).toBe('Beispielbank eG');
    expect(await partner.isDisabled()).toBe(true);
    await orgDialog.getByRole('button', { name: 'Abbrechen' }).click();

    await page.getByRole('tab', { name: 'Nutzer' }).click();
    await page.getByRole('button', { name: 'Nutzer anlegen' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Nutzer anlegen' });
    await choose(page, field(userDialog, 'Organisation'), 'Beispielbank eG');
    await userDialog.getByText('Nutzer eines Finanzpartners haben immer die Rollen Objektadministrator und Account-Manager.').waitFor();
    // The forced roles read as a value (issue 12), not as a selector.
    const roles = field(userDialog, 'Nutzerrollen');
    expect(await roles.inputValue()).toBe('Objektadministrator, Account-Manager');
    expect(await roles.isEditable()).toBe(false);
  });

  it('works in English: tabs, chips, dialogs and the empty text', async () => {
    await page.goto(`${portal.url}/login`);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.goto(`${portal.url}/account-management/users`);
    await page.getByRole('tab', { name: 'User', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Organisation' }).waitFor();
    await page.getByPlaceholder('Search ...').waitFor();
    for (const chip of ['All', 'Active', 'Inactive', 'Locked', 'Pending']) {
      expect(await chipCount(page, chip)).toBeGreaterThanOrEqual(0);
    }
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-is-called-this');
    await page.getByText('No results available').waitFor();

    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Please choose atleast one user role').waitFor();
    await dialog.getByText('Please fill out this field').first().waitFor();
    await field(dialog, 'E-mail').fill('not-a-mail');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('No valid mail address').waitFor();
    // A dialog with unsaved changes asks before it closes (UI.md); keeping on editing leaves it open.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('dialog', { name: 'Unsaved changes' });
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'detached' });
    expect(await field(dialog, 'E-mail').inputValue()).toBe('not-a-mail');
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Organisation' }).click();
    await page.waitForURL(/\/account-management\/organisations/);
    await row(page, 'Beispielbank eG').first().waitFor();
    // Found by its name: the demo and the journeys before this one make more organisations than a page shows.
    await page.getByRole('searchbox', { name: 'Search' }).fill('Testkonto');
    await row(page, 'Testkonto GmbH').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete organisation' });
    await confirm.getByText('Do you want to delete the organisation Testkonto GmbH? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The export dialog: the button waits for a format.
    await page.getByRole('button', { name: 'Export users' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export users' });
    expect(await exportDialog.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
    await choose(page, exportDialog.getByRole('textbox', { name: 'Format' }), 'CSV');
    const download = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    await page.getByText('The export was downloaded.').first().waitFor();
  });
});
