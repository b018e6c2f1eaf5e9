// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@ecore/core/identity/session.ts';
import { dialogHasFocus, pasteInto, renderUi, type TestUser } from '../../testing/render.tsx';
import { storedOrganisation } from '../../testing/organisations.ts';
import { OrganisationDialog } from './organisation-dialog.tsx';

/*
 * The organisation dialog's checkboxes (spec 01 §5 "Organisation checkboxes", §6): finance partner and
 * buyer exclude each other and are disabled for non-administrators or when editing; test account is
 * disabled when finance partner or buyer is ticked or the acting user is in a finance organisation, and
 * shows only for new organisations or those already test accounts; solution partner is disabled for an
 * account manager of a finance organisation, who creates only buyer organisations tied to its own; a
 * buyer must pick a finance partner organisation. Expected states are written out per case.
 */

const BANK = storedOrganisation(2, 'Beispielbank eG', { isFinancePartner: true });
const STORED = [storedOrganisation(1, 'Musterimmobilien AG'), BANK, storedOrganisation(4, 'Testkonto GmbH', { isTestAccount: true })];

const api = vi.hoisted(() => ({ createOrganisation: vi.fn(), editOrganisation: vi.fn() }));
vi.mock(import('./accounts-api.ts'), async (original) => ({
  ...(await original()),
  fetchAllOrganisations: async () => [BANK],
  fetchOrganisation: async (id: number) => STORED.find((o) => o.id === id)!,
  fetchCountries: async () => [{ code: 'DE', countryName: 'Deutschland' }],
  createOrganisation: api.createOrganisation,
  editOrganisation: api.editOrganisation,
}));

const actor = (roles: number[], org: { orgId?: number; orgFinance?: boolean } = {}): Actor => ({
  userId: 100,
  userName: 'actor',
  roles: roles as Actor['roles'],
  external: false,
  orgId: org.orgId ?? 1,
  orgTest: false,
  orgFinance: org.orgFinance ?? false,
  orgBuyer: false,
});
// Role numbers of spec 01 §3.
const administrator = actor([0]);
const accountManager = actor([10]);
const financeAccountManager = actor([4, 10], { orgId: 2, orgFinance: true });

const renderDialog = (who: Actor, organisationId: number | null = null) =>
  renderUi(<OrganisationDialog actor={who} organisationId={organisationId} onClose={() => undefined} onSaved={() => undefined} />);

const box = (name: 'Finanzpartner' | 'Käufer' | 'Lösungspartner' | 'Testkonto') => screen.getByRole('checkbox', { name }) as HTMLInputElement;

/** What the user sees of the four checkboxes: ticked or not, and whether they can be changed ('-' when absent). */
const boxes = () =>
  Object.fromEntries(
    (['Finanzpartner', 'Käufer', 'Lösungspartner', 'Testkonto'] as const).map((name) => {
      const input = screen.queryByRole('checkbox', { name }) as HTMLInputElement | null;
      return [name, input === null ? '-' : `${input.checked ? 'ticked' : 'unticked'}${input.disabled ? ', disabled' : ''}`];
    }),
  );

const partnerSelect = () => screen.queryByLabelText(/^Zugehöriger Finanzpartner/, { selector: 'input' }) as HTMLInputElement | null;

const fillAddressAndContact = async (user: TestUser) => {
  await dialogHasFocus();
  const paste = (label: RegExp, text: string) => pasteInto(user, label, text);
  await paste(/^Name/, 'Käufer Neubau GmbH');
  await paste(/^Straße/, 'Hauptstraße');
  await paste(/^Hausnummer/, '2');
  await paste(/^PLZ/, '10115');
  await paste(/^Ort/, 'Berlin');
  await user.click(screen.getByLabelText(/^Land/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: 'Deutschland' }));
  await paste(/^Vollständiger Name/, 'Max Käufer');
  await paste(/^Funktion im Unternehmen/, 'Einkauf');
  await paste(/^E-Mail/, 'max@example.com');
  await paste(/^Telefon/, '+49 30 2');
  await paste(/^Mobil/, '+49 170 2');
};

beforeEach(() => {
  api.createOrganisation.mockReset().mockResolvedValue(storedOrganisation(9, 'neu'));
  api.editOrganisation.mockReset().mockResolvedValue(storedOrganisation(9, 'neu'));
});

