import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archivedUserName, isArchivedUserName, pseudonymisedAccount, SIGN_IN_RETENTION_DAYS, signInRetentionCutoff } from './personal-data.ts';

describe('personal data (issue 24)', () => {
  it('calls an archived user "Archivierter Nutzer <id>" in German and "Archived user <id>" in English', () => {
    expect(archivedUserName(123)).toBe('Archivierter Nutzer 123');
    expect(archivedUserName(123, 'en')).toBe('Archived user 123');
  });

  it('gives every archived user a pseudonym that names nobody and differs from every other user\'s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (a, b) => {
        const pa = pseudonymisedAccount(a);
        const pb = pseudonymisedAccount(b);
        expect(isArchivedUserName(`${pa.firstName} ${pa.lastName}`)).toBe(true);
        expect(pa.email.endsWith('.invalid')).toBe(true);
        expect(pa.phone).toBe('');
        if (a !== b) expect([pa.userName === pb.userName, pa.email === pb.email]).toEqual([false, false]);
      }),
    );
  });

  it('keeps sign-in records exactly 90 days', () => {
    expect(SIGN_IN_RETENTION_DAYS).toBe(90);
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(new Date(signInRetentionCutoff(now)).toISOString()).toBe('2026-08-26T12:00:00.000Z');
  });
});
