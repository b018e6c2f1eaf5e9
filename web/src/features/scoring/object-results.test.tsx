// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { objectCrremReport } from '@ecore/core/scoring/crrem-report.ts';
import { describeMissing } from '@ecore/core/scoring/reference-lookup.ts';
import type { StrandingOutcome } from '@ecore/core/scoring/score.ts';
import { yearOverYear, type YearFigures } from '@ecore/core/scoring/year-over-year.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import { deviationQuestion, strategyQuestion } from '../answering/test-questionnaire.ts';
import { ObjectResultsDetails } from './object-results-details.tsx';
import { ObjectResultsOverview } from './object-results-overview.tsx';
import { ObjectResultsPage } from './object-results-page.tsx';
import type { ObjectScore, WhatIfAnswer } from './scoring-api.ts';
import { ANALYST, BUYER, computedStranding, OBJECT_ADMIN, objectScore, testFilled, testResult } from './test-scores.ts';

/*
 * An object's results with the server stubbed by core (test-scores.ts): the total and the cluster bars in their
 * classification colours, "unverified" until verified, the stranding year ("nach 2050", never 2050), the "why" of
 * a virtual question, the what-if through the preview, and the invitation to become a member for those without a
 * score role (core mayViewScore).
 */

const api = vi.hoisted(() => ({ fetchObjectScore: vi.fn(), previewScore: vi.fn(), fetchObjectYearOverYear: vi.fn(), fetchCrrem: vi.fn(), downloadCrrem: vi.fn() }));
vi.mock(import('./scoring-api.ts'), async (original) => ({ ...(await original()), ...api }));
vi.mock(import('../answering/answering-api.ts'), async (original) => ({
  ...(await original()),
  fetchFilled: async () => testFilled(),
  fetchRuns: async () => [],
  fetchObjectSummary: async () => ({ id: 7, objectName: 'Bürohaus Mainzer Landstraße', organisationId: 1, assetGroupId: 3, canEdit: true, isBuyerAsset: false }),
}));
const current = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session, getToken: () => 'token' }));

const base = '/asset-management/objects/7/false/edit/results/5';

const open = async (tab: 'overview' | 'details', { session = OBJECT_ADMIN, language = 'de' }: { session?: Session; language?: Language } = {}) => {
  current.session = session;
  const router = createMemoryRouter(
    [
      {
        path: '/asset-management/objects/:assetId/:isBuyerAsset/edit/results/:questionnaireId',
        element: <ObjectResultsPage />,
        children: [
          { path: 'overview', element: <ObjectResultsOverview /> },
          { path: 'details', element: <ObjectResultsDetails /> },
        ],
      },
    ],
    { initialEntries: [`${base}/${tab}`] },
  );
  return { router, ...(await renderUi(<RouterProvider router={router} />, { language })) };
};

const scoreCard = (name: string) => screen.findByRole('group', { name });
const clusterBar = (name: string) => within(screen.getByRole('region', { name: /Ergebnis je Cluster|Results per cluster/ })).getByRole('progressbar', { name });
/** The percentage shown beside a cluster's bar. */
const barFigure = (name: string) => clusterBar(name).closest('[data-classification]')!.lastElementChild!.textContent;

let served: ObjectScore;
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  served = objectScore();
  api.fetchObjectScore.mockImplementation(async () => served);
  api.previewScore.mockImplementation(async (_asset: number, _qid: number, changes: WhatIfAnswer[]) => objectScore(testResult(changes)));
  api.fetchObjectYearOverYear.mockImplementation(async () => ({ current: lastYear(2025, 5000), previous: null, comparison: null }));
  api.fetchCrrem.mockImplementation(async () => ({ assetId: 7, questionnaireId: 5, reportingYear: 2025, report: objectCrremReport({ carbon: { status: 'not-reported' }, energy: { status: 'not-reported' } }, 5000, 2025) }));
  api.downloadCrrem.mockResolvedValue(undefined);
});

/** One year's figures as the server answers them (core objectYearFigures). */
const lastYear = (reportingYear: number, area: number, finalEnergy = 120, ecore = 60): YearFigures => ({
  reportingYear,
  ecore,
  clusters: [{ clusterIdentifier: 'I', score: 50 }],
  stranding: { year: 2031, beyond2050: false },
  consumption: { finalEnergy, co2: 30, water: null, waste: 2 },
  area,
});