describe('the organisation checkboxes', { timeout: 20_000 }, () => {
  it('for an administrator creating: finance partner and buyer exclude each other, and either locks test account', async () => {
    const { user } = await renderDialog(administrator);
    expect(boxes()).toEqual({ Finanzpartner: 'unticked', Käufer: 'unticked', Lösungspartner: 'unticked', Testkonto: 'unticked' });

    await user.click(box('Finanzpartner'));
    expect(boxes()).toEqual({ Finanzpartner: 'ticked', Käufer: 'unticked, disabled', Lösungspartner: 'unticked', Testkonto: 'unticked, disabled' });

    await user.click(box('Finanzpartner'));
    await user.click(box('Käufer'));
    expect(boxes()).toEqual({ Finanzpartner: 'unticked, disabled', Käufer: 'ticked', Lösungspartner: 'unticked', Testkonto: 'unticked, disabled' });
    // A buyer picks its finance partner.
    expect(partnerSelect()?.disabled).toBe(false);

    await user.click(box('Käufer'));
    expect(boxes()).toEqual({ Finanzpartner: 'unticked', Käufer: 'unticked', Lösungspartner: 'unticked', Testkonto: 'unticked' });
    expect(partnerSelect()).toBeNull();
  });

  it('a test account ticked first is unticked when the organisation becomes a finance partner', async () => {
    const { user } = await renderDialog(administrator);
    await user.click(box('Testkonto'));
    await user.click(box('Lösungspartner'));
    expect(boxes()).toEqual({ Finanzpartner: 'unticked', Käufer: 'unticked', Lösungspartner: 'ticked', Testkonto: 'ticked' });
    await user.click(box('Finanzpartner'));
    expect(boxes()).toEqual({ Finanzpartner: 'ticked', Käufer: 'unticked, disabled', Lösungspartner: 'ticked', Testkonto: 'unticked, disabled' });
  });

  it('for an account manager creating: finance partner and buyer are locked, test account and solution partner open', async () => {
    const { user } = await renderDialog(accountManager);
    expect(boxes()).toEqual({ Finanzpartner: 'unticked, disabled', Käufer: 'unticked, disabled', Lösungspartner: 'unticked', Testkonto: 'unticked' });
    await user.click(box('Testkonto'));
    expect(box('Testkonto').checked).toBe(true);
  });

  it("for a finance partner's account manager: a buyer tied to the own organisation, everything else locked", async () => {
    await renderDialog(financeAccountManager);
    await screen.findByDisplayValue('Beispielbank eG');
    expect(boxes()).toEqual({ Finanzpartner: 'unticked, disabled', Käufer: 'ticked, disabled', Lösungspartner: 'unticked, disabled', Testkonto: 'unticked, disabled' });
    expect(partnerSelect()?.value).toBe('Beispielbank eG');
    expect(partnerSelect()?.disabled).toBe(true);
  });

  it('for an administrator in a finance organisation: test account is locked though nothing else is ticked', async () => {
    await renderDialog(actor([0], { orgId: 2, orgFinance: true }));
    expect(boxes()).toEqual({ Finanzpartner: 'unticked', Käufer: 'unticked', Lösungspartner: 'unticked', Testkonto: 'unticked, disabled' });
  });

  it('when editing, finance partner and buyer are locked even for the administrator, and test account is not offered', async () => {
    await renderDialog(administrator, 1);
    await screen.findByDisplayValue('Musterimmobilien AG');
    expect(boxes()).toEqual({ Finanzpartner: 'unticked, disabled', Käufer: 'unticked, disabled', Lösungspartner: 'unticked', Testkonto: '-' });
  });

  it('when editing a test account, the box shows and can be unticked', async () => {
    const { user } = await renderDialog(administrator, 4);
    await screen.findByDisplayValue('Testkonto GmbH');
    expect(boxes()).toEqual({ Finanzpartner: 'unticked, disabled', Käufer: 'unticked, disabled', Lösungspartner: 'unticked', Testkonto: 'ticked' });
    await user.click(box('Testkonto'));
    expect(box('Testkonto').checked).toBe(false);
    // Unticked by mistake: still there to tick again.
    await user.click(box('Testkonto'));
    expect(box('Testkonto').checked).toBe(true);
  });

  it('names the checkboxes in English too', async () => {
    await renderUi(<OrganisationDialog actor={accountManager} organisationId={null} onClose={() => undefined} onSaved={() => undefined} />, { language: 'en' });
    for (const name of ['Finance partner', 'Buyer']) expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('saving the flags', { timeout: 30_000 }, () => {
  it('a buyer without its finance partner is refused under the select, and sent once it is chosen', async () => {
    const { user } = await renderDialog(administrator);
    await fillAddressAndContact(user);
    await user.click(box('Käufer'));
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(partnerSelect()?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus')).toHaveLength(1);
    expect(api.createOrganisation).not.toHaveBeenCalled();

    await user.click(partnerSelect()!);
    await user.click(await screen.findByRole('option', { name: 'Beispielbank eG' }));
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(api.createOrganisation).toHaveBeenCalledTimes(1);
    expect(api.createOrganisation.mock.calls[0]![0]).toMatchObject({
      isFinancePartner: false,
      isBuyer: true,
      isTestAccount: false,
      isSolutionPartner: false,
      financePartnerOrganisationId: 2,
    });
  });
});
