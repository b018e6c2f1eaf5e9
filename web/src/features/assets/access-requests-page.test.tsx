// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { ReceivedAccessRequest } from './assets-api.ts';

/* The owner's access requests screen: open requests with approve and decline, then the decided and expired ones; notices in both languages. */

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const OPEN: ReceivedAccessRequest = { id: 7, assetId: 3, assetName: 'Hotel am Rheinufer', isBuyerAsset: false, buyerOrganisationName: 'Käufer Wohnbau GmbH', requestedAt: iso(-DAY), expiresAt: iso(13 * DAY), decision: null, decidedAt: null, state: 'open' };
const DECIDED: ReceivedAccessRequest = { ...OPEN, id: 6, assetId: 4, assetName: 'Bürohaus Mainzer Landstraße', requestedAt: iso(-3 * DAY), decision: false, decidedAt: iso(-2 * DAY), state: 'decided' };
const EXPIRED: ReceivedAccessRequest = { ...OPEN, id: 5, assetId: 5, assetName: 'Quartier Prenzlauer Berg', requestedAt: iso(-20 * DAY), expiresAt: iso(-6 * DAY), state: 'expired' };

let rows: ReceivedAccessRequest[] = [];
const decided: [number, boolean][] = [];
let refusal: ApiError | null = null;
vi.mock(import('./assets-api.ts'), async (original) => ({
  ...(await original()),
  fetchReceivedAccessRequests: async () => rows,
  decideReceivedAccessRequest: async (id: number, decision: boolean) => {
    decided.push([id, decision]);
    if (refusal) throw refusal;
    rows = rows.map((r) => (r.id === id ? { ...r, decision, decidedAt: new Date().toISOString(), state: 'decided' as const } : r));
    return { buyerOrganisationName: 'Käufer Wohnbau GmbH', assetName: 'Hotel am Rheinufer', result: 'DecidedSuccessfully' as const, decision };
  },
}));

let session: Session;
const actor = (roles: Role[]): Session => ({
  token: 'token',
  claims: { sub: '3', userName: 'objectadmin', role: roles.join(','), external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 3, userName: 'objectadmin', roles, external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
});
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => session }));

const renderPage = async (language: 'de' | 'en' = 'de') => {
  const { AccessRequestsPage } = await import('./access-requests-page.tsx');
  const router = createMemoryRouter(
    [
      { path: '/asset-management/access-requests', element: <AccessRequestsPage /> },
      { path: '/asset-management/object-groups', element: <p>Objektgruppen-Seite</p> },
    ],
    { initialEntries: ['/asset-management/access-requests'] },
  );
  return renderUi(<RouterProvider router={router} />, { language });
};

beforeEach(() => {
  session = actor([Role.ObjectAdministrator]);
  rows = [OPEN, DECIDED, EXPIRED];
  decided.length = 0;
  refusal = null;
});

describe('the access requests screen', { timeout: 30_000 }, () => {
  it('lists the open request with approve and decline, then the decided and the expired one with their outcome', async () => {
    await renderPage();
    const open = await screen.findByRole('table', { name: 'Offene Zugriffsanfragen' });
    const row = within(open).getByRole('row', { name: /Hotel am Rheinufer/ });
    expect(within(row).getByRole('link', { name: 'Hotel am Rheinufer' }).getAttribute('href')).toBe('/asset-management/objects/3/false/edit/data');
    within(row).getByText('Käufer Wohnbau GmbH');
    within(row).getByRole('button', { name: 'Freigeben: Hotel am Rheinufer für Käufer Wohnbau GmbH' });
    within(row).getByRole('button', { name: 'Ablehnen: Hotel am Rheinufer für Käufer Wohnbau GmbH' });
    const closed = screen.getByRole('table', { name: 'Entschiedene und abgelaufene Zugriffsanfragen' });
    within(within(closed).getByRole('row', { name: /Bürohaus Mainzer Landstraße/ })).getByText('Abgelehnt');
    within(within(closed).getByRole('row', { name: /Quartier Prenzlauer Berg/ })).getByText('Abgelaufen');
    expect(within(closed).queryAllByRole('button', { name: /Freigeben/ })).toEqual([]);
  });

  it('approves in one click: the notice names the buyer and the object, and the request moves to the decided ones', async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Freigeben: Hotel am Rheinufer für Käufer Wohnbau GmbH' }));
    expect(decided).toEqual([[7, true]]);
    await screen.findByRole('status');
    expect(screen.getByRole('status').textContent).toBe('Käufer Wohnbau GmbH hat jetzt Lesezugriff auf „Hotel am Rheinufer“.');
    await screen.findByText('Keine offenen Zugriffsanfragen.');
    const closed = screen.getByRole('table', { name: 'Entschiedene und abgelaufene Zugriffsanfragen' });
    await waitFor(() => within(within(closed).getByRole('row', { name: /Hotel am Rheinufer/ })).getByText('Freigegeben'));
  });

  it('tells in English that the request was decided already (through the mailed link)', async () => {
    refusal = new ApiError(409, 'asset-access-decision-already-decided', 'already');
    const { user } = await renderPage('en');
    await user.click(await screen.findByRole('button', { name: 'Decline: Hotel am Rheinufer for Käufer Wohnbau GmbH' }));
    expect(decided).toEqual([[7, false]]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('This access request has already been decided; the first decision stands.'));
  });

  it('shows the empty state without open requests', async () => {
    rows = [];
    await renderPage('en');
    await screen.findByText('No open access requests.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends those who do not decide back to the object groups', async () => {
    session = actor([Role.ObjectDataCollector]);
    await renderPage();
    await screen.findByText('Objektgruppen-Seite');
  });
});
