import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roleSet } from './arbitraries/users.ts';
import {
  FINANCE_PARTNER_ROLES,
  mayAssignRole,
  mayChooseAccess,
  mayChooseOrganisation,
  OBJECT_ROLES,
  roleAssignmentProblem,
  roleOptions,
  type AssigningActor,
  type TargetOrganisation,
} from './role-assignment.ts';
import { ALL_ROLES, Role } from './roles.ts';

const actor = (): fc.Arbitrary<AssigningActor> => fc.record({ roles: roleSet(), orgFinance: fc.boolean() });
const plainOrg: TargetOrganisation = { isTestAccount: false, isFinancePartner: false, isBuyer: false };
const org = (): fc.Arbitrary<TargetOrganisation> =>
  fc.record({ isTestAccount: fc.boolean(), isFinancePartner: fc.boolean(), isBuyer: fc.boolean() });

describe('who may assign which role (spec 01 §6)', () => {
  it('follows the table of the specification', () => {
    const can = (roles: Role[], role: Role, orgFinance = false) => mayAssignRole({ roles, orgFinance }, role);
    for (const role of [Role.AccountAdministrator, Role.Evaluator, Role.ScoringModelManager]) {
      expect(can([Role.ScoringModelManager], role)).toBe(true);
      expect(can([Role.AccountAdministrator, Role.AccountManager], role)).toBe(false);
    }
    for (const role of [Role.ObjectAdministrator, Role.ObjectDataCollector]) {
      expect(can([Role.AccountAdministrator], role)).toBe(true);
      expect(can([Role.AccountManager], role)).toBe(true);
      expect(can([Role.AccountManager], role, true)).toBe(false);
      expect(can([Role.ScoringModelManager], role)).toBe(false);
    }
    expect(can([Role.AccountAdministrator], Role.AccountManager)).toBe(true);
    expect(can([Role.AccountManager], Role.AccountManager)).toBe(false);
    expect(can([Role.AccountAdministrator], Role.ExternalAccreditedTester)).toBe(true);
    expect(can([Role.ScoringModelManager], Role.ExternalAccreditedTester)).toBe(true);
    expect(can([Role.AccountManager], Role.ExternalAccreditedTester)).toBe(false);
    expect(can([Role.AccountManager], Role.ProspectiveBuyer, true)).toBe(true);
    expect(can([Role.ProspectiveBuyer], Role.ProspectiveBuyer)).toBe(true);
    expect(can([Role.AccountManager], Role.ProspectiveBuyer, false)).toBe(false);
  });

  it('refuses any role the actor may not assign, however the request is forged', () => {
    fc.assert(
      fc.property(actor(), roleSet(), (a, requested) => {
        const problem = roleAssignmentProblem(a, plainOrg, requested);
        const forbidden = requested.find((r) => !mayAssignRole(a, r));
        if (requested.length > 0 && forbidden !== undefined) expect(problem).toMatchObject({ kind: 'notAssignable' });
      }),
    );
  });

  it('refuses a user without roles', () => {
    fc.assert(
      fc.property(actor(), org(), (a, o) => {
        expect(roleAssignmentProblem(a, o, [])).toEqual({ kind: "noRole" });
      }),
    );
  });

  it('lets roles the user already held stay, even when the actor could not assign them', () => {
    const manager = { roles: [Role.AccountManager], orgFinance: false };
    expect(roleAssignmentProblem(manager, plainOrg, [Role.AccountAdministrator, Role.ObjectDataCollector], [Role.AccountAdministrator])).toBeNull();
    expect(roleAssignmentProblem(manager, plainOrg, [Role.ObjectDataCollector], [Role.AccountAdministrator, Role.ObjectDataCollector])).toEqual({
      kind: 'notAssignable',
      role: Role.AccountAdministrator,
    });
  });

  it('keeps only object roles in a test-account organisation', () => {
    fc.assert(
      fc.property(actor(), roleSet(), (a, requested) => {
        const problem = roleAssignmentProblem(a, { ...plainOrg, isTestAccount: true }, requested);
        if (problem === null) for (const role of requested) expect(OBJECT_ROLES).toContain(role);
      }),
    );
  });

  it('a finance-partner organisation accepts exactly ObjectAdministrator plus AccountManager', () => {
    fc.assert(
      fc.property(actor(), roleSet(), (a, requested) => {
        const problem = roleAssignmentProblem(a, { ...plainOrg, isFinancePartner: true }, requested);
        const exact = requested.length === 2 && FINANCE_PARTNER_ROLES.every((r) => requested.includes(r));
        expect(problem === null).toBe(exact);
      }),
    );
  });

  it('the selector offers only assignable roles, disabled in test accounts beyond object roles and locked for finance partners', () => {
    fc.assert(
      fc.property(actor(), org(), (a, o) => {
        for (const option of roleOptions(a, o)) {
          if (o.isFinancePartner) expect(option.disabled).toBe(true);
          else {
            expect(mayAssignRole(a, option.role)).toBe(true);
            if (o.isTestAccount && !OBJECT_ROLES.includes(option.role)) expect(option.disabled).toBe(true);
          }
        }
      }),
    );
    expect(roleOptions({ roles: [Role.AccountAdministrator], orgFinance: false }, { ...plainOrg, isFinancePartner: true }).map((o) => o.role)).toEqual(
      expect.arrayContaining([...FINANCE_PARTNER_ROLES]),
    );
  });

  it('shows access selection only to account managers editing collectors or object administrators', () => {
    fc.assert(
      fc.property(roleSet(), roleSet(), (actorRoles, targetRoles) => {
        const shown = mayChooseAccess({ roles: actorRoles, orgFinance: false }, targetRoles);
        const expected =
          actorRoles.includes(Role.AccountManager) && (targetRoles.includes(Role.ObjectDataCollector) || targetRoles.includes(Role.ObjectAdministrator));
        expect(shown).toBe(expected);
      }),
    );
  });

  it('lets only administrators and finance-partner account managers choose the organisation, and only when creating', () => {
    fc.assert(
      fc.property(actor(), (a) => {
        expect(mayChooseOrganisation(a, false)).toBe(false);
        expect(mayChooseOrganisation(a, true)).toBe(a.roles.includes(Role.AccountAdministrator) || (a.orgFinance && a.roles.includes(Role.AccountManager)));
      }),
    );
  });

  it('every role has an answer (no role falls through the table)', () => {
    for (const role of ALL_ROLES) expect(typeof mayAssignRole({ roles: ALL_ROLES, orgFinance: false }, role)).toBe('boolean');
  });
});
