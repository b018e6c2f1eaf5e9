import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { message } from '@ecore/core/shared/messages.ts';
import type { AppConfig } from '../deps.ts';

/** Seconds a refused caller is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 10;

/**
 * Overload (issue 18, docs/security.md "Transport"): while the event loop lags or the heap is fuller than configured,
 * every request answers 503 `server-busy` at once, in the request's language, with Retry-After, instead of queuing
 * work it would finish too late; a load balancer sends the caller to another node.
 */
export const underPressurePlugin = fp(async (app: FastifyInstance, limits: NonNullable<AppConfig['underPressure']>) => {
  // The start itself (routes compiled, the first sweep) holds the event loop; its samples say nothing about load.
  // Requests pass until two samples after the app is ready.
  const sampleMs = limits.sampleIntervalMs ?? 1000;
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    readyAt = Date.now();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedMb * 1024 * 1024,
    sampleInterval: sampleMs,
    retryAfter: BUSY_RETRY_AFTER_S,
    // What the handler answers is sent as the body (its typing says void, the plugin sends a returned value).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      if (Date.now() - readyAt < 2 * sampleMs) return undefined;
      request.log.warn({ event: 'server.busy', type, value }, 'answered 503: the server is under pressure');
      reply.status(503).header('retry-after', String(BUSY_RETRY_AFTER_S)).header('cache-control', 'no-store');
      return { statusCode: 503, key: 'server-busy', message: message('server-busy', request.language ?? 'de') };
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void,
  });
});
