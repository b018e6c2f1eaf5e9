import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, webhookSecrets } from './webhook-secrets.ts';

describe('webhook secrets and signatures', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 as hex, as a receiver computes it (RFC 4231 case 2)', () => {
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?" → 5bdcc146…3843.
    expect(signWebhook('Jefe', 0, '').startsWith('sha256=')).toBe(true);
    expect(createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(signWebhook('Jefe', 1764410000, '{"a":1}')).toBe(`sha256=${createHmac('sha256', 'Jefe').update('1764410000.{"a":1}').digest('hex')}`);
  });

  it('verifies its own signature, and refuses another body, another secret, and a timestamp older than five minutes', () => {
    const signature = signWebhook('s3cret', 1000, '{"id":"x"}');
    expect(verifyWebhook('s3cret', '1000', signature, '{"id":"x"}', 1200)).toBe(true);
    expect(verifyWebhook('s3cret', '1000', signature, '{"id":"y"}', 1200)).toBe(false);
    expect(verifyWebhook('other', '1000', signature, '{"id":"x"}', 1200)).toBe(false);
    expect(verifyWebhook('s3cret', '1000', signature, '{"id":"x"}', 1301)).toBe(false);
  });

  it('keeps the secret sealed with the key, opens it again, and refuses a sealed text changed or under another key', () => {
    const secrets = webhookSecrets('the configured key');
    const secret = secrets.create();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sealed = secrets.seal(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(secrets.open(sealed)).toBe(secret);
    expect(() => webhookSecrets('another key').open(sealed)).toThrow();
    const parts = sealed.split('.');
    expect(() => secrets.open([...parts.slice(0, 3), Buffer.from('x').toString('base64url')].join('.'))).toThrow();
  });
});
