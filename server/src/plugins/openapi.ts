import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { OpenAPIV3_1 } from 'openapi-types';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { exactDescription } from '../openapi/describe.ts';
import { webhooksDescription } from '../openapi/webhooks.ts';

/**
 * The OpenAPI 3.1 description, generated from the routes' zod schemas and made exact by openapi/describe.ts (issue 21,
 * docs/api.md): at /api/openapi.json, and with its pages at /api/docs (JSON also at /api/docs/json).
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ECORE portal API',
        version: '1.0.0',
        description:
          'Objects, questionnaires, scores and labels. Send `Authorization: Bearer <session or access token>` and `Accept-Language: de|en`; ' +
          'errors answer `{ statusCode, key, message, fields? }`. Creating POSTs accept an `Idempotency-Key`. See docs/api.md.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-ECORE' },
      },
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token (POST /api/user/login, 8 h) or a personal access token (ecore_pat_…, POST /api/user/apiTokens)' },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!out.schema) return out;
      // Marks for openapi/describe.ts: rate-limited public calls (sign-in, password reset, verification) answer 429 too;
      // creating POSTs answer a retry again (plugins/idempotency.ts).
      const config = input.route.config as { rateLimit?: unknown; idempotent?: boolean } | undefined;
      return { ...out, schema: { ...out.schema, ...(config?.rateLimit ? { 'x-rate-limited': true } : {}), ...(config?.idempotent ? { 'x-idempotent': true } : {}) } };
    },
    // The events the portal sends to subscribed URLs (docs/webhooks.md), as OpenAPI 3.1 `webhooks`.
    transformObject: (input) => ({ ...exactDescription((input as { openapiObject: unknown }).openapiObject as OpenAPIV3_1.Document), webhooks: webhooksDescription() }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
});
