import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recoveryCodesSchema,
  signInMethodsSchema,
  totpCodeBodySchema,
  totpEnrolmentSchema,
  totpLoginBodySchema,
  totpLoginResponseSchema,
  totpLoginTokenBodySchema,
} from '@ecore/core/identity/auth-schemas.ts';
import { linkTokenState } from '@ecore/core/identity/link-tokens.ts';
import { secondFactorNeed } from '@ecore/core/identity/second-factor.ts';
import { sessionClaimsFor } from '@ecore/core/identity/sign-in.ts';
import { maySignIn } from '@ecore/core/identity/user-status.ts';
import { findLinkTokenByHash, markLinkTokenUsed } from '@ecore/adapters/db/identity/link-tokens-repository.ts';
import { removeTotp, secondFactorFacts } from '@ecore/adapters/db/identity/totp-repository.ts';
import { recordAccountAudit } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { checkSecondFactor, confirmEnrolment, newRecoveryCodes, signInMethodsOf, startEnrolment } from './totp-steps.ts';

const secured = { security: [{ bearerAuth: [] }] };
const tags = ['sign-in methods'];

/**
 * Authenticator apps (RFC 6238; docs/sign-in.md): the second step of a sign-in after the password, and the signed-in
 * user's enrolment, removal and list of sign-in methods. Secrets are sealed with SECRETS_KEY; recovery codes stored as
 * hashes; both are answered once, never logged.
 */
export const totpRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };
  const nowSeconds = () => Math.floor(deps.clock() / 1000);

  /** The user of a valid token of the first step (5 minutes), or 401 totp-login-expired. */
  const pendingUser = async (loginToken: string) => {
    const stored = await findLinkTokenByHash(deps.db, deps.tokens.hash(loginToken), ['totpLogin']);
    const user = stored?.userId ? await findSignInUserById(deps.db, stored.userId) : null;
    if (!stored || !user || linkTokenState(stored, deps.clock()) !== 'valid' || !maySignIn({ status: user.status, locked: user.locked, organisationActive: user.organisation.organisationActive })) {
      throw new HttpError(401, 'totp-login-expired');
    }
    return { stored, user, need: secondFactorNeed(await secondFactorFacts(deps.db, user.id, user.organisationId)) };
  };

  app.post(
    '/user/login/totp',
    {
      config: { ...limited, writes: ['sign_in_attempts', 'sign_in_events', 'user_totp', 'user_recovery_codes', 'link_tokens'] },
      schema: {
        tags,
        operationId: 'completeTotpLogin',
        summary: 'Second step of a sign-in with an authenticator app: the token of the first step and a code of the app or a recovery code answer the session token',
        body: totpLoginBodySchema,
        response: { 200: totpLoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { stored, user, need } = await pendingUser(request.body.loginToken);
      if (need === 'none') throw new HttpError(401, 'totp-login-expired');
      const { enrolled } = await checkSecondFactor(deps, user, request.body.code, request.ip);
      if (!(await markLinkTokenUsed(deps.db, stored.id, deps.clock()))) throw new HttpError(401, 'totp-login-expired');
      const recoveryCodes = enrolled ? await newRecoveryCodes(deps, user.id) : undefined;
      if (enrolled) await recordAccountAudit(deps.db, { actorUserId: user.id, entity: 'user', entityId: user.id, action: 'totp-enrolled' });
      logAuthEvent(request.log, 'auth.login.succeeded', { userId: user.id, purpose: 'totp', address: request.ip });
      return { accessToken: app.signSession(sessionClaimsFor(user, nowSeconds())), ...(recoveryCodes ? { recoveryCodes } : {}) };
    },
  );

  app.post(
    '/user/login/totp/enrolment',
    {
      config: limited,
      schema: {
        tags,
        operationId: 'startTotpLoginEnrolment',
        summary: 'For a user whose organisation requires an authenticator app and who has none: a new secret, confirmed by the first code of the second step',
        body: totpLoginTokenBodySchema,
        response: { 200: totpEnrolmentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, need } = await pendingUser(request.body.loginToken);
      if (need !== 'totpEnrolment') throw new HttpError(400, 'totp-already-enrolled');
      return startEnrolment(deps, user);
    },
  );

  const signedIn = async (userId: number) => {
    const user = await findSignInUserById(deps.db, userId);
    if (!user) throw new HttpError(401, 'unauthorized');
    return user;
  };

  app.get(
    '/user/me/signInMethods',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'getSignInMethods',
        summary: 'The signed-in user’s ways to sign in (password, authenticator app, recovery codes left) and when each was last used',
        ...secured,
        response: { 200: signInMethodsSchema, ...errorResponses, 403: errorSchema },
      },
    },
    async (request) => signInMethodsOf(deps, await signedIn(request.actor.userId)),
  );

  app.post(
    '/user/me/totp',
    {
      onRequest: app.authenticate,
      config: { answersSecret: true },
      schema: {
        tags,
        operationId: 'startTotpEnrolment',
        summary: 'Starts setting up an authenticator app: the secret as text and QR code, shown once; a first code confirms it',
        ...secured,
        response: { 200: totpEnrolmentSchema, ...errorResponses, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedIn(request.actor.userId);
      if ((await secondFactorFacts(deps.db, user.id, user.organisationId)).totpConfirmed) throw new HttpError(400, 'totp-already-enrolled');
      return startEnrolment(deps, user);
    },
  );

  app.post(
    '/user/me/totp/confirm',
    {
      onRequest: app.authenticate,
      config: { answersSecret: true },
      schema: {
        tags,
        operationId: 'confirmTotpEnrolment',
        summary: 'Confirms the authenticator app with its first code; answers the ten recovery codes, shown once',
        ...secured,
        body: totpCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errorResponses, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedIn(request.actor.userId);
      const recoveryCodes = await confirmEnrolment(deps, user.id, request.body.code);
      await recordAccountAudit(deps.db, { actorUserId: user.id, entity: 'user', entityId: user.id, action: 'totp-enrolled' });
      request.log.info({ event: 'auth.totp.enrolled', userId: user.id }, 'authenticator app set up');
      return { recoveryCodes };
    },
  );

  app.delete(
    '/user/me/totp',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'removeTotp',
        summary: 'Removes the authenticator app and its recovery codes (refused where the organisation requires one)',
        ...secured,
        response: { 204: z.null(), ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request.actor.userId);
      const facts = await secondFactorFacts(deps.db, user.id, user.organisationId);
      if (facts.organisationRequiresTotp && facts.totpConfirmed) throw new HttpError(400, 'totp-required');
      await deps.db.transaction().execute(async (trx) => {
        if (await removeTotp(trx, user.id)) await recordAccountAudit(trx, { actorUserId: user.id, entity: 'user', entityId: user.id, action: 'totp-removed' });
      });
      request.log.info({ event: 'auth.totp.removed', userId: user.id }, 'authenticator app removed');
      return reply.status(204).send(null);
    },
  );
};
