import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { accessTokenResponseSchema } from '@ecore/core/identity/auth-schemas.ts';
import { linkTokenExpiry, linkTokenState, type LinkTokenPurpose } from '@ecore/core/identity/link-tokens.ts';
import {
  PASSKEY_MAX_PER_USER,
  passkeyAuthenticationBodySchema,
  passkeyBelongsTo,
  passkeyRegistrationBodySchema,
  passkeySchema,
  passkeyUserHandle,
} from '@ecore/core/identity/passkeys.ts';
import { decideSecondFactor } from '@ecore/core/identity/second-factor.ts';
import { sessionClaimsFor } from '@ecore/core/identity/sign-in.ts';
import { maySignIn } from '@ecore/core/identity/user-status.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { findLinkTokenByHash, insertLinkToken, markLinkTokenUsed } from '@ecore/adapters/db/identity/link-tokens-repository.ts';
import { deletePasskey, findPasskeyByCredentialId, insertPasskey, listPasskeys, markPasskeyUsed, type StoredPasskey } from '@ecore/adapters/db/identity/passkeys-repository.ts';
import { recordSignInEvent } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import { recordAccountAudit } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { findSignInUserById, withSignInAttempts } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { logAuthEvent } from '../../plugins/auth-events.ts';
import { errorResponses, errorSchema } from '../schemas.ts';

const tags = ['sign-in methods'];
const secured = { security: [{ bearerAuth: [] }] };
const optionsSchema = z.object({}).loose().describe('WebAuthn options for navigator.credentials (JSON form, base64url values)');

const listed = (p: StoredPasskey) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null });

