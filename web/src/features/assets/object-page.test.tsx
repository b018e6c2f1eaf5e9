// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import type { Session } from '../../lib/session.ts';
import { pasteInto, renderUi } from '../../testing/render.tsx';
import type { Asset } from './assets-api.ts';

/*
 * The object form as a user meets it (issue 12): a failed submit puts the focus on the first field in error,
 * the country follows a language switch at once, dates are typed and shown in the interface language, and a
 * collector reads the object as values rather than as greyed-out inputs.
 */

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const stored: Asset = {
  id: 41,
  version: 3,
  organisationId: 1,
  organisationName: 'Musterimmobilien AG',
  ownerCompany: 'Musterimmobilien AG',
  assetGroupName: 'Portfolio Nord',
  createdAt: '2026-01-05T10:00:00Z',
  createdBy: 'objectadmin',
  status: null,
  score: null,
  canEdit: false,
  objectName: 'Wohnpark Nord',
  assetGroupId: 7,
  isBuyerAsset: false,
  country: 'DE',
  city: 'Berlin',
  zip: '10115',
  street: 'Invalidenstraße',
  streetNumber: '3',
  constructionYear: 1998,
  renovationYear: 2021,
  featureQuality: 'Mid',
  assetTotalArea: 8400.5,
  usableArea: 7000,
  rentingPeople: 42,
  historicProtection: 'Facade',
  ipms2: 0,
  conditionsAndEnvironmentGoals: 'RenovationAndClimateProtection',
  conditionedArea: 6900.25,
  projectCharacteristics: null,
  projectStatus: 'ObjectSupervision',
  determinationStartDate: '2024-03-01',
  acceptanceDate: null,
  handoverDate: null,
  planningPermissionDate: null,
  netRoomArea: 7600,
  rentalArea: 7100,
  description: 'Zwei Baukörper',
  assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }],
  // A valid energy performance certificate ending in 30 days: the page warns.
  epcClass: 'C',
  epcType: 'demand',
  epcPrimaryEnergyDemand: 130,
  epcFinalEnergyDemand: 110.5,
  epcRegistrationNumber: 'BE-2016-0815',
  epcIssuedAt: days(-3000),
  epcValidUntil: days(30),
  largeNonResidential: false,
  energyMonitoring: false,
} as Asset;

vi.mock(import('./assets-api.ts'), async (original) => ({
  ...(await original()),
  fetchAssetGroupInfo: async () => [{ id: 7, name: 'Portfolio Nord', organisationId: 1, organisationName: 'Musterimmobilien AG' }],
  fetchAsset: async () => stored,
  createAsset: vi.fn(),
}));

const objectAdministrator: Session = {
  token: 'token',
  claims: { sub: '3', userName: 'objectadmin', role: '4', external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 3, userName: 'objectadmin', roles: [Role.ObjectAdministrator], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
};
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => objectAdministrator }));
// The object's questionnaire bar asks for its runs: none started (no network in component tests).
vi.mock(import('../answering/answering-api.ts'), async (original) => ({ ...(await original()), fetchRuns: async () => [] }));

const renderAt = async (path: string, language: 'de' | 'en' = 'de') => {
  const { NewObjectPage, ObjectPage } = await import('./object-page.tsx');
  const router = createMemoryRouter(
    [
      { path: '/asset-management/objects/new', element: <NewObjectPage /> },
      { path: '/asset-management/objects/:assetId/:isBuyerAsset/edit/data', element: <ObjectPage /> },
    ],
    { initialEntries: [path] },
  );
  return renderUi(<RouterProvider router={router} />, { language });
};

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('the object form', { timeout: 30_000 }, () => {
  it('after a failed submit scrolls to the first field in error and gives it the focus', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { user } = await renderAt('/asset-management/objects/new?assetGroupId=7');
    // The name is left empty; the street is filled: the first field in error is the name.
    await pasteInto(user, /^Straße/, 'Seeweg');
    await user.click(screen.getByRole('button', { name: 'Objekt anlegen' }));
    await waitFor(() => expect(document.activeElement).toBe(input(/^Objektname/)));
    expect(input(/^Objektname/).getAttribute('aria-invalid')).toBe('true');
    expect(scrolled.at(-1)).toBe(input(/^Objektname/));
    scrollIntoView.mockRestore();
  });

  it('shows the chosen country in the new language at once after a language switch', async () => {
    const { user } = await renderAt('/asset-management/objects/new?assetGroupId=7');
    await user.click(input(/^Land/));
    await user.click(screen.getByRole('option', { name: 'Deutschland' }));
    expect(input(/^Land/).value).toBe('Deutschland');
    await act(async () => {
      await changeLanguage('en');
    });
    await waitFor(() => expect(input(/^Country/).value).toBe('Germany'));
    await act(async () => {
      await changeLanguage('de');
    });
    await waitFor(() => expect(input(/^Land/).value).toBe('Deutschland'));
  });

  it('types and shows dates as TT.MM.JJJJ in German and DD/MM/YYYY in English, not as a native date input', async () => {
    const { user } = await renderAt('/asset-management/objects/new?assetGroupId=7');
    const date = input(/^Datum der Baugenehmigung/);
    expect(date.type).not.toBe('date');
    expect(date.placeholder).toBe('TT.MM.JJJJ');
    await user.click(date);
    await user.paste('24.12.2026');
    await user.click(input(/^Objektname/));
    await waitFor(() => expect(date.value).toBe('24.12.2026'));
    await act(async () => {
      await changeLanguage('en');
    });
    await waitFor(() => expect(input(/^Planning/).value).toBe('24/12/2026'));
    await act(async () => {
      await changeLanguage('de');
    });
  });

  it("shows a collector's object as read-only values, legible and not disabled", async () => {
    await renderAt('/asset-management/objects/41/false/edit/data');
    await screen.findByText('Sie können dieses Objekt nur ansehen.');
    const name = input(/^Objektname/);
    expect(name.value).toBe('Wohnpark Nord');
    expect(name.readOnly).toBe(true);
    expect(name.disabled).toBe(false);
    expect(name.hasAttribute('data-read-only')).toBe(true);
    expect(input(/^Land/).value).toBe('Deutschland');
    expect(input(/^Objektgruppe/).value).toBe('Portfolio Nord');
    expect(input(/^Beginn der Ermittlung/).value).toBe('01.03.2024');
    expect(screen.queryByRole('button', { name: 'Speichern' })).toBeNull();
    expect(document.querySelectorAll('input:disabled, textarea:disabled')).toHaveLength(0);
  });

  it('shows the energy performance certificate and warns in German that it expires within 90 days', async () => {
    await renderAt('/asset-management/objects/41/false/edit/data');
    expect(await screen.findByText('Energieausweis')).toBeTruthy();
    expect(input(/^Registriernummer/).value).toBe('BE-2016-0815');
    expect(input(/^Endenergiebedarf/).value).toBe('110,5');
    const dotted = stored.epcValidUntil!.split('-').reverse().join('.');
    expect((await screen.findByTestId('epc-expiring')).textContent).toContain(`Der Energieausweis läuft am ${dotted} ab`);
  });

  it('says so in English too', async () => {
    await renderAt('/asset-management/objects/41/false/edit/data', 'en');
    expect(await screen.findByText('Energy performance certificate')).toBeTruthy();
    expect((await screen.findByTestId('epc-expiring')).textContent).toContain('The energy performance certificate expires on');
  });
});
