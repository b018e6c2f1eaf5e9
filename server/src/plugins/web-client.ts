import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { message } from '@ecore/core/shared/messages.ts';

/**
 * Serves the built client (web/dist) from the same process. Deep links such as /login or
 * /asset-management/objects/1/false answer the client's index.html; unknown /api paths answer 404 JSON.
 */
export async function webClientPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const index = join(opts.distDir, 'index.html');
  const notFound = (language: 'de' | 'en') => ({ statusCode: 404, key: 'not-found', message: message('not-found', language) });
  if (!existsSync(index)) {
    app.log.warn(`web client not built (${index} missing): run npm run build`);
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFound(request.language ?? 'de')));
    return;
  }
  const html = readFileSync(index, 'utf8');
  await app.register(fastifyStatic, { root: opts.distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return reply.status(404).send(notFound(request.language ?? 'de'));
  });
}
