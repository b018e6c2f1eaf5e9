import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { canonicalJson, decideIdempotency, IDEMPOTENCY_KEY_LIFETIME_MS, keepsAnswer } from '@ecore/core/shared/idempotency.ts';
import { claimIdempotencyKey, findIdempotencyKey, purgeIdempotencyKeys, releaseIdempotencyKey, storeIdempotentAnswer } from '@ecore/adapters/db/identity/idempotency-repository.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError } from './http-error.ts';
import { errorSchema } from '../routes/schemas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating POST that accepts an Idempotency-Key (plugins/idempotency.ts). */
    idempotent?: boolean;
    /** Its answer holds a secret: only that it answered is kept, never the answer (a retry answers 409). */
    answersSecret?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed; its answer is kept (or the key freed) when it is sent. */
    idempotency: { userId: number; key: string } | null;
  }
}

/**
 * What a creating POST adds to its route options: the Idempotency-Key header (documented; checked by zod as 1 to 255
 * visible characters), and the answers a key can bring (409 while the first request runs on, 422 for another request).
 */
export const idempotentRoute = {
  config: { idempotent: true },
  headers: z.looseObject({
    'idempotency-key': z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/, 'idempotency-key-invalid')
      .optional()
      .describe('Makes a retry safe: the same key and body within 24 hours answer the first answer again and create nothing twice'),
  }),
  responses: { 409: errorSchema, 422: errorSchema },
} as const;

const WAIT_MS = 25;
const WAIT_ROUNDS = 1200;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Safe retries (issue 21, docs/api.md): a creating POST with an Idempotency-Key claims the key for the signed-in user
 * (a row keyed by user and key, so parallel requests with one key meet at the database's primary key); the first
 * request runs, and its successful answer is kept for 24 hours and answered again to every retry with the same
 * request, marked `Idempotent-Replayed: true`. Another request with the key answers 422; a request that was refused
 * or failed frees its key.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('idempotency', null);
  let purgedAt = 0;

  const replay = (reply: FastifyReply, stored: { statusCode: number | null; contentType: string | null; body: string | null }) =>
    reply
      .code(stored.statusCode ?? 200)
      .header('content-type', stored.contentType ?? 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(stored.body ?? '');

  const claim = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !request.actor) return;
    const userId = request.actor.userId;
    const requestHash = createHash('sha256').update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`).digest('hex');
    for (let round = 0; round < WAIT_ROUNDS; round += 1) {
      const now = deps.clock();
      if (await claimIdempotencyKey(deps.db, { userId, key, requestHash, now })) {
        request.idempotency = { userId, key };
        if (now - purgedAt > PURGE_EVERY_MS) {
          purgedAt = now;
          app.runInBackground('idempotency-purge', () => purgeIdempotencyKeys(deps.db, now - IDEMPOTENCY_KEY_LIFETIME_MS), request.log);
        }
        return;
      }
      const stored = await findIdempotencyKey(deps.db, userId, key);
      const decision = decideIdempotency(stored, requestHash, now, request.routeOptions.config.answersSecret === true);
      if (decision.kind === 'conflict') throw new HttpError(422, 'idempotency-key-reused');
      if (decision.kind === 'secret-not-replayed') throw new HttpError(409, 'idempotency-secret-not-replayed');
      if (decision.kind === 'replay' && stored) {
        request.log.info({ userId, route: request.routeOptions.url }, 'idempotent retry answered again');
        return replay(reply, stored);
      }
      if (decision.kind === 'run' && decision.removeStale && stored) await releaseIdempotencyKey(deps.db, userId, key, stored.createdAt);
      if (decision.kind === 'wait') await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
    throw new HttpError(409, 'idempotency-key-in-progress');
  };
  // Only the routes that take a key pay for it (issue 11: a hook of every route is a promise of every request): the
  // claim is the first preHandler of each route marked `idempotent` (app-level preHandlers, which it ran as before,
  // there are none), and the keeping of the answer a callback that returns at once for a request that claimed nothing.
  // The keeping stays app-level, registered before compression (app.ts), so that it keeps the JSON text, not its
  // compressed stream.
  app.addHook('onRoute', (route) => {
    if (!(route.config as { idempotent?: boolean } | undefined)?.idempotent) return;
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [claim, ...own];
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = request.idempotency;
    if (!claimed) {
      done(null, payload);
      return;
    }
    request.idempotency = null;
    const contentType = reply.getHeader('content-type');
    // An answer holding a secret is kept as "answered" alone (no body, no type): the secret is in no table, no WAL, no backup.
    const secret = request.routeOptions.config.answersSecret === true;
    const settled =
      keepsAnswer(reply.statusCode) && (typeof payload === 'string' || Buffer.isBuffer(payload))
        ? storeIdempotentAnswer(deps.db, {
            ...claimed,
            statusCode: reply.statusCode,
            contentType: secret || typeof contentType !== 'string' ? null : contentType,
            body: secret ? null : payload.toString(),
          })
        : releaseIdempotencyKey(deps.db, claimed.userId, claimed.key);
    settled.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
});
