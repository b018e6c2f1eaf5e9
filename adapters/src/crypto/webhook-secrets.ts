import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createSecretBox } from './secret-box.ts';
import { signatureHeader, signedText } from '@ecore/core/webhooks/webhooks.ts';

/**
 * A webhook's secret signs every delivery, so it must be recoverable: it is kept encrypted (AES-256-GCM) with a key
 * the portal is configured with (WEBHOOK_KEY, else derived from JWT_SECRET), never in plain text; a copy of the
 * database alone does not give it away (docs/security.md).
 */
export interface WebhookSecrets {
  /** A new secret, shown to its creator once. */
  create(): string;
  seal(secret: string): string;
  open(sealed: string): string;
}

export const webhookSecrets = (configuredKey: string): WebhookSecrets => {
  // Sealed as every stored secret is (secret-box.ts), under a key of the webhooks' own.
  const box = createSecretBox(`ecore webhook secrets\0${configuredKey}`);
  return { create: () => `whsec_${randomBytes(32).toString('base64url')}`, seal: box.seal, open: box.open };
};

/** `X-Ecore-Signature`: sha256=<hex HMAC-SHA256, keyed with the secret, of "<timestamp>.<body>">. */
export const signWebhook = (secret: string, timestampSeconds: number, body: string): string =>
  signatureHeader(createHmac('sha256', secret).update(signedText(timestampSeconds, body)).digest('hex'));

/** What a receiver does (docs/webhooks.md): the signature matches and the timestamp is at most `windowSeconds` old. */
export const verifyWebhook = (secret: string, timestampHeader: string, signature: string, body: string, nowSeconds: number, windowSeconds = 300): boolean => {
  const timestamp = Number(timestampHeader);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > windowSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
