import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINK_TOKEN_LIFETIME_MS, linkTokenExpiry, linkTokenState, type LinkTokenPurpose } from './link-tokens.ts';

const purposes = Object.keys(LINK_TOKEN_LIFETIME_MS) as LinkTokenPurpose[];

describe('link tokens (DOMAIN.md §2)', () => {
  it('live 7 days (set password), 24 hours (reset), 10 minutes (two-factor), 5 minutes (between password and authenticator code), 14 days (access request)', () => {
    expect(LINK_TOKEN_LIFETIME_MS).toEqual({ setPassword: 604_800_000, resetPassword: 86_400_000, twoFactor: 600_000, totpLogin: 300_000, passkeyRegistration: 300_000, passkeySignIn: 300_000, accessRequest: 1_209_600_000 });
  });

  it('are valid exactly until their lifetime has passed, and never after use', () => {
    fc.assert(
      fc.property(fc.constantFrom(...purposes), fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (purpose, issued, age) => {
        const token = { purpose, expiresAt: linkTokenExpiry(purpose, issued), usedAt: null, voidedAt: null };
        expect(linkTokenState(token, issued + age)).toBe(age < LINK_TOKEN_LIFETIME_MS[purpose] ? 'valid' : 'expired');
        expect(linkTokenState({ ...token, usedAt: issued }, issued)).toBe('used');
        expect(linkTokenState({ ...token, voidedAt: issued }, issued)).toBe('voided');
      }),
    );
  });
});

describe('a link at the end of its lifetime', () => {
  it('is expired from its expiry millisecond on', () => {
    const token = { purpose: 'resetPassword' as const, expiresAt: 86_400_000, usedAt: null, voidedAt: null };
    expect(linkTokenState(token, 86_399_999)).toBe('valid');
    expect(linkTokenState(token, 86_400_000)).toBe('expired');
  });
});
