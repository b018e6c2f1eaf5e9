import { decideSignIn } from '@ecore/core/identity/sign-in.ts';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import { findSignInUserByName, saveLoginAttempts } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../app.ts';
import { HttpError } from '../../plugins/http-error.ts';

/**
 * The password step shared by plain and two-factor sign-in: load, verify, decide (core), store the
 * counters. Answers the signed-in user or throws the 401 of the specification.
 */
export async function checkPassword(deps: AppDeps, userName: string, password: string): Promise<SignInUser> {
  const user = await findSignInUserByName(deps.db, userName);
  const matches = await deps.hasher.verify(user?.credentials.passwordHash ?? null, password);
  const decision = decideSignIn(user, matches, deps.clock());
  if (decision.kind === 'blocked') throw new HttpError(401, 'login-blocked');
  if (user && decision.attempts) await saveLoginAttempts(deps.db, user.id, decision.attempts);
  if (decision.kind !== 'signedIn' || !user) throw new HttpError(401, 'login-error');
  return user;
}
