// The payloads of the auth calls (spec 01 §5, §7) with their message keys and the limits the texts name.
import { describe, expect, it } from 'vitest';
import {
  accessTokenResponseSchema,
  loginBodySchema,
  newPasswordSchema,
  resetPasswordQuerySchema,
  secondFactorQuerySchema,
  secureLoginResponseSchema,
  setPasswordBodySchema,
} from './auth-schemas.ts';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string; params?: unknown }[] } }) =>
  (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), key: i.message, ...(i.params ? { params: i.params } : {}) }));

describe('sign-in and reset payloads', () => {
  it('sign-in needs a user name (trimmed, at most 200) and a password of at most 128 characters', () => {
    expect(loginBodySchema.parse({ userName: ' admin ', password: 'x' })).toEqual({ userName: 'admin', password: 'x' });
    expect(issues(loginBodySchema.safeParse({ userName: ' ', password: '' }))).toEqual([
      { path: 'userName', key: 'validation-required' },
      { path: 'password', key: 'validation-required' },
    ]);
    expect(issues(loginBodySchema.safeParse({ userName: 'x'.repeat(201), password: 'x'.repeat(129) }))).toEqual([
      { path: 'userName', key: 'validation-max-length' },
      { path: 'password', key: 'validation-max-length' },
    ]);
    expect(loginBodySchema.safeParse({ userName: 'x'.repeat(200), password: 'x'.repeat(128) }).success).toBe(true);
    expect(issues(resetPasswordQuerySchema.safeParse({}))).toEqual([{ path: 'userName', key: 'validation-required' }]);
  });
});

describe('a new password (spec 01 §5: 8 stated, 6 enforced, at most 128, a letter and a number)', () => {
  it('names its first problem, with the limit the text states', () => {
    expect(issues(newPasswordSchema.safeParse(''))).toEqual([{ path: '', key: 'validation-required' }]);
    expect(issues(newPasswordSchema.safeParse('ab1'))).toEqual([{ path: '', key: 'validation-min-length', params: { minimum: 8 } }]);
    expect(issues(newPasswordSchema.safeParse(`a1${'x'.repeat(127)}`))).toEqual([{ path: '', key: 'validation-max-length', params: { maximum: 128 } }]);
    expect(issues(newPasswordSchema.safeParse('abcdefgh'))).toEqual([{ path: '', key: 'validation-password-content' }]);
    expect(issues(newPasswordSchema.safeParse('12345678'))).toEqual([{ path: '', key: 'validation-password-content' }]);
    expect(issues(newPasswordSchema.safeParse('Password1'))).toEqual([{ path: '', key: 'validation-password-common' }]);
    expect(newPasswordSchema.safeParse('abc124').success).toBe(true);
    expect(newPasswordSchema.safeParse(`a1${'x'.repeat(126)}`).success).toBe(true);
  });

  it('set password needs the password and the token', () => {
    expect(setPasswordBodySchema.parse({ password: 'gut1genug', token: ' t ' })).toEqual({ password: 'gut1genug', token: 't' });
    expect(issues(setPasswordBodySchema.safeParse({ password: 'gut1genug' }))).toEqual([{ path: 'token', key: 'validation-required' }]);
  });
});

describe('the second sign-in step (spec 01 §7)', () => {
  it('needs the token and the e-mail address or the user name', () => {
    expect(secondFactorQuerySchema.parse({ email: ' a@b.c ', token: 't' })).toEqual({ email: 'a@b.c', token: 't' });
    expect(secondFactorQuerySchema.parse({ userName: 'admin', token: 't' })).toEqual({ userName: 'admin', token: 't' });
    expect(issues(secondFactorQuerySchema.safeParse({ token: 't' }))).toEqual([{ path: 'email', key: 'validation-required' }]);
    expect(secondFactorQuerySchema.safeParse({ email: 'a@b.c' }).success).toBe(false);
    expect(secondFactorQuerySchema.safeParse({ email: 'x'.repeat(321), token: 't' }).success).toBe(false);
  });
});

describe('the second sign-in step and the sign-in answers (spec 01 §7)', () => {
  it('reads the user name of the link trimmed, and refuses an empty or over-long one', () => {
    expect(secondFactorQuerySchema.parse({ userName: ' admin ', token: 't' })).toEqual({ userName: 'admin', token: 't' });
    expect(secondFactorQuerySchema.safeParse({ userName: ' ', token: 't' }).success).toBe(false);
    expect(secondFactorQuerySchema.safeParse({ userName: 'x'.repeat(201), token: 't' }).success).toBe(false);
  });

  it('answers a sign-in with the access token, or with the two-factor step', () => {
    expect(accessTokenResponseSchema.parse({ accessToken: 'jwt' })).toEqual({ accessToken: 'jwt' });
    expect(accessTokenResponseSchema.safeParse({}).success).toBe(false);
    expect(secureLoginResponseSchema.parse({ twoFactor: true })).toEqual({ twoFactor: true });
    expect(secureLoginResponseSchema.safeParse({ twoFactor: false }).success).toBe(false);
  });

  it('asks for a new password when none is typed or sent', () => {
    expect(issues(newPasswordSchema.safeParse(''))).toEqual([{ path: '', key: 'validation-required' }]);
    expect(issues(newPasswordSchema.safeParse(undefined))).toEqual([{ path: '', key: 'validation-required' }]);
  });

  it('asks for user name and password when a sign-in sends neither', () => {
    expect(issues(loginBodySchema.safeParse({}))).toEqual([
      { path: 'userName', key: 'validation-required' },
      { path: 'password', key: 'validation-required' },
    ]);
  });
});
