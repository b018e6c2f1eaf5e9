import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import * as E from 'fp-ts/Either';
import { decideSecondFactor, RECOVERY_CODE_BYTES, RECOVERY_CODE_COUNT, recoveryCodeFromBytes, secondFactorInput } from '@ecore/core/identity/second-factor.ts';
import type { SignInMethods } from '@ecore/core/identity/auth-schemas.ts';
import { base32Decode, base32Encode, checkTotp, otpauthUri, TOTP_SECRET_BYTES, type TotpRefusal } from '@ecore/core/identity/totp.ts';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import { createSecretBox } from '@ecore/adapters/crypto/secret-box.ts';
import { acceptTotpStep, findTotp, recoveryCodesLeft, replaceRecoveryCodes, secondFactorFacts, startTotp, useRecoveryCode, type StoredTotp } from '@ecore/adapters/db/identity/totp-repository.ts';
import { recordSignInEvent } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import { withSignInAttempts } from '@ecore/adapters/db/identity/users-repository.ts';
import { maySignInBySso } from '@ecore/core/identity/sso.ts';
import { findSso } from '@ecore/adapters/db/identity/sso-repository.ts';
import { listPasskeys } from '@ecore/adapters/db/identity/passkeys-repository.ts';
import { lastSignInBy } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';

/** The name an authenticator app shows beside the code. */
const ISSUER = 'ECORE Portal';

/** The box that seals the apps' secrets (SECRETS_KEY; tests without it use the JWT secret). */
export const secretBoxOf = (deps: AppDeps) => createSecretBox(deps.config.secretsKey ?? deps.config.jwtSecret);

/** Starts an enrolment: a new secret, sealed and stored unconfirmed; answers it as text, address and QR code once. */
export async function startEnrolment(deps: AppDeps, user: { id: number; email: string }): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
  const secret = new Uint8Array(randomBytes(TOTP_SECRET_BYTES));
  const text = base32Encode(secret);
  await startTotp(deps.db, user.id, secretBoxOf(deps).seal(text), deps.clock());
  const uri = otpauthUri(ISSUER, user.email, secret);
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret: text, otpauthUri: uri, qrCode };
}

const secretOf = (deps: AppDeps, stored: StoredTotp): Uint8Array => {
  const bytes = base32Decode(secretBoxOf(deps).open(stored.sealedSecret));
  if (!bytes) throw new Error('sealed authenticator secret is not base32');
  return bytes;
};

/** Ten new recovery codes: stored as hashes, answered in clear this once. */
export async function newRecoveryCodes(deps: AppDeps, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(new Uint8Array(randomBytes(RECOVERY_CODE_BYTES))));
  await replaceRecoveryCodes(deps.db, userId, codes.map((c) => deps.tokens.hash(c.replace('-', ''))), deps.clock());
  return codes;
}

/**
 * Confirms an enrolment with its first code; throws 400 with the refusal otherwise. Answers the ten recovery codes.
 * The counters of the lockout are not touched here: the user is signed in already (or `checkCode` counted).
 */
export async function confirmEnrolment(deps: AppDeps, userId: number, typed: string): Promise<string[]> {
  const stored = await findTotp(deps.db, userId);
  if (!stored || stored.confirmedAt) throw new HttpError(400, stored ? 'totp-already-enrolled' : 'totp-not-started');
  const verdict = checkTotp(secretOf(deps, stored), typed, deps.clock(), stored.lastUsedStep);
  if (E.isLeft(verdict)) throw new HttpError(400, verdict.left);
  if (!(await acceptTotpStep(deps.db, userId, verdict.right, deps.clock(), true))) throw new HttpError(400, 'totp-reused');
  return newRecoveryCodes(deps, userId);
}

/**
 * The second step of a sign-in: the code of the user's app (or, enrolling, of the new one) or a recovery code, under
 * the lockout (a wrong, reused or expired code counts as a wrong password). Throws 401 on a refusal; returns whether
 * this confirmed an enrolment.
 */
