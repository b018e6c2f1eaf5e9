import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayActOnOrganisations, type OrganisationAction } from '@ecore/core/identity/account-scope.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { contactListSchema } from '@ecore/core/organisations/contacts.ts';
import { flagProblem, type FlagProblem } from '@ecore/core/organisations/organisation-flags.ts';
import {
  buyerPartnerProblem,
  mayReadOrganisation,
  organisationBodySchema,
  organisationTransitionAllowed,
  organisationTransitionEndsSessions,
  OrganisationStatus,
  type Organisation,
  type OrganisationBody,
} from '@ecore/core/organisations/organisation.ts';
import { recordAccountAudit } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import {
  endSessionsOfOrganisation,
  findOrganisation,
  insertOrganisation,
  listOrganisations,
  replaceContacts,
  setOrganisationState,
  updateOrganisation,
} from '@ecore/adapters/db/organisations/organisations-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { keepJson, sendKeptJson, type KeptJson } from '../../plugins/kept-json.ts';
import { createNotifiedCache } from '../../plugins/session-cache.ts';
import { errorResponses } from '../schemas.ts';
import { idempotentRoute } from '../../plugins/idempotency.ts';
import { organisationIdsInScope } from './scope.ts';
import { flagParam, idParams, idValue } from '@ecore/core/shared/schemas.ts';
import { pageParam, pageSizeParam } from '@ecore/core/identity/user-schema.ts';

const listItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  street: z.string(),
  number: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  status: z.number(),
  locked: z.boolean(),
  isTestAccount: z.boolean(),
  isFinancePartner: z.boolean(),
  isSolutionPartner: z.boolean(),
  isBuyer: z.boolean(),
  financePartnerOrganisationId: z.number().nullable(),
  financePartnerOrganisationName: z.string().nullable(),
});

export const organisationSchema = listItemSchema.extend({
  hasDifferentBillingAddress: z.boolean(),
  billingAddress: z.object({ city: z.string(), streetName: z.string(), streetNr: z.string(), postcode: z.string(), country: z.string() }).nullable(),
  contacts: z.array(z.object({ id: z.number(), fullName: z.string(), companyRole: z.string(), email: z.string(), phone: z.string(), mobile: z.string() })),
});

const booleanQuery = flagParam.optional();
const listQuerySchema = z.object({
  page: pageParam.optional(),
  pageSize: pageSizeParam.optional(),
  search: z.string().trim().max(200).optional(),
  isFinancePartner: booleanQuery,
  isBuyerOrganisation: booleanQuery,
});

const FLAG_PATHS: Record<FlagProblem, string> = {
  financePartnerAndBuyer: 'isBuyer',
  partnerFlagsLocked: 'isFinancePartner',
  testAccountNotAllowed: 'isTestAccount',
  solutionPartnerLocked: 'isSolutionPartner',
  financePartnerRequired: 'financePartnerOrganisationId',
  buyerOfOwnFinancePartnerOnly: 'isBuyer',
};

const secured = { security: [{ bearerAuth: [] }] };

