import { Role } from './roles.ts';

/** The actor as tenancy sees them (DOMAIN.md §1). */
export interface ScopeActor {
  roles: readonly Role[];
  orgId: number;
  orgFinance: boolean;
}

/**
 * Which organisations' accounts an actor may see and manage:
 * - the account administrator works across all organisations (the platform's operator);
 * - an account manager of a finance partner: their own organisation and the buyer organisations tied to it;
 * - everyone else with account management: their own organisation only.
 * `all` means no restriction; otherwise the ids are resolved by the caller (tied buyers come from the database).
 */
export type OrganisationScope = { kind: 'all' } | { kind: 'own'; orgId: number } | { kind: 'ownAndTiedBuyers'; orgId: number };

export const organisationScope = (actor: ScopeActor): OrganisationScope => {
  if (actor.roles.includes(Role.AccountAdministrator)) return { kind: 'all' };
  if (actor.orgFinance && actor.roles.includes(Role.AccountManager)) return { kind: 'ownAndTiedBuyers', orgId: actor.orgId };
  return { kind: 'own', orgId: actor.orgId };
};

/** Roles that open the user list at all (the account-management route). */
const USER_MANAGERS: readonly Role[] = [Role.AccountAdministrator, Role.ScoringModelManager, Role.AccountManager, Role.ProspectiveBuyer];

export type UserAction = 'list' | 'create' | 'edit' | 'activate' | 'deactivate' | 'lock' | 'unlock' | 'archive';

/**
 * Who may do what with users (spec 01 §6: account managers manage users; the account administrator
 * creates, edits, locks, unlocks and archives users). Tenancy (which users) is organisationScope's part.
 * The specification leaves the rest open: account managers and the others of the route may list, create,
 * edit, activate and deactivate within their scope; locking, unlocking and archiving stay with the
 * administrator, who informs the contact person.
 */
export const mayActOnUsers = (actor: Pick<ScopeActor, 'roles'>, action: UserAction): boolean => {
  const has = (r: Role) => actor.roles.includes(r);
  if (has(Role.AccountAdministrator)) return true;
  if (!USER_MANAGERS.some(has)) return false;
  return action === 'list' || action === 'create' || action === 'edit' || action === 'activate' || action === 'deactivate';
};

export type OrganisationAction = 'list' | 'create' | 'edit' | 'editContacts' | 'activate' | 'deactivate' | 'delete' | 'lock' | 'unlock' | 'export' | 'signInPolicy';

/**
 * Who may do what with organisations: the administrator everything; an account manager edits the
 * organisations of their scope and their contacts; an account manager of a finance partner also creates
 * buyer organisations (spec 01 §6). Everyone with account management may read their scope. How an organisation's
 * users sign in (an authenticator app required; docs/sign-in.md) only the account administrator sets.
 */
export const mayActOnOrganisations = (actor: Pick<ScopeActor, 'roles' | 'orgFinance'>, action: OrganisationAction): boolean => {
  const has = (r: Role) => actor.roles.includes(r);
  if (has(Role.AccountAdministrator)) return true;
  switch (action) {
    case 'list':
      return USER_MANAGERS.some(has);
    case 'edit':
    case 'editContacts':
    case 'export':
      return has(Role.AccountManager);
    case 'create':
      return has(Role.AccountManager) && actor.orgFinance;
    default:
      return false;
  }
};
