import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN_PREFIX, API_TOKENS_PER_USER, apiTokenState, checkNewToken, normaliseScopes, parseExpiry } from '@ecore/core/identity/api-tokens.ts';
import { apiTokenListSchema, createApiTokenBodySchema, createdApiTokenSchema } from '@ecore/core/identity/api-token-schema.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { countUsableApiTokens, insertApiToken, listApiTokens, revokeApiToken } from '@ecore/adapters/db/identity/api-tokens-repository.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';

const secured = { security: [{ bearerAuth: [] }] };
const tags = ['access tokens'];

/**
 * Personal access tokens of backend callers (issue 21, docs/api.md): the signed-in user makes, lists and revokes
 * their own. Only a session may (core: a token never manages tokens); the secret is answered once and stored as a hash.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/user/apiTokens',
    {
      // A retry with the same Idempotency-Key answers 409 idempotency-secret-not-replayed: the secret is never kept.
      config: { ...idempotentRoute.config, answersSecret: true },
      schema: {
        tags,
        operationId: 'createApiToken',
        summary: 'Creates an access token; the answer carries the secret, the only time it is shown',
        ...secured,
        headers: idempotentRoute.headers,
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema, ...errorResponses, 403: errorSchema, ...idempotentRoute.responses },
      },
    },
    async (request, reply) => {
      const now = deps.clock();
      const user = await findSignInUserById(deps.db, request.actor.userId);
      if (!user) throw new HttpError(401, 'unauthorized');
      const body = request.body;
      const errors = checkNewToken(body, { roles: user.roles, orgFinance: user.organisation.isFinancePartner }, now);
      if (errors.length > 0) throw new FieldsError(errors);
      if ((await countUsableApiTokens(deps.db, user.id, now)) >= API_TOKENS_PER_USER) throw new HttpError(409, 'api-token-limit', { n: API_TOKENS_PER_USER });
      const secret = `${API_TOKEN_PREFIX}${deps.tokens.create().token}`;
      const stored = await insertApiToken(deps.db, {
        userId: user.id,
        name: body.name.trim(),
        scopes: normaliseScopes(body.scopes),
        // The hash of the whole secret, prefix included: what the bearer header presents.
        hash: deps.tokens.hash(secret),
        expiresAt: parseExpiry(body.expiresAt),
        now,
      });
      request.log.info({ event: 'auth.api-token.created', apiTokenId: stored.id, userId: user.id, scopes: stored.scopes }, 'access token created');
      return reply.status(201).send({ id: stored.id, name: stored.name, scopes: stored.scopes, expiresAt: stored.expiresAt.toISOString(), token: secret });
    },
  );

  app.get(
    '/user/apiTokens',
    {
      schema: {
        tags,
        operationId: 'listApiTokens',
        summary: 'The caller’s access tokens, newest first, with lastUsedAt (never the secret)',
        ...secured,
        response: { 200: apiTokenListSchema, ...errorResponses, 403: errorSchema },
      },
    },
    async (request) => {
      const now = deps.clock();
      const items = (await listApiTokens(deps.db, request.actor.userId)).map((t) => ({
        id: t.id,
        name: t.name,
        scopes: t.scopes,
        expiresAt: t.expiresAt.toISOString(),
        createdAt: t.createdAt.toISOString(),
        lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
        revokedAt: t.revokedAt?.toISOString() ?? null,
        state: apiTokenState({ expiresAt: t.expiresAt.getTime(), revokedAt: t.revokedAt?.getTime() ?? null }, now),
      }));
      return { items, total: items.length };
    },
  );

  app.delete(
    '/user/apiTokens/:id',
    {
      schema: {
        tags,
        operationId: 'revokeApiToken',
        summary: 'Revokes one of the caller’s access tokens; it stops working at once',
        ...secured,
        params: idParams,
        response: { 204: z.null(), ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await revokeApiToken(deps.db, request.actor.userId, request.params.id, deps.clock()))) throw new HttpError(404, 'not-found');
      request.log.info({ event: 'auth.api-token.revoked', apiTokenId: request.params.id, userId: request.actor.userId }, 'access token revoked');
      return reply.status(204).send(null);
    },
  );
};
