import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { message } from '@ecore/core/shared/messages.ts';

/** Vite names what it builds `assets/<name>-<8 character hash>.<ext>`: such a file never changes. */
const HASHED_FILE = /\/assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Headers that serve documents (or revalidation) only; a hashed subresource goes without them. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/**
 * The cache policy of a file of the built client: hashed files are kept for a year; index.html and the other
 * unhashed files are revalidated on every use (`no-cache` with an ETag), so a new release is seen at once.
 */
export const cacheControlOf = (path: string): string => (HASHED_FILE.test(path.replace(/\.(br|gz)$/, '')) ? IMMUTABLE : 'no-cache');

/**
 * Serves the built client (web/dist) from the same process. The build puts a Brotli (.br) and a gzip (.gz) copy
 * beside each file (web/precompress.ts); each request gets the best one it accepts. Deep links such as /login or
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
  // Weak: the page goes out plain or compressed on the fly, the same page either way.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  };
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlOf(path));
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // Hashed scripts and styles carry only the headers that matter for a subresource: the page-level security
  // headers (CSP, framing, referrer and the like) apply to documents, and a file that never changes needs no
  // validators. With some forty files on a first visit, that is about a tenth of what goes over the wire.
  app.addHook('onSend', async (request, reply, payload) => {
    if (HASHED_FILE.test(request.url.split('?')[0] ?? '')) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    return payload;
  });
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]+$/i.test(path)) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send(notFound(request.language ?? 'de'));
  });
}
