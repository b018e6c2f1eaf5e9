import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterFailedLogin, afterSuccessfulLogin, isLoginBlocked, type LoginAttempts } from './lockout.ts';

// The specification's numbers (DOMAIN.md §2), not the exported constants: changing those must fail here.
const FIVE = 5;
const FIFTEEN_MINUTES = 15 * 60 * 1000;

const fresh: LoginAttempts = { failedLogins: 0, blockedUntil: null };
const failTimes = (n: number, now: number, from = fresh) => Array.from({ length: n }).reduce<LoginAttempts>((a) => afterFailedLogin(a, now), from);

describe('login lockout (DOMAIN.md §2)', () => {
  it('blocks sign-in after five failed logins in a row, and not after four', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (now) => {
        expect(isLoginBlocked(failTimes(FIVE - 1, now), now)).toBe(false);
        expect(isLoginBlocked(failTimes(FIVE, now), now)).toBe(true);
      }),
    );
  });

  it('lifts every block after 15 minutes, so nobody can lock another person out for good', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 5, max: 9 }), (now, failures) => {
        const attempts = failTimes(failures, now);
        expect(isLoginBlocked(attempts, now + FIFTEEN_MINUTES - 1)).toBe(true);
        expect(isLoginBlocked(attempts, now + FIFTEEN_MINUTES)).toBe(false);
      }),
    );
  });

  it('a successful login clears the count', () => {
    expect(afterSuccessfulLogin()).toEqual(fresh);
    expect(isLoginBlocked(failTimes(4, 0, afterSuccessfulLogin()), 0)).toBe(false);
  });

  it('counts anew after a block has run out', () => {
    const blocked = failTimes(5, 0);
    const later = FIFTEEN_MINUTES + 1;
    expect(afterFailedLogin(blocked, later)).toEqual({ failedLogins: 1, blockedUntil: null });
  });
});

describe('a block that has run out (DOMAIN.md §2)', () => {
  it('counts anew from the second the block ends, whatever count was stored with it', () => {
    expect(afterFailedLogin({ failedLogins: 4, blockedUntil: 1000 }, 1000)).toEqual({ failedLogins: 1, blockedUntil: null });
    expect(afterFailedLogin({ failedLogins: 4, blockedUntil: 1000 }, 5000)).toEqual({ failedLogins: 1, blockedUntil: null });
  });

  it('blocks until the block’s last millisecond and no longer', () => {
    expect(isLoginBlocked({ failedLogins: 0, blockedUntil: 1000 }, 999)).toBe(true);
    expect(isLoginBlocked({ failedLogins: 0, blockedUntil: 1000 }, 1000)).toBe(false);
    expect(isLoginBlocked({ failedLogins: 4, blockedUntil: null }, 0)).toBe(false);
  });
});
