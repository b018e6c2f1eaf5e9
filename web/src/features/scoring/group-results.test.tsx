// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioCrremReport } from '@ecore/core/scoring/crrem-report.ts';
import { groupResult, type StrandingOutcome } from '@ecore/core/scoring/score.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { AssetGroup } from '../assets/assets-api.ts';
import { GroupResultsDetails, GroupResultsOverview } from './group-results-panels.tsx';
import { GroupResultsPage } from './group-results-page.tsx';
import type { GroupScore, GroupStructure } from './scoring-api.ts';
import { ANALYST, computedStranding, OBJECT_ADMIN, testResult } from './test-scores.ts';
import { yearOverYear, type YearFigures } from '@ecore/core/scoring/year-over-year.ts';

/*
 * A group's results with the server stubbed: the totals are core's groupResult over two objects (1 000 m² at 50,
 * 3 000 m² at 66,7: 62,5 weighted by gross floor area), the objects link to their results, and the details tab
 * draws the structure answer of docs/scoring.md (GET AssetGroup/{id}/structureInfo).
 */

const api = vi.hoisted(() => ({ fetchGroupScore: vi.fn(), fetchGroupStructure: vi.fn(), fetchGroupYearOverYear: vi.fn(), fetchCrrem: vi.fn(), downloadCrrem: vi.fn() }));
vi.mock(import('./scoring-api.ts'), async (original) => ({ ...(await original()), ...api }));
const group: AssetGroup = {
  id: 3,
  name: 'Portfolio Rhein-Main',
  organisationId: 1,
  organisationName: 'Musterimmobilien AG',
  score: null,
  status: 'Active',
  tester: null,
  canBeSubmitted: false,
  canEdit: true,
  assetClassPercentages: [],
  assets: [
    { assetId: 7, name: 'Bürohaus Mainzer Landstraße', isBuyerAsset: false, state: 'Active', questionnaireId: 5, score: null, constructionYear: null, renovationYear: null },
    { assetId: 8, name: 'Quartier Prenzlauer Berg', isBuyerAsset: false, state: 'Closed', questionnaireId: 6, score: null, constructionYear: null, renovationYear: null },
  ],
};
vi.mock(import('../assets/assets-api.ts'), async (original) => ({ ...(await original()), fetchAssetGroup: async () => group }));
const current = vi.hoisted(() => ({ session: null as Session | null }));
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => current.session, getToken: () => 'token' }));

const office = testResult();
const quarter = testResult([{ questionId: 101, inputAnswer: null, multipleChoiceOption: [3] }]);
const groupScore = (): GroupScore => {
  const result = groupResult([
    { area: 1000, result: office },
    { area: 3000, result: quarter },
  ]);
  return {
    groupId: 3,
    objects: [
      { assetId: 7, area: 1000, ecore: office.ecore, verified: false },
      { assetId: 8, area: 3000, ecore: quarter.ecore, verified: true },
    ],
    result: { ...result, stranding: { carbon: computedStranding(2041), energy: computedStranding(null) } },
  };
};

const level = (id: number, de: string, en: string, ratio: number | null, classification: 'Positive' | 'Intermediate' | 'Negative' | 'Neutral') => ({
  id,
  title: { de, en },
  ratio,
  classification,
});
const structure: GroupStructure = {
  groupId: 3,
  groupName: 'Portfolio Rhein-Main',
  objectCount: 3,
  scoredObjectCount: 2,
  questionnaire: { id: 2, name: 'ECORE Fragebogen 2025 (2025_01)' },
  objects: [
    { assetId: 7, name: 'Bürohaus Mainzer Landstraße', area: 1000, assetQuestionnaireId: 5, questionnaireId: 2, assetQuestionnaireState: 'Active', ecore: 50, finance: null, verified: false },
    { assetId: 8, name: 'Quartier Prenzlauer Berg', area: 3000, assetQuestionnaireId: 6, questionnaireId: 2, assetQuestionnaireState: 'Closed', ecore: 66.666, finance: 40.04, verified: true },
  ],
  clusters: [
    {
      ...level(1, 'I Governance', 'I Governance', 0.625, 'Intermediate'),
      clusterIdentifier: 'I',
      categories: [{ ...level(21, 'Strategie', 'Strategy', 0.625, 'Intermediate'), sections: [level(31, 'ESG-Strategie', 'ESG strategy', 0.8, 'Positive')] }],
    },
    { ...level(2, 'II Verbrauch und Emissionen', 'II Consumption and emissions', 0.1, 'Negative'), clusterIdentifier: 'II', categories: [] },
  ],
};

