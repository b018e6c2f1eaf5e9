// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { listQueryToApi, type ListQuery } from '../../components/data-table/list-query.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';

/* The object list's filter "certificate expires within 90 days": a checkbox in both languages that asks the list call for it. */

const asked: Record<string, unknown>[] = [];
vi.mock(import('./assets-api.ts'), async (original) => ({
  ...(await original()),
  fetchAssets: async (query: ListQuery<string>) => {
    asked.push(listQueryToApi(query));
    return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  },
}));

const objectAdministrator: Session = {
  token: 'token',
  claims: { sub: '3', userName: 'objectadmin', role: '4', external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 3, userName: 'objectadmin', roles: [Role.ObjectAdministrator], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
};
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => objectAdministrator }));

const renderList = async (language: 'de' | 'en') => {
  const { AssetObjectsPage } = await import('./asset-objects-page.tsx');
  const router = createMemoryRouter([{ path: '/asset-management/objects', element: <AssetObjectsPage /> }], { initialEntries: ['/asset-management/objects'] });
  return renderUi(<RouterProvider router={router} />, { language });
};

describe('the object list filter on the energy performance certificate', { timeout: 30_000 }, () => {
  it.each([
    ['de', 'Energieausweis läuft in 90 Tagen ab'],
    ['en', 'Certificate expires within 90 days'],
  ] as const)('in %s asks for the objects whose certificate expires within 90 days, and unticked for all again', async (language, label) => {
    asked.length = 0;
    const { user } = await renderList(language);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked.at(-1)).not.toHaveProperty('epcExpiring');
    const box = screen.getByRole('checkbox', { name: label });
    await user.click(box);
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ epcExpiring: 'true', page: 1 }));
    await user.click(box);
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('epcExpiring'));
  });
});
