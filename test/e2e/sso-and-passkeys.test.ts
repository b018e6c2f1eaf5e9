import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../server/src/testing/oidc-provider.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { portalApi } from '../support/api.ts';
import { signIn, watchProblems } from '../support/journey.ts';
import { launchBrowser, openContext, startPortal, type RunningPortal } from '../support/portal.ts';

/*
 * Passkeys and single sign-on in the browser (docs/sign-in.md). The portal is reached as http://localhost:<port>: a
 * secure context with a domain name, as WebAuthn needs for its relying party (the portal's PUBLIC_URL). Passkeys live
 * in Chromium's virtual authenticator; single sign-on goes through a real OpenID Connect provider on 127.0.0.1 and its
 * own login page.
 */
let portal: RunningPortal;
let provider: TestOidcProvider;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  portal = await startPortal({ AUTH_RATE_LIMIT: '1000', PUBLIC_URL: 'http://localhost:0' });
  expect(portal.url).toMatch(/^http:\/\/localhost:\d+$/);
  provider = await startOidcProvider(`${portal.url}/login/sso`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await portal?.stop();
});
beforeEach(async () => {
  context = await openContext(browser, { viewport: { width: 1024, height: 900 } });
  ({ problems } = watchProblems(context));
  page = await context.newPage();
});
afterEach(async () => context?.close());

/** The API from the test's side, by the portal's IP address (Node may resolve localhost to ::1, where it does not listen). */
const api = portalApi(() => portal.url.replace('localhost', '127.0.0.1'));

async function openProfileItem(userName: string, item: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('passkeys', () => {
  it('a user adds a passkey after a password sign-in and then signs in with it alone, in German and in English', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await page.goto(`${portal.url}/login`);
    await signIn(page, 'collector');
    await page.waitForURL(`${portal.url}/`);
    await openProfileItem('collector', 'Anmeldeverfahren');
    await page.getByRole('heading', { name: 'Anmeldeverfahren' }).waitFor();
    await page.getByText('Noch kein Passkey eingerichtet.').waitFor();
    await page.getByLabel('Name des Passkeys (z. B. Laptop)').fill('Laptop im Büro');
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await page.getByText('Der Passkey ist eingerichtet').waitFor();
    const passkeys = page.getByTestId('passkeys');
    await passkeys.getByRole('cell', { name: 'Laptop im Büro', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Passkey Laptop im Büro entfernen' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'sign-in methods with a passkey');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await openProfileItem('collector', 'Abmelden');
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('button', { name: 'collector' }).waitFor();

    await openProfileItem('collector', 'Abmelden');
    await page.waitForURL(/\/login/);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${portal.url}/`);
    await openProfileItem('collector', 'Sign-in methods');
    await page.getByRole('heading', { name: 'Sign-in methods' }).waitFor();
    await page.getByRole('button', { name: 'Remove passkey Laptop im Büro' }).waitFor();
    // The last use is now shown, not "never".
    expect(await passkeys.getByRole('row').nth(1).innerText()).not.toContain('Never');
    await expectNoSeriousA11yViolations(page, 'sign-in methods in English');
    expect(problems).toEqual([]);
  });
});

describe('single sign-on', () => {
  const email = 'bank@beispielbank.example';
  beforeAll(async () => {
    const { organisationId } = await api.apiCall<{ organisationId: number }>('bank', 'GET', 'user/me');
    const settings = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, domains: ['beispielbank.example'], ssoOnly: false };
    await api.apiCall('admin', 'PUT', `organisations/${organisationId}/sso`, settings);
  });

  /** The provider's own login page (oidc-provider's development pages): any password is accepted for `as`. */
  async function signInAtProvider(as: string) {
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.locator('input[name="login"]').fill(as);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
  }
  const portalProblems = () => problems.filter((p) => p.includes(portal.url));

  it('an e-mail of the covered domain signs in through the organisation’s provider, without a password (German)', async () => {
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Benutzername').fill(email);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await signInAtProvider(email);
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('button', { name: 'bank' }).waitFor();
    await openProfileItem('bank', 'Anmeldeverfahren');
    await page.getByRole('heading', { name: 'Anmeldeverfahren' }).waitFor();
    const methods = await api.apiCall<{ sso: { available: boolean; lastUsedAt: string | null } }>('bank', 'GET', 'user/me/signInMethods');
    expect(methods.sso.available).toBe(true);
    expect(methods.sso.lastUsedAt).not.toBeNull();
    expect(portalProblems()).toEqual([]);
  });

  it('a provider’s answer for an address without an account is refused on the return page (English)', async () => {
    await page.goto(`${portal.url}/login`);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByLabel('User name').fill(email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInAtProvider('neu@beispielbank.example');
    await page.waitForURL(/\/login\/sso\?/);
    await page.getByRole('heading', { name: 'Sign-in through your organisation' }).waitFor();
    await page.getByText('There is no active portal account with this e-mail address in your organisation.', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the refused return from the provider');
    expect(await page.getByRole('button', { name: 'bank' }).count()).toBe(0);
  });
});