/** The challenge the browser signed, read from its client data (base64url JSON); null when unreadable. */
const challengeOf = (clientDataJSON: string): string | null => {
  try {
    const challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
};

/**
 * Passkeys (WebAuthn with @simplewebauthn/server; docs/sign-in.md "Passkeys"): registering from the sign-in methods
 * page, the list and removal, and signing in without a password. The relying party is the portal's PUBLIC_URL (its
 * host name the RP id, its origin the expected origin). Each challenge is a single-use token of five minutes.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };
  // Read per request: with PORT=0 the public address is known only once the server listens (server.ts).
  const relyingParty = () => {
    const site = new URL(deps.config.publicUrl);
    return { rpID: site.hostname, origin: site.origin };
  };

  const storeChallenge = async (challenge: string, purpose: LinkTokenPurpose, userId: number | null) =>
    insertLinkToken(deps.db, { purpose, hash: deps.tokens.hash(challenge), userId, expiresAt: linkTokenExpiry(purpose, deps.clock()) });

  /** Uses up the challenge the browser signed, once: the challenge string, or null when unknown, used, expired or another user's. */
  const takeChallenge = async (clientDataJSON: string, purpose: LinkTokenPurpose, userId: number | null): Promise<string | null> => {
    const challenge = challengeOf(clientDataJSON);
    const stored = challenge ? await findLinkTokenByHash(deps.db, deps.tokens.hash(challenge), [purpose]) : null;
    if (!challenge || !stored || stored.userId !== userId || linkTokenState(stored, deps.clock()) !== 'valid') return null;
    return (await markLinkTokenUsed(deps.db, stored.id, deps.clock())) ? challenge : null;
  };

  app.post(
    '/user/me/passkeys/options',
    {
      onRequest: app.authenticate,
      schema: { tags, operationId: 'startPasskeyRegistration', summary: 'Options for registering a passkey (a challenge of five minutes; the user’s passkeys excluded)', ...secured, response: { 200: optionsSchema, ...errorResponses, 403: errorSchema } },
    },
    async (request) => {
      const user = await findSignInUserById(deps.db, request.actor.userId);
      if (!user) throw new HttpError(401, 'unauthorized');
      const existing = await listPasskeys(deps.db, user.id);
      if (existing.length >= PASSKEY_MAX_PER_USER) throw new HttpError(400, 'passkey-limit');
      const options = await generateRegistrationOptions({
        rpName: 'ECORE',
        rpID: relyingParty().rpID,
        userName: user.userName,
        userDisplayName: `${user.firstName} ${user.lastName}`,
        userID: new TextEncoder().encode(passkeyUserHandle(user.id)),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(options.challenge, 'passkeyRegistration', user.id);
      return options as unknown as Record<string, unknown>;
    },
  );

  app.post(
    '/user/me/passkeys',
    {
      onRequest: app.authenticate,
      config: { writes: ['user_passkeys', 'link_tokens', 'account_audit'] },
      schema: { tags, operationId: 'registerPasskey', summary: 'Registers a passkey with the browser’s answer to the options; answers it as listed', ...secured, body: passkeyRegistrationBodySchema, response: { 200: passkeySchema, ...errorResponses, 403: errorSchema } },
    },
    async (request) => {
      const userId = request.actor.userId;
      const body = request.body;
      const challenge = await takeChallenge(body.response.response.clientDataJSON, 'passkeyRegistration', userId);
      if (!challenge) throw new HttpError(400, 'passkey-error');
      const verified = await verifyRegistrationResponse({ response: body.response as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: relyingParty().origin, expectedRPID: relyingParty().rpID }).catch((error: unknown) => {
        request.log.warn({ event: 'auth.passkey.refused', userId, reason: error instanceof Error ? error.message : String(error) }, 'passkey registration refused');
        return null;
      });
      if (!verified?.verified) throw new HttpError(400, 'passkey-error');
      const credential = verified.registrationInfo.credential;
      if (await findPasskeyByCredentialId(deps.db, credential.id)) throw new HttpError(400, 'passkey-error');
      const saved = await deps.db.transaction().execute(async (trx) => {
        const passkey = await insertPasskey(trx, {
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? body.response.response.transports ?? [],
          name: body.name || `Passkey ${new Date(deps.clock()).toISOString().slice(0, 10)}`,
          createdAt: new Date(deps.clock()),
        });
        await recordAccountAudit(trx, { actorUserId: userId, entity: 'user', entityId: userId, action: 'passkey-added' });
        return passkey;
      });
      request.log.info({ event: 'auth.passkey.added', userId }, 'passkey registered');
      return listed(saved);
    },
  );

  app.get(
    '/user/me/passkeys',
    {
      onRequest: app.authenticate,
      schema: { tags, operationId: 'listPasskeys', summary: 'The signed-in user’s passkeys with when each was registered and last used', ...secured, response: { 200: z.array(passkeySchema), ...errorResponses, 403: errorSchema } },
    },
    async (request) => (await listPasskeys(deps.db, request.actor.userId)).map(listed),
  );

  app.delete(
    '/user/me/passkeys/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, operationId: 'removePasskey', summary: 'Removes one of the signed-in user’s passkeys', ...secured, params: idParams, response: { 204: z.null(), ...errorResponses, 403: errorSchema } },
    },
    async (request, reply) => {
      const userId = request.actor.userId;
      const removed = await deps.db.transaction().execute(async (trx) => {
        if (!(await deletePasskey(trx, userId, request.params.id))) return false;
        await recordAccountAudit(trx, { actorUserId: userId, entity: 'user', entityId: userId, action: 'passkey-removed' });
        return true;
      });
      if (!removed) throw new HttpError(404, 'not-found');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/login/passkey/options',
    {
      config: { ...limited, writes: ['link_tokens'] },
      schema: { tags, operationId: 'startPasskeyLogin', summary: 'Options for signing in with a passkey (a challenge of five minutes; the browser offers the passkeys it holds for this site)', response: { 200: optionsSchema, ...errorResponses } },
    },
    async () => {
      const options = await generateAuthenticationOptions({ rpID: relyingParty().rpID, userVerification: 'preferred' });
      await storeChallenge(options.challenge, 'passkeySignIn', null);
      return options as unknown as Record<string, unknown>;
    },
  );

  app.post(
    '/user/login/passkey',
    {
      config: { ...limited, writes: ['sign_in_attempts', 'sign_in_events', 'link_tokens', 'user_passkeys'] },
      schema: { tags, operationId: 'completePasskeyLogin', summary: 'Signs in with a passkey: the browser’s answer to the options answers the session token', body: passkeyAuthenticationBodySchema, response: { 200: accessTokenResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const answer = request.body.response;
      const passkey = await findPasskeyByCredentialId(deps.db, answer.id);
      const user = passkey ? await findSignInUserById(deps.db, passkey.userId) : null;
      if (!passkey || !user) {
        logAuthEvent(request.log, 'auth.login.failed', { reason: 'passkey-unknown', purpose: 'passkey', address: request.ip });
        throw new HttpError(401, 'passkey-error');
      }
      const now = deps.clock();
      const challenge = await takeChallenge(answer.response.clientDataJSON, 'passkeySignIn', null);
      const userHandle = answer.response.userHandle === undefined ? undefined : Buffer.from(answer.response.userHandle, 'base64url').toString('utf8');
      const verified =
        challenge && passkeyBelongsTo(passkey, userHandle)
          ? await verifyAuthenticationResponse({
              response: answer as AuthenticationResponseJSON,
              expectedChallenge: challenge,
              expectedOrigin: relyingParty().origin,
              expectedRPID: relyingParty().rpID,
              credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports as never },
            }).catch((error: unknown) => {
              request.log.warn({ event: 'auth.passkey.refused', userId: user.id, reason: error instanceof Error ? error.message : String(error) }, 'passkey refused');
              return null;
            })
          : null;
      const accepted = Boolean(verified?.verified) && maySignIn({ status: user.status, locked: user.locked, organisationActive: user.organisation.organisationActive });
      const decision = await withSignInAttempts(deps.db, user.userName, (attempts) => {
        const decided = decideSecondFactor(attempts, accepted, now);
        return { attempts: decided.kind === 'blocked' ? null : decided.attempts, result: decided };
      });
      const outcome = decision.kind === 'blocked' ? 'blocked' : decision.kind === 'signedIn' ? 'signedIn' : 'refused';
      await recordSignInEvent(deps.db, { userId: user.id, at: new Date(now), outcome, address: request.ip, method: 'passkey' });
      if (decision.kind === 'blocked') {
        logAuthEvent(request.log, 'auth.login.blocked', { userId: user.id, purpose: 'passkey', address: request.ip });
        throw new HttpError(401, 'login-blocked');
      }
      if (decision.kind !== 'signedIn' || !verified) {
        logAuthEvent(request.log, 'auth.login.failed', { userId: user.id, purpose: 'passkey', reason: 'passkey-error', address: request.ip });
        throw new HttpError(401, 'passkey-error');
      }
      await markPasskeyUsed(deps.db, passkey.id, verified.authenticationInfo.newCounter, new Date(now));
      logAuthEvent(request.log, 'auth.login.succeeded', { userId: user.id, purpose: 'passkey', address: request.ip });
      return { accessToken: app.signSession(sessionClaimsFor(user, Math.floor(now / 1000))) };
    },
  );
};
