import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { base32Decode, totpCode } from '@ecore/core/identity/totp.ts';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';

/*
 * Authenticator apps in the browser (docs/sign-in.md): a user sets one up from the profile menu at the narrowest
 * supported width (QR code and secret, confirmed by a first code, ten recovery codes shown once), then signs in with
 * password and a code, in German and in English; a wrong code is refused with the text of its language.
 */
const journey = useJourney({ width: 1024, height: 900 });
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

/** The code an app shows `ahead` steps from now: a later step than any code used before, so never a reuse. */
const code = (secret: string, ahead: number) => totpCode(base32Decode(secret)!, Date.now() + ahead * 30_000);

async function enrolFromProfile(userName: string): Promise<string> {
  await page.goto(`${portal.url}/login`);
  await signIn(page, userName);
  await page.waitForURL(`${portal.url}/`);
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Anmeldeverfahren' }).click();
  await page.waitForURL(/\/sign-in-methods$/);
  await page.getByRole('heading', { name: 'Anmeldeverfahren' }).waitFor();
  await page.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
  await page.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }).waitFor();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code' }).fill(code(secret, 0));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  const codes = page.getByTestId('recovery-codes');
  await codes.waitFor();
  expect((await codes.innerText()).split(/\s+/).filter((c) => /^[A-Z2-7]{5}-[A-Z2-7]{5}$/.test(c))).toHaveLength(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
  await codes.waitFor({ state: 'detached' });
  await page.getByTestId('totp-facts').getByText('Wiederherstellungscodes übrig').waitFor();
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await page.waitForURL(/\/login/);
  return secret;
}

describe('authenticator apps', () => {
  it('a user sets up an app from the profile and signs in with password and code (German)', async () => {
    const secret = await enrolFromProfile('collector');
    await signIn(page, 'collector');
    await page.getByRole('heading', { name: 'Bestätigungscode' }).waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill('000000' === code(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByText('Der Code ist falsch oder abgelaufen.').waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill(code(secret, 1));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('button', { name: 'collector' }).waitFor();
  });

  it('a user signs in with password and code in English', async () => {
    const secret = await enrolFromProfile('analyst');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByLabel('User name').fill('analyst');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Verification code' }).waitFor();
    await page.getByText('Enter the code shown by your authenticator app, or one of your recovery codes.').waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill('12345');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The code is wrong or has expired.').waitFor();
    await page.getByRole('textbox', { name: 'Code' }).fill(code(secret, 1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('button', { name: 'analyst' }).click();
    await page.getByRole('menuitem', { name: 'Sign-in methods' }).click();
    await page.getByTestId('totp-facts').getByText('Recovery codes left').waitFor();
  });
});
