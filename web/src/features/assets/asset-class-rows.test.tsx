// @vitest-environment happy-dom
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_TYPES } from '@ecore/core/assets/asset-classes.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import type { Session } from '../../lib/session.ts';
import { pasteInto, renderUi, type TestUser } from '../../testing/render.tsx';
import { AssetClassRows } from './asset-class-rows.tsx';
import type { ShareRowValues } from './object-form.ts';

/*
 * The asset-class rows of the object form (spec 02 §3, §5): whole-number shares adding up to exactly
 * 100 %, each class once ('Jede Objektklasse kann nur einmal hinzugefügt werden.'), shares rounded on
 * focus out, delete disabled for a single row, and a usage above 85 % offered as the sole main usage
 * at 100 %. Every expected text and number below is written out from the specification.
 */

const api = vi.hoisted(() => ({ createAsset: vi.fn() }));
vi.mock(import('./assets-api.ts'), async (original) => ({
  ...(await original()),
  fetchAssetGroupInfo: async () => [{ id: 7, name: 'Portfolio Nord', organisationId: 1, organisationName: 'Musterimmobilien AG' }],
  createAsset: api.createAsset,
}));

const objectAdministrator: Session = {
  token: 'token',
  claims: { sub: '3', userName: 'objectadmin', role: '4', external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 3, userName: 'objectadmin', roles: [Role.ObjectAdministrator], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
};
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => objectAdministrator }));

const row = (assetTypeId: string | null, percentage: string): ShareRowValues => ({ assetTypeId, percentage });

/** The rows as the object form holds them: what the component hands to onChange comes back as its rows. */
function Rows({ initial, language = 'de' }: { initial: ShareRowValues[]; language?: 'de' | 'en' }) {
  const [rows, setRows] = useState(initial);
  return <AssetClassRows rows={rows} options={ASSET_TYPES} errors={{}} language={language} readOnly={false} onChange={setRows} />;
}

// Mantine's select names its input and its list of options alike: the field is the input.
const classField = (n: number) => screen.getByLabelText(`Objektklasse (Zeile ${n})`, { selector: 'input' });
const shareField = (n: number) => screen.getByLabelText(`Anteil in % (Zeile ${n})`);
const removeButton = (n: number) => screen.getByRole('button', { name: `Zeile ${n} entfernen` });
const mainUsageButton = () => screen.queryByRole('button', { name: 'Als Hauptnutzung mit 100 % erfassen' });