describe('year over year on the results overview (issue 22)', () => {
  it("shows last year's total, clusters, stranding year and consumption beside this year's with the difference", async () => {
    const previous = lastYear(2024, 5000);
    const now = { ...lastYear(2025, 5000, 90, 66), stranding: { year: 2035, beyond2050: false } };
    api.fetchObjectYearOverYear.mockImplementation(async () => ({ current: now, previous, comparison: yearOverYear(previous, now) }));
    await open('overview');
    const table = await screen.findByRole('table', { name: 'Vorjahresvergleich' });
    expect(api.fetchObjectYearOverYear).toHaveBeenCalledWith(7, 5);
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(within(table).getByRole('columnheader', { name: 'Berichtsjahr 2024' })).toBeTruthy();
    expect(row(/ECORE-Score/).textContent).toBe('ECORE-Score60,066,0+6,0');
    // A cluster by its number and name.
    expect(row(/^I Governance/).textContent).toMatch(/^I Governance\d/);
    expect(row(/Stranding-Zeitpunkt/).textContent).toContain('+4 Jahre');
    expect(row(/Endenergie/).textContent).toContain('−25 %');
  });

  it('marks consumption not comparable where the gross floor area changed', async () => {
    const previous = lastYear(2024, 5000);
    const now = lastYear(2025, 6000, 90);
    api.fetchObjectYearOverYear.mockImplementation(async () => ({ current: now, previous, comparison: yearOverYear(previous, now) }));
    await open('overview', { language: 'en' });
    const table = await screen.findByRole('table', { name: 'Year over year' });
    expect(within(table).getAllByText('not comparable')).toHaveLength(4);
  });

  it('shows no comparison for a questionnaire that was not started as next year', async () => {
    await open('overview');
    await scoreCard('ECORE-Score');
    await waitFor(() => expect(api.fetchObjectYearOverYear).toHaveBeenCalled());
    expect(screen.queryByRole('table', { name: 'Vorjahresvergleich' })).toBeNull();
  });
});

