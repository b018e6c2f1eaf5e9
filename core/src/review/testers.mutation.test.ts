// Who assigns testers, whatever other roles they hold (issue 9; issue 15: the mutation score of the review module).
import { describe, expect, it } from 'vitest';
import { Role } from '../identity/roles.ts';
import { mayAssignTesters } from './testers.ts';

describe('who may list and assign testers', () => {
  it('an administrator who is also an analyst may; an analyst alone, or an evaluator, may not', () => {
    expect(mayAssignTesters({ roles: [Role.ObjectAnalyst, Role.AccountAdministrator] })).toBe(true);
    expect(mayAssignTesters({ roles: [Role.ObjectAnalyst] })).toBe(false);
    expect(mayAssignTesters({ roles: [Role.Evaluator] })).toBe(false);
  });
});
