import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs work after the answer is sent (mails), so that answers do not reveal by their timing what happened. */
    runInBackground: (name: string, work: () => Promise<void>) => void;
    /** Waits until every background task has finished (tests, shutdown). */
    drainBackground: () => Promise<void>;
    /** How many background tasks have not finished yet (the metrics' mail backlog). */
    backgroundPending: () => number;
    /**
     * The logger of the request being handled, or of the request whose background work is running (its lines
     * carry the request's requestId, issue 24); the app's logger outside any request.
     */
    currentLog: () => FastifyBaseLogger;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<void>>();
  const requestLog = new AsyncLocalStorage<FastifyBaseLogger>();
  app.decorate('currentLog', () => requestLog.getStore() ?? app.log);
  // The rest of the request's handling runs inside run() (as @fastify/request-context does), so that nothing
  // outside the request sees its logger.
  app.addHook('onRequest', (request, _reply, done) => requestLog.run(request.log, done));
  app.decorate('runInBackground', (name: string, work: () => Promise<void>) => {
    const log = app.currentLog();
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => requestLog.run(log, work))
      .catch((err: unknown) => log.error({ err }, `background task ${name} failed`))
      .finally(() => running.delete(task));
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
