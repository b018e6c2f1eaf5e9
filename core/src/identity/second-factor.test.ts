import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideSecondFactor, normaliseRecoveryCode, recoveryCodeFromBytes, secondFactorInput, secondFactorNeed } from './second-factor.ts';
import { decideSignIn } from './sign-in.ts';
import type { LoginAttempts } from './lockout.ts';
import type { SignInUser } from './user.ts';

const fresh: LoginAttempts = { failedLogins: 0, blockedUntil: null };
const now = 1_800_000_000_000;

describe('the second step of a sign-in with an authenticator app', () => {
  it('follows the password for an enrolled user, asks for enrolment where the organisation requires an app', () => {
    expect(secondFactorNeed({ totpConfirmed: true, organisationRequiresTotp: false })).toBe('totp');
    expect(secondFactorNeed({ totpConfirmed: true, organisationRequiresTotp: true })).toBe('totp');
    expect(secondFactorNeed({ totpConfirmed: false, organisationRequiresTotp: true })).toBe('totpEnrolment');
    expect(secondFactorNeed({ totpConfirmed: false, organisationRequiresTotp: false })).toBe('none');
  });

  it('counts a wrong code like a wrong password: five in a row block, and a block refuses even a right code', () => {
    const wrong = (a: LoginAttempts) => decideSecondFactor(a, false, now);
    let attempts = fresh;
    for (let i = 0; i < 4; i++) {
      const d = wrong(attempts);
      expect(d.kind).toBe('refused');
      if (d.kind === 'refused') attempts = d.attempts;
    }
    const fifth = wrong(attempts);
    expect(fifth.kind).toBe('refused');
    const blocked = fifth.kind === 'refused' ? fifth.attempts : fresh;
    expect(decideSecondFactor(blocked, true, now + 1000)).toEqual({ kind: 'blocked' });
    expect(decideSecondFactor(blocked, true, now + 15 * 60 * 1000)).toEqual({ kind: 'signedIn', attempts: fresh });
  });

  it('gives no fresh tries at the code for a right password: the counters stay until the whole sign-in succeeds', () => {
    const user = { credentials: { passwordHash: 'x', sessionVersion: 1 }, status: 1, locked: false, organisation: { organisationActive: true } } as unknown as SignInUser;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), (failed) => {
        const attempts = { failedLogins: failed, blockedUntil: null };
        expect(decideSignIn(user, attempts, true, now, true)).toEqual({ kind: 'signedIn', attempts });
        expect(decideSignIn(user, attempts, true, now)).toEqual({ kind: 'signedIn', attempts: fresh });
      }),
    );
  });

  it('reads recovery codes whatever their case, spaces and dashes, and tells them from app codes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 7, maxLength: 7 }), (data) => {
        const code = recoveryCodeFromBytes(data);
        expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
        expect(normaliseRecoveryCode(code.toLowerCase())).toBe(code.replace('-', ''));
        expect(secondFactorInput(` ${code} `)).toEqual({ kind: 'recovery', code: code.replace('-', '') });
      }),
    );
    expect(secondFactorInput('123 456')).toEqual({ kind: 'totp', code: '123456' });
    expect(secondFactorInput('12345')).toBeNull();
    expect(secondFactorInput('ABCDE-FGHI1')).toBeNull();
  });
});