const open = async (tab: 'overview' | 'details', session: Session = OBJECT_ADMIN) => {
  current.session = session;
  const router = createMemoryRouter(
    [
      {
        path: '/asset-management/object-groups/:groupId/results',
        element: <GroupResultsPage />,
        children: [
          { path: 'overview', element: <GroupResultsOverview /> },
          { path: 'details', element: <GroupResultsDetails /> },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/asset-management/object-groups/3/results/${tab}`] },
  );
  return { router, ...(await renderUi(<RouterProvider router={router} />)) };
};

const barOf = (region: HTMLElement, name: string) => within(region).getByRole('progressbar', { name }).closest<HTMLElement>('[data-classification]')!;

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchGroupScore.mockImplementation(async () => groupScore());
  api.fetchGroupStructure.mockImplementation(async () => structure);
  api.fetchGroupYearOverYear.mockImplementation(async () => ({ current: groupYear(2025, 55), previous: null, comparison: null }));
  api.fetchCrrem.mockImplementation(async () => ({ groupId: 3, report: portfolioCrremReport([]) }));
  api.downloadCrrem.mockResolvedValue(undefined);
});

describe("a group's CRREM report (issue 41)", () => {
  const flat = (intensity: number): StrandingOutcome => ({
    status: 'computed',
    result: { misalignmentYear: intensity > 40 ? 2049 : null, beyond2050: intensity <= 40, years: [2049, 2050].map((year) => ({ year, intensity, pathway: 40 })), source: 'carriers' },
  });

  it('shows the area-weighted intensity below the pathway, yet the excess emissions of the object above it, and downloads the group', async () => {
    // 1 000 m² 20 kg above the pathway, 3 000 m² 20 kg below: on average 10 kg below, yet 20 t in excess each year (5 kg per m² of the whole).
    api.fetchCrrem.mockImplementation(async () => ({
      groupId: 3,
      report: portfolioCrremReport([
        { area: 1000, stranding: { carbon: flat(60), energy: { status: 'not-reported' } } },
        { area: 3000, stranding: { carbon: flat(20), energy: { status: 'not-reported' } } },
      ]),
    }));
    const { user } = await open('overview');
    const card = await screen.findByRole('region', { name: 'CRREM-Bericht' }, { timeout: 15_000 });
    const table = within(card).getByRole('table', { name: 'CRREM-Bericht je Jahr' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['20493040520', '20503040520']);
    expect(card.textContent).toContain('Verlassen des Pfads: nach 2050');
    expect(card.textContent).toContain('Überschussemissionen bis 2050: 40 t CO2e');
    await user.click(within(card).getByRole('button', { name: 'CRREM-Bericht als xlsx herunterladen' }));
    expect(api.downloadCrrem).toHaveBeenCalledWith({ kind: 'group', groupId: 3 });
  });
});

const groupYear = (reportingYear: number, ecore: number): YearFigures => ({ reportingYear, ecore, clusters: [{ clusterIdentifier: 'I', score: ecore }], stranding: { year: null, beyond2050: true }, consumption: null, area: 4000 });

describe("a group's year over year (issue 22)", () => {
  it("shows last year's portfolio total beside this year's", async () => {
    const previous = groupYear(2024, 50);
    const now = groupYear(2025, 62.5);
    api.fetchGroupYearOverYear.mockImplementation(async () => ({ current: now, previous, comparison: yearOverYear(previous, now) }));
    await open('overview');
    const table = await screen.findByRole('table', { name: 'Vorjahresvergleich' });
    expect(within(table).getByRole('row', { name: /ECORE-Score/ }).textContent).toBe('ECORE-Score50,062,5+12,5');
    expect(within(table).getByRole('row', { name: /Stranding-Zeitpunkt/ }).textContent).toContain('nach 2050');
  });
});

describe('the results overview of a group', () => {
  it('shows the BGF-weighted total, the cluster bars and the stranding years of the portfolio', async () => {
    await open('overview');
    const ecore = await screen.findByRole('group', { name: 'ECORE-Score' });
    expect(within(ecore).getByTestId('score-value').textContent).toBe('62,5');
    expect(within(ecore).getByTestId('score-value').dataset.classification).toBe('Intermediate');
    const clusters = screen.getByRole('region', { name: 'Ergebnis je Cluster' });
    expect(barOf(clusters, 'I Governance').textContent).toContain('62,5 %');
    const stranding = screen.getByRole('group', { name: 'Stranding-Zeitpunkt' });
    expect(within(stranding).getByTestId('stranding-carbon').textContent).toBe('2041');
    expect(within(stranding).getByTestId('stranding-energy').textContent).toBe('nach 2050');
    expect(await screen.findByRole('heading', { name: 'Portfolio Rhein-Main' })).toBeTruthy();
  });

  it('lists the objects with their scores and verified flags, each linking to its results', async () => {
    const { user, router } = await open('overview');
    const table = await screen.findByRole('table', { name: 'Objekte mit ihrer Bewertung' });
    const office = within(table).getByRole('row', { name: /Bürohaus Mainzer Landstraße/ });
    expect(office.textContent).toContain('50,0');
    expect(office.textContent).toContain('Vorläufige Bewertung, noch nicht geprüft');
    const quarter = within(table).getByRole('row', { name: /Quartier Prenzlauer Berg/ });
    expect(quarter.textContent).toContain('66,7');
    expect(quarter.textContent).toContain('Geprüft');
    await user.click(within(office).getByRole('link', { name: 'Ergebnis von Bürohaus Mainzer Landstraße öffnen' }));
    expect(router.state.location.pathname).toBe('/asset-management/objects/7/false/edit/results/5/overview');
  });

  it('tells a member without a score role why, never to become a member, and loads no score', async () => {
    await open('overview', ANALYST);
    expect(await screen.findByText(/^Bewertungen sehen Objektadministratoren/)).toBeTruthy();
    expect(screen.queryByText('Werden Sie Mitglied, um die Bewertung Ihrer Objekte zu sehen.')).toBeNull();
    expect(api.fetchGroupScore).not.toHaveBeenCalled();
  });
});

describe('the results details of a group', () => {
  it('draws every cluster, category and section of the structure with its ratio in its colour, and each object', async () => {
    await open('details');
    const governance = await screen.findByRole('region', { name: 'I Governance' });
    expect(barOf(governance, 'Strategie').textContent).toContain('62,5 %');
    expect(barOf(governance, 'ESG-Strategie').dataset.classification).toBe('Positive');
    expect(within(barOf(governance, 'ESG-Strategie')).getByRole('progressbar').getAttribute('style')).toMatch(/green/);
    const consumption = screen.getByRole('region', { name: 'II Verbrauch und Emissionen' });
    expect(within(barOf(consumption, 'II Verbrauch und Emissionen')).getByRole('progressbar').getAttribute('style')).toMatch(/red/);
    expect(screen.getByText('2 von 3 Objekten bewertet')).toBeTruthy();
    const objects = screen.getByRole('table', { name: 'Objekte mit ihrer Bewertung' });
    expect(within(objects).getByRole('row', { name: /Quartier Prenzlauer Berg/ }).textContent).toContain('40,0');
    expect(api.fetchGroupStructure).toHaveBeenCalledWith(3);
  });

  it('says when the structure could not be loaded', async () => {
    api.fetchGroupStructure.mockImplementation(async () => {
      throw new ApiError(500, 'request-error', 'failed');
    });
    await open('details');
    expect(await screen.findByText('Die Struktur der Objektgruppe konnte nicht geladen werden. Bitte versuchen Sie es später erneut.')).toBeTruthy();
  });
});
