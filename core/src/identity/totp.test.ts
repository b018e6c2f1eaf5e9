import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { sha1 } from './sha1.ts';
import { base32Decode, base32Encode, checkTotp, hmacSha1, hotp, otpauthUri, totpCode, totpStep } from './totp.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const hex = (data: Uint8Array) => Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
// The numbers of RFC 6238 and of the apps, not the exported constants: changing those must fail here.
const STEP_MS = 30_000;

describe('SHA-1 and HMAC-SHA-1', () => {
  it('give the FIPS 180 and RFC 2202 results', () => {
    expect(hex(sha1(bytes('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(bytes('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
    expect(hex(hmacSha1(bytes('Jefe'), bytes('what do ya want for nothing?')))).toBe('effcdf6ae5eb2fa2d27416d5f184df9c259a7c79');
    // A key longer than the block is hashed first (RFC 2202 test 6).
    expect(hex(hmacSha1(new Uint8Array(80).fill(0xaa), bytes('Test Using Larger Than Block-Size Key - Hash Key First')))).toBe('aa4ae5e15272d00e95705637ce8a3b55ed402112');
  });
});

describe('authenticator codes (RFC 6238)', () => {
  const rfcKey = bytes('12345678901234567890');
  it('match the test vectors of RFC 6238 appendix B (SHA-1, eight digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(rfcKey, seconds * 1000, 8), String(seconds)).toBe(code);
  });

  it('match the HOTP values of RFC 4226 appendix D', () => {
    const values = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    values.forEach((code, counter) => expect(hotp(rfcKey, counter)).toBe(code));
  });

  const key = fc.uint8Array({ minLength: 10, maxLength: 32 });
  const moment = fc.integer({ min: 60_000, max: 2 ** 42 });

  it('accept a code in its own step and one step either side, never two steps away', () => {
    fc.assert(
      fc.property(key, moment, fc.integer({ min: -3, max: 3 }), (secret, now, drift) => {
        const code = totpCode(secret, now + drift * STEP_MS);
        const verdict = checkTotp(secret, code, now, null);
        if (Math.abs(drift) <= 1) expect(verdict).toEqual(E.right(totpStep(now) + drift));
        // A code two steps away may by chance equal one in the window (one in a million); it is then another code.
        else if (E.isRight(verdict)) expect(totpCode(secret, now + (verdict.right - totpStep(now)) * STEP_MS)).toBe(code);
        else expect(verdict).toEqual(E.left('totp-error'));
      }),
    );
  });

  it('accept a code only once: its step, and every earlier one, are refused after use', () => {
    fc.assert(
      fc.property(key, moment, fc.integer({ min: 0, max: 1 }), (secret, now, later) => {
        const code = totpCode(secret, now);
        const first = checkTotp(secret, code, now, null);
        expect(E.isRight(first)).toBe(true);
        const used = E.isRight(first) ? first.right : -1;
        expect(checkTotp(secret, code, now + later * STEP_MS, used)).toEqual(E.left('totp-reused'));
        // The next step's code is still good.
        expect(checkTotp(secret, totpCode(secret, now + STEP_MS), now + STEP_MS, used)).toEqual(E.right(used + 1));
      }),
    );
  });

  it('refuse what is not six digits, and accept the spaces apps show', () => {
    const secret = rfcKey;
    const now = 1111111111_000;
    const code = totpCode(secret, now);
    expect(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toEqual(E.right(totpStep(now)));
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`]) expect(checkTotp(secret, typed, now, null)).toEqual(E.left('totp-error'));
  });

  it('write secrets in base32 and read them back, whatever their bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
      expect(base32Decode(base32Encode(data))).toEqual(data);
    }));
    expect(base32Encode(bytes('12345678901234567890'))).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv')).toEqual(bytes('12345'));
    expect(base32Decode('GEZ1')).toBeNull();
  });

  it('name issuer, account and secret in the address the QR code carries', () => {
    const uri = otpauthUri('ECORE Portal', 'anna@example.com', rfcKey);
    expect(uri).toBe('otpauth://totp/ECORE%20Portal:anna%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=ECORE+Portal&algorithm=SHA1&digits=6&period=30');
  });
});
