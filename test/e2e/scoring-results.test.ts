import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatScore } from '@ecore/core/scoring/display.ts';
import type { CrremReport } from '@ecore/core/scoring/crrem-report.ts';
import type { ScoreResult } from '@ecore/core/scoring/score.ts';
import { formatLocaleNumber } from '@ecore/core/shared/locale-number.ts';
import type { RunningPortal } from '../support/portal.ts';
import { chooseOption, signIn, useJourney, watchProblems } from '../support/journey.ts';
import { expectNoSeriousA11yViolations } from '../support/a11y.ts';
import { expectNoBrokenWords } from '../support/words.ts';

/*
 * Results and the what-if in the browser (issue 15), at the narrowest supported width (1024 px): the object
 * administrator opens the results of the demo office answered in full (server/src/demo/demo-answers.ts) from the
 * object page, sees the ECORE total, the cluster bars and the stranding years, changes an answer in the what-if
 * and sees the total move by exactly what the server's preview computes; nothing is saved. The object analyst of
 * the same (member) organisation walks its day without a dead end: its home says what it reads, the objects and
 * questionnaires open, no menu entry or tab leads to results or the dashboard it may not see (spec 02 §6), and a
 * typed results address gives the true reason, never an invitation to become a member.
 */

const VIEWPORT = { width: 1024, height: 900 };
const journey = useJourney(VIEWPORT);
let portal: RunningPortal;
let page: Page;
beforeEach(() => {
  ({ portal, page } = journey);
});

const OFFICE = 'Bürohaus Mainzer Landstraße';

