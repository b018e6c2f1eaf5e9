import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role, roleName } from '../identity/roles.ts';
import { mayAssignTesters } from './testers.ts';

// Written out, not computed: the roles of job management that hand out work.
const ASSIGNERS = ['AccountAdministrator', 'Evaluator', 'InternalTester'];

describe('who may list and assign testers (issue 9)', () => {
  for (const role of ALL_ROLES) {
    const expected = ASSIGNERS.includes(roleName(role));
    it(`${roleName(role)} ${expected ? 'may' : 'may not'}`, () => expect(mayAssignTesters({ roles: [role] })).toBe(expected));
  }
  it('a buyer who is also nothing else may not', () => expect(mayAssignTesters({ roles: [Role.ProspectiveBuyer] })).toBe(false));
});
