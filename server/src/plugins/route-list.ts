import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route the server registered, as `METHOD /pattern` (one entry a method; HEAD routes Fastify adds for GET
     * routes included): what core's route → scope table (identity/route-scopes.ts) is compared with.
     */
    registeredRoutes: readonly { method: string; pattern: string }[];
  }
}

/** Registered first (app.ts), so that it sees every route of every plugin after it. */
export const routeListPlugin = fp(async (app: FastifyInstance) => {
  const routes: { method: string; pattern: string }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, pattern: route.url });
  });
});