const tokenOf = async (userName: string): Promise<string> => {
  const login = await fetch(`${portal.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName, password: 'demo1234' }),
  });
  return ((await login.json()) as { accessToken: string }).accessToken;
};

const apiCall = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${portal.url}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${await tokenOf('objectadmin')}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

interface Question {
  id: number;
  type: string;
  translations: { language: string; title: string }[];
  options: { id: number; score: number; text: string; translations: { language: string; text: string }[] }[];
}
interface Filled {
  id: number;
  clusters: { categories: { sections: { questions: Question[] }[] }[] }[];
  answers: { questionId: number; multipleChoiceOption: number[]; state: string | null }[];
}
interface ObjectScore {
  result: ScoreResult;
}

const deTitle = (q: Question) => q.translations.find((t) => t.language === 'de')?.title ?? '';
const deText = (o: Question['options'][number]) => o.translations.find((t) => t.language === 'de')?.text ?? o.text;

describe('results and the what-if in the browser', () => {
  it('objectadmin opens the results of the fully answered office, sees the total, the cluster bars and the stranding years, and moves the total in the what-if', async () => {
    const { items } = await apiCall<{ items: { id: number; name: string }[] }>('GET', `asset?page=1&pageSize=5&search=${encodeURIComponent(OFFICE)}`);
    const office = items.find((item) => item.name === OFFICE)!.id;
    const filled = await apiCall<Filled>('GET', `asset/${office}/questionnaire/latest?isBuyerAsset=false`);
    const stored = await apiCall<ObjectScore>('GET', `asset/${office}/questionnaire/${filled.id}/score`);
    expect(stored.result.ecore).not.toBeNull();

    // A single-choice question the demo answered below its best option: its best option raises the total.
    const questions = new Map(filled.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions))).map((q) => [q.id, q]));
    const scored = stored.result.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
    const target = scored.find((q) => q.type === 'SingleChoice' && q.counted && q.points < q.maximum && q.questionId !== null)!;
    const question = questions.get(target.questionId!)!;
    const best = [...question.options].sort((a, b) => b.score - a.score)[0]!;
    const moved = await apiCall<ObjectScore>('POST', `asset/${office}/questionnaire/${filled.id}/score/preview`, [
      { questionId: question.id, inputAnswer: null, multipleChoiceOption: [best.id] },
    ]);
    expect(moved.result.ecore!).toBeGreaterThan(stored.result.ecore!);

    // --- from the object page to its results
    await page.goto(`${portal.url}/asset-management/objects/${office}/false/edit/data`);
    await signIn(page, 'objectadmin');
    await page.getByRole('tablist', { name: 'Bereiche des Objekts' }).getByRole('tab', { name: 'Ergebnis' }).click();
    await page.waitForURL(new RegExp(`/asset-management/objects/${office}/false/edit/results/${filled.id}/overview$`));

    // --- the total in one decimal, the cluster bars, the stranding years
    const ecore = page.getByRole('group', { name: 'ECORE-Score' });
    await expect.poll(() => ecore.getByTestId('score-value').textContent()).toBe(formatScore(stored.result.ecore, 'de'));
    const bars = page.getByRole('region', { name: 'Ergebnis je Cluster' }).getByRole('progressbar');
    expect(await bars.count()).toBe(stored.result.clusters.length);
    await page.getByRole('progressbar', { name: 'I Governance' }).waitFor();
    await expectNoSeriousA11yViolations(page, "the object's results");
    const stranding = page.getByRole('group', { name: 'Stranding-Zeitpunkt' });
    for (const metric of ['carbon', 'energy'] as const) {
      const outcome = stored.result.stranding[metric];
      const shown = (await stranding.getByTestId(`stranding-${metric}`).textContent()) ?? '';
      if (outcome.status === 'computed') expect(shown).toBe(outcome.result.beyond2050 ? 'nach 2050' : String(outcome.result.misalignmentYear));
      else expect(shown).not.toBe('');
    }
    await page.getByText('Vorläufige Bewertung, noch nicht geprüft').waitFor();

    // --- the what-if: the best option of that question moves the total, and nothing is saved
    const whatIf = page.getByRole('region', { name: 'Was-wäre-wenn' });
    await whatIf.getByText('Nichts wird gespeichert: Die Antworten des Fragebogens bleiben, wie sie sind.').waitFor();
    const typed = deTitle(question).slice(0, 30);
    // A visible option: the list of another select may keep its options in the document, hidden.
    const offered = page.getByRole('option', { name: new RegExp(typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).filter({ visible: true }).first();
    await chooseOption(whatIf.getByRole('textbox', { name: 'Frage' }), typed, offered);
    await whatIf.getByRole('radio', { name: deText(best), exact: true }).check();
    const total = whatIf.getByRole('table', { name: 'Vorher und nachher' }).getByRole('row', { name: /ECORE-Score/ });
    const after = formatScore(moved.result.ecore, 'de');
    await expect.poll(() => total.getByRole('cell').nth(1).textContent()).toBe(after);
    expect(await total.getByRole('cell').nth(0).textContent()).toBe(formatScore(stored.result.ecore, 'de'));
    expect(await total.getByRole('cell').nth(2).textContent()).toMatch(/^\+\d/);

    const again = await apiCall<ObjectScore>('GET', `asset/${office}/questionnaire/${filled.id}/score`);
    expect(again.result.ecore).toBe(stored.result.ecore);

    await whatIf.getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect.poll(() => total.getByRole('cell').nth(1).textContent()).toBe('–');

    // --- the details list every question with its points
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/\/details$/);
    await page.getByRole('row', { name: new RegExp(deTitle(question).slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor();
  });

  it('objectadmin sees the CRREM report of the demo office as a chart with its table beside it, in German and in English, and downloads it as xlsx', async () => {
    const { items } = await apiCall<{ items: { id: number; name: string }[] }>('GET', `asset?page=1&pageSize=5&search=${encodeURIComponent(OFFICE)}`);
    const office = items.find((item) => item.name === OFFICE)!.id;
    const filled = await apiCall<Filled>('GET', `asset/${office}/questionnaire/latest?isBuyerAsset=false`);
    const { reportingYear, report } = await apiCall<{ reportingYear: number; report: CrremReport }>('GET', `asset/${office}/questionnaire/${filled.id}/crrem`);
    expect(report.carbon.status).toBe('computed');

    await page.goto(`${portal.url}/asset-management/objects/${office}/false/edit/results/${filled.id}/overview`);
    await signIn(page, 'objectadmin');
    const card = page.getByRole('region', { name: 'CRREM-Bericht' });
    await card.getByRole('img', { name: 'Intensität, Pfad und Überschreitung je Jahr (kg CO2e/m²/a)' }).locator('svg').first().waitFor();
    const table = card.getByRole('table', { name: 'CRREM-Bericht je Jahr' });
    await expect.poll(() => table.getByRole('row').count()).toBe(1 + 2051 - reportingYear);
    expect(await table.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe(String(reportingYear));
    expect(await table.getByRole('columnheader').last().textContent()).toBe('Überschussemissionen (t CO2e)');
    const carbon = report.carbon.status === 'computed' ? report.carbon : null;
    await card.getByText(carbon!.beyond2050 ? 'Verlassen des Pfads: nach 2050' : `Verlassen des Pfads: ${carbon!.misalignmentYear}`).waitFor();
    await card.getByText(`Überschussemissionen bis 2050: ${formatLocaleNumber(report.cumulativeExcessEmissions!, 'de', 1)} t CO2e`).waitFor();
    // At 1024 px the chart and the table stand side by side.
    const [chartBox, tableBox] = await Promise.all([card.getByRole('img').first().boundingBox(), table.boundingBox()]);
    expect(tableBox!.x).toBeGreaterThan(chartBox!.x + chartBox!.width - 1);
    await expectNoSeriousA11yViolations(page, 'the CRREM report');
    // The data quality of the figures beside the score (issue 40): the shares by provenance add up to 100 %.
    const quality = page.getByRole('table', { name: 'Datenqualität' });
    await quality.getByRole('row', { name: /^Gemessen / }).waitFor();
    const shares = await quality.getByRole('row').evaluateAll((rows) => rows.slice(0, 4).map((r) => Number(r.querySelector('td')!.textContent!.replace(/[^\d,]/g, '').replace(',', '.'))));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'CRREM-Bericht als xlsx herunterladen' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^CRREM-Objekt-${office}-${reportingYear}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption({ label: 'English' });
    const english = page.getByRole('region', { name: 'CRREM report' });
    await english.getByRole('table', { name: 'CRREM report per year' }).getByRole('columnheader', { name: 'Excess emissions (t CO2e)' }).waitFor();
    await english.getByText(`Excess emissions to 2050: ${formatLocaleNumber(report.cumulativeExcessEmissions!, 'en', 1)} t CO2e`).waitFor();
    await english.getByRole('button', { name: 'Download the CRREM report as xlsx' }).waitFor();
    await page.getByRole('table', { name: 'Data quality' }).getByRole('row', { name: /^Measured / }).waitFor();
    await expectNoBrokenWords(page, 'the CRREM report in English');
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  });

  it("objectadmin opens a group's results from the group row's show-score button: the BGF-weighted total, its objects, the details", async () => {
    const { items } = await apiCall<{ items: { id: number; name: string; assetGroupId: number; assetGroupName: string }[] }>(
      'GET',
      `asset?page=1&pageSize=5&search=${encodeURIComponent(OFFICE)}`,
    );
    const office = items.find((item) => item.name === OFFICE)!;
    const score = await apiCall<{ result: { ecore: number | null } }>('GET', `AssetGroup/${office.assetGroupId}/score`);

    await page.goto(`${portal.url}/asset-management/object-groups?search=${encodeURIComponent(office.assetGroupName)}`);
    await signIn(page, 'objectadmin');
    await page.getByRole('button', { name: `Bewertung von ${office.assetGroupName} anzeigen` }).click();
    await page.waitForURL(new RegExp(`/asset-management/object-groups/${office.assetGroupId}/results/overview$`));
    await page.getByRole('heading', { name: office.assetGroupName }).waitFor();
    const ecore = page.getByRole('group', { name: 'ECORE-Score' });
    await expect.poll(() => ecore.getByTestId('score-value').textContent()).toBe(formatScore(score.result.ecore, 'de'));
    await page.getByRole('region', { name: 'Ergebnis je Cluster' }).getByRole('progressbar', { name: 'I Governance' }).waitFor();
    await page.getByRole('table', { name: 'Objekte mit ihrer Bewertung' }).getByRole('link', { name: `Ergebnis von ${OFFICE} öffnen` }).waitFor();

    // The portfolio's CRREM report (issue 41): its table has a row per year to 2050 and its excess emissions to 2050
    // are what GET assetGroup/{id}/crrem answers.
    const crrem = await apiCall<{ report: CrremReport }>('GET', `assetGroup/${office.assetGroupId}/crrem`);
    expect(crrem.report.years.length).toBeGreaterThan(0);
    const card = page.getByRole('region', { name: 'CRREM-Bericht' });
    await card.getByRole('img', { name: 'Intensität, Pfad und Überschreitung je Jahr (kg CO2e/m²/a)' }).locator('svg').first().waitFor();
    await expect.poll(() => card.getByRole('table', { name: 'CRREM-Bericht je Jahr' }).getByRole('row').count()).toBe(1 + crrem.report.years.length);
    expect(crrem.report.years.at(-1)!.year).toBe(2050);
    if (crrem.report.cumulativeExcessEmissions !== null)
      await card.getByText(`Überschussemissionen bis 2050: ${formatLocaleNumber(crrem.report.cumulativeExcessEmissions, 'de', 1)} t CO2e`).waitFor();
    await card.getByRole('button', { name: 'CRREM-Bericht als xlsx herunterladen' }).waitFor();

    await page.getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/\/results\/details$/);
    await page.getByRole('region', { name: 'I Governance' }).getByRole('progressbar', { name: 'I Governance' }).waitFor();
    await page.getByText(/\d+ von \d+ Objekten bewertet/).waitFor();
  });

  it('the object analyst: home, objects, an object and its questionnaire, no results tab, no dashboard, and the true reason at a typed results address; its main screen in English', async () => {
    const { problems } = watchProblems(journey.context);
    const { items } = await apiCall<{ items: { id: number; name: string }[] }>('GET', `asset?page=1&pageSize=5&search=${encodeURIComponent(OFFICE)}`);
    const office = items.find((item) => item.name === OFFICE)!.id;
    const filled = await apiCall<Filled>('GET', `asset/${office}/questionnaire/latest?isBuyerAsset=false`);

    // --- home: what the analyst can do, and only the menu entries it may use
    await page.goto(`${portal.url}/`);
    await signIn(page, 'analyst');
    const cards = page.getByRole('region', { name: 'Schnellzugriff' });
    await cards.getByRole('link', { name: /^Objekte einsehen/ }).waitFor();
    const menu = page.getByRole('navigation').first();
    await menu.getByRole('link', { name: 'Objektverwaltung' }).waitFor();
    expect(await page.getByRole('link', { name: /Analyse/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Auftragsverwaltung' }).count()).toBe(0);

    // --- the objects, read only
    await cards.getByRole('link', { name: /^Objekte einsehen/ }).click();
    await page.waitForURL(/\/asset-management\/objects$/);
    const list = page.getByRole('table', { name: 'Liste der Objekte' });
    await list.getByRole('link', { name: OFFICE }).waitFor();
    await expectNoBrokenWords(page);
    // No score column for a role that sees no scores: it would read a dash in every row.
    await list.getByRole('columnheader', { name: 'Ort' }).waitFor();
    expect(await list.getByRole('columnheader', { name: 'Score' }).count()).toBe(0);
    await list.getByRole('link', { name: OFFICE }).click();

    // --- the object: data and questionnaire, no results tab, no score in its header
    await page.waitForURL(new RegExp(`/asset-management/objects/${office}/false/edit/data$`));
    const areas = page.getByRole('tablist', { name: 'Bereiche des Objekts' });
    await areas.getByRole('tab', { name: 'Fragebogen' }).waitFor();
    expect(await areas.getByRole('tab', { name: 'Ergebnis' }).count()).toBe(0);
    expect(await page.getByText(/^Score:/).count()).toBe(0);
    await areas.getByRole('tab', { name: 'Fragebogen' }).click();
    await page.waitForURL(new RegExp(`/questionnaire/${filled.id}/data$`));
    await page.getByRole('table', { name: 'Angaben zum Fragebogen' }).waitFor();
    expect(await page.getByText('Werden Sie Mitglied, um die Bewertung Ihrer Objekte zu sehen.').count()).toBe(0);

    // --- a typed results address: the true reason, never "become a member"
    await page.goto(`${portal.url}/asset-management/objects/${office}/false/edit/results/${filled.id}`);
    await page.getByText(/^Bewertungen sehen Objektadministratoren, Datenerfasser und die Prüfer\./).waitFor();
    expect(await page.getByText('Werden Sie Mitglied, um die Bewertung Ihrer Objekte zu sehen.').count()).toBe(0);

    // --- the same in English
    await page.evaluate(() => localStorage.setItem('ecore.locale', 'en'));
    await page.goto(`${portal.url}/`);
    await page.getByRole('region', { name: 'Quick links' }).getByRole('link', { name: /^Read objects/ }).waitFor();
    await page.goto(`${portal.url}/asset-management/objects`);
    const english = page.getByRole('table', { name: 'List of objects' });
    await english.getByRole('columnheader', { name: 'Location' }).waitFor();
    await english.getByRole('link', { name: OFFICE }).waitFor();
    await expectNoBrokenWords(page);
    await page.goto(`${portal.url}/asset-management/objects/${office}/false/edit/data`);
    const englishAreas = page.getByRole('tablist', { name: 'Areas of the object' });
    await englishAreas.getByRole('tab', { name: 'Questionnaire' }).waitFor();
    expect(await englishAreas.getByRole('tab', { name: 'Results' }).count()).toBe(0);

    expect(problems).toEqual([]);
  });
});
