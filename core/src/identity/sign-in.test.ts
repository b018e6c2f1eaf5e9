import { describe, expect, it } from 'vitest';
import { decideSignIn, sessionClaimsFor } from './sign-in.ts';
import type { SignInUser } from './user.ts';

const user: SignInUser = {
  id: 7, userName: 'bank', email: 'b@x', firstName: 'B', lastName: 'B', organisationId: 2, organisationName: 'Bank',
  position: '', phoneNumber: '', mobileNumber: '', roles: [10, 4], external: false, mainContactPerson: true,
  status: 1, locked: false, passwordSet: true, language: 'de', assetGroups: [], assets: [],
  organisation: { organisationActive: true, isTestAccount: false, isFinancePartner: true, isBuyer: false },
  credentials: { passwordHash: 'h', sessionVersion: 3 },
};

const fresh = { failedLogins: 0, blockedUntil: null };
const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe('sign-in decision', () => {
  it('signs in an active user with the right password', () => {
    expect(decideSignIn(user, fresh, true, 0).kind).toBe('signedIn');
  });

  it('gives unknown users, wrong passwords and blocked accounts no hint beyond bad credentials', () => {
    expect(decideSignIn(null, fresh, false, 0)).toEqual({ kind: 'badCredentials', attempts: { failedLogins: 1, blockedUntil: null } });
    expect(decideSignIn(user, fresh, false, 0)).toEqual({ kind: 'badCredentials', attempts: { failedLogins: 1, blockedUntil: null } });
    expect(decideSignIn({ ...user, status: 0 }, fresh, true, 0).kind).toBe('badCredentials');
    expect(decideSignIn({ ...user, locked: true }, fresh, true, 0).kind).toBe('badCredentials');
    expect(decideSignIn({ ...user, organisation: { ...user.organisation, organisationActive: false } }, fresh, true, 0).kind).toBe('badCredentials');
  });

  it('refuses even the right password while the login is blocked', () => {
    const blocked = { failedLogins: 0, blockedUntil: FIFTEEN_MINUTES };
    expect(decideSignIn(user, blocked, true, 0).kind).toBe('blocked');
    expect(decideSignIn(user, blocked, true, FIFTEEN_MINUTES).kind).toBe('signedIn');
  });

  it('blocks an unknown name after five failures exactly like an existing one (no account enumeration)', () => {
    const fiveFailures = (who: SignInUser | null) => {
      let attempts: { failedLogins: number; blockedUntil: number | null } = fresh;
      for (let i = 0; i < 5; i += 1) {
        const d = decideSignIn(who, attempts, false, 1000);
        if (d.kind !== 'badCredentials' || d.attempts === null) throw new Error('expected bad credentials');
        attempts = d.attempts;
      }
      return attempts;
    };
    expect(fiveFailures(null)).toEqual({ failedLogins: 0, blockedUntil: 1000 + FIFTEEN_MINUTES });
    expect(fiveFailures(user)).toEqual(fiveFailures(null));
    expect(decideSignIn(null, fiveFailures(null), false, 1000)).toEqual(decideSignIn(user, fiveFailures(user), true, 1000));
  });

  it('writes the claims of spec 01 §3 with an 8 hour expiry', () => {
    expect(sessionClaimsFor(user, 1000)).toEqual({
      sub: '7', userName: 'bank', exp: 1000 + 8 * 3600, role: '4,10', external: false, orgId: 2,
      orgTest: false, orgFinance: true, orgBuyer: false, sv: 3,
    });
  });
});

describe('sign-in without a usable password', () => {
  it('counts a failure for an unknown name even when the caller’s dummy hash matched', () => {
    expect(decideSignIn(null, fresh, true, 0)).toEqual({ kind: 'badCredentials', attempts: { failedLogins: 1, blockedUntil: null } });
  });

  it('counts a failure for a pending user who has no password yet', () => {
    const pending: SignInUser = { ...user, status: 3, passwordSet: false, credentials: { passwordHash: null, sessionVersion: 0 } };
    expect(decideSignIn(pending, fresh, true, 0)).toEqual({ kind: 'badCredentials', attempts: { failedLogins: 1, blockedUntil: null } });
  });
});
