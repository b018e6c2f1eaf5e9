// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { AnalysisBenchmarkPage } from './analysis-benchmark-page.tsx';

/* The chooser of /analysis-benchmark with the lists stubbed: groups first, objects in the second tab, each opening its dashboard. */

vi.mock(import('../assets/assets-api.ts'), async (original) => ({
  ...(await original()),
  fetchAssetGroups: async () => ({ items: [{ id: 3, name: 'Portfolio Rhein-Main', organisationName: 'Musterimmobilien AG', score: 50.46 }], total: 1, page: 1, pageSize: 50 }) as never,
  fetchAssets: async () => ({ items: [{ id: 7, name: 'Bürohaus Mainzer Landstraße', assetGroupName: 'Portfolio Rhein-Main', city: 'Frankfurt am Main', score: null }], total: 1, page: 1, pageSize: 50 }) as never,
}));

const open = () =>
  renderUi(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/analysis-benchmark', element: <AnalysisBenchmarkPage /> },
          { path: '*', element: <p>elsewhere</p> },
        ],
        { initialEntries: ['/analysis-benchmark'] },
      )}
    />,
  );

describe('the dashboard chooser', () => {
  it('lists the object groups with their score and a link to each dashboard, and keeps the stranding calculator card', async () => {
    await open();
    const link = await screen.findByRole('link', { name: 'Dashboard von Portfolio Rhein-Main öffnen' });
    expect(link.getAttribute('href')).toBe('/analysis-benchmark/group/3');
    expect(within(screen.getByRole('row', { name: /Portfolio Rhein-Main/ })).getByText('50,5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stranding-Rechner öffnen' }).getAttribute('href')).toBe('/analysis-benchmark/stranding');
  });

  it('offers the objects in the second tab', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Objekte' }));
    const link = await screen.findByRole('link', { name: 'Dashboard von Bürohaus Mainzer Landstraße öffnen' });
    expect(link.getAttribute('href')).toBe('/analysis-benchmark/object/7');
  });
});
