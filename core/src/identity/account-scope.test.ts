// Who manages which accounts, against tables written out from spec 01 §6 and DOMAIN.md §1 (issue 10).
import { describe, expect, it } from 'vitest';
import { mayActOnOrganisations, mayActOnUsers, organisationScope, type OrganisationAction, type UserAction } from './account-scope.ts';
import { ALL_ROLES, Role, roleName, type RoleName } from './roles.ts';

const USER_ACTIONS: UserAction[] = ['list', 'create', 'edit', 'activate', 'deactivate', 'lock', 'unlock', 'archive'];
const ORGANISATION_ACTIONS: OrganisationAction[] = ['list', 'create', 'edit', 'editContacts', 'activate', 'deactivate', 'delete', 'lock', 'unlock', 'export'];

const MANAGERS_ACTIONS: UserAction[] = ['list', 'create', 'edit', 'activate', 'deactivate'];
/** User actions per role: the administrator everything; the other roles of account management all but lock, unlock and archive. */
const USERS: Record<RoleName, readonly UserAction[]> = {
  AccountAdministrator: USER_ACTIONS,
  ScoringModelManager: MANAGERS_ACTIONS,
  AccountManager: MANAGERS_ACTIONS,
  ProspectiveBuyer: MANAGERS_ACTIONS,
  BillingManager: [],
  Evaluator: [],
  ObjectAdministrator: [],
  ObjectDataCollector: [],
  ObjectAnalyst: [],
  InternalTester: [],
  ExternalAccreditedTester: [],
  ImportAdmin: [],
};

/** Organisation actions per role, in an ordinary organisation and in a finance partner's. */
const ORGANISATIONS: Record<RoleName, readonly OrganisationAction[]> = {
  AccountAdministrator: ORGANISATION_ACTIONS,
  ScoringModelManager: ['list'],
  AccountManager: ['list', 'edit', 'editContacts', 'export'],
  ProspectiveBuyer: ['list'],
  BillingManager: [],
  Evaluator: [],
  ObjectAdministrator: [],
  ObjectDataCollector: [],
  ObjectAnalyst: [],
  InternalTester: [],
  ExternalAccreditedTester: [],
  ImportAdmin: [],
};

describe('who manages users and organisations (spec 01 §6)', () => {
  for (const role of ALL_ROLES) {
    const name = roleName(role);
    it(`${name} acts on users: ${USERS[name].join(', ') || 'nothing'}`, () => {
      expect(USER_ACTIONS.filter((a) => mayActOnUsers({ roles: [role] }, a))).toEqual(USERS[name]);
    });
    it(`${name} acts on organisations: ${ORGANISATIONS[name].join(', ') || 'nothing'}`, () => {
      expect(ORGANISATION_ACTIONS.filter((a) => mayActOnOrganisations({ roles: [role], orgFinance: false }, a))).toEqual(ORGANISATIONS[name]);
    });
  }

  it('a finance partner’s account manager also creates (buyer) organisations', () => {
    const bank = { roles: [Role.AccountManager, Role.ObjectAdministrator], orgFinance: true };
    expect(ORGANISATION_ACTIONS.filter((a) => mayActOnOrganisations(bank, a))).toEqual(['list', 'create', 'edit', 'editContacts', 'export']);
  });
});

describe('whose accounts an actor sees (DOMAIN.md §1)', () => {
  it('the administrator all organisations, whatever else it holds', () => {
    expect(organisationScope({ roles: [Role.AccountAdministrator], orgId: 1, orgFinance: false })).toEqual({ kind: 'all' });
    expect(organisationScope({ roles: [Role.AccountManager, Role.AccountAdministrator], orgId: 1, orgFinance: true })).toEqual({ kind: 'all' });
  });

  it('a finance partner’s account manager its own organisation and its tied buyers', () => {
    expect(organisationScope({ roles: [Role.AccountManager], orgId: 2, orgFinance: true })).toEqual({ kind: 'ownAndTiedBuyers', orgId: 2 });
  });

  it('everyone else the own organisation only', () => {
    expect(organisationScope({ roles: [Role.AccountManager], orgId: 3, orgFinance: false })).toEqual({ kind: 'own', orgId: 3 });
    expect(organisationScope({ roles: [Role.ObjectAdministrator], orgId: 2, orgFinance: true })).toEqual({ kind: 'own', orgId: 2 });
    expect(organisationScope({ roles: [Role.ScoringModelManager], orgId: 4, orgFinance: false })).toEqual({ kind: 'own', orgId: 4 });
  });
});

describe('organisation actions an account manager never has', () => {
  it.each(['activate', 'deactivate', 'delete', 'lock', 'unlock'] as const)('answers false to %s, also for a finance partner’s account manager', (action) => {
    expect(mayActOnOrganisations({ roles: [Role.AccountManager], orgFinance: true }, action)).toBe(false);
    expect(mayActOnOrganisations({ roles: [Role.AccountManager], orgFinance: false }, action)).toBe(false);
  });
});
