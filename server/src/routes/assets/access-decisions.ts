import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PORTAL_DECISION_KEYS,
  accessDecisionGrants,
  compareReceivedRequests,
  mayDecideAccessRequest,
  mayDecideAccessRequests,
  portalDecisionOutcome,
  requestState,
} from '@ecore/core/assets/access-requests.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { decideAccessRequest, findAccessRequest, listAccessRequestsReceived } from '@ecore/adapters/db/assets/access-requests-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { assetActorOf } from './asset-actor.ts';

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/**
 * The owner's side of access requests inside the portal (docs/access-requests.md): the requests buyer
 * organisations made for the objects the caller decides for (core `accessDecisionGrants`), and the decision, which
 * stores and grants exactly as the mailed link does and voids it.
 */
export const accessDecisionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/asset/accessRequests/received',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['access requests'],
        summary: 'The access requests for the objects the caller decides for: open ones first, then decided or expired, newest first (at most 500)',
        description:
          'For the owner organisation’s object administrators (within their access list) and the account administrator (any organisation); others 403.',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              assetId: z.number(),
              assetName: z.string(),
              isBuyerAsset: z.boolean(),
              buyerOrganisationName: z.string(),
              requestedAt: z.string(),
              expiresAt: z.string().describe('Until when it can be decided (ISO 8601); undecided after it, it has expired'),
              decision: z.boolean().nullable(),
              decidedAt: z.string().nullable(),
              state: z.enum(['open', 'decided', 'expired']).describe('Open while undecided and unexpired, at the server’s clock'),
            }),
          ),
          403: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      if (!mayDecideAccessRequests(actor)) throw new HttpError(403, 'forbidden');
      const now = deps.clock();
      const rows = await listAccessRequestsReceived(deps.db, accessDecisionGrants(actor), now);
      return [...rows]
        .sort((a, b) => compareReceivedRequests(a, b, now))
        .map((r) => ({ ...r, requestedAt: iso(r.requestedAt)!, expiresAt: iso(r.expiresAt)!, decidedAt: iso(r.decidedAt), state: requestState(r, now) }));
    },
  );

  app.post(
    '/asset/accessRequests/:id/decision',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['access requests'],
        summary: 'The owner decides an access request inside the portal: approval grants the buyer organisation read access; the mailed link then answers 304',
        description:
          '404 for a request the caller does not decide (another organisation’s, or outside the access list) and for an unknown id; 409 when already decided, also through the mailed link; 410 when expired.',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: z.object({ decision: z.boolean({ error: 'validation-generic' }) }),
        response: {
          200: z.object({ buyerOrganisationName: z.string(), assetName: z.string(), result: z.literal('DecidedSuccessfully'), decision: z.boolean() }),
          403: errorSchema,
          409: errorSchema,
          410: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const actor = await assetActorOf(app, request.actor);
      if (!mayDecideAccessRequests(actor)) throw new HttpError(403, 'forbidden');
      const { decision } = request.body;
      const stored = await findAccessRequest(deps.db, request.params.id);
      const outcome = portalDecisionOutcome(stored, stored !== null && mayDecideAccessRequest(actor, stored.asset), deps.clock());
      if (outcome === 'notFound' || !stored) throw new HttpError(404, PORTAL_DECISION_KEYS.notFound);
      if (outcome === 'alreadyDecided') throw new HttpError(409, PORTAL_DECISION_KEYS.alreadyDecided);
      if (outcome === 'expired') throw new HttpError(410, PORTAL_DECISION_KEYS.expired);
      // The mailed link's own statement: decided once (a click in between wins), an approval grants read access.
      const decided = await deps.db.transaction().execute((trx) => decideAccessRequest(trx, stored.id, decision, deps.clock()));
      if (!decided) throw new HttpError(409, PORTAL_DECISION_KEYS.alreadyDecided);
      return { buyerOrganisationName: stored.buyerOrganisationName, assetName: stored.assetName, result: 'DecidedSuccessfully' as const, decision };
    },
  );
};
