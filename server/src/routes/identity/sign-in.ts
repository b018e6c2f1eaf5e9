import type { FastifyBaseLogger } from 'fastify';
import { secondFactorNeed, type SecondFactorNeed } from '@ecore/core/identity/second-factor.ts';
import { decideSignIn, type SignInDecision } from '@ecore/core/identity/sign-in.ts';
import type { LoginAttempts } from '@ecore/core/identity/lockout.ts';
import { passwordTurnedOff } from '@ecore/core/identity/sso-sign-in.ts';
import { findSso } from '@ecore/adapters/db/identity/sso-repository.ts';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import { findSignInUserByName, withSignInAttempts } from '@ecore/adapters/db/identity/users-repository.ts';
import { recordSignInEvent } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import { secondFactorFacts } from '@ecore/adapters/db/identity/totp-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';

/**
 * The password step shared by plain and two-factor sign-in: load, verify, decide (core), store the
 * counters. Answers the signed-in user or throws the 401 of the specification. With `askSecondFactor` the answer
 * also says whether an authenticator app's code must follow (docs/sign-in.md); then the right password leaves the
 * failure counters as they are, until the code is right too.
 */
export async function checkPassword(
  deps: AppDeps,
  userName: string,
  password: string,
  address: string,
  log: FastifyBaseLogger,
  askSecondFactor = false,
): Promise<{ user: SignInUser; need: SecondFactorNeed }> {
  const user = await findSignInUserByName(deps.db, userName);
  const matches = await deps.hasher.verify(user?.credentials.passwordHash ?? null, password);
  const need = askSecondFactor && user && matches ? secondFactorNeed(await secondFactorFacts(deps.db, user.id, user.organisationId)) : 'none';
  // "SSO only" (docs/sign-in.md): the right password of such a user opens nothing and leaves the counters as they are.
  const turnedOff = user && matches ? passwordTurnedOff(user, await findSso(deps.db, user.organisationId)) : false;
  // The slow hash check runs outside the lock; the decision and the counters are one locked step.
  const decision = await withSignInAttempts(deps.db, userName, (attempts): { attempts: LoginAttempts | null; result: SignInDecision | { kind: 'ssoOnly' } } => {
    const decided = decideSignIn(user, attempts, matches, deps.clock(), need !== 'none');
    if (turnedOff && decided.kind === 'signedIn') return { attempts: null, result: { kind: 'ssoOnly' } };
    return { attempts: decided.kind === 'blocked' ? null : decided.attempts, result: decided };
  });
  // A known user's sign-ins are recorded for their personal-data answer (kept 90 days, issue 24); a password that a
  // code must follow is recorded when the code comes.
  if (user && !(decision.kind === 'signedIn' && need !== 'none')) {
    const outcome = decision.kind === 'blocked' ? 'blocked' : decision.kind === 'signedIn' ? 'signedIn' : 'refused';
    await recordSignInEvent(deps.db, { userId: user.id, at: new Date(deps.clock()), outcome, address });
  }
  const userId = user?.id ?? null;
  if (decision.kind === 'blocked') {
    logAuthEvent(log, 'auth.login.blocked', { userId, address });
    throw new HttpError(401, 'login-blocked');
  }
  if (decision.kind === 'ssoOnly') {
    logAuthEvent(log, 'auth.login.failed', { userId, reason: 'sso-only', address });
    throw new HttpError(401, 'sso-only');
  }
  if (decision.kind !== 'signedIn' || !user) {
    logAuthEvent(log, 'auth.login.failed', { userId, reason: user ? 'refused' : 'unknown-user', address });
    throw new HttpError(401, 'login-error');
  }
  return { user, need };
}