describe('the asset-class rows', () => {
  it('offer a usage above 85 % as the sole main usage at 100 %, and one click records it so', async () => {
    const { user } = await renderUi(<Rows initial={[row('1', '90'), row('2', '10')]} />);
    expect(screen.getByText('Gemischte Nutzung: Büro macht mehr als 85 % aus und darf als alleinige Hauptnutzung mit 100 % erfasst werden.')).toBeTruthy();

    await user.click(mainUsageButton()!);

    expect(screen.queryByLabelText('Objektklasse (Zeile 2)', { selector: 'input' })).toBeNull();
    expect((classField(1) as HTMLInputElement).value).toBe('OFF – Büro');
    expect((shareField(1) as HTMLInputElement).value).toBe('100');
    expect(screen.getByText('Summe: 100 %')).toBeTruthy();
    // One row left: no hint any more, and the last row cannot be deleted.
    expect(mainUsageButton()).toBeNull();
    expect((removeButton(1) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offer the main usage only above 85 %, not at 85 % itself, whichever row holds it', async () => {
    const { user } = await renderUi(<Rows initial={[row('12', '80'), row('3', '20')]} />);
    expect(mainUsageButton()).toBeNull();

    await user.clear(shareField(2));
    await user.type(shareField(2), '86');
    await user.clear(shareField(1));
    await user.type(shareField(1), '14');
    expect(screen.getByText(/Einzelhandel Innenstadt macht mehr als 85 % aus/)).toBeTruthy();

    await user.clear(shareField(2));
    await user.type(shareField(2), '85');
    await user.clear(shareField(1));
    await user.type(shareField(1), '15');
    expect(screen.getByText('Summe: 100 %')).toBeTruthy();
    expect(mainUsageButton()).toBeNull();
  });

  it('disable delete while a single row is left, and a new row proposes what is left to 100', async () => {
    const { user } = await renderUi(<Rows initial={[row('1', '100')]} />);
    expect((removeButton(1) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(shareField(1));
    await user.type(shareField(1), '70');
    await user.click(screen.getByRole('button', { name: 'Objektklasse hinzufügen' }));

    expect((shareField(2) as HTMLInputElement).value).toBe('30');
    expect((classField(2) as HTMLInputElement).value).toBe('');
    expect((removeButton(1) as HTMLButtonElement).disabled).toBe(false);
    expect((removeButton(2) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Summe: 100 %')).toBeTruthy();

    await user.click(removeButton(2));
    expect(screen.queryByLabelText('Objektklasse (Zeile 2)', { selector: 'input' })).toBeNull();
    expect((removeButton(1) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Summe: 70 %')).toBeTruthy();
  });

  it('round a typed share to a whole number on focus out, with the decimal comma in German', async () => {
    const { user } = await renderUi(<Rows initial={[row('1', '60'), row('2', '40')]} />);
    await user.clear(shareField(1));
    await user.type(shareField(1), '59,6');
    expect(screen.getByText('Summe: 99,6 %')).toBeTruthy();
    await user.tab();
    expect((shareField(1) as HTMLInputElement).value).toBe('60');
    expect(screen.getByText('Summe: 100 %')).toBeTruthy();
  });

  it('read the decimal point in English', async () => {
    const { user } = await renderUi(<Rows initial={[row('1', '60'), row('2', '40')]} language="en" />, { language: 'en' });
    const share = screen.getByLabelText('Share in % (row 1)') as HTMLInputElement;
    await user.clear(share);
    await user.type(share, '33.4');
    await user.tab();
    expect(share.value).toBe('33');
    expect(screen.getByText('Total: 73 %')).toBeTruthy();
  });
});

// The whole object form re-renders on every keystroke: generous time on a shared machine.
describe('the object form with its asset-class rows', { timeout: 30_000 }, () => {
  beforeEach(() => api.createAsset.mockReset());

  const renderNewObject = async () => {
    const { NewObjectPage } = await import('./object-page.tsx');
    const router = createMemoryRouter(
      [
        { path: '/asset-management/objects/new', element: <NewObjectPage /> },
        { path: '/asset-management/objects/:assetId/:isBuyerAsset/edit/data', element: <p>gespeichertes Objekt</p> },
      ],
      {
        initialEntries: ['/asset-management/objects/new?assetGroupId=7'],
      },
    );
    return renderUi(<RouterProvider router={router} />);
  };

  const chooseClass = async (user: TestUser, n: number, label: string) => {
    await user.click(classField(n));
    await user.click(within(screen.getByRole('listbox', { name: `Objektklasse (Zeile ${n})` })).getByRole('option', { name: label }));
  };

  it('disable a class chosen in one row in the others, so that no class is chosen twice', async () => {
    const { user } = await renderNewObject();
    // A new object starts with one row at 100 %.
    expect((shareField(1) as HTMLInputElement).value).toBe('100');
    await user.clear(shareField(1));
    await user.type(shareField(1), '60');
    await user.click(screen.getByRole('button', { name: 'Objektklasse hinzufügen' }));

    const option = (n: number, name: string) => within(screen.getByRole('listbox', { name: `Objektklasse (Zeile ${n})` })).getByRole('option', { name });
    await user.click(classField(2));
    // Row 1 holds the first class (OFF): row 2 offers it disabled, and choosing it does nothing.
    expect(option(2, 'OFF – Büro').hasAttribute('data-combobox-disabled')).toBe(true);
    expect(option(2, 'HOT – Hotel').hasAttribute('data-combobox-disabled')).toBe(false);
    await user.click(option(2, 'OFF – Büro'));
    expect((classField(2) as HTMLInputElement).value).toBe('');

    await chooseClass(user, 2, 'HOT – Hotel');
    await user.click(classField(1));
    expect(option(1, 'HOT – Hotel').hasAttribute('data-combobox-disabled')).toBe(true);
    expect(option(1, 'OFF – Büro').hasAttribute('data-combobox-disabled')).toBe(false);
    expect(screen.queryByText('Jede Objektklasse kann nur einmal hinzugefügt werden.')).toBeNull();
  });

  it('sends the main usage alone at 100 % once the hint was applied', async () => {
    api.createAsset.mockResolvedValue({ id: 99, isBuyerAsset: false });
    const { user } = await renderNewObject();
    // The fields around the rows are pasted: one render each instead of one per letter.
    await pasteInto(user, /^Objektname/, 'Haus am See');
    await pasteInto(user, /^Straße/, 'Seeweg');
    await pasteInto(user, /^Hausnummer/, '1');
    await pasteInto(user, /^PLZ/, '10115');
    await pasteInto(user, /^Ort/, 'Berlin');
    await pasteInto(user, /^Bruttogrundfläche/, '1200');
    await user.click(screen.getByLabelText(/^Land/, { selector: 'input' }));
    await user.click(screen.getByRole('option', { name: 'Deutschland' }));
    await user.clear(shareField(1));
    await user.type(shareField(1), '88');
    await user.click(screen.getByRole('button', { name: 'Objektklasse hinzufügen' }));
    await chooseClass(user, 2, 'HOT – Hotel');
    expect((shareField(2) as HTMLInputElement).value).toBe('12');

    await user.click(mainUsageButton()!);
    await user.click(screen.getByRole('button', { name: 'Objekt anlegen' }));

    expect(api.createAsset).toHaveBeenCalledTimes(1);
    expect(api.createAsset.mock.calls[0]![0]).toMatchObject({ objectName: 'Haus am See', assetGroupId: 7, assetAssetTypes: [{ assetTypeId: 1, percentage: 100 }] });
    expect(await screen.findByText('gespeichertes Objekt')).toBeTruthy();
  });
});
