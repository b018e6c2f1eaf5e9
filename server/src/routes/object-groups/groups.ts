import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetGrants, groupScope, mayChooseGroupOrganisation, mayDeleteGroup, mayEditAssets, mayEditGroup, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import { pageQuerySchema } from '@ecore/core/identity/user-schema.ts';
import { groupScore } from '@ecore/core/scoring/score.ts';
import { mayViewScore } from '@ecore/core/scoring/score-access.ts';
import {
  countGroupAssets,
  deleteGroup,
  findGroup,
  groupOptions,
  insertGroup,
  listGroups,
  moveGroupAssets,
  updateGroup,
  type GroupView,
} from '@ecore/adapters/db/object-groups/groups-repository.ts';
import { findOrganisation } from '@ecore/adapters/db/organisations/organisations-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { assetActorOf, createListCaches } from '../assets/asset-actor.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import { idParams, idValue } from '@ecore/core/shared/schemas.ts';

export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  organisationId: z.number(),
  organisationName: z.string(),
  score: z.number().nullable(),
  status: z.string(),
  tester: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  canBeSubmitted: z.boolean(),
  canEdit: z.boolean(),
  assetClassPercentages: z.array(z.object({ assetClassIdentifier: z.string(), percentage: z.number() })),
  assetCount: z.number(),
  assets: z.array(
    z.object({
      assetId: z.number(),
      name: z.string(),
      isBuyerAsset: z.boolean(),
      state: z.string().nullable(),
      questionnaireId: z.number().nullable(),
      score: z.number().nullable(),
      constructionYear: z.number().nullable(),
      renovationYear: z.number().nullable(),
    }),
  ),
});

const groupBodySchema = z.object({
  name: z.string({ error: 'validation-required' }).trim().min(1, { error: 'validation-required' }).max(200, { error: 'validation-max-length' }),
  organisationId: idValue.nullish(),
});

const toResponse = (group: GroupView, actor: AssetActor): z.infer<typeof groupSchema> => {
  // Scores (issue 15): the objects' stored scores and the group's BGF-weighted one (core groupScore over the listed
  // objects), for those who may see scores (spec 02 §6); null for the others.
  const scores = mayViewScore(actor);
  return {
    id: group.id,
    name: group.name,
    organisationId: group.organisationId,
    organisationName: group.organisationName,
    score: scores ? groupScore(group.scoredAssets) : null,
    status: group.status,
    tester: group.tester,
    // Group submission needs filled questionnaires, which come with the answering module.
    canBeSubmitted: false,
    canEdit: mayEditGroup(actor, group),
    assetClassPercentages: group.assetClassPercentages,
    assetCount: group.assetCount,
    assets: scores ? group.assets : group.assets.map((a) => ({ ...a, score: null })),
  };
};

const secured = { security: [{ bearerAuth: [] }] };

