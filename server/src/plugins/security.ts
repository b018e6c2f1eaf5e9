import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

/** Security headers with a CSP the client satisfies, per-route rate limits (login, reset), no-store for signed-in answers. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // X-Frame-Options agrees with frame-ancestors 'none' (older browsers read only the header).
    frameguard: { action: 'deny' },
    // The portal is served over plain HTTP on localhost in development; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, { global: false });
  // A signed-in API answer, and any error answer, is for this request alone: no browser or proxy may keep it.
  app.addHook('onSend', async (request, reply) => {
    const signedIn = request.url.startsWith('/api/') && /^bearer /i.test(request.headers.authorization ?? '');
    if (signedIn || reply.statusCode >= 400) reply.header('cache-control', 'no-store');
  });
});
