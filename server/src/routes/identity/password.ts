import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetPasswordQuerySchema, setPasswordBodySchema } from '@ecore/core/identity/auth-schemas.ts';
import { linkTokenExpiry, linkTokenState, type LinkTokenPurpose } from '@ecore/core/identity/link-tokens.ts';
import { linkMail } from '@ecore/core/identity/mails.ts';
import { mayRequestPasswordReset, mayUsePasswordLink, statusAfterPasswordSet, UserStatus } from '@ecore/core/identity/user-status.ts';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import { findLinkTokenByHash, insertLinkToken, markLinkTokenUsed, voidLinkTokens } from '@ecore/adapters/db/identity/link-tokens-repository.ts';
import { findSignInUserById, findSignInUserByName, savePassword } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';

const PASSWORD_LINK_PURPOSES: LinkTokenPurpose[] = ['setPassword', 'resetPassword'];

/**
 * Mails a set-password (new, pending user: 7 days) or reset-password (24 h) link; a new link voids the
 * user's older ones. Also used by account management when it creates a user.
 */
export async function sendPasswordLink(deps: AppDeps, user: SignInUser, language: 'de' | 'en'): Promise<void> {
  const purpose: LinkTokenPurpose = user.status === UserStatus.Pending ? 'setPassword' : 'resetPassword';
  const now = deps.clock();
  const { token, hash } = deps.tokens.create();
  await deps.db.transaction().execute(async (trx) => {
    await voidLinkTokens(trx, user.id, PASSWORD_LINK_PURPOSES, now);
    await insertLinkToken(trx, { purpose, hash, userId: user.id, expiresAt: linkTokenExpiry(purpose, now) });
  });
  const link = `${deps.config.publicUrl}/set-password?userName=${encodeURIComponent(user.userName)}&token=${encodeURIComponent(token)}`;
  await deps.mailer.send(linkMail(purpose, language, user.email, `${user.firstName} ${user.lastName}`, link));
}

/** Forgot password, set password (spec 01 §4, §7 "Auth"; DOMAIN.md §2). */
export const passwordRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  const validLink = async (token: string) => {
    const stored = await findLinkTokenByHash(deps.db, deps.tokens.hash(token), PASSWORD_LINK_PURPOSES);
    if (!stored || stored.userId === null || linkTokenState(stored, deps.clock()) !== 'valid') return null;
    const user = await findSignInUserById(deps.db, stored.userId);
    return user && mayUsePasswordLink(user) ? { stored, user } : null;
  };

  app.get(
    '/user/resetPassword',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'Mails a reset link; answers 204 the same whether or not the user exists',
        querystring: resetPasswordQuerySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userName } = request.query;
      const language = request.language;
      // The lookup and the mail run after the answer, so that neither the answer nor its timing says whether the user exists.
      app.runInBackground('reset-password', async () => {
        const user = await findSignInUserByName(deps.db, userName);
        if (user && mayRequestPasswordReset({ status: user.status, locked: user.locked, organisationActive: user.organisation.organisationActive })) {
          await sendPasswordLink(deps, user, language);
        }
      }, request.log);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/setPassword',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'Checks a set-password link before the form is shown',
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: z.object({ userName: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const link = await validLink(request.query.token);
      if (!link) throw new HttpError(400, 'invalid-link');
      return { userName: link.user.userName };
    },
  );

  app.post(
    '/user/setPassword',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'Sets a password with a single-use link token; a pending user becomes active; ends all sessions',
        body: setPasswordBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const link = await validLink(request.body.token);
      if (!link) {
        logAuthEvent(request.log, 'auth.link.refused', { purpose: 'password', address: request.ip });
        throw new HttpError(400, 'invalid-link');
      }
      const passwordHash = await deps.hasher.hash(request.body.password);
      const now = deps.clock();
      const used = await deps.db.transaction().execute(async (trx) => {
        if (!(await markLinkTokenUsed(trx, link.stored.id, now))) return false;
        await savePassword(trx, link.user.id, passwordHash, statusAfterPasswordSet(link.user.status));
        await voidLinkTokens(trx, link.user.id, PASSWORD_LINK_PURPOSES, now);
        return true;
      });
      if (!used) {
        logAuthEvent(request.log, 'auth.link.refused', { userId: link.user.id, purpose: link.stored.purpose, address: request.ip });
        throw new HttpError(400, 'invalid-link');
      }
      logAuthEvent(request.log, 'auth.link.used', { userId: link.user.id, purpose: link.stored.purpose, address: request.ip });
      // Every session of the user ended with the new password (savePassword raises the session version).
      logAuthEvent(request.log, 'auth.password.set', { userId: link.user.id, purpose: link.stored.purpose, address: request.ip });
      return reply.status(204).send(null);
    },
  );
};
