import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { message } from '@ecore/core/shared/messages.ts';
import { databaseHealth } from '@ecore/adapters/db/unavailable.ts';
import type { AppDeps } from '../deps.ts';
import { errorSchema } from './schemas.ts';

/**
 * GET /api/health for load balancers and monitoring (issue 18 "Faults"): 200 while the database answers, else 503
 * naming why (`database: 'unreachable'`) with the text of database-unavailable; it recovers by itself when the
 * database returns. Public and cheap (one `select 1`, at most 2 s); it says nothing about users or data.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['app'],
        summary: 'Whether this node can serve: 200 with the database reachable, else 503 naming what is missing',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          // Overload answers it too, as every call (key server-busy, plugins/under-pressure.ts), without the two fields.
          503: errorSchema.extend({ status: z.literal('unavailable').optional(), database: z.literal('unreachable').optional() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if ((await databaseHealth(deps.db)) === 'ok') return { status: 'ok' as const, database: 'ok' as const };
      request.log.warn({ event: 'health.unavailable', database: 'unreachable' }, 'health: the database is unreachable');
      return reply.status(503).send({
        statusCode: 503,
        key: 'database-unavailable',
        message: message('database-unavailable', request.language),
        status: 'unavailable' as const,
        database: 'unreachable' as const,
      });
    },
  );
};
