import { describe, expect, it } from 'vitest';
import { fullPath, isPublicPath, returnPathAfterLogin } from './return-path.ts';

describe('the remembered path', () => {
  it('is the full requested path: pathname, query and fragment', () => {
    expect(fullPath({ pathname: '/account-management/users', search: '?page=2&search=M%C3%BCller', hash: '#top' })).toBe(
      '/account-management/users?page=2&search=M%C3%BCller#top',
    );
    expect(fullPath({ pathname: '/faq' })).toBe('/faq');
  });

  it('is where the user returns after login', () => {
    expect(returnPathAfterLogin('/score?tab=2#x')).toBe('/score?tab=2#x');
  });

  it('falls back to the root when nothing is remembered', () => {
    expect(returnPathAfterLogin(null)).toBe('/');
    expect(returnPathAfterLogin('')).toBe('/');
  });

  it('never leads to another origin', () => {
    expect(returnPathAfterLogin('https://evil.example/')).toBe('/');
    expect(returnPathAfterLogin('//evil.example/path')).toBe('/');
    expect(returnPathAfterLogin('/\\evil.example')).toBe('/');
    expect(returnPathAfterLogin('javascript:alert(1)')).toBe('/');
  });

  it('never leads back to a public sign-in page', () => {
    expect(returnPathAfterLogin('/login')).toBe('/');
    expect(returnPathAfterLogin('/login/?x=1')).toBe('/');
    expect(returnPathAfterLogin('/set-password?token=abc')).toBe('/');
    expect(returnPathAfterLogin('/login-step2?email=a&token=b')).toBe('/');
  });

  it('tells public pages from protected ones', () => {
    expect(isPublicPath('/asset-access-permission?permissionId=1')).toBe(true);
    expect(isPublicPath('/invalid-link')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/login-history')).toBe(false);
  });
});
