// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboard, PEER_GROUP_MIN, type AnalysisObject, type PeerScore } from '@ecore/core/analysis/dashboard.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { ApiError } from '../../lib/api-client.ts';
import { renderUi } from '../../testing/render.tsx';
import { GroupDashboardPage, ObjectDashboardPage } from './dashboard-page.tsx';

/*
 * The dashboard with the server stubbed by core's own `dashboard` over three objects: an office of 1 000 m² at 80
 * with six office peers in Germany, a residential building of 3 000 m² at 40 with too few peers, and a mixed-use
 * object of 1 000 m² (60 % office, 40 % residential) without a questionnaire.
 */

const api = vi.hoisted(() => ({ fetchDashboard: vi.fn() }));
vi.mock(import('./analysis-api.ts'), async (original) => ({ ...(await original()), ...api }));

const object = (fields: Partial<AnalysisObject> & Pick<AnalysisObject, 'assetId' | 'name'>): AnalysisObject => ({
  city: 'Frankfurt',
  country: 'DE',
  assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  quality: 'Mid',
  constructionYear: 1995,
  area: 1000,
  state: 'Active',
  ecore: null,
  finance: null,
  ...fields,
});
const objects = [
  object({ assetId: 7, name: 'Bürohaus Mainzer Landstraße', ecore: 80, state: 'Closed' }),
  object({ assetId: 8, name: 'Quartier Prenzlauer Berg', city: 'Berlin', assetAssetTypes: [{ assetTypeId: 12, percentage: 100 }], area: 3000, ecore: 40, quality: 'High' }),
  object({ assetId: 9, name: 'Haus am Markt', assetAssetTypes: [{ assetTypeId: 1, percentage: 60 }, { assetTypeId: 12, percentage: 40 }], state: null, constructionYear: null }),
];
const peers: PeerScore[] = [
  ...Array.from({ length: PEER_GROUP_MIN - 1 }, (_, i) => ({ assetId: 100 + i, country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], ecore: 50 + 10 * i })),
  { assetId: 7, country: 'DE', assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }], ecore: 80 },
  { assetId: 8, country: 'DE', assetAssetTypes: [{ assetTypeId: 12, percentage: 100 }], ecore: 40 },
];
const data = dashboard({
  subject: { kind: 'group', id: 3, name: 'Portfolio Rhein-Main' },
  objects: objects.map((o) => ({ ...o, result: null })),
  verified: [{ assetQuestionnaireId: 1, assetId: 7, reportingYear: 2024, ecore: 80, area: 1000 }],
  peers,
});

const open = async (path = '/analysis-benchmark/group/3', language: Language = 'de') => {
  const router = createMemoryRouter(
    [
      { path: '/analysis-benchmark/group/:groupId', element: <GroupDashboardPage /> },
      { path: '/analysis-benchmark/object/:assetId', element: <ObjectDashboardPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return renderUi(<RouterProvider router={router} />, { language });
};

beforeEach(() => {
  api.fetchDashboard.mockReset();
  api.fetchDashboard.mockImplementation(async () => data);
});

describe('the dashboard of a group', () => {
  it('shows the BGF-weighted ECORE portfolio score and draws the distributions with their legends', async () => {
    await open();
    const score = await screen.findByRole('region', { name: 'ECORE-Portfolio-Score' }, { timeout: 5000 });
    // (1 000 × 80 + 3 000 × 40) / 4 000 = 50
    expect(within(score).getByRole('heading', { name: 'ECORE-Score 50,0' })).toBeTruthy();
    const classes = await screen.findByRole('region', { name: 'Verteilung nach Objektklasse' }, { timeout: 5000 });
    // The donut (recharts needs a measured size to draw its svg, which a DOM emulation has not).
    expect(classes.querySelector('.recharts-responsive-container')).not.toBeNull();
    // Office: 1 000 + 600 of 5 000 m² = 32 %; residential 3 000 + 400 = 68 %.
    expect(within(classes).getByText('Büro 32 %')).toBeTruthy();
    expect(within(classes).getByText('Wohnen 68 %')).toBeTruthy();
    expect(api.fetchDashboard).toHaveBeenCalledWith('group', 3);
  });

  it('switches a chart to its table with units and German number formats', async () => {
    const { user } = await open();
    const classes = await screen.findByRole('region', { name: 'Verteilung nach Objektklasse' }, { timeout: 5000 });
    expect(within(classes).queryByRole('table')).toBeNull();
    await user.click(within(classes).getByRole('radio', { name: 'Tabelle' }));
    const table = within(classes).getByRole('table', { name: 'Verteilung nach Objektklasse' });
    expect(within(table).getByRole('columnheader', { name: 'Fläche (m² BGF)' })).toBeTruthy();
    const resi = within(table).getByRole('row', { name: /Wohnen/ });
    expect(within(resi).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Wohnen', '3.400', '68 %', '2']);
  });

  it(`shows a benchmark only for objects with at least ${PEER_GROUP_MIN} peers, and a one-line reason otherwise`, async () => {
    await open();
    const benchmark = await screen.findByRole('table', { name: 'Benchmark' }, { timeout: 5000 });
    const office = within(benchmark).getByRole('row', { name: /Bürohaus/ });
    expect(office.textContent).toContain('Büro, DE, 6 Objekte');
    // Peers 50, 60, 70, 80, 90 and the office's own 80: one above it.
    expect(office.textContent).toContain('2 von 6');
    const resi = within(benchmark).getByRole('row', { name: /Prenzlauer/ });
    expect(resi.textContent).toContain('Kein Benchmark: weniger als 6 Vergleichsobjekte');
    expect(resi.textContent).not.toContain('Objekte,');
  });

  it('reads in English with English number formats', async () => {
    await open('/analysis-benchmark/group/3', 'en');
    const classes = await screen.findByRole('region', { name: 'Distribution by asset class' }, { timeout: 5000 });
    expect(within(classes).getByText('Office 32 %')).toBeTruthy();
    const structure = screen.getByRole('region', { name: 'Objects by state' });
    expect(within(structure).getByText('Total area: 5,000 m² GFA')).toBeTruthy();
  });

  it('says so when the group is not there to see', async () => {
    api.fetchDashboard.mockImplementation(async () => {
      throw new ApiError(404, 'not-found', 'Nicht gefunden');
    });
    await open('/analysis-benchmark/object/99');
    expect((await screen.findByRole('alert')).textContent).toContain('Dieses Dashboard gibt es nicht');
    expect(api.fetchDashboard).toHaveBeenCalledWith('object', 99);
  });
});
