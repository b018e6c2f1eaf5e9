import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';

/** The policy of a JSON answer: nothing may load from it and nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const BEARER = /^bearer /i;
/** Helmet's headers that only a document (a page) reads. */
const DOCUMENT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

/** The headers helmet's middleware sets for `options`, read once by running it against a response that only records. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers with a CSP the client satisfies, per-route rate limits (login, reset), no-store for signed-in answers.
 * The headers are the same on every request of a kind (a page, an API answer): helmet computes them once at start-up
 * (`@fastify/helmet` ran helmet's whole middleware chain on every request, about a tenth of a small API call's time).
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The client has no <base> element (web/index.html): no page may get one.
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // X-Frame-Options agrees with frame-ancestors 'none' (older browsers read only the header).
    frameguard: { action: 'deny' },
    // The portal is served over plain HTTP on localhost in development; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    // Helmet's defaults, named because the security review reads them: no referrer leaves the portal (links carry
    // tokens), and a browser never guesses a media type (X-Content-Type-Options: nosniff).
    referrerPolicy: { policy: 'no-referrer' },
    xContentTypeOptions: true,
  });
  // An API answer is data, never a document: a CSP that allows nothing (OWASP REST guidance) instead of the page's
  // (the OpenAPI pages under /api/docs are documents and keep theirs), and without the headers that only documents
  // read (about 500 bytes less on every call; issue 23).
  const apiHeaders = new Map(documentHeaders);
  for (const name of DOCUMENT_ONLY) apiHeaders.delete(name);
  apiHeaders.set('content-security-policy', API_CSP);
  const PAGE = Object.fromEntries(documentHeaders);
  const API = Object.fromEntries(apiHeaders);
  const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? API : PAGE);
    done();
  });
  await app.register(rateLimit, { global: false });
  app.addHook('onSend', (request, reply, payload, done) => {
    // A signed-in API answer, and any error answer, is for this request alone: no browser or proxy may keep it.
    if (reply.statusCode >= 400 || (request.url.startsWith('/api/') && BEARER.test(request.headers.authorization ?? ''))) reply.header('cache-control', 'no-store');
    // The limits of sign-in, reset and verification also answer in the IETF `RateLimit` field (as access tokens do,
    // plugins/auth.ts), beside the plugin's X-RateLimit-* and Retry-After.
    const limit = reply.getHeader('x-ratelimit-limit');
    if (limit !== undefined && !reply.hasHeader('ratelimit')) {
      reply.header('ratelimit', `limit=${String(limit)}, remaining=${String(reply.getHeader('x-ratelimit-remaining') ?? 0)}, reset=${String(reply.getHeader('x-ratelimit-reset') ?? 0)}`);
    }
    done(null, payload);
  });
});
