import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretBox } from '@ecore/core/identity/ports.ts';

const VERSION = 'v1';

/**
 * Secrets the portal must read back (authenticator-app seeds), sealed with AES-256-GCM under a key derived from the
 * configuration's SECRETS_KEY (SHA-256 of it): `v1.<iv>.<ciphertext>.<tag>`, base64url. A database copy without the key
 * reveals none of them; a changed ciphertext fails to open.
 */
export function createSecretBox(configuredKey: string): SecretBox {
  const key = createHash('sha256').update(configuredKey, 'utf8').digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('sealed secret: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
