import * as E from 'fp-ts/Either';
import { sha1 } from './sha1.ts';

/**
 * Authenticator apps (RFC 6238, TOTP; docs/sign-in.md): a code is the RFC 4226 HOTP of the 30-second step since the
 * epoch under the user's secret, six digits, HMAC-SHA-1 (what every authenticator app understands). A code is accepted
 * in its own step and one step either side (clocks drift), and only once: a step at or before the last accepted one
 * is refused, so a code seen over a shoulder cannot be used again.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the present one that still count. */
export const TOTP_DRIFT_STEPS = 1;
/** 20 bytes (160 bits), the size RFC 4226 recommends for an HMAC-SHA-1 key. */
export const TOTP_SECRET_BYTES = 20;

export type TotpRefusal = 'totp-error' | 'totp-reused';

const BLOCK = 64;

/** HMAC-SHA-1 (RFC 2104). */
export const hmacSha1 = (key: Uint8Array, message: Uint8Array): Uint8Array => {
  const k = key.length > BLOCK ? sha1(key) : key;
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 20);
  for (let i = 0; i < BLOCK; i++) {
    const byte = k[i] ?? 0;
    inner[i] = byte ^ 0x36;
    outer[i] = byte ^ 0x5c;
  }
  inner.set(message, BLOCK);
  outer.set(sha1(inner), BLOCK);
  return sha1(outer);
};

/** The HOTP value of a counter (RFC 4226 §5.3: dynamic truncation), zero-padded to `digits`. */
export const hotp = (key: Uint8Array, counter: number, digits: number = TOTP_DIGITS): string => {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = hmacSha1(key, message);
  const offset = (mac[19] ?? 0) & 0x0f;
  const binary = (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
};

/** The 30-second step a moment (milliseconds since the epoch) falls in. */
export const totpStep = (now: number): number => Math.floor(now / 1000 / TOTP_STEP_SECONDS);

/** The code an authenticator app shows at `now`. */
export const totpCode = (key: Uint8Array, now: number, digits: number = TOTP_DIGITS): string => hotp(key, totpStep(now), digits);

/** A code as typed: digits only, spaces allowed between (apps show "123 456"). */
export const normaliseTotpCode = (typed: string): string | null => {
  const code = typed.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code) ? code : null;
};

/**
 * Checks a typed code at `now` against the secret. Right: the step it belongs to, to be kept as the last used one.
 * Refused: `totp-error` (wrong, or more than one step away) or `totp-reused` (its step is not after `lastUsedStep`).
 */
export const checkTotp = (key: Uint8Array, typed: string, now: number, lastUsedStep: number | null): E.Either<TotpRefusal, number> => {
  const code = normaliseTotpCode(typed);
  if (code === null) return E.left('totp-error');
  const present = totpStep(now);
  for (let drift = -TOTP_DRIFT_STEPS; drift <= TOTP_DRIFT_STEPS; drift++) {
    const step = present + drift;
    if (step < 0 || !equalCodes(hotp(key, step), code)) continue;
    return lastUsedStep !== null && step <= lastUsedStep ? E.left('totp-reused') : E.right(step);
  }
  return E.left('totp-error');
};

/** Compares two codes of equal length without stopping at the first difference. */
const equalCodes = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export const base32Encode = (bytes: Uint8Array): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/** The bytes of a base32 text (case, spaces and padding ignored); null when it holds another character. */
export const base32Decode = (text: string): Uint8Array | null => {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
};

/** The `otpauth://` address of the QR code an authenticator app scans (Key Uri Format). */
export const otpauthUri = (issuer: string, account: string, secret: Uint8Array): string => {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: base32Encode(secret), issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
};
