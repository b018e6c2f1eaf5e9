import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { mailedLink, signIn as signInAs, useJourney } from '../support/journey.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';

const journey = useJourney({ width: 1280, height: 900 });
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const signIn = (userName: string, password?: string) => signInAs(page, userName, password);

/** The set-password link of the newest mail. */
const lastMailLink = () => mailedLink(portal, /http:\/\/[^\s"<]+set-password\?[^\s"<]+/);

describe('sign-in and the shell in the browser', () => {
  it('an administrator signs in, sees the cards of that role, switches to English and back, and logs out', async () => {
    await page.goto(`${portal.url}/`);
    await page.waitForURL(/\/login/);
    await signIn('admin');
    await page.waitForURL(`${portal.url}/`);

    for (const card of ['Organisation anlegen', 'Nutzer anlegen', 'Objekt anlegen', 'Objektgruppe anlegen']) {
      await page.getByRole('link', { name: card }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Fragebogen bearbeiten' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Fragebogen prüfen' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Kontoverwaltung' }).waitFor();
    expect(await page.getByRole('link', { name: 'Export' }).count()).toBe(0);

    expect(await page.title()).toBe('Startseite – ECORE Portal');
    // The first news slide announces the active questionnaire version, not the oldest.
    const firstSlide = page.getByLabel('Meldung 1 von 4', { exact: true });
    await firstSlide.getByText('Version 2025_01 mit neuen Taxonomie-Katalogen').waitFor();

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByRole('link', { name: 'Create organisation' }).waitFor();
    await page.getByRole('link', { name: 'Account management' }).waitFor();
    await expect.poll(() => page.title()).toBe('Home – ECORE Portal');
    await page.getByLabel('News item 1 of 4', { exact: true }).getByText(/2025_01/).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // The choice is kept across a reload.
    await page.reload();
    await page.getByRole('link', { name: 'Create organisation' }).waitFor();

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await page.getByRole('link', { name: 'Organisation anlegen' }).waitFor();

    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/login/);
    // The session is gone: the home page asks for a login again.
    await page.goto(`${portal.url}/`);
    await page.waitForURL(/\/login/);
  });

  it('a user downloads their own data from the profile menu, and the data-protection page says how long what is kept (issue 24)', async () => {
    await page.goto(`${portal.url}/login`);
    await signIn('collector');
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('button', { name: 'collector' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Meine Daten herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ecore-personal-data-\d+\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ userName: 'collector', firstName: 'Carl', lastName: 'Collector' });
    expect(data.signInEvents[0]).toMatchObject({ outcome: 'signedIn' });

    await page.goto(`${portal.url}/data-protection`);
    await page.getByText(/nach 90 Tagen/).waitFor();
    await page.getByText(/„Archivierter Nutzer 123“/).waitFor();
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByText(/after 90 days/).waitFor();
    await page.getByRole('button', { name: 'collector' }).click();
    await page.getByRole('menuitem', { name: 'Download my data' }).waitFor();
  });

  it("the home page's create cards open the create dialog or page directly", async () => {
    await page.goto(`${portal.url}/`);
    await signIn('admin');
    await page.waitForURL(`${portal.url}/`);

    await page.getByRole('link', { name: 'Nutzer anlegen' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Nutzer anlegen' });
    await userDialog.waitFor();
    // The request leaves the URL once the dialog is open, so that a reload does not open it again.
    await page.waitForURL(`${portal.url}/account-management/users`);
    await expect.poll(() => page.title()).toBe('Nutzer – ECORE Portal');
    // A pristine dialog closes at once.
    await userDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await userDialog.waitFor({ state: 'detached' });

    await page.goto(`${portal.url}/`);
    await page.getByRole('link', { name: 'Organisation anlegen' }).click();
    await page.getByRole('dialog', { name: 'Organisation anlegen' }).waitFor();
    await page.waitForURL(`${portal.url}/account-management/organisations`);

    await page.goto(`${portal.url}/`);
    await page.getByRole('link', { name: 'Objektgruppe anlegen' }).click();
    await page.getByRole('dialog', { name: 'Objektgruppe anlegen' }).waitFor();
    await page.waitForURL(`${portal.url}/asset-management/object-groups`);

    await page.goto(`${portal.url}/`);
    await page.getByRole('link', { name: 'Objekt anlegen' }).click();
    await page.waitForURL(`${portal.url}/asset-management/objects/new`);
    await page.getByRole('heading', { name: 'Objekt anlegen' }).waitFor();
  });

  it('an area whose code does not load shows the load error, and the retry loads it', async () => {
    await page.goto(`${portal.url}/`);
    await signIn('admin');
    await page.waitForURL(`${portal.url}/`);
    const usersChunk = /\/assets\/account-users-page-[^/]*\.js$/;
    await page.route(usersChunk, (route) => route.abort());
    await page.goto(`${portal.url}/account-management/users`);
    await page.getByText('Beim Laden dieses Bereichs ist ein Fehler aufgetreten').waitFor();
    await page.getByRole('heading', { name: 'Nutzer' }).waitFor();
    await page.unroute(usersChunk);
    await page.getByRole('button', { name: 'Erneut laden' }).click();
    await page.getByRole('table', { name: 'Nutzerliste' }).waitFor();
  });

  it('a protected deep link opened while logged out lands on that page after login', async () => {
    await page.goto(`${portal.url}/data-protection`);
    await page.waitForURL(/\/login/);
    await signIn('collector');
    await page.waitForURL(`${portal.url}/data-protection`);
    await page.getByRole('heading', { name: 'Datenschutz' }).first().waitFor();
  });

  it('wrong credentials show the text of the specification', async () => {
    await page.goto(`${portal.url}/login`);
    await signIn('admin', 'falsch123');
    await page.getByText('E-Mail und Passwort stimmen nicht überein').first().waitFor();
    expect(page.url()).toContain('/login');
    // The login page, with its refusal shown (docs/accessibility.md).
    await expectNoSeriousA11yViolations(page, 'the login page');
  });

  it('"Anmelden" clicked first, with nothing typed, names the fields to fill (core\'s texts load before the check)', async () => {
    await page.goto(`${portal.url}/login`);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect.poll(() => page.getByText('Bitte füllen Sie dieses Feld aus').count()).toBe(2);
    expect(page.url()).toContain('/login');
  });

  it('a user without the role of a route is sent home, and a finance partner sees export', async () => {
    await page.goto(`${portal.url}/score`);
    await signIn('bank');
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('link', { name: 'Export' }).waitFor();
    expect(await page.getByRole('link', { name: 'Objektverwaltung' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Objekt anlegen' }).count()).toBe(0);
  });

  it('forgot password: the mailed link sets a new password that signs in', async () => {
    await page.goto(`${portal.url}/login`);
    await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort zurücksetzen' });
    await dialog.getByLabel('Benutzername').fill('analyst');
    await dialog.getByRole('button', { name: 'Link anfordern' }).click();
    await dialog.getByRole('button', { name: 'Zur Anmeldung' }).click();
    const link = await lastMailLink();
    expect(link).toContain('userName=analyst');

    await page.goto(link.replace(/^http:\/\/[^/]+/, portal.url));
    await page.getByLabel('Neues Passwort').fill('frisch2024');
    await page.getByLabel('Passwort wiederholen').fill('frisch2025');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('Die Passwörter stimmen nicht überein').first().waitFor();
    await page.getByLabel('Passwort wiederholen').fill('frisch2024');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await page.waitForURL(/\/login/);
    await signIn('analyst', 'frisch2024');
    await page.waitForURL(`${portal.url}/`);

    // The link works once.
    await page.goto(link.replace(/^http:\/\/[^/]+/, portal.url));
    await page.getByText('Der Link ist nicht korrekt. Er ist möglicherweise abgelaufen.').first().waitFor();
  });

  it('narrow screens get the message that at least 1024 px are needed', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`${portal.url}/login`);
    await page.getByText(/1024/).first().waitFor();
  });
});
