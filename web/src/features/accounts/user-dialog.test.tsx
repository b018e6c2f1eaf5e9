// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@ecore/core/identity/session.ts';
import { dialogHasFocus, pasteInto, renderUi, type TestUser } from '../../testing/render.tsx';
import type { User } from './accounts-api.ts';
import { storedOrganisation } from '../../testing/organisations.ts';
import { UserDialog } from './user-dialog.tsx';

/*
 * The role selector of the user dialog (spec 01 §6 "Who may assign which role in the user dialog"; the
 * roles the specification leaves open are the account administrator's, README "Roles"), the test-account
 * restriction, the finance partner's forced roles and one's own roles read only. The expected tables are
 * written out here from the specification; the dialog's API calls are stubbed.
 */

const ORGANISATIONS = [
  storedOrganisation(1, 'Musterimmobilien AG'),
  storedOrganisation(2, 'Beispielbank eG', { isFinancePartner: true }),
  storedOrganisation(3, 'Käufer Wohnbau GmbH', { isBuyer: true }),
  storedOrganisation(4, 'Testkonto GmbH', { isTestAccount: true }),
];

const api = vi.hoisted(() => ({ createUser: vi.fn(), editUser: vi.fn() }));
vi.mock(import('./accounts-api.ts'), async (original) => ({
  ...(await original()),
  fetchAllOrganisations: async () => ORGANISATIONS,
  fetchOrganisation: async (id: number) => ORGANISATIONS.find((o) => o.id === id)!,
  fetchAssetGroups: async () => [],
  fetchAssetsOfGroups: async () => [],
  createUser: api.createUser,
  editUser: api.editUser,
}));

const actor = (roles: number[], org: { orgId?: number; orgFinance?: boolean; orgTest?: boolean; orgBuyer?: boolean } = {}): Actor => ({
  userId: 100,
  userName: 'actor',
  roles: roles as Actor['roles'],
  external: false,
  orgId: org.orgId ?? 1,
  orgTest: org.orgTest ?? false,
  orgFinance: org.orgFinance ?? false,
  orgBuyer: org.orgBuyer ?? false,
});

// Role numbers of spec 01 §3.
const AccountAdministrator = 0;
const ScoringModelManager = 3;
const ObjectAdministrator = 4;
const ObjectDataCollector = 5;
const AccountManager = 10;
const ProspectiveBuyer = 11;

/** Every role's German name, in the order of spec 01 §3 (the order of the selector). */
const ALL_ROLE_NAMES = [
  'Kontoadministrator',
  'Abrechnungsmanager',
  'Gutachter',
  'Scoring-Modell-Manager',
  'Objektadministrator',
  'Datenerfasser',
  'Objektanalyst',
  'interner Prüfer',
  'externer akkreditierter Prüfer',
  'Import-Administrator',
  'Account-Manager',
  'Kaufinteressent',
];

const renderDialog = (who: Actor, user: User | null = null) => renderUi(<UserDialog actor={who} user={user} onClose={() => undefined} onSaved={() => undefined} />);

const rolesInput = () => screen.getByLabelText(/^(Nutzerrollen|User roles)/, { selector: 'input' }) as HTMLInputElement;

/** Opens the role selector and reads what it offers: every option's name and whether it can be picked. */
const offeredRoles = async (user: TestUser) => {
  await user.click(rolesInput());
  const options = within(await screen.findByRole('listbox')).getAllByRole('option');
  return {
    pickable: options.filter((o) => !o.hasAttribute('data-combobox-disabled')).map((o) => o.textContent),
    greyed: options.filter((o) => o.hasAttribute('data-combobox-disabled')).map((o) => o.textContent),
  };
};

const chooseOrganisation = async (user: TestUser, name: string) => {
  // The list arrives from the (stubbed) API first.
  await screen.findByRole('option', { name, hidden: true });
  await user.click(screen.getByLabelText(/^Organisation/, { selector: 'input' }));
  await user.click(screen.getByRole('option', { name }));
};

/** The roles shown as chosen (the selector's pills). */
const chosenPills = () =>
  Array.from(rolesInput().closest('.mantine-PillsInput-root, .mantine-MultiSelect-root')?.querySelectorAll('.mantine-Pill-label') ?? []).map((p) => p.textContent);

const fillPersonalFields = async (user: TestUser) => {
  await dialogHasFocus();
  await pasteInto(user, /^Vorname/, 'Erika');
  await pasteInto(user, /^Nachname/, 'Muster');
  await pasteInto(user, /^E-Mail/, 'erika@example.com');
  await pasteInto(user, /^Benutzername/, 'erika');
  await pasteInto(user, /^Position/, 'Leitung');
  await pasteInto(user, /^Telefon/, '+49 30 123456');
};

