import { describe, expect, it } from 'vitest';
import { ALL_ROLES, Role } from '../identity/roles.ts';
import { isVerifiedScore, mayViewScore, offersResults, scoreWithheld } from './score-access.ts';

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

  it('a member without a score role is told it is the role (the analyst), a buyer organisation is asked to become a member', () => {
    expect(scoreWithheld({ roles: [Role.ObjectAnalyst], orgBuyer: false })).toBe('scoring-not-for-role');
    expect(scoreWithheld({ roles: [Role.AccountManager] })).toBe('scoring-not-for-role');
    expect(scoreWithheld({ roles: [Role.ProspectiveBuyer], orgBuyer: true })).toBe('scoring-become-member');
    expect(scoreWithheld({ roles: [Role.ObjectDataCollector], orgBuyer: false })).toBeNull();
    expect(scoreWithheld({ roles: [Role.ObjectAnalyst, Role.ObjectAdministrator] })).toBeNull();
  });

  it('results are offered where a score is seen or membership would show it, never to the analyst', () => {
    expect(offersResults({ roles: [Role.ObjectAnalyst] })).toBe(false);
    expect(offersResults({ roles: [Role.ProspectiveBuyer], orgBuyer: true })).toBe(true);
    expect(offersResults({ roles: [Role.ObjectAdministrator] })).toBe(true);
  });
});
