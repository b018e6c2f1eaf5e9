// Verification codes (docs/certificates.md): 100 random bits as 20 Crockford base32 characters, read back whatever
// the case and the dashes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_BYTES, CROCKFORD_ALPHABET, codeFromBytes, formatCode, isCertificateCode, normaliseCode } from './code.ts';

const randomBytes = fc.uint8Array({ minLength: CODE_BYTES, maxLength: CODE_BYTES });

describe('certificate codes', () => {
  it('are 20 characters of the Crockford alphabet', () => {
    fc.assert(fc.property(randomBytes, (bytes) => isCertificateCode(codeFromBytes(bytes))));
  });

  it('carry exactly the first 100 bits of the random bytes', () => {
    expect(codeFromBytes(new Uint8Array(CODE_BYTES))).toBe('00000000000000000000');
    expect(codeFromBytes(new Uint8Array(CODE_BYTES).fill(255))).toBe('ZZZZZZZZZZZZZZZZZZZZ');
    // 0b00001 00010 … : the first byte 0x08 and the second 0x88 start "12".
    expect(codeFromBytes(Uint8Array.from([0x08, 0x88, ...new Array<number>(CODE_BYTES - 2).fill(0)])).slice(0, 4)).toBe('1240');
    // The last four bits of the 13th byte are not used.
    fc.assert(fc.property(randomBytes, fc.integer({ min: 0, max: 15 }), (bytes, low) => {
      const other = Uint8Array.from(bytes);
      other[CODE_BYTES - 1] = (other[CODE_BYTES - 1]! & 0xf0) | low;
      return codeFromBytes(other) === codeFromBytes(bytes);
    }));
    // Different 100-bit prefixes give different codes.
    fc.assert(fc.property(randomBytes, fc.integer({ min: 0, max: 99 }), (bytes, bit) => {
      const flipped = Uint8Array.from(bytes);
      flipped[bit >> 3]! ^= 1 << (7 - (bit & 7));
      return codeFromBytes(flipped) !== codeFromBytes(bytes);
    }));
  });

  it('refuses fewer than 13 random bytes', () => {
    expect(() => codeFromBytes(new Uint8Array(12))).toThrow(RangeError);
  });

  it('show as four groups of five', () => {
    expect(formatCode('ABCDEFGHJKMNPQRSTVWX')).toBe('ABCDE-FGHJK-MNPQR-STVWX');
  });

  it('are found again however they are typed: case, dashes and spaces ignored', () => {
    const variants = fc.tuple(randomBytes, fc.boolean(), fc.boolean()).map(([bytes, lower, dashed]) => {
      const code = codeFromBytes(bytes);
      let typed = dashed ? formatCode(code) : code;
      if (lower) typed = typed.toLowerCase();
      return { code, typed };
    });
    fc.assert(fc.property(variants, ({ code, typed }) => normaliseCode(typed) === code));
    expect(normaliseCode(' abcde fghjk-mnpqr-stvwx ')).toBe('ABCDEFGHJKMNPQRSTVWX');
  });

  it('read I and L as 1 and O as 0, as Crockford does', () => {
    expect(normaliseCode('IL0O0-00000-00000-00000')).toBe('11000000000000000000');
  });

  it('unknown characters, wrong lengths and very long inputs are no code', () => {
    expect(normaliseCode('ABCDE-FGHJK-MNPQR-STVWU')).toBeNull();
    expect(normaliseCode('ABCDE')).toBeNull();
    expect(normaliseCode('ABCDEFGHJKMNPQRSTVWXY')).toBeNull();
    expect(normaliseCode('-'.repeat(100) + 'ABCDEFGHJKMNPQRSTVWX')).toBeNull();
    fc.assert(fc.property(fc.string(), (s) => {
      const code = normaliseCode(s);
      return code === null || (code.length === 20 && [...code].every((c) => CROCKFORD_ALPHABET.includes(c)));
    }));
  });
});
