import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('sealed secrets', () => {
  const box = createSecretBox('a-key-of-the-configuration-at-least-32-chars');
  it('open what they sealed, and never hold the secret in clear', () => {
    const sealed = box.seal('GEZDGNBVGY3TQOJQ');
    expect(sealed).not.toContain('GEZDGNBVGY3TQOJQ');
    expect(box.open(sealed)).toBe('GEZDGNBVGY3TQOJQ');
    // A fresh nonce each time: the same secret never seals alike.
    expect(box.seal('GEZDGNBVGY3TQOJQ')).not.toBe(sealed);
  });

  it('refuse another key and a changed ciphertext', () => {
    const sealed = box.seal('secret');
    expect(() => createSecretBox('another-key-of-the-configuration-32-chars').open(sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.open([parts[0], parts[1], body.toString('base64url'), parts[3]].join('.'))).toThrow();
  });
});
