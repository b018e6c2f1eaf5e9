import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordProblem, PASSWORD_MIN_LENGTH_ENFORCED, PASSWORD_MIN_LENGTH_STATED, repeatProblem } from './password.ts';

describe('password rules (spec 01 §5)', () => {
  it('states 8 characters to users and enforces 6', () => {
    expect(PASSWORD_MIN_LENGTH_STATED).toBe(8);
    expect(PASSWORD_MIN_LENGTH_ENFORCED).toBe(6);
    expect(passwordProblem('abc12')).toBe('minLength');
    expect(passwordProblem('abc123')).toBeNull();
  });

  it('accepts any password of 6 to 128 characters with at least one letter and one number', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 126 }), fc.constantFrom('a', 'Z', 'ä', 'ß'), fc.integer({ min: 0, max: 9 }), (rest, letter, digit) => {
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
});
