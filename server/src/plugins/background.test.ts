import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { backgroundPlugin } from './background.ts';

describe('stopping the app', () => {
  it('waits for a handler whose client has left, and for the background work it started', async () => {
    const app = Fastify();
    await app.register(backgroundPlugin);
    const steps: string[] = [];
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      app.runInBackground('mail', async () => {
        steps.push('background work done');
      });
      steps.push('handler done');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const client = httpRequest({ host: '127.0.0.1', port, path: '/slow' });
    client.on('error', () => undefined);
    client.end();
    await handlerStarted;
    client.destroy(); // the client leaves: its connection closes while the handler goes on
    await new Promise((resolve) => setTimeout(resolve, 20));
    await app.close();
    steps.push('closed');
    expect(steps).toEqual(['handler done', 'background work done', 'closed']);
  });

  it('closes at once when nothing is being handled', async () => {
    const app = Fastify();
    await app.register(backgroundPlugin);
    app.get('/fast', async () => ({ ok: true }));
    expect((await app.inject('/fast')).statusCode).toBe(200);
    await app.close();
  });
});
