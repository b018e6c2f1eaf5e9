import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenResponseSchema, loginBodySchema, loginResponseSchema, secondFactorQuerySchema, secureLoginResponseSchema } from '@ecore/core/identity/auth-schemas.ts';
import { linkTokenExpiry, linkTokenState } from '@ecore/core/identity/link-tokens.ts';
import { linkMail } from '@ecore/core/identity/mails.ts';
import { sessionClaimsFor } from '@ecore/core/identity/sign-in.ts';
import { maySignIn } from '@ecore/core/identity/user-status.ts';
import { findLinkTokenByHash, insertLinkToken, markLinkTokenUsed, voidLinkTokens } from '@ecore/adapters/db/identity/link-tokens-repository.ts';
import { endSessions, findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';
import { checkPassword } from './sign-in.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';

/** Sign-in, two-factor sign-in and logout (spec 01 §4 "Sign-in", §7 "Auth"). */
export const loginRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };
  // A sign-in writes only its attempt counters and its record (routes/identity/sign-in.ts): what this process
  // keeps of users, objects and questionnaires stays (plugins/auth.ts).
  const signIn = { ...limited, writes: ['sign_in_attempts', 'sign_in_events', 'link_tokens'] };
  const nowSeconds = () => Math.floor(deps.clock() / 1000);

  app.post(
    '/user/login',
    {
      config: signIn,
      schema: {
        tags: ['identity'],
        summary:
          'Sign in with user name and password; answers the session token (8 h), or for a user with an authenticator app (or whose organisation requires one) the token of the second step (5 min)',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (deps.config.twoFactorLogin) throw new HttpError(400, 'two-factor-required');
      const { user, need } = await checkPassword(deps, request.body.userName, request.body.password, request.ip, request.log, true);
      if (need !== 'none') {
        const { token, hash } = deps.tokens.create();
        await voidLinkTokens(deps.db, user.id, ['totpLogin'], deps.clock());
        await insertLinkToken(deps.db, { purpose: 'totpLogin', hash, userId: user.id, expiresAt: linkTokenExpiry('totpLogin', deps.clock()) });
        logAuthEvent(request.log, 'auth.login.succeeded', { userId: user.id, purpose: 'firstFactor', address: request.ip });
        return { secondFactor: need, loginToken: token };
      }
      logAuthEvent(request.log, 'auth.login.succeeded', { userId: user.id, address: request.ip });
      return { accessToken: app.signSession(sessionClaimsFor(user, nowSeconds())) };
    },
  );

  app.post(
    '/user/secure/login',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'First step of two-factor sign-in: checks the password and mails a sign-in link (10 min)',
        body: loginBodySchema,
        response: { 200: secureLoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!deps.config.twoFactorLogin) throw new HttpError(404, 'two-factor-disabled');
      const { user } = await checkPassword(deps, request.body.userName, request.body.password, request.ip, request.log);
      logAuthEvent(request.log, 'auth.login.succeeded', { userId: user.id, purpose: 'firstFactor', address: request.ip });
      const now = deps.clock();
      const { token, hash } = deps.tokens.create();
      await voidLinkTokens(deps.db, user.id, ['twoFactor'], now);
      await insertLinkToken(deps.db, { purpose: 'twoFactor', hash, userId: user.id, expiresAt: linkTokenExpiry('twoFactor', now) });
      const link = `${deps.config.publicUrl}/login-step2?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
      await deps.mailer.send(linkMail('twoFactor', request.language, user.email, `${user.firstName} ${user.lastName}`, link));
      return { twoFactor: true as const };
    },
  );

  app.get(
    '/user/secure/login',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'Second step of two-factor sign-in: the e-mail link (email or userName, token) answers the session token',
        querystring: secondFactorQuerySchema,
        response: { 200: accessTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!deps.config.twoFactorLogin) throw new HttpError(404, 'two-factor-disabled');
      const now = deps.clock();
      const stored = await findLinkTokenByHash(deps.db, deps.tokens.hash(request.query.token), ['twoFactor']);
      const user = stored?.userId ? await findSignInUserById(deps.db, stored.userId) : null;
      const named =
        user &&
        (request.query.email === undefined || request.query.email.toLowerCase() === user.email.toLowerCase()) &&
        (request.query.userName === undefined || request.query.userName.toLowerCase() === user.userName.toLowerCase());
      if (
        !stored || !user || !named ||
        linkTokenState(stored, now) !== 'valid' ||
        !maySignIn({ status: user.status, locked: user.locked, organisationActive: user.organisation.organisationActive }) ||
        !(await markLinkTokenUsed(deps.db, stored.id, now))
      ) {
        logAuthEvent(request.log, 'auth.link.refused', { userId: user?.id ?? null, purpose: 'twoFactor', address: request.ip });
        throw new HttpError(401, 'two-factor-error');
      }
      logAuthEvent(request.log, 'auth.link.used', { userId: user.id, purpose: 'twoFactor', address: request.ip });
      logAuthEvent(request.log, 'auth.login.succeeded', { userId: user.id, purpose: 'twoFactor', address: request.ip });
      return { accessToken: app.signSession(sessionClaimsFor(user, nowSeconds())) };
    },
  );

  app.post(
    '/user/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['identity'], summary: 'Ends every session of the signed-in user', security: [{ bearerAuth: [] }], response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await endSessions(deps.db, request.actor.userId);
      logAuthEvent(request.log, 'auth.logout', { userId: request.actor.userId, address: request.ip });
      return reply.status(204).send(null);
    },
  );
};
