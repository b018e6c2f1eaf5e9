import { describe, expect, it } from 'vitest';
import { buyerPartnerProblem, mayReadOrganisation, organisationTransitionEndsSessions } from './organisation.ts';

describe('organisation rules moved into core (issue 12)', () => {
  it('deactivating, locking or deleting an organisation ends its users’ sessions; activating and unlocking do not', () => {
    expect((['activate', 'deactivate', 'lock', 'unlock', 'delete'] as const).filter(organisationTransitionEndsSessions)).toEqual(['deactivate', 'lock', 'delete']);
  });

  it('a buyer’s partner must be a finance partner, checked when it is chosen or changed', () => {
    const buyer = { isBuyer: true, financePartnerOrganisationId: 2 };
    expect(buyerPartnerProblem(buyer, null, { isFinancePartner: true })).toBe(false);
    expect(buyerPartnerProblem(buyer, null, { isFinancePartner: false })).toBe(true);
    expect(buyerPartnerProblem(buyer, null, null)).toBe(true);
    // Unchanged partner: not checked again.
    expect(buyerPartnerProblem(buyer, 2, null)).toBe(false);
    // Not a buyer, or no partner chosen: nothing to check here (the flags rule asks for the partner).
    expect(buyerPartnerProblem({ isBuyer: false, financePartnerOrganisationId: 2 }, null, null)).toBe(false);
    expect(buyerPartnerProblem({ isBuyer: true, financePartnerOrganisationId: null }, null, null)).toBe(false);
  });

  it('everyone reads their own organisation; others only within the scope', () => {
    expect(mayReadOrganisation(1, 1, [])).toBe(true);
    expect(mayReadOrganisation(1, 2, [1])).toBe(false);
    expect(mayReadOrganisation(1, 2, [1, 2])).toBe(true);
    expect(mayReadOrganisation(1, 2, null)).toBe(true);
  });
});
