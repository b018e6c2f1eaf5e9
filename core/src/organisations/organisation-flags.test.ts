import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleSet } from '../identity/arbitraries/users.ts';
import { Role } from '../identity/roles.ts';
import { flagControls, flagProblem, initialFlags, tickFlag, type FlagActor, type OrganisationFlags } from './organisation-flags.ts';

const actor = (): fc.Arbitrary<FlagActor> => fc.record({ roles: roleSet(), orgId: fc.integer({ min: 1, max: 9 }), orgFinance: fc.boolean() });
const flags = (): fc.Arbitrary<OrganisationFlags> =>
  fc.record({
    isFinancePartner: fc.boolean(),
    isBuyer: fc.boolean(),
    isTestAccount: fc.boolean(),
    isSolutionPartner: fc.boolean(),
    financePartnerOrganisationId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
  });
const admin: FlagActor = { roles: [Role.AccountAdministrator], orgId: 1, orgFinance: false };
const financeManager: FlagActor = { roles: [Role.AccountManager, Role.ObjectAdministrator], orgId: 2, orgFinance: true };
const none: OrganisationFlags = { isFinancePartner: false, isBuyer: false, isTestAccount: false, isSolutionPartner: false, financePartnerOrganisationId: null };

describe('organisation checkboxes (spec 01 §5, §6)', () => {
  it('never accepts an organisation that is finance partner and buyer at once', () => {
    fc.assert(
      fc.property(actor(), flags(), fc.option(flags(), { nil: null }), (a, requested, previous) => {
        if (requested.isFinancePartner && requested.isBuyer) expect(flagProblem(a, requested, previous)).not.toBeNull();
      }),
    );
  });

  it('never accepts a buyer without a finance partner', () => {
    fc.assert(
      fc.property(actor(), flags(), (a, requested) => {
        if (requested.isBuyer && requested.financePartnerOrganisationId === null) expect(flagProblem(a, requested, null)).not.toBeNull();
      }),
    );
  });

  it('lets nobody change finance partner or buyer of an existing organisation', () => {
    fc.assert(
      fc.property(actor(), flags(), flags(), (a, previous, requested) => {
        const changed = previous.isFinancePartner !== requested.isFinancePartner || previous.isBuyer !== requested.isBuyer;
        if (changed) expect(flagProblem(a, requested, previous)).not.toBeNull();
      }),
    );
    expect(flagControls(admin, false, none).isFinancePartner.disabled).toBe(true);
    expect(flagControls(admin, true, none).isFinancePartner.disabled).toBe(false);
    expect(flagControls({ ...admin, roles: [Role.AccountManager] }, true, none).isBuyer.disabled).toBe(true);
  });

  it('lets only an administrator create a finance partner', () => {
    fc.assert(
      fc.property(actor(), (a) => {
        const problem = flagProblem(a, { ...none, isFinancePartner: true }, null);
        expect(problem === null).toBe(a.roles.includes(Role.AccountAdministrator));
      }),
    );
  });

  it('disables the partner box that the other excludes', () => {
    expect(flagControls(admin, true, { ...none, isBuyer: true }).isFinancePartner.disabled).toBe(true);
    expect(flagControls(admin, true, { ...none, isFinancePartner: true }).isBuyer.disabled).toBe(true);
  });

  it('test account: disabled beside finance partner or buyer and for finance actors; shown only when new or already set', () => {
    fc.assert(
      fc.property(actor(), fc.boolean(), flags(), (a, creating, f) => {
        const control = flagControls(a, creating, f).isTestAccount;
        expect(control.visible).toBe(creating || f.isTestAccount);
        if (f.isFinancePartner || f.isBuyer || a.orgFinance) expect(control.disabled).toBe(true);
      }),
    );
    expect(flagProblem(admin, { ...none, isTestAccount: true }, none)).toBe('testAccountNotAllowed');
    expect(flagProblem(admin, { ...none, isTestAccount: true }, null)).toBeNull();
  });

  it('a finance-partner account manager creates only buyer organisations tied to their own, with solution partner locked', () => {
    const start = initialFlags(financeManager);
    expect(start).toEqual({ ...none, isBuyer: true, financePartnerOrganisationId: 2 });
    expect(flagProblem(financeManager, start, null)).toBeNull();
    expect(flagProblem(financeManager, none, null)).toBe('buyerOfOwnFinancePartnerOnly');
    expect(flagProblem(financeManager, { ...start, financePartnerOrganisationId: 7 }, null)).toBe('buyerOfOwnFinancePartnerOnly');
    expect(flagProblem(financeManager, { ...start, isSolutionPartner: true }, null)).toBe('solutionPartnerLocked');
    const controls = flagControls(financeManager, true, start);
    expect(controls.isSolutionPartner.disabled).toBe(true);
    expect(controls.isTestAccount.disabled).toBe(true);
    expect(controls.financePartnerOrganisationId).toEqual({ visible: true, disabled: true });
  });

  it('an administrator may create a finance partner, a buyer of a finance partner, a solution partner or a test account', () => {
    expect(flagProblem(admin, { ...none, isFinancePartner: true }, null)).toBeNull();
    expect(flagProblem(admin, { ...none, isBuyer: true, financePartnerOrganisationId: 2 }, null)).toBeNull();
    expect(flagProblem(admin, { ...none, isSolutionPartner: true }, null)).toBeNull();
    expect(flagProblem(admin, { ...none, isTestAccount: true }, null)).toBeNull();
  });
});

describe('ticking a checkbox adjusts the others (spec 01 §5)', () => {
  const base = { ...none, financePartnerOrganisationId: 2 as number | null };
  it('finance partner unticks buyer and test account and drops a chosen partner', () => {
    expect(tickFlag({ ...base, isBuyer: true, isTestAccount: true }, 'isFinancePartner', true)).toEqual({ ...base, isFinancePartner: true, financePartnerOrganisationId: null });
  });
  it('buyer unticks finance partner and test account, keeps a chosen partner; unticking buyer drops it', () => {
    expect(tickFlag({ ...base, isFinancePartner: true, isTestAccount: true }, 'isBuyer', true)).toEqual({ ...base, isBuyer: true });
    expect(tickFlag({ ...base, isBuyer: true }, 'isBuyer', false)).toEqual({ ...base, financePartnerOrganisationId: null });
  });
  it('test account and solution partner change only themselves', () => {
    expect(tickFlag(base, 'isTestAccount', true)).toEqual({ ...base, isTestAccount: true });
    expect(tickFlag({ ...base, isSolutionPartner: true }, 'isSolutionPartner', false)).toEqual(base);
  });
});
