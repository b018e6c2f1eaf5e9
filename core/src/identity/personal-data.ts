import type { Language } from '../shared/language.ts';

/**
 * Personal data (issue 24; GDPR Art. 15, 17, 20): what an archived user is called from then on, and how long
 * sign-in records are kept. Pure: the time comes in as an argument.
 */

/** Sign-in records (successful and failed sign-ins, failed-attempt counters) are deleted after this many days. */
export const SIGN_IN_RETENTION_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which sign-in records are deleted, for a sweep at `now` (ms since the epoch). */
export const signInRetentionCutoff = (now: number): number => now - SIGN_IN_RETENTION_DAYS * DAY_MS;

const PSEUDONYM = { de: 'Archivierter Nutzer', en: 'Archived user' } as const;

/**
 * The name an archived user gets everywhere except in certificates already issued: "Archivierter Nutzer 123" /
 * "Archived user 123", the number being the user's id, so that a log entry stays tellable from another
 * person's without naming anyone. Names kept in one language only (comments, change log) are written in
 * German, the portal's first language.
 */
export const archivedUserName = (userId: number, language: Language = 'de'): string => `${PSEUDONYM[language]} ${userId}`;

/** What replaces the account's own fields: the name split as first and last name, a user name and an e-mail that cannot be reached. */
export function pseudonymisedAccount(userId: number): { firstName: string; lastName: string; userName: string; email: string; phone: string } {
  return {
    firstName: PSEUDONYM.de,
    lastName: String(userId),
    userName: `archived-user-${userId}`,
    // .invalid is reserved (RFC 2606): no mail can ever reach it, and the unique index stays satisfied.
    email: `archived-user-${userId}@archived.invalid`,
    phone: '',
  };
}

/** Whether a stored name is the archived user's pseudonym (in either language), e.g. for the data-protection test. */
export const isArchivedUserName = (name: string): boolean => /^(Archivierter Nutzer|Archived user) \d+$/.test(name);
