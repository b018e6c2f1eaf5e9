import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createsBuyerAssets, groupScope, mayEditAsset, mayEditAssets, mayViewAsset, assetGrants, closedByMeGrants, type AssetActor } from '@ecore/core/assets/asset-access.ts';
import { shareProblemKey, shareProblems } from '@ecore/core/assets/asset-class-shares.ts';
import { selectableAssetTypes } from '@ecore/core/assets/asset-classes.ts';
import { assetBodySchema, type AssetBody, type AssetView } from '@ecore/core/assets/object.ts';
import { EPC_CLASSES, EPC_TYPES, NO_EPC, epcAfter, epcExpiryWindow, epcProblems, type EpcFields } from '@ecore/core/banks/epc.ts';
import { pageQuerySchema } from '@ecore/core/identity/user-schema.ts';
import { isVerifiedScore, mayViewScore } from '@ecore/core/scoring/score-access.ts';
import { rescore } from '../scoring/stored-score.ts';
import { deleteAsset, findAsset, insertAsset, listAssets, updateAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import { findGroup } from '@ecore/adapters/db/object-groups/groups-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import { assetActorOf, createListCaches } from './asset-actor.ts';
import { DESCRIBED_AS } from '../../openapi/describe.ts';
import { ASSET_QUESTIONNAIRE_STATES } from '@ecore/core/answering/answers.ts';
import { MAX_INT, flagParam, idParam, idParams, idValue, wholeNumberParam } from '@ecore/core/shared/schemas.ts';
import { labelExpiryWindow } from '@ecore/core/certificates/reminders.ts';
import { calendarDate } from '@ecore/core/review/transitions.ts';

const shareSchema = z.object({ assetTypeId: z.number(), percentage: z.number() });
const progressSchema = z.object({ answered: z.number(), total: z.number() });

export const assetSchema = z.object({
  id: z.number(),
  version: z.number(),
  organisationId: z.number(),
  organisationName: z.string(),
  ownerCompany: z.string(),
  assetGroupName: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  status: z.string().nullable(),
  score: z.number().nullable(),
  questionnaireId: z.number().nullable(),
  questionnaireVersion: z.string().nullable(),
  progress: progressSchema.nullable(),
  canEdit: z.boolean(),
  objectName: z.string(),
  externalId: z.string().nullable(),
  assetGroupId: z.number(),
  isBuyerAsset: z.boolean(),
  country: z.string(),
  city: z.string(),
  zip: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  constructionYear: z.number().nullable(),
  renovationYear: z.number().nullable(),
  featureQuality: z.string(),
  assetTotalArea: z.number(),
  usableArea: z.number(),
  rentingPeople: z.number(),
  historicProtection: z.string(),
  ipms2: z.number(),
  conditionsAndEnvironmentGoals: z.string(),
  conditionedArea: z.number(),
  projectCharacteristics: z.string().nullable(),
  projectStatus: z.string().nullable(),
  determinationStartDate: z.string().nullable(),
  acceptanceDate: z.string().nullable(),
  handoverDate: z.string().nullable(),
  planningPermissionDate: z.string().nullable(),
  netRoomArea: z.number(),
  rentalArea: z.number(),
  description: z.string().nullable(),
  assetAssetTypes: z.array(shareSchema),
  epcClass: z.enum(EPC_CLASSES).nullable(),
  epcType: z.enum(EPC_TYPES).nullable(),
  epcPrimaryEnergyDemand: z.number().nullable().describe('kWh/m²a as printed on the certificate'),
  epcFinalEnergyDemand: z.number().nullable().describe('kWh/m²a as printed on the certificate'),
  epcRegistrationNumber: z.string().nullable(),
  epcIssuedAt: z.string().nullable(),
  epcValidUntil: z.string().nullable(),
  largeNonResidential: z.boolean().describe('heating or air conditioning of more than 290 kW effective rated output'),
  energyMonitoring: z.boolean(),
});

const listItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  organisationId: z.number(),
  organisationName: z.string(),
  assetGroupId: z.number(),
  assetGroupName: z.string(),
  isBuyerAsset: z.boolean(),
  status: z.string().nullable(),
  score: z.number().nullable().describe("the latest filled questionnaire's stored ECORE score, unrounded; null without one or for roles that do not see scores"),
  scoreVerified: z.boolean().describe('the score was evaluated and accepted (Closed, Expired)'),
  questionnaireVersion: z.string().nullable(),
  progress: progressSchema.nullable(),
  testerName: z.string().nullable(),
  constructionYear: z.number().nullable(),
  renovationYear: z.number().nullable(),
  city: z.string(),
  country: z.string(),
  assetTotalArea: z.number(),
  canEdit: z.boolean(),
});

const toResponse = (asset: AssetView, actor: AssetActor): z.infer<typeof assetSchema> => {
  const { testerUserId: _t, testerName: _n, grantedOrganisationIds: _g, ...rest } = asset;
  return { ...rest, score: mayViewScore(actor) ? asset.score : null, canEdit: mayEditAsset(actor, asset) };
};

