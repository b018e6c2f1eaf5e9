import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_REQUEST_PROBLEM_KEYS,
  ACCESS_REQUEST_WINDOW_MS,
  accessRequestProblem,
  buyerViewOfRequest,
  decisionOutcome,
  mayRequestAccess,
  parseDecision,
} from '@ecore/core/assets/access-requests.ts';
import { accessRequestMail } from '@ecore/core/assets/access-request-mail.ts';
import { linkTokenExpiry } from '@ecore/core/identity/link-tokens.ts';
import { findAsset } from '@ecore/adapters/db/assets/assets-repository.ts';
import {
  decideAccessRequest,
  findAccessRequest,
  insertAccessRequest,
  lockBuyerHistory,
  listAccessRequestsOfBuyer,
  ownerContacts,
} from '@ecore/adapters/db/assets/access-requests-repository.ts';
import { findOrganisation } from '@ecore/adapters/db/organisations/organisations-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { MAX_INT, idParams } from '@ecore/core/shared/schemas.ts';
import { DESCRIBED_AS } from '../../openapi/describe.ts';

const PROBLEM_STATUS = { notFound: 404, buyerOrganisation: 400, ownObject: 400, alreadyGranted: 409, alreadyRequested: 409, tooMany: 429 } as const;

/** Attempts per buyer organisation and hour, refused or not (walking ids is bounded too); requests that mail are limited further in core. */
const ATTEMPTS_PER_HOUR = 60;

/** Access requests of buyers to other organisations' objects, decided by the owner through a mailed link (spec 02 §4). */
export const accessRequestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/asset/:id/requestAssetAccess',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: { max: ATTEMPTS_PER_HOUR, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `access-request-org-${request.actor?.orgId ?? request.ip}` },
      },
      schema: {
        tags: ['access requests'],
        summary: 'A buyer asks the owner of an object for read access; Accept-Language chooses the language of the mail to the owner',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 204: z.null(), 409: errorSchema, 429: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!mayRequestAccess(actor)) throw new HttpError(403, 'forbidden');
      const asset = await findAsset(deps.db, request.params.id);
      const owner = asset ? await findOrganisation(deps.db, asset.organisationId) : null;
      const now = deps.clock();
      const { token, hash } = deps.tokens.create();
      const language = request.language;
      // Decided and stored under a lock on the buyer organisation: parallel requests mail the owner once.
      const id = await deps.db.transaction().execute(async (trx) => {
        const history = await lockBuyerHistory(trx, asset && owner ? asset.id : null, actor.orgId, now, now - ACCESS_REQUEST_WINDOW_MS);
        const problem = accessRequestProblem(
          asset && owner ? { organisationId: asset.organisationId, organisationIsBuyer: owner.isBuyer, isBuyerAsset: asset.isBuyerAsset } : null,
          actor.orgId,
          history,
        );
        if (problem || !asset) throw new HttpError(PROBLEM_STATUS[problem ?? 'notFound'], ACCESS_REQUEST_PROBLEM_KEYS[problem ?? 'notFound']);
        return insertAccessRequest(trx, {
          assetId: asset.id,
          buyerOrganisationId: actor.orgId,
          requestedBy: actor.userId,
          language,
          tokenHash: hash,
          expiresAt: linkTokenExpiry('accessRequest', now),
          createdAt: now,
        });
      });
      if (!asset || !owner) throw new HttpError(404, ACCESS_REQUEST_PROBLEM_KEYS.notFound);
      const buyer = await findOrganisation(deps.db, actor.orgId);
      const link = (decision: boolean) =>
        `${deps.config.publicUrl}/asset-access-permission?permissionId=${id}&decision=${decision}&token=${encodeURIComponent(token)}`;
      const contacts = await ownerContacts(deps.db, owner.id);
      app.runInBackground('access request mail', async () => {
        for (const contact of contacts) {
          await deps.mailer.send(
            accessRequestMail(language, contact.email, contact.full_name, { buyerOrganisationName: buyer?.name ?? '', assetName: asset.objectName, assetId: asset.id }, { approve: link(true), decline: link(false) }),
          );
        }
      }, request.log);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/asset/accessRequests',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['access requests'],
        summary: 'The access requests of the caller’s buyer organisation, newest first; the object’s name and owner only once approved',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              assetId: z.number(),
              assetName: z.string().nullable(),
              ownerOrganisationName: z.string().nullable(),
              requestedAt: z.string(),
              decision: z.boolean().nullable(),
              decidedAt: z.string().nullable(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!mayRequestAccess(request.actor)) throw new HttpError(403, 'forbidden');
      return (await listAccessRequestsOfBuyer(deps.db, request.actor.orgId)).map(buyerViewOfRequest);
    },
  );

  app.post(
    '/asset/requestAssetAccess/:id',
    {
      config: { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['access requests'],
        summary: 'The owner’s decision from the mailed link (no login): 200 decided, 304 already decided, 401 invalid token, 404 invalid id',
        // The mailed link's id and decision are read as they come (a malformed id is the specification's 404, a
        // decision other than true/false its 400), and described as what a caller sends: an id and a flag.
        params: z.object({ id: z.string().max(20).meta({ [DESCRIBED_AS]: { type: 'integer', minimum: 1, maximum: MAX_INT } }) }),
        querystring: z.object({ token: z.string().max(200).optional(), decision: z.string().max(10).optional().meta({ [DESCRIBED_AS]: { type: 'boolean' } }) }),
        response: {
          200: z.object({ buyerOrganisationName: z.string(), assetName: z.string(), result: z.literal('DecidedSuccessfully'), decision: z.boolean() }),
          304: z.null().describe('already decided (AlreadyDecided); no body'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // An id no object could have (not digits, or beyond the database's integers) is the specification's 404.
      const id = /^\d+$/.test(request.params.id) && Number(request.params.id) <= MAX_INT ? Number(request.params.id) : null;
      if (id === null) throw new HttpError(404, 'asset-access-decision-invalid-id');
      const decision = parseDecision(request.query.decision);
      if (decision === null) throw new HttpError(400, 'asset-access-decision-invalid-decision');
      const stored = await findAccessRequest(deps.db, id);
      const outcome = decisionOutcome(stored, deps.tokens.hash(request.query.token ?? ''), deps.clock());
      if (outcome === 'invalidId' || !stored) throw new HttpError(404, 'asset-access-decision-invalid-id');
      if (outcome === 'invalidToken') throw new HttpError(401, 'asset-access-decision-invalid-token');
      if (outcome === 'alreadyDecided' || !(await deps.db.transaction().execute((trx) => decideAccessRequest(trx, id, decision, deps.clock())))) {
        // A 304 carries no body: nothing is serialised (the schema's null would be written as "null").
        return reply.status(304).send(undefined as unknown as null);
      }
      return { buyerOrganisationName: stored.buyerOrganisationName, assetName: stored.assetName, result: 'DecidedSuccessfully' as const, decision };
    },
  );
};
