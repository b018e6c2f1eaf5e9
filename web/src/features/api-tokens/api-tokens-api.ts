import type { ApiTokenScope } from '@ecore/core/identity/api-tokens.ts';
import type { ApiTokenItem, CreatedApiToken } from '@ecore/core/identity/api-token-schema.ts';
import { api } from '../../lib/api-client.ts';

/** The caller's access tokens (GET user/apiTokens), newest first. */
export const fetchApiTokens = (): Promise<{ items: ApiTokenItem[]; total: number }> => api.get('user/apiTokens');

/** Makes a token (POST user/apiTokens); the answer carries the secret, the only time it is shown. */
export const createApiToken = (body: { name: string; scopes: ApiTokenScope[]; expiresAt: string }): Promise<CreatedApiToken> =>
  api.post('user/apiTokens', body);

/** Revokes a token (DELETE user/apiTokens/{id}); it stops working at once. */
export const revokeApiToken = (id: number): Promise<void> => api.delete(`user/apiTokens/${id}`);
