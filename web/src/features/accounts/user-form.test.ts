import { describe, expect, it } from 'vitest';
import type { ManagingActor } from '@ecore/core/identity/role-assignment.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import { message } from '@ecore/core/shared/messages.ts';
import type { Translate } from '../../components/forms/form-errors.ts';
import type { User } from './accounts-api.ts';
import { createUserPayload, editUserPayload, newUserValues, userFormErrors, userValues, type PayloadContext } from './user-form.ts';

const german: Translate = (key, params) => message(key, 'de', params);
const admin: ManagingActor = { userId: 1, orgId: 1, roles: [Role.AccountAdministrator], orgFinance: false };
const manager: ManagingActor = { userId: 9, orgId: 1, roles: [Role.AccountManager], orgFinance: false };
const plainOrg = { isTestAccount: false, isFinancePartner: false, isBuyer: false };
const context = (actor = admin, forced: PayloadContext['forced'] = null) => ({ actor, forced, organisationName: 'Musterimmobilien AG', language: 'de' as const });

const filled = () => ({
  ...newUserValues(1),
  firstName: ' Erika ',
  lastName: 'Muster',
  position: 'Einkauf',
  email: 'erika@example.org',
  userName: 'erika.muster',
  phoneNumber: '+49 69 1',
  userRoles: [String(Role.ObjectDataCollector)],
  assetGroups: ['3'],
  assets: ['9'],
});

const stored: User = {
  id: 5, firstName: 'Carl', lastName: 'Collector', organisationId: 1, organisationName: 'Musterimmobilien AG', position: 'Daten',
  email: 'carl@example.org', userName: 'collector', phoneNumber: '1', mobileNumber: '', userRoles: [Role.ObjectDataCollector],
  external: true, mainContactPerson: false, assetGroups: [3], assets: [9, 10], status: 1, locked: false, passwordSet: true,
};

describe('the user dialog as payload', () => {
  it('creates with the organisation, e-mail, user name and language, trimmed, roles as numbers', () => {
    expect(createUserPayload(filled(), context())).toMatchObject({
      firstName: 'Erika', organisationId: 1, organisationName: 'Musterimmobilien AG', email: 'erika@example.org',
      userName: 'erika.muster', language: 'de', userRoles: [Role.ObjectDataCollector],
    });
  });

  it('clears object groups and objects when the actor may not choose access (an administrator)', () => {
    expect(createUserPayload(filled(), context(admin))).toMatchObject({ assetGroups: [], assets: [] });
  });

  it('keeps access for an account manager editing a data collector, and drops objects without a group', () => {
    expect(createUserPayload(filled(), context(manager))).toMatchObject({ assetGroups: [3], assets: [9] });
    expect(createUserPayload({ ...filled(), assetGroups: [] }, context(manager))).toMatchObject({ assetGroups: [], assets: [] });
  });

  it('sends the finance partner roles when the organisation forces them', () => {
    const forced = [Role.ObjectAdministrator, Role.AccountManager];
    expect(createUserPayload({ ...filled(), userRoles: [] }, context(admin, forced)).userRoles).toEqual(forced);
  });

  it('edits without e-mail and user name, and reads a stored user back unchanged', () => {
    const payload = editUserPayload(5, userValues(stored), context(manager));
    expect(payload).not.toHaveProperty('email');
    expect(payload).not.toHaveProperty('userName');
    expect(payload).toMatchObject({ id: 5, external: true, userRoles: [Role.ObjectDataCollector], assetGroups: [3], assets: [9, 10] });
  });
});

describe('the user dialog checks before sending', () => {
  const check = (values = filled(), actor = admin, editing: { id: number; organisationId: number; roles: Role[] } | null = null, organisation = plainOrg) =>
    userFormErrors(values, { ...context(actor), editing, organisation }, german);

  it('passes a complete new user', () => {
    expect(check()).toEqual({});
  });

  it('shows the specification texts under the fields', () => {
    const errors = check({ ...filled(), firstName: '', email: 'nope', userName: 'a b', userRoles: [], organisationId: null });
    expect(errors).toMatchObject({
      firstName: 'Bitte füllen Sie dieses Feld aus',
      email: 'Keine gültige E-Mail-Adresse',
      userName: 'Kein gültiger Benutzername',
      userRoles: 'Bitte wählen Sie mindestens eine Nutzerrolle',
      organisationId: 'Bitte füllen Sie dieses Feld aus',
    });
  });

  it("refuses a role the actor may not assign (core's rule), and any edit of a user holding such a role", () => {
    const evaluator = { ...filled(), userRoles: [String(Role.Evaluator)] };
    expect(check(evaluator, admin).userRoles).toBe('Diese Nutzerrolle dürfen Sie nicht vergeben');
    expect(check(evaluator, admin, { id: 5, organisationId: 1, roles: [Role.Evaluator] }).userRoles).toBe(
      'Dieser Nutzer hat Rollen, die Sie nicht vergeben dürfen; Sie können ihn daher nicht bearbeiten',
    );
  });

  it('refuses a change of the own roles, and lets the own account be edited otherwise', () => {
    const self = { id: 9, organisationId: 1, roles: [Role.AccountManager] };
    expect(check({ ...filled(), userRoles: [String(Role.AccountManager)] }, manager, self).userRoles).toBeUndefined();
    expect(check({ ...filled(), userRoles: [String(Role.AccountManager), String(Role.ObjectAdministrator)] }, manager, self).userRoles).toBe(
      'Ihre eigenen Rollen können Sie nicht ändern',
    );
  });

  it('allows only object roles in a test account', () => {
    const manager = { ...filled(), userRoles: [String(Role.AccountManager)] };
    expect(check(manager, admin, null, { ...plainOrg, isTestAccount: true }).userRoles).toBe('In einem Testkonto sind nur Objektrollen möglich');
  });
});
