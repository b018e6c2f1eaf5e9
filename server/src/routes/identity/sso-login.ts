import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as E from 'fp-ts/Either';
import { sessionClaimsFor } from '@ecore/core/identity/sign-in.ts';
import { coveringOrganisation } from '@ecore/core/identity/sso.ts';
import {
  decideSsoSignIn,
  SSO_LOGIN_LIFETIME_MS,
  ssoReturnBodySchema,
  ssoStartBodySchema,
  ssoStartResponseSchema,
  ssoUser,
  startedSsoLoginState,
  vouchedEmail,
  type SsoRefusal,
  type SsoReturnBody,
} from '@ecore/core/identity/sso-sign-in.ts';
import { accessTokenResponseSchema } from '@ecore/core/identity/auth-schemas.ts';
import type { SignInUser } from '@ecore/core/identity/user.ts';
import { recordSignInEvent } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import { deleteStaleSsoLogins, findSso, findSsoLogin, insertSsoLogin, markSsoLoginUsed, ssoCoverages, type SsoLogin } from '@ecore/adapters/db/identity/sso-repository.ts';
import { findSignInUserByEmail, withSignInAttempts } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { secretBoxOf } from './totp-steps.ts';
import { SsoCheckFailed, ssoClients } from './sso-client.ts';

const tags = ['identity'];

/**
 * Sign-in by single sign-on (OpenID Connect, authorization code with PKCE; docs/sign-in.md): the login page's e-mail
 * chooses the provider of its domain, the provider's return is checked and signs in the user of the e-mail it
 * vouches for in that organisation. A refused return counts like a wrong password and changes nothing else.
 */
export const ssoLoginRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };
  const clients = ssoClients(deps.config.ssoFetch);
  // Read per request: with PORT=0 the public address is known only once the server listens (server.ts).
  const redirectUri = () => `${deps.config.publicUrl}/login/sso`;
  const providerOf = async (organisationId: number) => {
    const sso = await findSso(deps.db, organisationId);
    return sso ? { sso, provider: { issuer: sso.issuer, clientId: sso.clientId, clientSecret: secretBoxOf(deps).open(sso.sealedSecret) } } : null;
  };

  app.post(
    '/user/login/sso',
    {
      config: { ...limited, writes: ['sso_logins'] },
      schema: {
        tags,
        summary: 'First step of the login page: for an e-mail of a domain an organisation’s single sign-on covers, the provider’s address to send the browser to (with state, nonce and PKCE); otherwise null and the password follows',
        body: ssoStartBodySchema,
        response: { 200: ssoStartResponseSchema, ...errorResponses, 503: errorSchema },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const organisationId = coveringOrganisation(email, await ssoCoverages(deps.db));
      const found = organisationId === null ? null : await providerOf(organisationId);
      if (organisationId === null || !found) return { redirectUrl: null };
      const now = deps.clock();
      try {
        const { url, checks } = await clients.start(found.provider, redirectUri(), email);
        await deleteStaleSsoLogins(deps.db, now);
        await insertSsoLogin(deps.db, { stateHash: deps.tokens.hash(checks.state), organisationId, email, nonce: checks.nonce, codeVerifier: checks.codeVerifier, expiresAt: now + SSO_LOGIN_LIFETIME_MS });
        return { redirectUrl: url };
      } catch (error) {
        if (!(error instanceof SsoCheckFailed)) throw error;
        request.log.warn({ event: 'auth.sso.unavailable', organisationId, reason: error.reason }, 'single sign-on provider not reachable');
        throw new HttpError(503, 'sso-unavailable');
      }
    },
  );

  /** The verdict on a return: who it signs in, or why not (the token's checks, then core's rule of who). */
  const judgeReturn = async (login: SsoLogin, body: SsoReturnBody, log: typeof app.log): Promise<E.Either<SsoRefusal, SignInUser>> => {
    const started = startedSsoLoginState(login, deps.clock());
    if (E.isLeft(started)) return started;
    // One return per sign-in: a second request with the same state (a replayed code) finds it used.
    if (!(await markSsoLoginUsed(deps.db, login.id, deps.clock()))) return E.left('sso-login-expired');
    if (body.error !== undefined || body.code === undefined) return E.left('sso-cancelled');
    const found = await providerOf(login.organisationId);
    if (!found) return E.left('sso-login-expired');
    const returnUrl = new URL(redirectUri());
    for (const [name, value] of Object.entries({ code: body.code, state: body.state, iss: body.iss })) if (value !== undefined) returnUrl.searchParams.set(name, value);
    try {
      const claims = await clients.finish(found.provider, returnUrl, { state: body.state, nonce: login.nonce, codeVerifier: login.codeVerifier });
      const email = vouchedEmail(claims);
      const user = email === null ? null : await findSignInUserByEmail(deps.db, email);
      return ssoUser(claims, user, { organisationId: found.sso.organisationId, domains: found.sso.domains });
    } catch (error) {
      if (!(error instanceof SsoCheckFailed)) throw error;
      log.warn({ event: 'auth.sso.refused', organisationId: login.organisationId, reason: error.reason }, 'single sign-on answer refused');
      return E.left('sso-token-invalid');
    }
  };

  app.post(
    '/user/login/sso/return',
    {
      config: { ...limited, writes: ['sign_in_attempts', 'sign_in_events', 'sso_logins'] },
      schema: {
        tags,
        summary: 'Second step of single sign-on: the parameters the provider sent the browser back with; the code is exchanged, the ID token checked (issuer, audience, nonce, signature, expiry), and the session token answered',
        body: ssoReturnBodySchema,
        response: { 200: accessTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const login = await findSsoLogin(deps.db, deps.tokens.hash(request.body.state));
      if (!login) {
        logAuthEvent(request.log, 'auth.login.failed', { reason: 'sso-login-expired', address: request.ip });
        throw new HttpError(401, 'sso-login-expired');
      }
      const verdict = await judgeReturn(login, request.body, request.log);
      // The counters of the one signing in, or else of the e-mail typed on the login page (kept for unknown ones too).
      const typed = await findSignInUserByEmail(deps.db, login.email);
      const counted = E.isRight(verdict) ? verdict.right : typed;
      const now = deps.clock();
      const decision = await withSignInAttempts(deps.db, counted?.userName ?? login.email, (attempts) => {
        const decided = decideSsoSignIn(attempts, verdict, now);
        return { attempts: decided.kind === 'blocked' ? null : decided.attempts, result: decided };
      });
      const outcome = decision.kind === 'blocked' ? 'blocked' : decision.kind === 'signedIn' ? 'signedIn' : 'refused';
      if (counted) await recordSignInEvent(deps.db, { userId: counted.id, at: new Date(now), outcome, address: request.ip, method: 'sso' });
      if (decision.kind === 'blocked') {
        logAuthEvent(request.log, 'auth.login.blocked', { userId: counted?.id ?? null, purpose: 'sso', address: request.ip });
        throw new HttpError(401, 'login-blocked');
      }
      if (decision.kind === 'refused') {
        logAuthEvent(request.log, 'auth.login.failed', { userId: counted?.id ?? null, purpose: 'sso', reason: decision.refusal, address: request.ip });
        throw new HttpError(401, decision.refusal);
      }
      logAuthEvent(request.log, 'auth.login.succeeded', { userId: decision.user.id, purpose: 'sso', address: request.ip });
      return { accessToken: app.signSession(sessionClaimsFor(decision.user, Math.floor(now / 1000))) };
    },
  );
};
