import { describe, expect, it } from 'vitest';
import { passwordProblemText, repeatProblemText } from './password-messages.ts';

describe('set-password texts', () => {
  it('asks for a password when none is given', () => {
    expect(passwordProblemText('')).toEqual({ key: 'errors.validation-required' });
  });

  it('states 8 characters in the length text although 6 are enough', () => {
    expect(passwordProblemText('ab1')).toEqual({ key: 'errors.validation-min-length', values: { n: 8 } });
    expect(passwordProblemText('abcde1')).toBeNull();
  });

  it('asks for a letter and a number', () => {
    expect(passwordProblemText('abcdefgh')).toEqual({ key: 'errors.validation-password-content' });
    expect(passwordProblemText('12345678')).toEqual({ key: 'errors.validation-password-content' });
  });

  it('refuses one of the most common passwords, in any case (core isCommonPassword)', () => {
    expect(passwordProblemText('Password1')).toEqual({ key: 'errors.validation-password-common' });
    expect(passwordProblemText('password1x')).toBeNull();
  });

  it('asks for the repeat and for it to be identical', () => {
    expect(repeatProblemText('secret12', '')).toEqual({ key: 'errors.validation-required' });
    expect(repeatProblemText('secret12', 'secret13')).toEqual({ key: 'errors.validation-password-repeat' });
    expect(repeatProblemText('secret12', 'secret12')).toBeNull();
  });
});
