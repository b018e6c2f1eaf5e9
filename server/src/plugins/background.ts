import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs work after the answer is sent (mails), so that answers do not reveal by their timing what happened. */
    runInBackground: (name: string, work: () => Promise<void>) => void;
    /** Waits until every background task has finished (tests, shutdown). */
    drainBackground: () => Promise<void>;
    /** How many background tasks have not finished yet (the metrics' mail backlog). */
    backgroundPending: () => number;
  }
}

export const backgroundPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<void>>();
  app.decorate('runInBackground', (name: string, work: () => Promise<void>) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.error({ err }, `background task ${name} failed`))
      .finally(() => running.delete(task));
    running.add(task);
  });
  app.decorate('drainBackground', async () => {
    while (running.size > 0) await Promise.all([...running]);
  });
  app.decorate('backgroundPending', () => running.size);
  app.addHook('onClose', async () => app.drainBackground());
});