export async function checkSecondFactor(deps: AppDeps, user: SignInUser, typed: string, address: string): Promise<{ enrolled: boolean }> {
  const now = deps.clock();
  const stored = await findTotp(deps.db, user.id);
  const input = secondFactorInput(typed);
  let verdict: E.Either<TotpRefusal, { kind: 'step'; step: number } | { kind: 'recovery'; hash: string }> = E.left('totp-error');
  if (stored && input?.kind === 'totp') verdict = E.map((step: number) => ({ kind: 'step' as const, step }))(checkTotp(secretOf(deps, stored), input.code, now, stored.lastUsedStep));
  // Recovery codes stand in for a confirmed app only, never for the first code of an enrolment.
  else if (stored?.confirmedAt && input?.kind === 'recovery') verdict = E.right({ kind: 'recovery', hash: deps.tokens.hash(input.code) });
  if (E.isRight(verdict) && verdict.right.kind === 'recovery' && !(await hasUnusedRecoveryCode(deps, user.id, verdict.right.hash))) verdict = E.left('totp-error');
  const decision = await withSignInAttempts(deps.db, user.userName, (attempts) => {
    const decided = decideSecondFactor(attempts, E.isRight(verdict), now);
    return { attempts: decided.kind === 'blocked' ? null : decided.attempts, result: decided };
  });
  const record = (outcome: 'signedIn' | 'refused' | 'blocked') => recordSignInEvent(deps.db, { userId: user.id, at: new Date(now), outcome, address });
  if (decision.kind === 'blocked') {
    await record('blocked');
    throw new HttpError(401, 'login-blocked');
  }
  if (E.isLeft(verdict) || decision.kind !== 'signedIn') {
    await record('refused');
    throw new HttpError(401, E.isLeft(verdict) ? verdict.left : 'totp-error');
  }
  const accepted = verdict.right;
  const enrolling = !stored?.confirmedAt;
  const consumed = accepted.kind === 'step' ? await acceptTotpStep(deps.db, user.id, accepted.step, now, enrolling) : await useRecoveryCode(deps.db, user.id, accepted.hash, now);
  // Two requests with one code: the first wins, the other is a reuse.
  if (!consumed) {
    await record('refused');
    throw new HttpError(401, 'totp-reused');
  }
  if (accepted.kind === 'recovery') await deps.db.updateTable('user_totp').set({ last_used_at: new Date(now) }).where('user_id', '=', user.id).execute();
  await record('signedIn');
  return { enrolled: enrolling };
}

const hasUnusedRecoveryCode = async (deps: AppDeps, userId: number, hash: string): Promise<boolean> =>
  Boolean(await deps.db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', userId).where('code_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst());

/** The user's ways to sign in and their last use (profile, personal-data export). */
export async function signInMethodsOf(deps: AppDeps, user: { id: number; organisationId: number; passwordSet: boolean; email: string }): Promise<SignInMethods> {
  const [totp, codes, facts, sso, lastSso, passkeys] = await Promise.all([
    findTotp(deps.db, user.id),
    recoveryCodesLeft(deps.db, user.id),
    secondFactorFacts(deps.db, user.id, user.organisationId),
    findSso(deps.db, user.organisationId),
    lastSignInBy(deps.db, user.id, 'sso'),
    listPasskeys(deps.db, user.id),
  ]);
  return {
    password: { set: user.passwordSet },
    totp: {
      state: !totp ? 'none' : totp.confirmedAt ? 'confirmed' : 'pending',
      confirmedAt: totp?.confirmedAt?.toISOString() ?? null,
      lastUsedAt: totp?.confirmedAt ? (totp.lastUsedAt?.toISOString() ?? null) : null,
      recoveryCodesLeft: totp?.confirmedAt ? codes.left : 0,
      recoveryCodeLastUsedAt: codes.lastUsedAt?.toISOString() ?? null,
    },
    organisationRequiresTotp: facts.organisationRequiresTotp,
    sso: { available: sso !== null && maySignInBySso(user, { organisationId: sso.organisationId, domains: sso.domains }), lastUsedAt: lastSso?.toISOString() ?? null },
    passkeys: { count: passkeys.length, lastUsedAt: latest(passkeys.map((p) => p.lastUsedAt)) },
  };
}

const latest = (times: (Date | null)[]): string | null => {
  const known = times.filter((t): t is Date => t !== null).map((t) => t.getTime());
  return known.length === 0 ? null : new Date(Math.max(...known)).toISOString();
};
