import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_ALLOWED_BY_RULES } from '@ecore/core/identity/common-passwords.ts';
import { passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_ENFORCED } from '@ecore/core/identity/password.ts';
import { argon2Hasher, ARGON2_PRODUCTION } from './passwords.ts';

// ASVS 2.4.1 / OWASP Password Storage cheat sheet: argon2id with at least m = 19 MiB, t = 2, p = 1.
describe('password hashing in production', () => {
  it('stores argon2id hashes with at least the OWASP parameters, and server.ts uses the production cost', async () => {
    expect(ARGON2_PRODUCTION.memoryCost).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PRODUCTION.timeCost).toBeGreaterThanOrEqual(2);
    expect(ARGON2_PRODUCTION.parallelism).toBeGreaterThanOrEqual(1);
    const hasher = argon2Hasher();
    const stored = await hasher.hash(`Lang1${'x'.repeat(123)}`);
    const [, type, , params] = stored.split('$');
    expect(type).toBe('argon2id');
    const read = Object.fromEntries((params ?? '').split(',').map((kv) => kv.split('=')).map(([k, v]) => [k, Number(v)]));
    expect(read.m).toBeGreaterThanOrEqual(19456);
    expect(read.t).toBeGreaterThanOrEqual(2);
    expect(read.p).toBeGreaterThanOrEqual(1);
    // A password of 128 characters is verified whole (no truncation).
    expect(await hasher.verify(stored, `Lang1${'x'.repeat(123)}`)).toBe(true);
    expect(await hasher.verify(stored, `Lang1${'x'.repeat(122)}`)).toBe(false);
    // The production start asks for no lower cost.
    const server = readFileSync(new URL('../../../server/src/server.ts', import.meta.url), 'utf8');
    expect(server).toMatch(/argon2Hasher\(\)/);
  });
});

describe('the shipped list of the most common passwords (ASVS 2.1.7; core/src/identity/common-passwords.txt)', () => {
  const list = readFileSync(new URL('../../../core/src/identity/common-passwords.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);

  it('holds the 10 000 most common, one a line, and the generated module exactly those the other rules let through', () => {
    expect(list).toHaveLength(10000);
    expect(new Set(list).size).toBe(10000);
    const others = (p: string) => p.length >= PASSWORD_MIN_LENGTH_ENFORCED && p.length <= PASSWORD_MAX_LENGTH && /\p{L}/u.test(p) && /\p{N}/u.test(p);
    // Else: node scripts/generate-common-passwords.mjs
    expect(COMMON_PASSWORDS_ALLOWED_BY_RULES).toEqual(list.filter(others));
  });

  it('refuses every entry of the list, by one rule or another, also in capitals', () => {
    for (const p of list) {
      expect(passwordProblem(p)).not.toBeNull();
      expect(passwordProblem(p.toUpperCase())).not.toBeNull();
    }
  });
});
