import { createHash, randomBytes } from 'node:crypto';
import type { LinkTokens } from '@ecore/core/identity/ports.ts';

/** 32 random bytes, base64url; only the SHA-256 hash is stored (DOMAIN.md §2). */
export const linkTokens: LinkTokens = {
  create() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: linkTokens.hash(token) };
  },
  hash: (token) => createHash('sha256').update(token, 'utf8').digest('hex'),
};
