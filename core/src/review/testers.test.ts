import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role, roleName } from '../identity/roles.ts';
import { isAssignableTester, mayAssignTesters } from './testers.ts';

// Written out, not computed: the roles of job management that hand out work.
const ASSIGNERS = ['AccountAdministrator', 'InternalTester'];

describe('who may list and assign testers (issue 9)', () => {
  for (const role of ALL_ROLES) {
    const expected = ASSIGNERS.includes(roleName(role));
    it(`${roleName(role)} ${expected ? 'may' : 'may not'}`, () => expect(mayAssignTesters({ roles: [role] })).toBe(expected));
  }
  it('a buyer who is also nothing else may not', () => expect(mayAssignTesters({ roles: [Role.ProspectiveBuyer] })).toBe(false));
});

describe('who is offered as a tester (spec 02 §6)', () => {
  const user = (roles: Role[], active = true, locked = false) => ({ roles, active, locked });
  it('holders of ExternalAccreditedTester, not those also holding InternalTester, active and unlocked', () => {
    expect(isAssignableTester(user([Role.ExternalAccreditedTester]))).toBe(true);
    expect(isAssignableTester(user([Role.ExternalAccreditedTester, Role.ObjectAnalyst]))).toBe(true);
    expect(isAssignableTester(user([Role.ExternalAccreditedTester, Role.InternalTester]))).toBe(false);
    expect(isAssignableTester(user([Role.InternalTester]))).toBe(false);
    expect(isAssignableTester(user([Role.Evaluator]))).toBe(false);
    expect(isAssignableTester(user([Role.ExternalAccreditedTester], false))).toBe(false);
    expect(isAssignableTester(user([Role.ExternalAccreditedTester], true, true))).toBe(false);
  });
});
