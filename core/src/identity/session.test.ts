import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionClaims } from './arbitraries/session.ts';
import { parseSessionClaims, sessionClaimsSchema, type SessionClaims } from './session.ts';

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
