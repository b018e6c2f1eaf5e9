import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../support/portal.ts';
import { signIn, useJourney } from '../support/journey.ts';

/*
 * DOMAIN.md §5, "Figures given twice, and reference data that is missing", in the browser: the object administrator
 * changes the reporting year of the demo office on its data tab and sees the stranding year move on its results; a
 * collector types a total that disagrees with the carriers and sees the warning beside both figures, in German and
 * in English.
 */

const journey = useJourney();
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const OFFICE = 'Bürohaus Mainzer Landstraße';

interface Question {
  id: number;
  staticTitle: string;
}
interface Filled {
  id: number;
  reportingYear: number;
  reportingYearRange: { from: number; to: number };
  clusters: { categories: { id: number; sections: { id: number; questions: Question[] }[] }[] }[];
  answers: { questionId: number; inputAnswer: number | null }[];
}
type Outcome = { status: 'computed'; result: { misalignmentYear: number | null; beyond2050: boolean } } | { status: string };
interface ObjectScore {
  result: { stranding: { carbon: Outcome; energy: Outcome } };
}

const tokenOf = async (userName: string): Promise<string> => {
  const login = await fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName, password: 'demo1234' }) });
  return ((await login.json()) as { accessToken: string }).accessToken;
};
const api = async <T>(method: string, path: string, user = 'objectadmin'): Promise<T> => {
  const res = await fetch(`${portal.url}/api/${path}`, { method, headers: { Authorization: `Bearer ${await tokenOf(user)}` } });
  return (res.status === 204 ? null : await res.json()) as T;
};
const officeId = async (): Promise<number> => {
  const { items } = await api<{ items: { id: number; name: string }[] }>('GET', `asset?page=1&pageSize=5&search=${encodeURIComponent(OFFICE)}`);
  return items.find((i) => i.name === OFFICE)!.id;
};
const shownYear = (outcome: Outcome): string => {
  if (outcome.status !== 'computed' || !('result' in outcome)) throw new Error(`not computed: ${outcome.status}`);
  return outcome.result.beyond2050 ? 'nach 2050' : String(outcome.result.misalignmentYear);
};
const toast = (p: Page, text: string | RegExp) => p.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

describe('the reporting year and figures given twice', () => {
  it('objectadmin changes the reporting year on the data tab and sees the energy stranding year move', async () => {
    const id = await officeId();
    const filled = await api<Filled>('GET', `asset/${id}/questionnaire/latest`);
    const before = await api<ObjectScore>('GET', `asset/${id}/questionnaire/${filled.id}/score`);
    const to = filled.reportingYearRange.from + 5;
    expect(to).not.toBe(filled.reportingYear);

    await page.goto(`${portal.url}/asset-management/objects/${id}/false/questionnaire/${filled.id}/data`);
    await signIn(page, 'objectadmin');
    const facts = page.getByRole('table', { name: 'Angaben zum Fragebogen' });
    await facts.getByRole('row', { name: new RegExp(`Berichtsjahr\\s*${filled.reportingYear}`) }).waitFor();
    await facts.getByRole('button', { name: 'Ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Berichtsjahr ändern' });
    await dialog.getByRole('textbox', { name: 'Berichtsjahr' }).click();
    await page.getByRole('option', { name: String(to), exact: true }).click();
    await dialog.getByRole('button', { name: 'Berichtsjahr speichern' }).click();
    await toast(page, `Das Berichtsjahr ist jetzt ${to}.`);
    await facts.getByRole('row', { name: new RegExp(`Berichtsjahr\\s*${to}`) }).waitFor();

    const after = await api<ObjectScore>('GET', `asset/${id}/questionnaire/${filled.id}/score`);
    // The office's carriers (142.5 kWh/m²/a) lie above the demo energy pathway from 2023 on: reported for the year
    // before today they strand at once; reported for an earlier year, in 2023.
    expect(shownYear(after.result.stranding.energy)).not.toBe(shownYear(before.result.stranding.energy));

    await page.getByRole('tablist', { name: 'Bereiche des Objekts' }).getByRole('tab', { name: 'Ergebnis' }).click();
    const stranding = page.getByRole('group', { name: 'Stranding-Zeitpunkt' });
    await expect.poll(() => stranding.getByTestId('stranding-energy').textContent()).toBe(shownYear(after.result.stranding.energy));
    await expect.poll(() => stranding.getByTestId('stranding-carbon').textContent()).toBe(shownYear(after.result.stranding.carbon));

    // The change is in the questionnaire's change log; the administrator gives the lock back for the collector.
    const log = await api<{ questionId: number; kind: string; newValue: string }[]>('GET', `asset/${id}/questionnaire/${filled.id}/changelog`);
    expect(log[0]).toMatchObject({ questionId: 0, kind: 'ModifiedReportingYear', newValue: String(to) });
    await api('PUT', `asset/${id}/questionnaire/${filled.id}/lock?isLocked=false`);
  });

  it('a collector types a total that disagrees with the carriers and sees the warning beside both, in German and in English', async () => {
    const id = await officeId();
    const filled = await api<Filled>('GET', `asset/${id}/questionnaire/latest`);
    const questions = filled.clusters.flatMap((c, ci) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions.map((q) => ({ ...q, path: `cluster/${ci + 1}/category/${cat.id}/section/${s.id}/question/${q.id}` })))));
    const total = questions.find((q) => q.staticTitle === 'E-1.1')!;
    const grid = questions.find((q) => q.staticTitle === 'E-1.2')!;
    const carriers = ['E-1.2', 'E-1.3', 'E-1.4', 'E-1.5', 'E-1.6', 'E-1.7'].flatMap((t) => {
      const q = questions.find((x) => x.staticTitle === t);
      const answer = q && filled.answers.find((a) => a.questionId === q.id)?.inputAnswer;
      return answer === null || answer === undefined ? [] : [answer];
    });
    const sum = carriers.reduce((a, b) => a + b, 0);
    const de = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(sum);
    const en = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(sum);

    await page.goto(`${portal.url}/asset-management/objects/${id}/false/questionnaire/${filled.id}/${total.path}`);
    await signIn(page, 'collector');
    const totalCard = page.locator(`#question-${total.id}`);
    const gridCard = page.locator(`#question-${grid.id}`);
    const input = totalCard.getByRole('textbox');
    await input.fill('100');
    await input.press('Tab');
    await totalCard.getByText(/^Gespeichert um \d\d:\d\d$/).waitFor();

    const german = `Die Energieträger ergeben zusammen ${de} kWh/m²/a, der angegebene Gesamtwert ist 100 kWh/m²/a (mehr als 2 % Abweichung). Für die Bewertung zählen die Energieträger.`;
    await totalCard.getByText(german).waitFor();
    await gridCard.getByText(german).waitFor();
    await totalCard.getByText('Gesamtwert und Energieträger weichen voneinander ab').waitFor();

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    const english = `The energy carriers add up to ${en} kWh/m²/a, the total given is 100 kWh/m²/a (more than 2 % apart). The score uses the carriers.`;
    await totalCard.getByText(english).waitFor();
    await gridCard.getByText(english).waitFor();

    // Typing the carriers' sum as the total takes the warning away; nothing was ever refused.
    await input.fill(en);
    await input.press('Tab');
    await totalCard.getByText(/^Saved at \d\d:\d\d$/).waitFor();
    await expect.poll(() => totalCard.getByText(english).count()).toBe(0);
    await expect.poll(() => gridCard.getByText(/^The energy carriers add up to/).count()).toBe(0);
  });
});
