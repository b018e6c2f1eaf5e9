import { parseRoleClaim, type Role } from './roles.ts';

/** Session token lifetime (DOMAIN.md §2): 8 hours. */
export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;

/**
 * The claims of the session JWT (spec 01 §3) and the type of each; `sv` (session version) may be absent.
 * Checked without zod: the web client reads these claims before its first screen, where even zod/mini
 * would add 15 KB gzip to a first download of at most 200 KB (issue 11).
 */
const CLAIM_TYPES = {
  sub: 'string',
  userName: 'string',
  exp: 'number',
  role: 'string',
  external: 'boolean',
  orgId: 'number',
  orgTest: 'boolean',
  orgFinance: 'boolean',
  orgBuyer: 'boolean',
  sv: 'number?',
} as const;
type ClaimTypes = typeof CLAIM_TYPES;
type Value<T> = T extends 'string' ? string : T extends 'number' | 'number?' ? number : boolean;
type OptionalKey = { [K in keyof ClaimTypes]: ClaimTypes[K] extends `${string}?` ? K : never }[keyof ClaimTypes];
export type SessionClaims = { [K in Exclude<keyof ClaimTypes, OptionalKey>]: Value<ClaimTypes[K]> } & { [K in OptionalKey]?: Value<ClaimTypes[K]> };

/** The claims of `value`, other properties dropped; null when one is missing or of the wrong type. */
export const parseSessionClaims = (value: unknown): SessionClaims | null => {
  if (typeof value !== 'object' || value === null) return null;
  const claims: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(CLAIM_TYPES)) {
    const claim = (value as Record<string, unknown>)[key];
    if (claim === undefined && type.endsWith('?')) continue;
    if (typeof claim !== type.replace('?', '') || (typeof claim === 'number' && !Number.isFinite(claim))) return null;
    claims[key] = claim;
  }
  return claims as SessionClaims;
};

/** The claims check with the parse/safeParse calls of a zod schema (the server parses, the client safe-parses). */
export const sessionClaimsSchema = {
  parse(value: unknown): SessionClaims {
    const claims = parseSessionClaims(value);
    if (!claims) throw new TypeError('not the claims of a session token');
    return claims;
  },
  safeParse: (value: unknown): { success: true; data: SessionClaims } | { success: false } => {
    const claims = parseSessionClaims(value);
    return claims ? { success: true, data: claims } : { success: false };
  },
};

/** What the rules need to know about the person acting. */
export interface Actor {
  userId: number;
  userName: string;
  roles: Role[];
  external: boolean;
  orgId: number;
  orgTest: boolean;
  orgFinance: boolean;
  orgBuyer: boolean;
}

export const actorFromClaims = (claims: SessionClaims): Actor => ({
  userId: Number(claims.sub),
  userName: claims.userName,
  roles: parseRoleClaim(claims.role),
  external: claims.external,
  orgId: claims.orgId,
  orgTest: claims.orgTest,
  orgFinance: claims.orgFinance,
  orgBuyer: claims.orgBuyer,
});

/** A session counts as logged in only while its token is unexpired (spec 01 §2 Guards). */
export const isSessionActive = (claims: Pick<SessionClaims, 'exp'> | null | undefined, nowSeconds: number): boolean =>
  claims != null && Number.isFinite(claims.exp) && claims.exp > nowSeconds;
