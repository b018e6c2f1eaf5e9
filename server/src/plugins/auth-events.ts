import type { FastifyBaseLogger } from 'fastify';

/**
 * The authentication events and refused authorisations as structured log lines (ASVS 7.1.3, 7.2.1, 7.2.2; OWASP
 * Logging cheat sheet): `event` names what happened, `userId` whom it concerns when known. A line never carries a
 * password, a token, a link or a user name typed at sign-in (which may be a mistyped password): only ids, the
 * error key, the route pattern and the client's address. docs/security.md lists the events.
 */
export type AuthEvent =
  | 'auth.login.succeeded'
  | 'auth.login.failed'
  | 'auth.login.blocked'
  | 'auth.logout'
  | 'auth.password.set'
  | 'auth.link.used'
  | 'auth.link.refused'
  | 'auth.sessions.ended'
  | 'access.refused';

export interface AuthEventFields {
  userId?: number | null;
  /** The link's purpose (setPassword, resetPassword, twoFactor) or why sessions ended (deactivated, locked). */
  purpose?: string;
  reason?: string;
  address?: string;
  statusCode?: number;
  key?: string;
  method?: string;
  route?: string;
}

const FAILURES = new Set<AuthEvent>(['auth.login.failed', 'auth.login.blocked', 'auth.link.refused', 'access.refused']);

/** Logs one event: failures and refusals as warn, the rest as info. */
export const logAuthEvent = (log: FastifyBaseLogger, event: AuthEvent, fields: AuthEventFields = {}): void => {
  const line = { event, ...fields };
  if (FAILURES.has(event)) log.warn(line, event);
  else log.info(line, event);
};
