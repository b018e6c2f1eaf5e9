import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { actorFromClaims, isSessionActive, sessionClaimsSchema, type Actor, type SessionClaims } from '@ecore/core/identity/session.ts';
import { maySignIn } from '@ecore/core/identity/user-status.ts';
import { findSessionState } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../app.ts';
import { HttpError } from './http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    /** onRequest hook for a subtree of routes that need a signed-in user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    signSession: (claims: SessionClaims) => string;
  }
}

/**
 * Sessions are signed JWTs (DOMAIN.md §2). A token is accepted while it is unexpired, its session
 * version is the user's current one (logout, deactivation, locking and archiving raise it) and the
 * user may still sign in.
 */
export const authPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  await app.register(fastifyJwt, { secret: deps.config.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });

  app.decorateRequest('actor', null as unknown as Actor);
  app.decorate('signSession', (claims: SessionClaims) => app.jwt.sign(claims));

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new HttpError(401, 'unauthorized');
    let claims: SessionClaims;
    try {
      // Expiry is checked against the injected clock below, not the verifier's own.
      claims = sessionClaimsSchema.parse(app.jwt.verify(header.slice(7), { ignoreExpiration: true }));
    } catch {
      throw new HttpError(401, 'unauthorized');
    }
    if (!isSessionActive(claims, Math.floor(deps.clock() / 1000))) throw new HttpError(401, 'unauthorized');
    const state = await findSessionState(deps.db, Number(claims.sub));
    if (!state || state.sessionVersion !== (claims.sv ?? 0) || !maySignIn(state)) throw new HttpError(401, 'unauthorized');
    request.actor = actorFromClaims(claims);
  });
});