/** The organisation's objects have distinct external ids (issue 20); the unique index decides, the field says so. */
const externalIdTaken = (error: unknown): never => {
  if ((error as { code?: string }).code === '23505' && String((error as { constraint?: string }).constraint ?? (error as Error).message).includes('assets_external_id_unique'))
    throw new FieldsError([{ path: 'externalId', key: 'objects-external-id-taken' }]);
  throw error;
};

const booleanQuery = flagParam.optional();
const secured = { security: [{ bearerAuth: [] }] };

/** Objects (spec 02 §7 "Objects": list, read, create, edit, delete). */
export const assetRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  const lists = createListCaches<Awaited<ReturnType<typeof listAssets>>>(app);
  /** The answers written of a kept page, by what differs between callers (a page dropped from the cache takes them along). */
  const writtenPages = new WeakMap<object, Map<string, KeptJson>>();

  /** An object the actor may see, with a matching isBuyerAsset where the call names it; else 404. */
  const visibleAsset = async (actor: AssetActor, id: number, isBuyerAsset?: boolean): Promise<AssetView> => {
    const asset = await findAsset(deps.db, id);
    if (!asset || !mayViewAsset(actor, asset) || (isBuyerAsset !== undefined && asset.isBuyerAsset !== isBuyerAsset)) throw new HttpError(404, 'not-found');
    return asset;
  };

  /** The group an object goes into: one the actor sees and may edit objects in. */
  const targetGroup = async (actor: AssetActor, groupId: number) => {
    const group = await findGroup(deps.db, groupId, groupScope(actor), assetGrants(actor));
    if (!group) throw new FieldsError([{ path: 'assetGroupId', key: 'objectGroups-not-selectable' }]);
    return group;
  };

  /** The asset-class rows (core rules); buyers may choose only the classes open to buyers. */
  /** The certificate after the save must hold together (DOMAIN.md §11): valid after its issue, for at most ten years. */
  const checkEpc = (stored: EpcFields, body: AssetBody) => {
    const problems = epcProblems(epcAfter(stored, body));
    if (problems.length > 0) throw new FieldsError(problems.map((p) => ({ path: p.path, key: p.key })));
  };

  const checkShares = (actor: AssetActor, body: AssetBody) => {
    const allowed = actor.orgBuyer ? selectableAssetTypes(true).map((t) => t.id) : undefined;
    const problems = shareProblems(body.assetAssetTypes, allowed);
    if (problems.length === 0) return;
    // One message per key, the duplicate class first: it says most precisely what to change.
    const keys = [...new Set(problems.map(shareProblemKey))].sort((a) => (a === 'objectGroups-create-error-assettype-duplicate' ? -1 : 1));
    throw new FieldsError(keys.map((key) => ({ path: 'assetAssetTypes', key })));
  };

  app.get(
    '/asset',
    {
      schema: {
        tags: ['objects'],
        summary: 'Objects the caller may see, paged and searched (by name, address or ID), optionally of one group',
        ...secured,
        querystring: pageQuerySchema.extend({
          assetGroupId: idParam.optional(),
          // Any text up to 40 characters is taken (one that is no state finds nothing); callers send a state.
          assetState: z
            .string()
            .max(40)
            .optional()
            .meta({
              description: 'the state of the latest filled questionnaire; NotStarted: objects without one',
              [DESCRIBED_AS]: { type: 'string', enum: ['NotStarted', ...ASSET_QUESTIONNAIRE_STATES] },
            }),
          labelExpiresWithinDays: wholeNumberParam(0, 366, 'validation-generic').optional().describe('only objects whose current label expires within this many days'),
          epcExpiring: booleanQuery.describe('only objects whose energy performance certificate is valid today and ends within 90 days'),
          closedByMe: booleanQuery.describe('the evaluator’s objects it closed (accepted), read only with their labels; 403 for other roles'),
        }),
        response: { 200: z.object({ items: z.array(listItemSchema), total: z.number(), page: z.number(), pageSize: z.number() }), ...errorResponses, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const q = request.query;
      // assetState: the state of the latest filled questionnaire, NotStarted for objects without one.
      // The evaluator's "closed by me" view (core closedByMeGrants, DOMAIN.md §1) replaces the ordinary visibility.
      const closedGrants = q.closedByMe === true ? closedByMeGrants(actor) : undefined;
      if (closedGrants === null) throw new HttpError(403, 'forbidden');
      const today = calendarDate(new Date(deps.clock()));
      const filter = {
        grants: closedGrants ?? assetGrants(actor),
        search: q.search,
        assetGroupIds: q.assetGroupId ? [q.assetGroupId] : undefined,
        assetState: q.assetState,
        // Today's calendar date comes from the injected clock, so the cached page is one per day.
        labelValidUntil: q.labelExpiresWithinDays === undefined ? undefined : labelExpiryWindow(today, q.labelExpiresWithinDays),
        epcExpiring: q.epcExpiring === true ? epcExpiryWindow(today) : undefined,
        page: q.page,
        pageSize: q.pageSize,
      };
      const result = await lists.pages.get(JSON.stringify(filter), () => listAssets(deps.db, { ...filter, counts: lists.counts }));
      // The cached rows hold the stored score; who sees it is decided per caller (spec 02 §6), and what they may do
      // with each row. The answer is kept as bytes with its page per what differs between callers (as the group
      // list's is), so a page read again is not serialised again.
      const scores = mayViewScore(actor);
      const editable = result.items.map((a) => mayEditAsset(actor, a));
      const written = writtenPages.get(result) ?? new Map<string, KeptJson>();
      writtenPages.set(result, written);
      const key = `${scores ? 'score:' : ''}${editable.map((e) => (e ? '1' : '0')).join('')}`;
      let kept = written.get(key);
      if (kept) return sendKeptJson(request, reply, kept);
      kept = keepJson(reply, {
        items: result.items.map((a, i) => ({
          id: a.id,
          name: a.objectName,
          organisationId: a.organisationId,
          organisationName: a.organisationName,
          assetGroupId: a.assetGroupId,
          assetGroupName: a.assetGroupName,
          isBuyerAsset: a.isBuyerAsset,
          status: a.status,
          score: scores ? a.score : null,
          scoreVerified: scores && a.score !== null && isVerifiedScore(a.status),
          questionnaireVersion: a.questionnaireVersion,
          progress: a.progress,
          testerName: a.testerName,
          constructionYear: a.constructionYear,
          renovationYear: a.renovationYear,
          city: a.city,
          country: a.country,
          assetTotalArea: a.assetTotalArea,
          canEdit: editable[i]!,
        })),
        total: result.total,
        page: q.page,
        pageSize: q.pageSize,
      });
      written.set(key, kept);
      return sendKeptJson(request, reply, kept);
    },
  );

  for (const url of ['/asset/:id', '/asset/data/:id']) {
    app.get(
      url,
      {
        schema: {
          tags: ['objects'],
          summary: url === '/asset/:id' ? 'One object with every field of the form' : 'The master data of one object',
          ...secured,
          params: idParams,
          querystring: z.object({ isBuyerAsset: booleanQuery }),
          response: { 200: assetSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = await assetActorOf(app, request.actor);
        return toResponse(await visibleAsset(actor, request.params.id, request.query.isBuyerAsset), actor);
      },
    );
  }

  app.post(
    '/asset',
    { config: idempotentRoute.config, schema: { tags: ['objects'], summary: 'Creates an object in a group', ...secured, headers: idempotentRoute.headers, body: assetBodySchema, response: { 201: assetSchema, ...errorResponses, ...idempotentRoute.responses } } },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      if (!mayEditAssets(actor)) throw new HttpError(403, 'forbidden');
      const group = await targetGroup(actor, request.body.assetGroupId);
      checkShares(actor, request.body);
      checkEpc(NO_EPC, request.body);
      const id = await deps.db
        .transaction()
        .execute((trx) => insertAsset(trx, request.body, { organisationId: group.organisationId, isBuyerAsset: createsBuyerAssets(actor), createdBy: actor.userId }))
        .catch(externalIdTaken);
      const created = await findAsset(deps.db, id);
      return reply.status(201).send(toResponse(created!, actor));
    },
  );

  app.put(
    '/asset',
    {
      schema: {
        tags: ['objects'],
        summary: 'Edits an object; a stale version answers 409',
        ...secured,
        body: assetBodySchema.extend({ id: idValue, version: z.number({ error: 'validation-required' }).int().positive().max(MAX_INT) }),
        response: { 200: assetSchema, ...errorResponses, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(actor, request.body.id);
      if (!mayEditAsset(actor, asset)) throw new HttpError(403, 'forbidden');
      const group = request.body.assetGroupId === asset.assetGroupId ? { organisationId: asset.organisationId } : await targetGroup(actor, request.body.assetGroupId);
      checkShares(actor, request.body);
      checkEpc(asset, request.body);
      const saved = await deps.db.transaction().execute(async (trx) => {
        const updated = await updateAsset(trx, asset.id, request.body.version, request.body, group.organisationId);
        // Country, asset classes and area change the score: the stored one follows (issue 15; not a verified one).
        if (updated) await rescore(trx, new Date(deps.clock()), { latestOfAsset: asset.id });
        return updated;
      }).catch(externalIdTaken);
      if (!saved) throw new HttpError(409, 'objects-version-conflict');
      return toResponse((await findAsset(deps.db, asset.id))!, actor);
    },
  );

  app.delete(
    '/asset/:id',
    {
      schema: {
        tags: ['objects'],
        summary: 'Deletes an object',
        ...secured,
        params: idParams,
        querystring: z.object({ isBuyerAsset: booleanQuery }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = await assetActorOf(app, request.actor);
      const asset = await visibleAsset(actor, request.params.id, request.query.isBuyerAsset);
      if (!mayEditAsset(actor, asset)) throw new HttpError(403, 'forbidden');
      await deleteAsset(deps.db, asset.id);
      return reply.status(204).send(null);
    },
  );
};
