import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may send as a request id: short, printable, nothing that could forge or split a log line. */
const ACCEPTED = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Fastify's `genReqId` (issue 24): the id a proxy or load balancer sent in X-Request-Id when it looks like one,
 * else a new UUID, so that support finds the log lines of the request a user reports.
 */
export function requestId(request: RawRequestDefaultExpression): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  const given = Array.isArray(sent) ? sent[0] : sent;
  return given !== undefined && ACCEPTED.test(given) ? given : randomUUID();
}

/** Answers every request's id in X-Request-Id (errors and the client's files too). */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
});
