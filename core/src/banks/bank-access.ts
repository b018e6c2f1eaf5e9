import { Role } from '../identity/roles.ts';
import type { FinancePartnerScope } from '../exports/finance-partner-scope.ts';

/**
 * Who works with loans and financed emissions (DOMAIN.md §11): the account managers and object administrators of a
 * finance-partner organisation, over the objects it may see (its buyers' and those granted to it or them, the export
 * area's scope). Owners and every other organisation are refused; a bank never sees another bank's loans.
 */
export const BANK_ROLES: readonly Role[] = [Role.AccountManager, Role.ObjectAdministrator];

export interface BankActor {
  roles: readonly Role[];
  orgId: number;
  orgFinance: boolean;
}

/** The bank whose loans the actor works with; null: the calls are closed to them. */
export const bankScope = (actor: BankActor): FinancePartnerScope | null =>
  actor.orgFinance && actor.roles.some((r) => BANK_ROLES.includes(r)) ? { financePartnerId: actor.orgId } : null;

/** May the actor use the loans and the financed emissions screen (its navigation entry)? */
export const mayUseBank = (actor: BankActor): boolean => bankScope(actor) !== null;