describe('the results overview of an object', () => {
  it("leads with core's ECORE total in one decimal and its classification colour, and says it is unverified", async () => {
    await open('overview');
    const ecore = await scoreCard('ECORE-Score');
    // Cluster I at 3 of 6 points: 50 → "50,0", Intermediate (yellow).
    const value = within(ecore).getByTestId('score-value');
    expect(value.textContent).toBe('50,0');
    expect(value.dataset.classification).toBe('Intermediate');
    expect(value.getAttribute('style') ?? value.className).toMatch(/yellow/);
    expect(within(ecore).getByText('Mittel')).toBeTruthy();
    expect(screen.getByText('Vorläufige Bewertung, noch nicht geprüft')).toBeTruthy();
    expect(api.fetchObjectScore).toHaveBeenCalledWith(7, 5);
  });

  it('shows "verified" instead of "unverified" once the score is verified', async () => {
    served = objectScore(testResult(), { verified: true, assetQuestionnaireState: 'Closed' });
    await open('overview');
    await scoreCard('ECORE-Score');
    expect(screen.getByText('Geprüft')).toBeTruthy();
    expect(screen.queryByText('Vorläufige Bewertung, noch nicht geprüft')).toBeNull();
  });

  it('draws a bar per cluster with its ratio in the colour of its classification; a cluster where nothing counts is grey with a dash', async () => {
    await open('overview');
    await scoreCard('ECORE-Score');
    const governance = clusterBar('I Governance');
    expect(barFigure('I Governance')).toBe('50,0 %');
    expect(governance.getAttribute('style')).toMatch(/yellow/);
    const consumption = clusterBar('II Verbrauch und Emissionen');
    expect(barFigure('II Verbrauch und Emissionen')).toBe('–');
    expect(consumption.getAttribute('style')).toMatch(/gray/);
  });

  it('colours a Positive cluster green and a Negative one red', async () => {
    const result = testResult();
    result.clusters[0] = { ...result.clusters[0]!, ratio: 0.7, classification: 'Positive' };
    result.clusters[1] = { ...result.clusters[1]!, ratio: 0.2, classification: 'Negative' };
    served = objectScore(result);
    await open('overview');
    await scoreCard('ECORE-Score');
    expect(clusterBar('I Governance').getAttribute('style')).toMatch(/green/);
    expect(barFigure('I Governance')).toBe('70,0 %');
    expect(clusterBar('II Verbrauch und Emissionen').getAttribute('style')).toMatch(/red/);
  });

  it('shows the stranding year, "nach 2050" where the projection never leaves the pathway (never 2050)', async () => {
    served = objectScore({ ...testResult(), stranding: { carbon: computedStranding(null), energy: computedStranding(2036) } });
    await open('overview');
    const stranding = await scoreCard('Stranding-Zeitpunkt');
    expect(within(stranding).getByTestId('stranding-carbon').textContent).toBe('nach 2050');
    expect(within(stranding).getByTestId('stranding-energy').textContent).toBe('2036');
    expect(stranding.textContent).not.toContain('2050 ');
    expect(within(stranding).queryByText('2050')).toBeNull();
  });

  it('draws the curves to 2050 against the pathway, also as a table with the stranding year marked', async () => {
    const years = [2025, 2026, 2027].map((year, i) => ({ year, intensity: 40, pathway: 42 - 2 * i }));
    served = objectScore({
      ...testResult(),
      stranding: { carbon: { status: 'computed', result: { misalignmentYear: 2026, beyond2050: false, years, source: 'reported' } }, energy: { status: 'not-reported' } },
    });
    const { user } = await open('overview');
    const curves = await screen.findByRole('region', { name: 'Verlauf bis 2050' }, { timeout: 15_000 });
    await user.click(within(curves).getByText('Tabelle'));
    const table = within(curves).getByRole('table', { name: 'Verlauf bis 2050' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['JahrObjekt (kg CO2e/m²/a)Pfad (kg CO2e/m²/a)', '20254042', '20264040', '20274038']);
    const rows = within(table).getAllByRole('row');
    expect(rows[2]!.getAttribute('style')).toMatch(/font-weight: ?700/);
    expect(rows[1]!.getAttribute('style') ?? '').not.toMatch(/font-weight/);
  });

  describe('the CRREM report (issue 41)', () => {
    // 5 000 m², carbon 40 kg/m² against a pathway falling 2 kg a year from 42: above it from 2027, 2 kg × 5 t = 10 t.
    const carbon: StrandingOutcome = {
      status: 'computed',
      result: { misalignmentYear: 2027, beyond2050: false, years: [2025, 2026, 2027].map((year, i) => ({ year, intensity: 40, pathway: 42 - 2 * i })), source: 'carriers' },
    };
    beforeEach(() => {
      api.fetchCrrem.mockImplementation(async () => ({ assetId: 7, questionnaireId: 5, reportingYear: 2025, report: objectCrremReport({ carbon, energy: { status: 'not-reported' } }, 5000, 2025) }));
    });

    it('shows the chart with the table beside it: excess and excess emissions per year, the misalignment year, the sum to 2050', async () => {
      const { user } = await open('overview');
      const card = await screen.findByRole('region', { name: 'CRREM-Bericht' }, { timeout: 15_000 });
      expect(within(card).getByRole('img', { name: 'Intensität, Pfad und Überschreitung je Jahr (kg CO2e/m²/a)' })).toBeTruthy();
      const table = within(card).getByRole('table', { name: 'CRREM-Bericht je Jahr' });
      expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
        'JahrIntensität (kg CO2e/m²/a)Pfad (kg CO2e/m²/a)Über dem Pfad (kg CO2e/m²/a)Überschussemissionen (t CO2e)',
        '2025404200',
        '2026404000',
        '20274038210',
      ]);
      expect(card.textContent).toContain('Verlassen des Pfads: 2027');
      expect(card.textContent).toContain('Überschussemissionen bis 2050: 10 t CO2e');
      expect(card.textContent).toContain('Fläche: 5.000 m²');
      await user.click(within(card).getByRole('button', { name: 'CRREM-Bericht als xlsx herunterladen' }));
      expect(api.downloadCrrem).toHaveBeenCalledWith({ kind: 'object', assetId: 7, qid: 5 });
    });

    it('in English', async () => {
      await open('overview', { language: 'en' });
      const card = await screen.findByRole('region', { name: 'CRREM report' }, { timeout: 15_000 });
      expect(within(card).getByRole('table', { name: 'CRREM report per year' }).textContent).toContain('Excess emissions (t CO2e)');
      expect(card.textContent).toContain('Misaligned from: 2027');
      expect(card.textContent).toContain('Excess emissions to 2050: 10 t CO2e');
      expect(within(card).getByRole('button', { name: 'Download the CRREM report as xlsx' })).toBeTruthy();
    });
  });

  it('says "beyond 2050" in English', async () => {
    served = objectScore({ ...testResult(), stranding: { carbon: computedStranding(null), energy: computedStranding(null) } });
    await open('overview', { language: 'en' });
    const stranding = await scoreCard('Stranding point');
    expect(within(stranding).getByTestId('stranding-carbon').textContent).toBe('beyond 2050');
  });

  it('names what the reference data lacks where a projection is refused', async () => {
    const missing = [{ kind: 'pathway', metric: 'energy', country: 'DE', assetClass: 'OFF', years: [2025, 2050] }] as const;
    served = objectScore({ ...testResult(), stranding: { carbon: { status: 'not-reported' }, energy: { status: 'refused', refusal: { _tag: 'scoring-reference-missing', missing: [...missing] } } } });
    await open('overview');
    const stranding = await scoreCard('Stranding-Zeitpunkt');
    expect(within(stranding).getByTestId('stranding-energy').textContent).toContain(describeMissing([...missing], 'de'));
    expect(within(stranding).getByTestId('stranding-carbon').textContent).toBe('keine Verbrauchswerte angegeben');
  });

  it('shows taxonomy conformity and the consumption values per m²', async () => {
    await open('overview');
    const taxonomy = await scoreCard('Taxonomiekonformität');
    expect(within(taxonomy).getByText('Nicht taxonomiekonform')).toBeTruthy();
    const consumption = screen.getByRole('table', { name: 'Verbrauchswerte je m²' });
    expect(within(consumption).getByRole('row', { name: /Endenergie/ }).textContent).toContain('120 kWh/m²/a');
    expect(within(consumption).getByRole('row', { name: /Wasser/ }).textContent).toContain('nicht angegeben');
  });

  it('asks a buyer organisation (no member) to become a member and loads no score', async () => {
    await open('overview', { session: BUYER });
    expect(await screen.findByText('Werden Sie Mitglied, um die Bewertung Ihrer Objekte zu sehen.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ergebnis', selected: true })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'ECORE-Score' })).toBeNull();
    expect(api.fetchObjectScore).not.toHaveBeenCalled();
  });

  it('tells the analyst of a member organisation that scores are not its role’s, offers no results tab and loads no score', async () => {
    await open('overview', { session: ANALYST });
    expect(await screen.findByText(/^Bewertungen sehen Objektadministratoren, Datenerfasser und die Prüfer\./)).toBeTruthy();
    expect(screen.queryByText('Werden Sie Mitglied, um die Bewertung Ihrer Objekte zu sehen.')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Daten' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Ergebnis' })).toBeNull();
    expect(api.fetchObjectScore).not.toHaveBeenCalled();
  });
});

