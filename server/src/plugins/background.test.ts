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

  it("runs a request outside any async context, its background work with the request's logger, and leaves none behind", async () => {
    // An entered AsyncLocalStorage hooks every promise of the process on Node 20 (issue 11): only background work enters one.
    // (A real logger: without one, a request's logger is the app's.)
    const app = Fastify({ logger: { level: 'silent' } });
    await app.register(backgroundPlugin);
    const seen: string[] = [];
    app.get('/mail', async (request) => {
      seen.push(app.currentLog() === app.log ? 'handler: app log' : 'handler: other');
      app.runInBackground('mail', async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(app.currentLog() === request.log ? 'background: request log' : 'background: other');
      }, request.log);
      return { ok: true };
    });
    expect((await app.inject('/mail')).statusCode).toBe(200);
    await app.drainBackground();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['handler: app log', 'background: request log']);
    expect(app.currentLog()).toBe(app.log);
    await app.close();
  });

  it('closes at once when nothing is being handled', async () => {
    const app = Fastify();
    await app.register(backgroundPlugin);
    app.get('/fast', async () => ({ ok: true }));
    expect((await app.inject('/fast')).statusCode).toBe(200);
    await app.close();
  });
});
