// zod/mini: the web client reads these claims on its first screen, where the full zod would weigh 25 KB gzip.
import { z } from 'zod/mini';
import { parseRoleClaim, type Role } from './roles.ts';

/** Session token lifetime (DOMAIN.md §2): 8 hours. */
export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;

/** The claims of the session JWT (spec 01 §3), as the token carries them. */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  userName: z.string(),
  exp: z.number(),
  role: z.string(),
  external: z.boolean(),
  orgId: z.number(),
  orgTest: z.boolean(),
  orgFinance: z.boolean(),
  orgBuyer: z.boolean(),
  sv: z.optional(z.number()),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

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
