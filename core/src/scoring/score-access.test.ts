import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role } from '../identity/roles.ts';
import { isVerifiedScore, mayViewScore } from './score-access.ts';

describe('who sees a score (spec 02 §6)', () => {
  const seeing: readonly Role[] = [Role.AccountAdministrator, Role.ObjectAdministrator, Role.ObjectDataCollector, Role.InternalTester, Role.ExternalAccreditedTester, Role.Evaluator];
  it.each(ALL_ROLES.map((r) => [r, seeing.includes(r)] as const))(
    'role %i sees scores: %s',
    (role, expected) => {
      expect(mayViewScore({ roles: [role] })).toBe(expected);
    },
  );

  it('a score is verified once closed; while answering, in review or evaluation it is the unverified real-time score', () => {
    expect(['Active', 'Review', 'Evaluation', 'Declined', 'Verification', 'DefinitelyDeclined', null].map(isVerifiedScore)).toEqual([false, false, false, false, false, false, false]);
    expect([isVerifiedScore('Closed'), isVerifiedScore('Expired')]).toEqual([true, true]);
  });
});
