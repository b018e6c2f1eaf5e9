import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from './http-error.ts';

/** What the pooled PostgreSQL connections are doing right now (absent on the embedded database: one connection). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus text of this app's metrics (present when METRICS_TOKEN or METRICS_PORT is set). */
    metricsText?: () => Promise<{ contentType: string; text: string }>;
  }
}

export interface MetricsOptions {
  /** The bearer token a scraper sends; without it there is no /metrics route on the app's port. */
  token: string | undefined;
  poolStats?: (() => PoolStats) | undefined;
  /** The registry of this app (tests read it); the process figures are collected into it. */
  registry: Registry;
}

/**
 * Query durations as a Kysely plugin: the time from compiling a query to its result, by kind of statement.
 * A failed query never reaches transformResult; the WeakMap forgets its start with it.
 */
export function queryTimer(registry: Registry): KyselyPlugin {
  const histogram = new Histogram({
    name: 'ecore_db_query_duration_seconds',
    help: 'Database query durations by statement kind',
    labelNames: ['operation'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const started = new WeakMap<object, { at: bigint; operation: string }>();
  const operation = (node: RootOperationNode) => node.kind.replace(/QueryNode$/, '').replace(/Node$/, '').toLowerCase();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      started.set(args.queryId, { at: process.hrtime.bigint(), operation: operation(args.node) });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const start = started.get(args.queryId);
      if (start) histogram.observe({ operation: start.operation }, Number(process.hrtime.bigint() - start.at) / 1e9);
      return args.result;
    },
  };
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in the Prometheus text format (issue 24): requests by route and status, their durations, the
 * database pool, the background (mail) backlog and the process figures of prom-client. Only with
 * METRICS_TOKEN as a bearer token; without METRICS_TOKEN the route does not exist.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const { registry } = options;
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Answered HTTP requests', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations, from arrival to the answer sent',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/asset/:id), never the URL: one series per route, not per object or token.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  new Gauge({
    name: 'ecore_background_tasks_pending',
    help: 'Background work not yet done: mails waiting to be sent or written to the outbox',
    registers: [registry],
    collect() {
      this.set(app.backgroundPending());
    },
  });
  if (options.poolStats) {
    const stats = options.poolStats;
    new Gauge({
      name: 'ecore_db_pool_connections',
      help: 'Pooled PostgreSQL connections by state (idle, in use, requests waiting for one)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  app.decorate('metricsText', async () => ({ contentType: registry.contentType, text: await registry.metrics() }));
  const token = options.token;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) throw new HttpError(401, 'unauthorized');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

/**
 * METRICS_PORT: /metrics on a port of its own, without a token, for a scraper inside the private network (the
 * port is not published). Answers 404 for every other path. Resolves once it listens.
 */
export async function listenForMetrics(app: FastifyInstance, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics' || !app.metricsText) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    app.metricsText().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
