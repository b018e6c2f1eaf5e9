import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';

/*
 * The worklist on the home page (docs/worklist.md), at the narrowest supported width: the tester finds the demo job in
 * review and opens its check screen from it; after the tester declines the demo office, the collector sees the decline
 * first, with the tester's reason, and one click opens the questionnaire to mend it.
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
});