beforeEach(() => {
  api.createUser.mockReset().mockResolvedValue({});
  api.editUser.mockReset().mockResolvedValue({});
});

describe('the role selector offers the roles the actor may assign', { timeout: 20_000 }, () => {
  const TABLE: { who: string; actor: Actor; organisation?: string; pickable: string[] }[] = [
    {
      who: 'an account administrator: object roles, account manager, external tester and the roles the specification leaves open',
      actor: actor([AccountAdministrator]),
      organisation: 'Musterimmobilien AG',
      pickable: ['Abrechnungsmanager', 'Objektadministrator', 'Datenerfasser', 'Objektanalyst', 'interner Prüfer', 'externer akkreditierter Prüfer', 'Import-Administrator', 'Account-Manager'],
    },
    {
      who: 'a scoring model manager: administrator, evaluator, scoring model manager and external tester',
      actor: actor([ScoringModelManager]),
      pickable: ['Kontoadministrator', 'Gutachter', 'Scoring-Modell-Manager', 'externer akkreditierter Prüfer'],
    },
    {
      who: 'an account manager: the object roles only',
      actor: actor([AccountManager]),
      pickable: ['Objektadministrator', 'Datenerfasser', 'Objektanalyst'],
    },
    {
      who: "a finance partner's account manager creating a buyer's user: prospective buyer only",
      actor: actor([ObjectAdministrator, AccountManager], { orgId: 2, orgFinance: true }),
      organisation: 'Käufer Wohnbau GmbH',
      pickable: ['Kaufinteressent'],
    },
    {
      who: 'a prospective buyer: prospective buyer only',
      actor: actor([ProspectiveBuyer], { orgId: 3, orgBuyer: true }),
      pickable: ['Kaufinteressent'],
    },
  ];

  it.each(TABLE)('$who', async ({ actor: who, organisation: name, pickable }) => {
    const { user } = await renderDialog(who);
    if (name) await chooseOrganisation(user, name);
    else await screen.findByDisplayValue(ORGANISATIONS.find((o) => o.id === who.orgId)!.name);
    const offered = await offeredRoles(user);
    expect(offered.pickable).toEqual(pickable);
    expect(offered.greyed).toEqual([]);
  });

  it('the table covers every role: each is pickable by somebody', () => {
    const somebody = new Set(TABLE.flatMap((row) => row.pickable));
    expect(ALL_ROLE_NAMES.filter((name) => somebody.has(name))).toEqual(ALL_ROLE_NAMES);
  });

  it('a picked role shows as chosen; a role outside the table is not even offered', async () => {
    const { user } = await renderDialog(actor([AccountManager]));
    await screen.findByDisplayValue('Musterimmobilien AG');
    await user.click(rolesInput());
    await user.click(await screen.findByRole('option', { name: 'Datenerfasser' }));
    expect(chosenPills()).toEqual(['Datenerfasser']);
    expect(screen.queryByRole('option', { name: 'Account-Manager' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Kontoadministrator' })).toBeNull();
  });
});

describe('the organisation decides what can be chosen', { timeout: 20_000 }, () => {
  it('a test account leaves only the object roles pickable, says so, and refuses a role chosen before', async () => {
    const { user } = await renderDialog(actor([AccountAdministrator]));
    await chooseOrganisation(user, 'Musterimmobilien AG');
    await user.click(rolesInput());
    await user.click(await screen.findByRole('option', { name: 'Account-Manager' }));
    await user.click(screen.getByRole('option', { name: 'Datenerfasser' }));
    await user.keyboard('{Escape}');

    await chooseOrganisation(user, 'Testkonto GmbH');
    expect(screen.getByText('In einem Testkonto sind nur Objektrollen möglich.')).toBeTruthy();
    const offered = await offeredRoles(user);
    expect(offered.pickable).toEqual(['Objektadministrator', 'Datenerfasser', 'Objektanalyst']);
    expect(offered.greyed).toEqual(['Abrechnungsmanager', 'interner Prüfer', 'externer akkreditierter Prüfer', 'Import-Administrator', 'Account-Manager']);
    // A greyed role cannot be picked.
    await user.click(screen.getByRole('option', { name: 'Import-Administrator' }));
    expect(chosenPills()).toEqual(['Account-Manager', 'Datenerfasser']);
    await user.keyboard('{Escape}');

    await fillPersonalFields(user);
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('In einem Testkonto sind nur Objektrollen möglich')).toBeTruthy();
    expect(api.createUser).not.toHaveBeenCalled();
  });

  it("a finance partner forces object administrator and account manager and locks the selector; they are what is sent", async () => {
    const { user } = await renderDialog(actor([AccountAdministrator]));
    await chooseOrganisation(user, 'Beispielbank eG');
    expect(screen.getByText('Nutzer eines Finanzpartners haben immer die Rollen Objektadministrator und Account-Manager.')).toBeTruthy();
    expect(rolesInput().readOnly).toBe(true);
    expect(rolesInput().value).toBe('Objektadministrator, Account-Manager');

    await fillPersonalFields(user);
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(api.createUser).toHaveBeenCalledTimes(1);
    expect(api.createUser.mock.calls[0]![0]).toMatchObject({ organisationId: 2, userRoles: [ObjectAdministrator, AccountManager] });
  });

  it('without a role nothing is sent and the dialog asks for one', async () => {
    const { user } = await renderDialog(actor([AccountAdministrator]));
    await chooseOrganisation(user, 'Musterimmobilien AG');
    await fillPersonalFields(user);
    await user.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens eine Nutzerrolle')).toBeTruthy();
    expect(api.createUser).not.toHaveBeenCalled();
  });
});

describe('editing', { timeout: 20_000 }, () => {
  const existing = (id: number, roles: number[]): User => ({
    id,
    firstName: 'Max',
    lastName: 'Muster',
    organisationId: 1,
    organisationName: 'Musterimmobilien AG',
    position: 'Leitung',
    email: 'max@example.com',
    userName: 'max',
    phoneNumber: '+49 30 1',
    mobileNumber: '',
    userRoles: roles,
    external: false,
    mainContactPerson: false,
    assetGroups: [],
    assets: [],
    status: 1 as User['status'],
    locked: false,
    passwordSet: true,
  });

  it('shows one’s own roles read only', async () => {
    const administrator = actor([AccountAdministrator]);
    await renderDialog(administrator, existing(administrator.userId, [AccountAdministrator]));
    expect(await screen.findByText('Ihre eigenen Rollen können Sie nicht ändern.')).toBeTruthy();
    expect(rolesInput().readOnly).toBe(true);
    expect(rolesInput().value).toBe('Kontoadministrator');
  });

  it("leaves another user's roles open to change, and sends the change", async () => {
    const { user } = await renderDialog(actor([AccountAdministrator]), existing(7, [ObjectDataCollector]));
    await screen.findByDisplayValue('Musterimmobilien AG');
    expect(screen.queryByText('Ihre eigenen Rollen können Sie nicht ändern.')).toBeNull();
    expect(rolesInput().disabled).toBe(false);
    await user.click(rolesInput());
    await user.click(await screen.findByRole('option', { name: 'Objektadministrator' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(api.editUser).toHaveBeenCalledTimes(1);
    expect(api.editUser.mock.calls[0]![0]).toMatchObject({ id: 7, userRoles: [ObjectDataCollector, ObjectAdministrator] });
  });

  it('shows the e-mail and the user name as read-only values: legible, not editable, not disabled', async () => {
    await renderDialog(actor([AccountAdministrator]), existing(7, [ObjectDataCollector]));
    for (const [label, value] of [[/^E-Mail/, 'max@example.com'], [/^Benutzername/, 'max']] as const) {
      const field = (await screen.findByLabelText(label, { selector: 'input' })) as HTMLInputElement;
      expect(field.value).toBe(value);
      expect(field.readOnly).toBe(true);
      expect(field.disabled).toBe(false);
      expect(field.hasAttribute('data-read-only')).toBe(true);
    }
  });

  it('after a failed submit gives the focus to the first field in error', async () => {
    const { user } = await renderDialog(actor([AccountAdministrator]), existing(7, [ObjectDataCollector]));
    const lastName = (await screen.findByLabelText(/^Nachname/, { selector: 'input' })) as HTMLInputElement;
    await user.clear(lastName);
    await user.clear(screen.getByLabelText(/^Position/, { selector: 'input' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(api.editUser).not.toHaveBeenCalled();
  });

  it('names the roles in English too', async () => {
    const administrator = actor([AccountAdministrator]);
    await renderUi(<UserDialog actor={administrator} user={existing(administrator.userId, [AccountAdministrator])} onClose={() => undefined} onSaved={() => undefined} />, { language: 'en' });
    expect(await screen.findByText('You cannot change your own roles.')).toBeTruthy();
    expect(rolesInput().value).toBe('Account administrator');
  });
});
