import { lookup } from 'node:dns/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkNewWebhook, checkResolvedAddresses, normaliseEvents, webhookScope, WEBHOOK_EVENTS } from '@ecore/core/webhooks/webhooks.ts';
import { idParams, idValue } from '@ecore/core/shared/schemas.ts';
import { webhookSecrets } from '@ecore/adapters/crypto/webhook-secrets.ts';
import { countWebhooks, deleteWebhook, findWebhook, insertWebhook, listDeliveries, listWebhooks, type WebhookView } from '@ecore/adapters/db/webhooks/webhooks-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { errorResponses, errorSchema } from '../schemas.ts';

const secured = { security: [{ bearerAuth: [] }] };
const tags = ['webhooks'];

const webhookSchema = z.object({
  id: z.number(),
  organisationId: z.number(),
  organisationName: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  pausedAt: z.string().nullable().describe('Set when the receiver failed for 24 hours; nothing more is sent'),
  failingSince: z.string().nullable(),
});
const createBodySchema = z.object({
  url: z.string().max(2000),
  events: z.array(z.string().max(100)).max(20),
  organisationId: idValue.optional().describe('Account administrators only: the organisation whose events it receives (default: its own)'),
});
const deliverySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  attempt: z.number(),
  delivered: z.boolean(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  attemptedAt: z.string(),
});

const resolveAll = async (host: string): Promise<string[]> => (await lookup(host.replace(/^\[|\]$/g, ''), { all: true })).map((a) => a.address);

/**
 * Webhook subscriptions (docs/webhooks.md): the account administrator (any organisation) or the object administrator
 * (its own) subscribes a URL to events; the secret is answered once and kept sealed; deliveries show the last attempts.
 */
export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const secrets = webhookSecrets(deps.config.webhookKey ?? deps.config.jwtSecret);
  const development = deps.config.webhookDevelopment ?? false;

  /** The subscription if the caller may manage it; 404 otherwise (ids do not leak). */
  const visible = async (actor: { roles: readonly number[]; orgId: number }, id: number): Promise<WebhookView> => {
    const scope = webhookScope(actor as Parameters<typeof webhookScope>[0]);
    if (!scope) throw new HttpError(403, 'forbidden');
    const found = await findWebhook(deps.db, id);
    if (!found || (scope.kind === 'organisation' && found.organisationId !== scope.orgId)) throw new HttpError(404, 'not-found');
    return found;
  };

  app.post(
    '/webhooks',
    {
      config: { ...idempotentRoute.config, answersSecret: true },
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Subscribes a URL to events; the answer carries the signing secret, the only time it is shown',
        ...secured,
        headers: idempotentRoute.headers,
        body: createBodySchema,
        response: { 201: webhookSchema.extend({ secret: z.string() }), ...errorResponses, 403: errorSchema, ...idempotentRoute.responses },
      },
    },
    async (request, reply) => {
      const scope = webhookScope(request.actor);
      if (!scope) throw new HttpError(403, 'forbidden');
      const organisationId = scope.kind === 'all' ? (request.body.organisationId ?? request.actor.orgId) : request.actor.orgId;
      const existing = await countWebhooks(deps.db, organisationId);
      const errors = checkNewWebhook(request.body, existing, development);
      if (errors.length === 0) {
        const host = new URL(request.body.url).hostname;
        errors.push(...checkResolvedAddresses(host, await resolveAll(host).catch(() => []), development));
      }
      if (errors.length > 0) throw new FieldsError(errors);
      const organisation = await deps.db.selectFrom('organisations').select('id').where('id', '=', organisationId).executeTakeFirst();
      if (!organisation) throw new HttpError(404, 'not-found');
      const secret = secrets.create();
      const stored = await insertWebhook(deps.db, { organisationId, url: request.body.url, events: normaliseEvents(request.body.events), sealedSecret: secrets.seal(secret), createdBy: request.actor.userId, at: new Date(deps.clock()) });
      request.log.info({ event: 'webhook.created', webhookId: stored.id, organisationId }, 'webhook created');
      return reply.status(201).send({ ...stored, secret });
    },
  );

  app.get(
    '/webhooks',
    {
      schema: { tags, operationId: 'listWebhooks', summary: 'The webhooks of the caller’s organisation (all, for the account administrator), oldest first', ...secured, response: { 200: z.object({ items: z.array(webhookSchema), total: z.number() }), ...errorResponses, 403: errorSchema } },
    },
    async (request) => {
      const scope = webhookScope(request.actor);
      if (!scope) throw new HttpError(403, 'forbidden');
      const items = await listWebhooks(deps.db, scope.kind === 'all' ? null : scope.orgId);
      return { items, total: items.length };
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: { tags, operationId: 'deleteWebhook', summary: 'Deletes a webhook with its undelivered events and its delivery log', ...secured, params: idParams, response: { 204: z.null(), ...errorResponses, 403: errorSchema } },
    },
    async (request, reply) => {
      await visible(request.actor, request.params.id);
      await deleteWebhook(deps.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: { tags, operationId: 'listWebhookDeliveries', summary: 'The last 100 delivery attempts of a webhook, newest first, with status and duration', ...secured, params: idParams, response: { 200: z.object({ items: z.array(deliverySchema) }), ...errorResponses, 403: errorSchema } },
    },
    async (request) => {
      await visible(request.actor, request.params.id);
      return { items: await listDeliveries(deps.db, request.params.id) };
    },
  );
};
