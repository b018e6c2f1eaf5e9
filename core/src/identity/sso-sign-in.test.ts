import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { LOGIN_BLOCK_MS } from './lockout.ts';
import { decideSsoSignIn, passwordTurnedOff, SSO_LOGIN_LIFETIME_MS, ssoUser, startedSsoLoginState, vouchedEmail, type SsoRefusal } from './sso-sign-in.ts';
import type { SignInUser } from './user.ts';

const user: SignInUser = {
  id: 7, userName: 'anna', email: 'Anna@Bank.de', firstName: 'A', lastName: 'B', organisationId: 2, organisationName: 'Bank',
  position: '', phoneNumber: '', mobileNumber: '', roles: [10], external: false, mainContactPerson: false,
  status: 1, locked: false, passwordSet: true, language: 'de', assetGroups: [], assets: [],
  organisation: { organisationActive: true, isTestAccount: false, isFinancePartner: true, isBuyer: false },
  credentials: { passwordHash: 'h', sessionVersion: 0 },
};
const coverage = { organisationId: 2, domains: ['bank.de'] };
const fresh = { failedLogins: 0, blockedUntil: null };

describe('single sign-on: who a checked token signs in', () => {
  it('the user of the vouched e-mail, in the provider’s organisation, whatever the case of the address', () => {
    expect(ssoUser({ email: 'anna@BANK.de', email_verified: true }, user, coverage)).toEqual(E.right(user));
    expect(ssoUser({ email: 'anna@bank.de' }, user, coverage)).toEqual(E.right(user));
  });

  it('never an e-mail of a domain the provider does not cover, nor one it says is not verified', () => {
    expect(ssoUser({ email: 'anna@fonds.de', email_verified: true }, { ...user, email: 'anna@fonds.de' }, coverage)).toEqual(E.left('sso-email-not-covered'));
    expect(ssoUser({ email: 'anna@bank.de', email_verified: false }, user, coverage)).toEqual(E.left('sso-email-not-covered'));
    expect(ssoUser({}, user, coverage)).toEqual(E.left('sso-email-not-covered'));
    expect(vouchedEmail({ email: 42 })).toBeNull();
  });

  it('never a user of another organisation, never a missing, locked or inactive one', () => {
    expect(ssoUser({ email: 'anna@bank.de' }, { ...user, organisationId: 3 }, coverage)).toEqual(E.left('sso-no-account'));
    expect(ssoUser({ email: 'anna@bank.de' }, null, coverage)).toEqual(E.left('sso-no-account'));
    expect(ssoUser({ email: 'anna@bank.de' }, { ...user, locked: true }, coverage)).toEqual(E.left('sso-no-account'));
    expect(ssoUser({ email: 'anna@bank.de' }, { ...user, status: 0 }, coverage)).toEqual(E.left('sso-no-account'));
    expect(ssoUser({ email: 'other@bank.de' }, user, coverage)).toEqual(E.left('sso-no-account'));
  });

  it('property: whatever a provider vouches for, it signs in only a user of its own organisation whose domain it covers', () => {
    const domain = fc.constantFrom('bank.de', 'fonds.de', 'makler.eu');
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), domain, fc.integer({ min: 1, max: 4 }), fc.subarray(['bank.de', 'fonds.de', 'makler.eu'], { minLength: 1 }), fc.integer({ min: 1, max: 4 }), (name, d, userOrg, covered, providerOrg) => {
        const someone = { ...user, email: `${name}@${d}`, organisationId: userOrg };
        const verdict = ssoUser({ email: someone.email }, someone, { organisationId: providerOrg, domains: covered });
        expect(E.isRight(verdict)).toBe(userOrg === providerOrg && covered.includes(d));
      }),
    );
  });
});

describe('single sign-on: a started sign-in and the lockout', () => {
  it('serves one return within ten minutes', () => {
    expect(startedSsoLoginState({ expiresAt: SSO_LOGIN_LIFETIME_MS, usedAt: null }, SSO_LOGIN_LIFETIME_MS - 1)).toEqual(E.right(true));
    expect(startedSsoLoginState({ expiresAt: SSO_LOGIN_LIFETIME_MS, usedAt: null }, SSO_LOGIN_LIFETIME_MS)).toEqual(E.left('sso-login-expired'));
    expect(startedSsoLoginState({ expiresAt: SSO_LOGIN_LIFETIME_MS, usedAt: 5 }, 6)).toEqual(E.left('sso-login-expired'));
    expect(startedSsoLoginState(null, 0)).toEqual(E.left('sso-login-expired'));
  });

  it('a refused return counts like a wrong password: the fifth blocks, then even a good token is refused for 15 minutes', () => {
    let attempts: { failedLogins: number; blockedUntil: number | null } = fresh;
    const bad = E.left<SsoRefusal, number>('sso-token-invalid');
    for (let i = 0; i < 5; i++) {
      const decided = decideSsoSignIn(attempts, bad, 1000);
      if (decided.kind !== 'refused') throw new Error('refused expected');
      attempts = decided.attempts;
    }
    expect(attempts.blockedUntil).toBe(1000 + LOGIN_BLOCK_MS);
    expect(decideSsoSignIn(attempts, E.right(7), 2000)).toEqual({ kind: 'blocked' });
    expect(decideSsoSignIn(attempts, E.right(7), 1000 + LOGIN_BLOCK_MS)).toEqual({ kind: 'signedIn', user: 7, attempts: fresh });
  });
});

describe('SSO only', () => {
  it('turns the password off for the organisation’s users its provider covers, and only for them', () => {
    const sso = { ...coverage, ssoOnly: true };
    expect(passwordTurnedOff(user, sso)).toBe(true);
    expect(passwordTurnedOff(user, { ...sso, ssoOnly: false })).toBe(false);
    expect(passwordTurnedOff(user, null)).toBe(false);
    // An address outside the covered domains keeps the password: the provider could not sign it in.
    expect(passwordTurnedOff({ ...user, email: 'anna@privat.example' }, sso)).toBe(false);
    expect(passwordTurnedOff({ ...user, organisationId: 3 }, sso)).toBe(false);
  });
});
