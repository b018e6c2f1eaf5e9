/**
 * DOMAIN.md §2: five failed logins in a row block further sign-in of that user for 15 minutes,
 * so that nobody can lock another person out for good. Times are milliseconds since the epoch.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_BLOCK_MS = 15 * 60 * 1000;

export interface LoginAttempts {
  failedLogins: number;
  blockedUntil: number | null;
}

export const isLoginBlocked = (attempts: LoginAttempts, now: number): boolean =>
  attempts.blockedUntil !== null && attempts.blockedUntil > now;

/** The counters after a wrong password; the fifth failure in a row starts a block. */
export const afterFailedLogin = (attempts: LoginAttempts, now: number): LoginAttempts => {
  // A failure during a block changes nothing: the block runs its 15 minutes.
  if (isLoginBlocked(attempts, now)) return attempts;
  // A block that has run out starts a fresh count.
  const base = attempts.blockedUntil !== null && attempts.blockedUntil <= now ? 0 : attempts.failedLogins;
  const failedLogins = base + 1;
  return failedLogins >= MAX_FAILED_LOGINS
    ? { failedLogins: 0, blockedUntil: now + LOGIN_BLOCK_MS }
    : { failedLogins, blockedUntil: null };
};

export const afterSuccessfulLogin = (): LoginAttempts => ({ failedLogins: 0, blockedUntil: null });
