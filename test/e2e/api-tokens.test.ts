import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';

/*
 * Access tokens for backend callers in the browser (issue 21, docs/api.md): the demo bank (Beispielbank eG) opens the
 * profile menu at the narrowest supported width, creates a read token, copies it once, and a call with it lists the
 * exports; revoking it on the screen makes the next call answer 401.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const listExports = (token: string) => fetch(`${portal.url}/api/export/assets`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

describe('access tokens', () => {
  it('the bank creates a read token, copies it once, lists the exports with it, and revoking it ends it', async () => {
    await journey.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await page.goto(`${portal.url}/`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'bank');
    await page.getByRole('button', { name: 'bank' }).click();
    await page.getByRole('menuitem', { name: 'API-Zugangsschlüssel' }).click();
    await page.waitForURL(/\/api-tokens$/);
    await page.getByRole('heading', { name: 'API-Zugangsschlüssel' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole('button', { name: 'Zugangsschlüssel anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zugangsschlüssel anlegen' });
    // The bank may read, write and export, but not import.
    expect(await dialog.getByRole('checkbox', { name: /^Lesen/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: /^Importieren/ }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(101));
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Dieses Feld darf höchstens 100 Zeichen lang sein').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kreditsystem');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();

    const shown = page.getByRole('dialog', { name: 'Ihr neuer Zugangsschlüssel' });
    await shown.getByText('nur dieses eine Mal angezeigt', { exact: false }).waitFor();
    await shown.getByRole('button', { name: 'Kopieren' }).click();
    await shown.getByRole('button', { name: 'Kopiert' }).waitFor();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^ecore_pat_[A-Za-z0-9_-]{43}$/);
    expect(await shown.getByRole('textbox', { name: 'Zugangsschlüssel' }).inputValue()).toBe(token);
    await shown.getByRole('button', { name: 'Fertig' }).click();

    const table = page.getByRole('table', { name: 'Ihre Zugangsschlüssel' });
    await table.getByRole('cell', { name: 'Kreditsystem', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Noch nie' }).waitFor();
    // The list never shows the secret again.
    expect(await page.getByText(token).count()).toBe(0);
    // The list with a token fits the narrowest supported width.
    expect(await fitsWidth(page)).toBe(true);

    const listed = await listExports(token);
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { items: { name: string }[]; total: number };
    expect(body.items.map((a) => a.name)).toEqual(expect.arrayContaining(['Wohnanlage Schwabing', 'Wohn- und Geschäftshaus Bockenheim']));
    expect(listed.headers.get('ratelimit')).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
    // A read token writes nothing.
    const writing = await fetch(`${portal.url}/api/assetGroup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'X' }) });
    expect(writing.status).toBe(403);

    await page.reload();
    await table.getByRole('cell', { name: 'Kreditsystem', exact: true }).waitFor();
    expect(await table.getByRole('cell', { name: 'Noch nie' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Widerrufen Kreditsystem' }).click();
    const confirm = page.getByRole('dialog', { name: 'Zugangsschlüssel widerrufen' });
    await confirm.getByText('„Kreditsystem“').waitFor();
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await table.getByText('Widerrufen', { exact: true }).waitFor();

    const refused = await listExports(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { key: string }).key).toBe('api-token-invalid');
  });
});
