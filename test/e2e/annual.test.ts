import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { openContext, type RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';

/*
 * The yearly cycle in the browser (issue 22), at the narrowest supported width (1024 px): the object administrator
 * starts the next year of the demo object closed with a label ("Neues Jahr beginnen"), the collector finds the
 * choice answers carried over and last year's figures beside the empty consumption inputs, enters one, and the
 * results page shows both years side by side; the object list filters labels expiring within 90 days.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const CLOSED = 'Wohn- und Geschäftshaus Bockenheim';

const tokenOf = async (userName: string): Promise<string> => {
  const login = await fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName, password: 'demo1234' }) });
  return ((await login.json()) as { accessToken: string }).accessToken;
};
const apiGet = async <T>(path: string): Promise<T> => (await (await fetch(`${portal.url}/api/${path}`, { headers: { Authorization: `Bearer ${await tokenOf('objectadmin')}` } })).json()) as T;
const objectIdOf = async (name: string): Promise<number> => {
  const { items } = await apiGet<{ items: { id: number; name: string }[] }>(`asset?page=1&pageSize=5&search=${encodeURIComponent(name)}`);
  return items.find((i) => i.name === name)!.id;
};
const toast = (p: Page, text: string | RegExp) => p.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

interface Filled {
  id: number;
  reportingYear: number;
  lastYear: { reportingYear: number; values: { questionId: number; inputAnswer: number }[] } | null;
  clusters: { categories: { id: number; sections: { id: number; questions: { id: number; type: string }[] }[] }[] }[];
  answers: { questionId: number; state: string | null; inputAnswer: number | null; multipleChoiceOption: number[] }[];
}

describe('the yearly cycle in the browser', () => {
  it('objectadmin renews the demo object, the collector sees the carried answers and last year\'s figures, enters one, and the results show both years', async () => {
    const id = await objectIdOf(CLOSED);
    const closed = await apiGet<Filled>(`asset/${id}/questionnaire/latest`);

    // --- the object administrator starts the next year on the closed questionnaire's data page
    await page.goto(`${portal.url}/asset-management/objects/${id}/false/questionnaire/${closed.id}/data`);
    await signIn(page, 'objectadmin');
    // One primary start on a closed object: the renewal. The blank start is a secondary choice that says what it loses.
    await page.getByRole('button', { name: 'Neues Jahr beginnen' }).waitFor();
    expect(await page.getByRole('button', { name: 'Fragebogen starten' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Leer beginnen (ohne Vorjahresantworten)' }).click();
    const blank = page.getByRole('dialog', { name: 'Leeren Fragebogen beginnen' });
    await blank.getByText(/Die Antworten des abgeschlossenen Fragebogens werden nicht übernommen/).waitFor();
    await blank.getByRole('button', { name: 'Abbrechen' }).click();
    await blank.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Neues Jahr beginnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Jahr beginnen' });
    await dialog.getByText(new RegExp(`Berichtsjahr ${closed.reportingYear + 1} beginnt mit den Antworten aus ${closed.reportingYear}`)).waitFor();
    await dialog.getByRole('button', { name: 'Neues Jahr beginnen' }).click();
    await toast(page, 'Der Fragebogen für das neue Jahr wurde angelegt.');
    await page.waitForURL((url) => /\/questionnaire\/\d+\/data$/.test(url.pathname) && !url.pathname.includes(`/questionnaire/${closed.id}/`));
    const next = await apiGet<Filled>(`asset/${id}/questionnaire/latest`);
    expect(next.id).not.toBe(closed.id);
    expect(next.reportingYear).toBe(closed.reportingYear + 1);

    // The administrator leaves the new questionnaire (its lock is given back), so that the collector can answer.
    await page.goto(`${portal.url}/asset-management/objects`);
    await fetch(`${portal.url}/api/asset/${id}/questionnaire/${next.id}/lock?isLocked=false`, { method: 'PUT', headers: { Authorization: `Bearer ${await tokenOf('objectadmin')}` } });

    // --- the collector opens a section with a carried choice answer and one with last year's figure
    const collector = await openContext(journey.browser, { viewport: VIEWPORT });
    const cPage = await collector.newPage();
    const placeOf = (questionId: number) => {
      for (const [ci, cluster] of next.clusters.entries()) {
        for (const category of cluster.categories) {
          for (const section of category.sections) {
            if (section.questions.some((q) => q.id === questionId)) return `cluster/${ci + 1}/category/${category.id}/section/${section.id}/question/${questionId}`;
          }
        }
      }
      throw new Error(`question ${questionId} not in the structure`);
    };
    const base = `${portal.url}/asset-management/objects/${id}/false/questionnaire/${next.id}`;
    const carried = next.answers.find((a) => a.state === 'Answered' && a.multipleChoiceOption.length > 0)!;
    await cPage.goto(`${base}/${placeOf(carried.questionId)}`);
    await signIn(cPage, 'collector');
    const carriedCard = cPage.locator(`#question-${carried.questionId}`);
    await carriedCard.getByText('Beantwortet', { exact: true }).waitFor();
    // Its change log names the year it came from.
    await carriedCard.getByRole('button', { name: 'Änderungsprotokoll' }).click();
    const log = cPage.getByRole('table', { name: 'Änderungsprotokoll der Frage' });
    await log.getByText('Aus dem Vorjahr übernommen').waitFor();
    await log.getByRole('cell', { name: String(closed.reportingYear), exact: true }).waitFor();
    await cPage.keyboard.press('Escape');

    const hint = next.lastYear!.values[0]!;
    await cPage.goto(`${base}/${placeOf(hint.questionId)}`);
    const valueCard = cPage.locator(`#question-${hint.questionId}`);
    const shown = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(hint.inputAnswer);
    await valueCard.getByText(new RegExp(`^Vorjahr ${next.lastYear!.reportingYear}: ${shown.replace('.', '\\.')}`)).waitFor();
    const input = valueCard.getByRole('textbox');
    expect(await input.inputValue()).toBe('');
    const entered = Math.round(hint.inputAnswer * 0.9 * 10) / 10;
    await input.fill(new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, useGrouping: false }).format(entered));
    await input.press('Tab');
    await valueCard.getByText(/^Gespeichert um \d\d:\d\d$/).waitFor();
    const saved = await apiGet<Filled>(`asset/${id}/questionnaire/latest`);
    expect(saved.answers.find((a) => a.questionId === hint.questionId)?.inputAnswer).toBe(entered);
    await collector.close();

    // --- the results page shows both years beside each other
    await page.goto(`${portal.url}/asset-management/objects/${id}/false/edit/results/${next.id}/overview`);
    const table = page.getByRole('table', { name: 'Vorjahresvergleich' });
    await table.waitFor();
    await table.getByRole('columnheader', { name: `Berichtsjahr ${closed.reportingYear}` }).waitFor();
    await table.getByRole('columnheader', { name: `Berichtsjahr ${next.reportingYear}` }).waitFor();
    expect(await table.getByRole('row', { name: /ECORE-Score/ }).textContent()).toMatch(/^ECORE-Score\d+,\d\d+,\d[+−±]\d+,\d$/);
    expect(await table.getByRole('row', { name: /Stranding-Zeitpunkt/ }).count()).toBe(1);
  });

  it('the object list filters the labels expiring within 90 days', async () => {
    await page.goto(`${portal.url}/asset-management/objects`);
    await signIn(page, 'objectadmin');
    const table = page.getByRole('table', { name: 'Liste der Objekte' });
    await table.getByText('Bürohaus Mainzer Landstraße').waitFor();
    // The filter lives in the address: the box is checked once the list has taken it (not at the click itself).
    const expiring = page.getByRole('checkbox', { name: 'Label läuft innerhalb von 90 Tagen ab' });
    await expiring.click();
    await expect.poll(() => expiring.isChecked()).toBe(true);
    await table.getByText('Praxis- und Bürohaus Heidelberg').waitFor();
    await expect.poll(() => table.getByText('Bürohaus Mainzer Landstraße').count()).toBe(0);
  });
});