/** Organisations of account management (spec 01 §7 "Organisations"). */
export const organisationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  /** The organisation list's pages as written, by scope and query (a page shows organisations and their finance partners). */
  const organisationPages = app.watchTables(['organisations'], createNotifiedCache<string, KeptJson>({ maxEntries: 500 }));

  const require = (actor: Actor, action: OrganisationAction) => {
    if (!mayActOnOrganisations(actor, action)) throw new HttpError(403, 'forbidden');
  };

  /** An organisation the actor may see (their own is always visible), or 404. */
  const visible = async (actor: Actor, id: number): Promise<Organisation> => {
    const organisation = await findOrganisation(deps.db, id);
    if (!organisation || !mayReadOrganisation(actor.orgId, id, id === actor.orgId ? null : await organisationIdsInScope(deps, actor))) throw new HttpError(404, 'not-found');
    return organisation;
  };

  /** Checks the flags (core) and that a chosen finance partner is one. */
  const checkBody = async (actor: Actor, body: OrganisationBody, previous: Organisation | null) => {
    const problem = flagProblem(actor, body, previous);
    if (problem) throw new FieldsError([{ path: FLAG_PATHS[problem], key: 'organisation-flags-invalid' }]);
    const partner = body.isBuyer && body.financePartnerOrganisationId !== null ? await findOrganisation(deps.db, body.financePartnerOrganisationId) : null;
    if (buyerPartnerProblem(body, previous?.financePartnerOrganisationId, partner)) {
      throw new FieldsError([{ path: 'financePartnerOrganisationId', key: 'organisation-flags-invalid' }]);
    }
  };

  app.get(
    '/organisations',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Organisations in the caller’s scope; paged with page and pageSize, else all of them (select lists)',
        ...secured,
        querystring: listQuerySchema,
        response: { 200: z.object({ items: z.array(listItemSchema), total: z.number(), page: z.number(), pageSize: z.number() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      const q = request.query;
      // Everyone may read their own organisation; the account roles see their scope.
      const ids = mayActOnOrganisations(actor, 'list') ? await organisationIdsInScope(deps, actor) : [actor.orgId];
      const paged = q.page !== undefined;
      const pageSize = q.pageSize ?? 5;
      const filter = { organisationIds: ids, search: q.search, isFinancePartner: q.isFinancePartner, isBuyer: q.isBuyerOrganisation, ...(paged ? { page: q.page, pageSize } : {}) };
      // The same for every caller with the same scope and query: kept as written until an organisation changes.
      const kept = await organisationPages.get(JSON.stringify(filter), async () => {
        const result = await listOrganisations(deps.db, filter);
        return keepJson(reply, { items: result.items, total: result.total, page: q.page ?? 1, pageSize: paged ? pageSize : result.total });
      });
      return sendKeptJson(request, reply, kept);
    },
  );

  app.get(
    '/organisations/:id',
    { schema: { tags: ['organisations'], summary: 'One organisation with contacts and billing address', ...secured, params: idParams, response: { 200: organisationSchema, ...errorResponses } } },
    async (request) => visible(request.actor, request.params.id),
  );

  app.post(
    '/organisations',
    { config: idempotentRoute.config, schema: { tags: ['organisations'], summary: 'Creates an organisation with its contacts', ...secured, headers: idempotentRoute.headers, body: organisationBodySchema, response: { 201: organisationSchema, ...errorResponses, ...idempotentRoute.responses } } },
    async (request, reply) => {
      const actor = request.actor;
      require(actor, 'create');
      await checkBody(actor, request.body, null);
      const id = await deps.db.transaction().execute(async (trx) => {
        const newId = await insertOrganisation(trx, request.body);
        await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'organisation', entityId: newId, action: 'create' });
        return newId;
      });
      return reply.status(201).send((await findOrganisation(deps.db, id))!);
    },
  );

  app.put(
    '/organisations',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Edits an organisation',
        ...secured,
        body: organisationBodySchema.and(z.object({ id: idValue })),
        response: { 200: organisationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.actor;
      require(actor, 'edit');
      const previous = await visible(actor, request.body.id);
      await checkBody(actor, request.body, previous);
      await deps.db.transaction().execute(async (trx) => {
        await updateOrganisation(trx, previous.id, request.body);
        await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'organisation', entityId: previous.id, action: 'edit' });
      });
      return (await findOrganisation(deps.db, previous.id))!;
    },
  );

  app.put(
    '/organisations/:id/contacts',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Replaces the contacts of an organisation (at least one)',
        ...secured,
        params: idParams,
        body: z.object({ contacts: contactListSchema }),
        response: { 200: organisationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.actor;
      require(actor, 'editContacts');
      const organisation = await visible(actor, request.params.id);
      await deps.db.transaction().execute(async (trx) => {
        await replaceContacts(trx, organisation.id, request.body.contacts);
        await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'organisation', entityId: organisation.id, action: 'contacts' });
      });
      return (await findOrganisation(deps.db, organisation.id))!;
    },
  );

  const transition = (method: 'POST' | 'DELETE', url: string, action: 'activate' | 'deactivate' | 'lock' | 'unlock' | 'delete', summary: string) =>
    app.route({
      method,
      url,
      schema: { tags: ['organisations'], summary, ...secured, params: idParams, response: { 204: z.null(), ...errorResponses } },
      handler: async (request, reply) => {
        const actor = request.actor;
        const organisation = await visible(actor, request.params.id);
        require(actor, action);
        if (!organisationTransitionAllowed(organisation, action, organisation.id === actor.orgId)) throw new HttpError(400, 'organisation-state-invalid');
        const change =
          action === 'activate' ? { status: OrganisationStatus.Active }
          : action === 'deactivate' ? { status: OrganisationStatus.Inactive }
          : action === 'lock' ? { locked: true }
          : action === 'unlock' ? { locked: false }
          : { deleted: true };
        await deps.db.transaction().execute(async (trx) => {
          await setOrganisationState(trx, organisation.id, change);
          if (organisationTransitionEndsSessions(action)) await endSessionsOfOrganisation(trx, organisation.id);
          await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'organisation', entityId: organisation.id, action });
        });
        return reply.status(204).send(null);
      },
    });

  transition('POST', '/organisations/activate/:id', 'activate', 'Activates an organisation');
  transition('DELETE', '/organisations/:id', 'deactivate', 'Deactivates (blocks) an organisation; its users can no longer sign in');
  transition('DELETE', '/organisations/delete/:id', 'delete', 'Deletes an organisation');
  transition('POST', '/organisations/lock/:id', 'lock', 'Locks an organisation');
  transition('POST', '/organisations/unlock/:id', 'unlock', 'Unlocks an organisation');
};
