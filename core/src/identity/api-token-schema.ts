import { z } from 'zod';
import { API_TOKEN_SCOPES } from './api-tokens.ts';

/**
 * The payloads of POST/GET /api/user/apiTokens (issue 21). The shapes only: the name's length, the scopes a user may
 * hold and the expiry's range are checked by `checkNewToken` (api-tokens.ts), which answers the fields' texts.
 */
export const createApiTokenBodySchema = z.object({
  name: z.string().max(10_000),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)).max(API_TOKEN_SCOPES.length),
  expiresAt: z.string().max(100),
});

export const createdApiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  expiresAt: z.string(),
  /** The secret, answered this once only. */
  token: z.string(),
});

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(['valid', 'expired', 'revoked']),
});

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema), total: z.number() });

export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
export type ApiTokenItem = z.infer<typeof apiTokenSchema>;
