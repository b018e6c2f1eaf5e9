import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';

/*
 * The worklist on the home page (docs/worklist.md), at the narrowest supported width: the tester finds the demo job in
 * review and opens its check screen from it; after the tester declines the demo office, the collector sees the decline
 * first, with the tester's reason, and one click opens the questionnaire to mend it. The account administrator finds
 * its paused demo webhook first, opens the webhooks screen from it (docs/webhooks.md), reads its deliveries, creates a
 * webhook (a refused address shown at its field, the secret shown once) and deletes it again. The object
 * administrator finds the demo buyer's access request, opens the access requests screen from it in one click and
 * approves it (docs/access-requests.md); the buyer then sees the object.
 */
const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
let problems: string[];
beforeEach(() => {
  ({ portal, page } = journey);
  problems = watchProblems(journey.context).problems;
});

const OFFICE = 'Bürohaus Mainzer Landstraße';
const IN_REVIEW = 'Büro Campus Adlershof';
const REASON = 'Der Zählerstand fehlt im Nachweis der Stromrechnung.';

const apiAs = async <T>(userName: string, method: string, path: string, body?: unknown): Promise<T> => {
  const login = await fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName, password: 'demo1234' }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(`${portal.url}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
};

const objectIdOf = async (name: string): Promise<number> => {
  const { items } = await apiAs<{ items: { id: number; name: string }[] }>('objectadmin', 'GET', `asset?page=1&pageSize=5&search=${encodeURIComponent(name)}`);
  return items.find((item) => item.name === name)!.id;
};

const worklist = (p: Page) => p.getByRole('region', { name: 'Was auf Sie wartet' });
const REQUESTED = 'Wohn- und Geschäftshaus Bockenheim'; // the demo buyer's open access request (demo-worklist.ts)

describe('the worklist on the home page', () => {
  it('shows the tester its job in review and opens the check screen from it', async () => {
    const id = await objectIdOf(IN_REVIEW);
    await page.goto(`${portal.url}/`);
    await signIn(page, 'tester');
    const item = worklist(page).getByRole('listitem').first();
    await item.getByText('Prüfauftrag').waitFor();
    await item.getByText('Wartet auf die Prüfung.').waitFor();
    await page.getByRole('link', { name: /^Startseite \(1 offen\)$/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the home page with the worklist');
    await item.getByRole('link', { name: IN_REVIEW }).click();
    await page.waitForURL(`${portal.url}/job-management/check/${id}/false/data`);
    expect(problems).toEqual([]);
  });

  it('puts the declined questionnaire first for the collector, with the reason, and opens it in one click', async () => {
    // The collector submits the office, the administrator assigns the tester, the tester rejects one answer and declines.
    const id = await objectIdOf(OFFICE);
    await apiAs('collector', 'PUT', `asset/state?assetId=${id}&state=Review&isBuyerAsset=false`);
    const testers = await apiAs<{ id: number; lastName: string }[]>('admin', 'GET', 'user/testers');
    await apiAs('admin', 'PUT', `asset/tester?assetId=${id}&testerId=${testers.find((t) => t.lastName === 'Tester')!.id}`);
    const filled = await apiAs<{ id: number; answers: { id: number; state: string | null }[] }>('tester', 'GET', `asset/${id}/questionnaire/latest?isBuyerAsset=false`);
    await apiAs('tester', 'PUT', `asset/answer/${filled.answers.find((a) => a.state === 'Answered')!.id}/review`, { decision: 'reject', comment: REASON });
    await apiAs('tester', 'PUT', `asset/state?assetId=${id}&state=Declined&isBuyerAsset=false`, { reason: REASON });

    await page.goto(`${portal.url}/`);
    await signIn(page, 'collector');
    const first = worklist(page).getByRole('listitem').first();
    await first.getByText('Fragebogen abgelehnt').waitFor();
    await first.getByText(`Begründung: „${REASON}“`).waitFor();
    await first.getByRole('link', { name: OFFICE }).click();
    await page.waitForURL(`${portal.url}/asset-management/objects/${id}/false/questionnaire/${filled.id}/data`);
    expect(problems).toEqual([]);
  });

  it('takes the administrator from its paused webhook to the webhooks screen, where it creates and deletes one', async () => {
    await page.goto(`${portal.url}/`);
    await signIn(page, 'admin');
    const first = worklist(page).getByRole('listitem').first();
    await first.getByText('Webhook pausiert').waitFor();
    await first.getByRole('link', { name: 'https://hooks.example.com/ecore/labels' }).click();
    await page.waitForURL(`${portal.url}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    const table = page.getByRole('table', { name: 'Webhooks' });
    await table.getByRole('row', { name: /hooks\.example\.com.*Pausiert/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await page.getByRole('button', { name: 'Zustellungen von https://hooks.example.com/ecore/labels' }).click();
    const deliveries = page.getByRole('table', { name: 'Die letzten 100 Zustellversuche' });
    await deliveries.getByRole('cell', { name: 'Zugestellt (200)' }).waitFor();
    expect(await deliveries.getByRole('row').count()).toBe(7);
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();

    await page.getByRole('button', { name: 'Webhook anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook anlegen' });
    await dialog.getByRole('textbox', { name: /^Adresse/ }).fill('http://hooks.example.org/ecore');
    await dialog.getByRole('checkbox', { name: /certificate\.issued/ }).check();
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Die Adresse muss mit https:// beginnen').waitFor();
    await expectNoSeriousA11yViolations(page, 'the create-webhook dialog with a refused address');
    // A portal in development may call the developer's own machine over plain http.
    await dialog.getByRole('textbox', { name: /^Adresse/ }).fill('http://127.0.0.1:9/ecore');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    const shown = page.getByRole('dialog', { name: 'Ihr Webhook-Geheimnis' });
    expect(await shown.getByRole('textbox', { name: 'Signatur-Geheimnis' }).inputValue()).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Kopieren' }).waitFor();
    await shown.getByRole('button', { name: 'Fertig' }).click();
    await table.getByRole('row', { name: /127\.0\.0\.1.*Aktiv/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the webhooks screen');

    await page.getByRole('button', { name: 'Löschen http://127.0.0.1:9/ecore' }).click();
    await page.getByRole('dialog', { name: 'Webhook löschen' }).getByRole('button', { name: 'Löschen' }).click();
    await table.getByRole('row', { name: /127\.0\.0\.1/ }).waitFor({ state: 'detached' });
    expect(await table.getByRole('row').count()).toBe(2);
    // The refused address is the one 400 the journey provokes (and the browser's console line about it).
    const provoked = (p: string) => /^400 for POST .*\/api\/webhooks$/.test(p) || /webhooks: Failed to load resource: .* 400/.test(p);
    expect(problems.filter(provoked)).toHaveLength(2);
    expect(problems.filter((p) => !provoked(p))).toEqual([]);
  });

  it('takes the object administrator from the demo buyer’s access request to the access requests screen, where it approves it', async () => {
    await page.goto(`${portal.url}/`);
    await signIn(page, 'objectadmin');
    const item = worklist(page).getByRole('listitem').filter({ hasText: 'Zugriffsanfrage' });
    await item.getByText('Käufer Wohnbau GmbH bittet um Lesezugriff auf das Objekt: freigeben oder ablehnen.').waitFor();
    await item.getByRole('link', { name: REQUESTED }).click();
    await page.waitForURL(`${portal.url}/asset-management/access-requests`);
    await page.getByRole('tab', { name: 'Zugriffsanfragen', selected: true }).waitFor();
    const open = page.getByRole('table', { name: 'Offene Zugriffsanfragen' });
    await open.getByRole('row', { name: new RegExp(REQUESTED) }).getByText('Käufer Wohnbau GmbH').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the access requests screen with an open request');

    await page.getByRole('button', { name: `Freigeben: ${REQUESTED} für Käufer Wohnbau GmbH` }).click();
    await page.getByText(`Käufer Wohnbau GmbH hat jetzt Lesezugriff auf „${REQUESTED}“.`).first().waitFor();
    await page.getByText('Keine offenen Zugriffsanfragen.').waitFor();
    const closed = page.getByRole('table', { name: 'Entschiedene und abgelaufene Zugriffsanfragen' });
    await closed.getByRole('row', { name: new RegExp(REQUESTED) }).getByText('Freigegeben').waitFor();
    const { items } = await apiAs<{ items: { name: string }[] }>('buyer', 'GET', 'asset?page=1&pageSize=50');
    expect(items.map((i) => i.name)).toContain(REQUESTED);

    // In English, the screen reads in English and stays clean for axe; the worklist has nothing of it left.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    await page.getByText('No open access requests.').waitFor();
    await page.getByRole('table', { name: 'Decided and expired access requests' }).getByText('Approved').waitFor();
    await expectNoSeriousA11yViolations(page, 'the access requests screen in English, decided');
    const worklistNow = await apiAs<{ counts: Record<string, number> }>('objectadmin', 'GET', 'user/me/worklist');
    expect(worklistNow.counts.accessRequests).toBe(0);
    expect(problems).toEqual([]);
  });
});