/** Object groups (spec 02 §7 "Object groups": list, read, create, edit, delete, options). */
export const groupRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  type GroupPage = Awaited<ReturnType<typeof listGroups>>;
  /** A cached page with the answers written from it, by which of its groups the caller may edit (the only per-caller field). */
  const lists = createListCaches<{ page: GroupPage; answers: Map<string, KeptJson> }>(app);

  const visibleGroup = async (actor: AssetActor, id: number) => {
    const group = await findGroup(deps.db, id, groupScope(actor), assetGrants(actor));
    if (!group) throw new HttpError(404, 'not-found');
    return group;
  };

  /** Only account administrators choose the organisation; others get their own (spec 02 §5). */
  const organisationFor = async (actor: AssetActor, requested: number | null | undefined, current?: number) => {
    if (!mayChooseGroupOrganisation(actor)) return current ?? actor.orgId;
    const id = requested ?? current ?? actor.orgId;
    const organisation = await findOrganisation(deps.db, id);
    if (!organisation) throw new FieldsError([{ path: 'organisationId', key: 'organisation-not-selectable' }]);
    return id;
  };

  app.get(
    '/assetGroup',
    {
      schema: {
        tags: ['object groups'],
        summary: 'Object groups the caller may see, paged and searched, each with its visible objects',
        ...secured,
        querystring: pageQuerySchema,
        response: { 200: z.object({ items: z.array(groupSchema), total: z.number(), page: z.number(), pageSize: z.number() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const q = request.query;
      const filter = { scope: groupScope(actor), grants: assetGrants(actor), search: q.search, page: q.page, pageSize: q.pageSize };
      const cached = await lists.pages.get(JSON.stringify(filter), async () => ({ page: await listGroups(deps.db, { ...filter, counts: lists.counts }), answers: new Map() }));
      // The answer (some 80 KB for 5 groups of 100 objects) is kept with its page until a change of the tables the
      // list shows drops both: written once by the route's serialiser (which the tests check against the schema)
      // and sent as bytes, gzipped once for clients that accept it (browsers), not serialised, encoded and
      // compressed anew on every request.
      const editable = `${mayViewScore(actor) ? 'score:' : ''}${cached.page.items.map((g) => (mayEditGroup(actor, g) ? '1' : '0')).join('')}`;
      let kept = cached.answers.get(editable);
      if (!kept) {
        const answer = { items: cached.page.items.map((g) => toResponse(g, actor)), total: cached.page.total, page: q.page, pageSize: q.pageSize };
        kept = keepJson(reply, answer);
        cached.answers.set(editable, kept);
      }
      return sendKeptJson(request, reply, kept);
    },
  );

  app.get(
    '/assetGroup/assetGroupInfo',
    {
      schema: {
        tags: ['object groups'],
        summary: 'The groups objects can be put in (select lists)',
        ...secured,
        response: { 200: z.array(z.object({ id: z.number(), name: z.string(), organisationId: z.number(), organisationName: z.string() })), ...errorResponses },
      },
    },
    async (request) => groupOptions(deps.db, groupScope(await assetActorOf(app, request.actor))),
  );

  app.get(
    '/assetGroup/:id',
    { schema: { tags: ['object groups'], summary: 'One object group', ...secured, params: idParams, response: { 200: groupSchema, ...errorResponses } } },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      return toResponse(await visibleGroup(actor, request.params.id), actor);
    },
  );

  app.post(
    '/assetGroup',
    { config: idempotentRoute.config, schema: { tags: ['object groups'], summary: 'Creates an object group', ...secured, headers: idempotentRoute.headers, body: groupBodySchema, response: { 201: groupSchema, ...errorResponses, ...idempotentRoute.responses } } },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      if (!mayEditAssets(actor)) throw new HttpError(403, 'forbidden');
      const organisationId = await organisationFor(actor, request.body.organisationId);
      const id = await insertGroup(deps.db, { name: request.body.name, organisationId });
      return reply.status(201).send(toResponse((await findGroup(deps.db, id, { kind: 'all' }, assetGrants(actor)))!, actor));
    },
  );

  app.put(
    '/assetGroup',
    {
      schema: {
        tags: ['object groups'],
        summary: 'Renames an object group (account administrators may also move it to another organisation)',
        ...secured,
        body: groupBodySchema.extend({ id: idValue }),
        response: { 200: groupSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const group = await visibleGroup(actor, request.body.id);
      if (!mayEditGroup(actor, group)) throw new HttpError(403, 'forbidden');
      const organisationId = await organisationFor(actor, request.body.organisationId, group.organisationId);
      await deps.db.transaction().execute(async (trx) => {
        await updateGroup(trx, group.id, { name: request.body.name, organisationId });
        if (organisationId !== group.organisationId) await moveGroupAssets(trx, group.id, organisationId);
      });
      return toResponse((await findGroup(deps.db, group.id, { kind: 'all' }, assetGrants(actor)))!, actor);
    },
  );

  app.delete(
    '/assetGroup/:id',
    {
      schema: { tags: ['object groups'], summary: 'Deletes an empty object group', ...secured, params: idParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const group = await visibleGroup(actor, request.params.id);
      if (!mayEditGroup(actor, group)) throw new HttpError(403, 'forbidden');
      // Objects are never deleted as a side effect: their answers must not be lost.
      if (!mayDeleteGroup(await countGroupAssets(deps.db, group.id))) throw new HttpError(400, 'objectGroups-delete-not-empty');
      await deleteGroup(deps.db, group.id);
      return reply.status(204).send(null);
    },
  );
};