describe('the results details of an object', () => {
  it('lists every question with answer, points, maximum and classification, and the one-line "why" of a virtual question', async () => {
    await open('details');
    const section = await screen.findByRole('table', { name: 'ESG-Strategie' });
    const strategy = within(section).getByRole('row', { name: /Gibt es eine ESG-Strategie/ });
    expect(within(strategy).getByText('Teilweise')).toBeTruthy();
    expect([...strategy.querySelectorAll('td')].map((td) => td.textContent)).toEqual([expect.stringContaining('G-1.1'), 'Teilweise', '2', '3', 'Positiv']);
    expect(strategy.dataset.classification).toBe('Positive');
    const why = testResult().virtualQuestions.find((v) => v.questionId === deviationQuestion.id)!.why.de;
    expect(why).not.toBe('');
    const deviation = within(section).getByRole('row', { name: /Abweichung vom Pfad/ });
    expect(deviation.textContent).toContain(`Warum: ${why}`);
  });
});

describe('the what-if sandbox', () => {
  it('sends the changed answer to the preview and shows the total move, before → after with the difference; nothing is saved', async () => {
    const { user } = await open('overview');
    await scoreCard('ECORE-Score');
    expect(screen.getByText('Nichts wird gespeichert: Die Antworten des Fragebogens bleiben, wie sie sind.')).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Frage' }));
    await user.click(await screen.findByRole('option', { name: /Gibt es eine ESG-Strategie/ }));
    await user.click(screen.getByRole('radio', { name: 'Nein' }));
    const change = { questionId: strategyQuestion.id, inputAnswer: null, multipleChoiceOption: [3] };
    await waitFor(() => expect(api.previewScore).toHaveBeenCalledWith(7, 5, [change]));
    const compare = screen.getByRole('table', { name: 'Vorher und nachher' });
    // 3 + 1 of 6 points: 66,7; the cluster moves the same way.
    await waitFor(() => expect(within(compare).getByRole('row', { name: /ECORE-Score/ }).textContent).toBe('ECORE-Score50,066,7+16,7'));
    expect(within(compare).getByRole('row', { name: /I Governance/ }).textContent).toBe('I Governance50,0 %66,7 %+16,7');
    expect(screen.getByText('1 Antwort probeweise geändert')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Probeweise geänderte Antworten' })).getByText('G-1.1: Teilweise → Nein')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(within(compare).getByRole('row', { name: /ECORE-Score/ }).textContent).toBe('ECORE-Score50,0––');
    expect(screen.getByText('Noch keine Antwort geändert.')).toBeTruthy();
  });
});
