// Issue 10: every role in every permission table, against tables written out here from the
// specifications (spec 01 §6 "Who may assign which role", "Route access"; spec 02 §2), never computed by
// the functions under test. Changing one entry in core without changing the specification fails a test.
import { describe, expect, it } from 'vitest';
import { mayAssignRole } from './role-assignment.ts';
import { canAccessArea, type Area } from './route-access.ts';
import { ALL_ROLES, Role, roleName, type RoleName } from './roles.ts';

const ROLE_NAMES = ALL_ROLES.map(roleName);

/**
 * Which roles an actor holding the row's one role may assign, in an organisation that is not a
 * finance partner. Where the specification is silent (BillingManager, InternalTester, ImportAdmin) only
 * the AccountAdministrator assigns; ObjectAnalyst goes with the other object roles (README "Roles").
 */
const ASSIGNS: Record<RoleName, readonly RoleName[]> = {
  AccountAdministrator: ['BillingManager', 'ObjectAdministrator', 'ObjectDataCollector', 'ObjectAnalyst', 'InternalTester', 'ExternalAccreditedTester', 'ImportAdmin', 'AccountManager'],
  BillingManager: [],
  Evaluator: [],
  ScoringModelManager: ['AccountAdministrator', 'Evaluator', 'ScoringModelManager', 'ExternalAccreditedTester'],
  ObjectAdministrator: [],
  ObjectDataCollector: [],
  ObjectAnalyst: [],
  InternalTester: [],
  ExternalAccreditedTester: [],
  ImportAdmin: [],
  AccountManager: ['ObjectAdministrator', 'ObjectDataCollector', 'ObjectAnalyst'],
  ProspectiveBuyer: ['ProspectiveBuyer'],
};

/**
 * The same when the actor's organisation is a finance partner: object roles are not assigned from there
 * ("unless the actor's organisation is a finance partner"), and its account manager assigns buyers.
 */
const ASSIGNS_IN_FINANCE_PARTNER: Record<RoleName, readonly RoleName[]> = {
  ...ASSIGNS,
  AccountAdministrator: ['BillingManager', 'InternalTester', 'ExternalAccreditedTester', 'ImportAdmin', 'AccountManager'],
  AccountManager: ['ProspectiveBuyer'],
};

describe('who may assign which role: every actor role × every role (spec 01 §6)', () => {
  for (const [label, table, orgFinance] of [['', ASSIGNS, false], [' of a finance partner', ASSIGNS_IN_FINANCE_PARTNER, true]] as const) {
    for (const actor of ROLE_NAMES) {
      it(`${actor}${label} assigns exactly ${table[actor].join(', ') || 'nothing'}`, () => {
        const assignable = ROLE_NAMES.filter((role) => mayAssignRole({ roles: [Role[actor]], orgFinance }, Role[role]));
        expect(assignable).toEqual(ROLE_NAMES.filter((role) => table[actor].includes(role)));
      });
    }
  }
});

/**
 * Route access (spec 01 §6, spec 02 §2): the areas a user holding one role enters, in an ordinary
 * organisation and in a finance partner's (which sees only home, export, account management of its
 * buyers as account manager, and the certificate of single objects).
 */
const AREAS: Area[] = ['home', 'score', 'accountManagement', 'assetManagement', 'jobManagement', 'analysisAndBenchmark', 'export', 'certificate'];
const ENTERS: Record<RoleName, readonly Area[]> = {
  AccountAdministrator: ['home', 'accountManagement', 'assetManagement', 'jobManagement'],
  BillingManager: ['home'],
  Evaluator: ['home', 'jobManagement', 'certificate'],
  ScoringModelManager: ['home', 'score', 'accountManagement'],
  ObjectAdministrator: ['home', 'assetManagement', 'analysisAndBenchmark', 'certificate'],
  ObjectDataCollector: ['home', 'assetManagement'],
  ObjectAnalyst: ['home', 'assetManagement'],
  InternalTester: ['home', 'jobManagement'],
  ExternalAccreditedTester: ['home', 'jobManagement'],
  ImportAdmin: ['home'],
  AccountManager: ['home', 'accountManagement', 'analysisAndBenchmark'],
  ProspectiveBuyer: ['home', 'accountManagement', 'assetManagement'],
};
const ENTERS_IN_FINANCE_PARTNER: Record<RoleName, readonly Area[]> = Object.fromEntries(
  ROLE_NAMES.map((role) => [
    role,
    ['home', 'export', 'certificate', ...(['AccountAdministrator', 'ScoringModelManager', 'AccountManager', 'ProspectiveBuyer'].includes(role) ? ['accountManagement' as const] : [])],
  ]),
) as unknown as Record<RoleName, readonly Area[]>;

describe('route access: every role × every area (spec 01 §6, spec 02 §2)', () => {
  for (const [label, table, orgFinance] of [['', ENTERS, false], [' of a finance partner', ENTERS_IN_FINANCE_PARTNER, true]] as const) {
    for (const role of ROLE_NAMES) {
      it(`${role}${label} enters exactly ${[...table[role]].sort().join(', ')}`, () => {
        const entered = AREAS.filter((area) => canAccessArea({ roles: [Role[role]], orgFinance }, area, { isGroup: false }));
        expect([...entered].sort()).toEqual([...table[role]].sort());
      });
    }
  }

  it('the certificate of a group is for object administrators and evaluators only, finance partner or not', () => {
    const groupCertificate = (roles: Role[], orgFinance: boolean) => canAccessArea({ roles, orgFinance }, 'certificate', { isGroup: true });
    expect(ROLE_NAMES.filter((r) => groupCertificate([Role[r]], false))).toEqual(['Evaluator', 'ObjectAdministrator']);
    expect(ROLE_NAMES.filter((r) => groupCertificate([Role[r]], true))).toEqual(['Evaluator', 'ObjectAdministrator']);
  });
});
