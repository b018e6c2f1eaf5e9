/**
 * Verification codes of certificates (docs/certificates.md): 20 characters of Crockford base32 carrying 100
 * random bits, shown in groups of five (`XXXXX-XXXXX-XXXXX-XXXXX`). The random bytes come in from the caller
 * (core has no randomness); lookups ignore case and dashes.
 */

/** Crockford's base32 alphabet: digits and letters without I, L, O and U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;
/** Bytes the caller passes to `codeFromBytes`: 13 bytes hold the 100 bits (the last four bits are dropped). */
export const CODE_BYTES = 13;

const CODE_PATTERN = new RegExp(`^[${CROCKFORD_ALPHABET}]{${CODE_LENGTH}}$`);

/** The code made of the first 100 bits of the given random bytes (at least `CODE_BYTES`). */
export const codeFromBytes = (bytes: Uint8Array): string => {
  if (bytes.length < CODE_BYTES) throw new RangeError(`a certificate code needs ${CODE_BYTES} random bytes`);
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) {
    // Character i holds bits 5i … 5i+4, most significant first.
    let value = 0;
    for (let b = 0; b < 5; b += 1) {
      const bit = i * 5 + b;
      value = (value << 1) | ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1);
    }
    code += CROCKFORD_ALPHABET[value];
  }
  return code;
};

/** Whether the text is a code as stored: 20 characters of the alphabet, upper case, no dashes. */
export const isCertificateCode = (code: string): boolean => CODE_PATTERN.test(code);

/** A stored code as people read it: four groups of five, joined by dashes. */
export const formatCode = (code: string): string => code.match(/.{1,5}/g)?.join('-') ?? '';

/**
 * The stored form of a code someone typed or scanned: case and dashes (and spaces) ignored, and the letters
 * Crockford reads as digits (I and L as 1, O as 0) taken as those; null when it cannot be a code.
 */
export const normaliseCode = (input: string): string | null => {
  if (input.length > 64) return null;
  const code = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return isCertificateCode(code) ? code : null;
};
