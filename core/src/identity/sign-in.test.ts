import { describe, expect, it } from 'vitest';
import { LOGIN_BLOCK_MS } from './lockout.ts';
import { decideSignIn, sessionClaimsFor } from './sign-in.ts';
import type { SignInUser } from './user.ts';

const user: SignInUser = {
  id: 7, userName: 'bank', email: 'b@x', firstName: 'B', lastName: 'B', organisationId: 2, organisationName: 'Bank',
  position: '', phoneNumber: '', mobileNumber: '', roles: [10, 4], external: false, mainContactPerson: true,
  status: 1, locked: false, language: 'de', assetGroups: [], assets: [],
  organisation: { organisationActive: true, isTestAccount: false, isFinancePartner: true, isBuyer: false },
  credentials: { passwordHash: 'h', failedLogins: 0, blockedUntil: null, sessionVersion: 3 },
};

describe('sign-in decision', () => {
  it('signs in an active user with the right password', () => {
    expect(decideSignIn(user, true, 0).kind).toBe('signedIn');
  });

  it('gives unknown users, wrong passwords and blocked accounts no hint beyond bad credentials', () => {
    expect(decideSignIn(null, false, 0).kind).toBe('badCredentials');
    expect(decideSignIn(user, false, 0)).toEqual({ kind: 'badCredentials', attempts: { failedLogins: 1, blockedUntil: null } });
    expect(decideSignIn({ ...user, status: 0 }, true, 0).kind).toBe('badCredentials');
    expect(decideSignIn({ ...user, locked: true }, true, 0).kind).toBe('badCredentials');
    expect(decideSignIn({ ...user, organisation: { ...user.organisation, organisationActive: false } }, true, 0).kind).toBe('badCredentials');
  });

  it('refuses even the right password while the login is blocked', () => {
    const blocked = { ...user, credentials: { ...user.credentials, blockedUntil: LOGIN_BLOCK_MS } };
    expect(decideSignIn(blocked, true, 0).kind).toBe('blocked');
    expect(decideSignIn(blocked, true, LOGIN_BLOCK_MS).kind).toBe('signedIn');
  });

  it('writes the claims of spec 01 §3 with an 8 hour expiry', () => {
    expect(sessionClaimsFor(user, 1000)).toEqual({
      sub: '7', userName: 'bank', exp: 1000 + 8 * 3600, role: '4,10', external: false, orgId: 2,
      orgTest: false, orgFinance: true, orgBuyer: false, sv: 3,
    });
  });
});
