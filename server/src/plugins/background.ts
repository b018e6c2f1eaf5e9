import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work after the answer is sent (mails), so that answers do not reveal by their timing what happened; `log` is
     * the logger of the request that left it (`request.log`): the work's log lines carry its requestId.
     */
    runInBackground: (name: string, work: () => Promise<void>, log?: FastifyBaseLogger) => void;
    /** Waits until every background task has finished (tests, shutdown). */
    drainBackground: () => Promise<void>;
    /** How many background tasks have not finished yet (the metrics' mail backlog). */
    backgroundPending: () => number;
    /**
     * The logger of the request whose background work is running (its lines carry the request's requestId, issue 24);
     * the app's logger elsewhere (a request's own handling has `request.log`).
     */
    currentLog: () => FastifyBaseLogger;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<void>>();
  const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();
  app.decorate('currentLog', () => requestLog.getStore() ?? app.log);
  // Only background work runs inside run(), each task with the logger of the request that left it, and the store is
  // disabled again when no task is left: on Node 20 an AsyncLocalStorage that has been entered hooks the making of
  // every promise in the process, which cost every request about a sixth of its throughput when each request ran inside
  // one (issue 11: `GET /api/user/me` 50 → 62 % of the bare route without it). Requests log through `request.log`.
  app.decorate('runInBackground', (name: string, work: () => Promise<void>, log: FastifyBaseLogger = app.log) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => requestLog.run(log, work))
      .catch((err: unknown) => log.error({ err }, `background task ${name} failed`))
      .finally(() => {
        running.delete(task);
        if (running.size === 0) requestLog.disable();
      });
    running.add(task);
  });
  app.decorate('drainBackground', async () => {
    while (running.size > 0) await Promise.all([...running]);
  });
  app.decorate('backgroundPending', () => running.size);

  // Route handlers under way: a stop waits for them (issue 18). The server's close waits only for open connections, and
  // a client that left (a load generator ending its run) closes its own while its request's handler goes on, which
  // then met the database already closed. Each route's handler is wrapped (routes registered after this plugin): the
  // promise it answers is noted until it settles; fastify gets the same promise.
  const handling = new Set<PromiseLike<unknown>>();
  let idle: (() => void) | null = null;
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, ...args: Parameters<typeof handler>) {
      const result: unknown = handler.apply(this, args);
      if (result instanceof Promise) {
        handling.add(result);
        const settled = () => {
          if (handling.delete(result) && handling.size === 0) idle?.();
        };
        result.then(settled, settled);
      }
      return result as ReturnType<typeof handler>;
    };
  });
  app.addHook('onClose', async () => {
    if (handling.size > 0) await new Promise<void>((resolve) => (idle = resolve));
    await app.drainBackground();
  });
});
