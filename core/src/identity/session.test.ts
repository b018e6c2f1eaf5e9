import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionClaims } from './arbitraries/session.ts';
import { Role } from './roles.ts';
import { actorFromClaims, isSessionActive, parseSessionClaims, SESSION_LIFETIME_SECONDS, sessionClaimsSchema, type SessionClaims } from './session.ts';

const CLAIMS = ['sub', 'userName', 'exp', 'role', 'external', 'orgId', 'orgTest', 'orgFinance', 'orgBuyer', 'sv'] as const;
const notOfAnyClaimType = fc.oneof(fc.constant(null), fc.object(), fc.array(fc.integer()), fc.constant(Number.NaN));

describe('the claims of a session token', () => {
  it('are read as they are, the session version optional, anything else in the token (iat, …) dropped', () => {
    fc.assert(
      fc.property(sessionClaims(), fc.integer(), (claims, iat) => {
        const parsed = parseSessionClaims({ ...claims, iat, extra: 'x' });
        expect(parsed).toEqual(claims);
        expect(Object.keys(parsed ?? {}).sort()).toEqual(Object.keys(claims).sort());
      }),
    );
  });

  it('are refused when a claim other than the session version is missing', () => {
    fc.assert(
      fc.property(sessionClaims(), fc.constantFrom(...CLAIMS.filter((claim) => claim !== 'sv')), (claims, dropped) => {
        const { [dropped]: _gone, ...missing } = claims;
        expect(parseSessionClaims(missing)).toBeNull();
      }),
    );
  });

  it('are refused when any claim is of the wrong type', () => {
    fc.assert(
      fc.property(sessionClaims(), fc.constantFrom(...CLAIMS), notOfAnyClaimType, (claims, claim, wrong) => {
        expect(parseSessionClaims({ ...claims, [claim]: wrong })).toBeNull();
      }),
    );
    fc.assert(
      fc.property(sessionClaims(), (claims) => {
        expect(parseSessionClaims({ ...claims, exp: String(claims.exp) })).toBeNull();
        expect(parseSessionClaims({ ...claims, sub: Number(claims.sub) })).toBeNull();
        expect(parseSessionClaims({ ...claims, orgFinance: claims.orgFinance ? 1 : 0 })).toBeNull();
      }),
    );
    for (const value of [null, undefined, 'token', 42, []]) expect(parseSessionClaims(value)).toBeNull();
  });

  it('parse like a schema: parse throws on bad claims, safeParse tells success', () => {
    fc.assert(
      fc.property(sessionClaims(), (claims: SessionClaims) => {
        expect(sessionClaimsSchema.parse(claims)).toEqual(claims);
        expect(sessionClaimsSchema.safeParse(claims)).toEqual({ success: true, data: claims });
        expect(() => sessionClaimsSchema.parse({ ...claims, userName: undefined })).toThrow();
        expect(sessionClaimsSchema.safeParse({ ...claims, orgId: null })).toEqual({ success: false });
      }),
    );
  });
});

describe('the person acting, read from the session (spec 01 §3)', () => {
  it('takes the user, the roles of the role claim and the organisation flags from the claims', () => {
    const claims: SessionClaims = {
      sub: '17',
      userName: 'bank',
      exp: 2_000_000_000,
      role: '4,10',
      external: false,
      orgId: 2,
      orgTest: false,
      orgFinance: true,
      orgBuyer: false,
    };
    expect(actorFromClaims(claims)).toEqual({
      userId: 17,
      userName: 'bank',
      roles: [Role.ObjectAdministrator, Role.AccountManager],
      external: false,
      orgId: 2,
      orgTest: false,
      orgFinance: true,
      orgBuyer: false,
    });
    expect(actorFromClaims({ ...claims, sub: '5', role: '8', external: true, orgId: 4, orgTest: true, orgFinance: false, orgBuyer: true })).toEqual({
      userId: 5,
      userName: 'bank',
      roles: [Role.ExternalAccreditedTester],
      external: true,
      orgId: 4,
      orgTest: true,
      orgFinance: false,
      orgBuyer: true,
    });
  });

  it('says why parse refuses claims', () => {
    expect(() => sessionClaimsSchema.parse({ sub: '1' })).toThrow(new TypeError('not the claims of a session token'));
  });
});

describe('a session lasts 8 hours and counts only while unexpired (DOMAIN.md §2, spec 01 §2 Guards)', () => {
  it('lasts 8 hours: 28 800 seconds', () => {
    expect(SESSION_LIFETIME_SECONDS).toBe(28_800);
  });

  it('is active before its expiry second and no longer at it', () => {
    expect(isSessionActive({ exp: 1000 }, 999)).toBe(true);
    expect(isSessionActive({ exp: 1000 }, 1000)).toBe(false);
    expect(isSessionActive({ exp: 1000 }, 1001)).toBe(false);
  });

  it('is not active without claims or with an expiry that is not a number', () => {
    expect(isSessionActive(null, 0)).toBe(false);
    expect(isSessionActive(undefined, 0)).toBe(false);
    expect(isSessionActive({ exp: Number.NaN }, 0)).toBe(false);
    expect(isSessionActive({ exp: Number.POSITIVE_INFINITY }, 0)).toBe(false);
  });
});
