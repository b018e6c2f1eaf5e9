import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_ENFORCED, PASSWORD_MIN_LENGTH_STATED, repeatProblem } from './password.ts';

describe('password rules (spec 01 §5)', () => {
  it('states 8 characters to users and enforces 6', () => {
    expect(PASSWORD_MIN_LENGTH_STATED).toBe(8);
    expect(PASSWORD_MIN_LENGTH_ENFORCED).toBe(6);
    expect(passwordProblem('abc12')).toBe('minLength');
    expect(passwordProblem('abc124')).toBeNull();
  });

  it('accepts any password of 6 to 128 characters with at least one letter and one number', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 126 }), fc.constantFrom('a', 'Z', 'ä', 'ß'), fc.integer({ min: 0, max: 9 }), (rest, letter, digit) => {
        fc.pre(!isCommonPassword(`${letter}${rest}${digit}`));
        expect(passwordProblem(`${letter}${rest}${digit}`)).toBeNull();
      }),
    );
  });

  it('refuses any password without a letter or without a number', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9!?. ]{6,30}$/), (pw) => {
      expect(passwordProblem(pw)).toBe('letterAndNumber');
    }));
    fc.assert(fc.property(fc.stringMatching(/^[a-zA-Z!?. ]{6,30}$/), (pw) => {
      expect(passwordProblem(pw)).toBe('letterAndNumber');
    }));
  });

  it('wants the repeat identical and present', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), (pw) => {
      expect(repeatProblem(pw, pw)).toBeNull();
    }));
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        expect(repeatProblem(a, b)).toBe('notIdentical');
      }),
    );
    expect(repeatProblem('abc123', '')).toBe('required');
  });
});

describe('password limits in examples (spec 01 §5)', () => {
  it('asks for a password when none is typed, not for a longer one', () => {
    expect(passwordProblem('')).toBe('required');
  });

  it('takes 128 characters and refuses 129', () => {
    expect(passwordProblem(`a1${'x'.repeat(126)}`)).toBeNull();
    expect(passwordProblem(`a1${'x'.repeat(127)}`)).toBe('maxLength');
  });

  it('accepts a password of exactly 128 characters and refuses one of 129 (ASVS 2.1.2)', () => {
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordProblem(`a1${'x'.repeat(126)}`)).toBeNull();
    expect(passwordProblem(`a1${'x'.repeat(127)}`)).toBe('maxLength');
  });
});

describe('the most common passwords (ASVS 2.1.7; the shipped list is checked in adapters/src/crypto/passwords.test.ts)', () => {
  it('refuses them in any case', () => {
    expect(passwordProblem('PassWord1')).toBe('common');
    expect(passwordProblem('qwerty123')).toBe('common');
    expect(isCommonPassword('ein1seltenes-Passwort')).toBe(false);
  });
});
