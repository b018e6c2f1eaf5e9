import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_KINDS, mayVerifyAuditChain } from '@ecore/core/review/audit-chain.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';
import { verifyAllChains } from '@ecore/adapters/db/review/audit-chain-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses, errorSchema } from '../schemas.ts';

const organisationVerdict = z.object({
  organisationId: z.number(),
  organisationName: z.string(),
  ok: z.boolean(),
  count: z.number().describe('the audit rows of the organisation walked'),
  head: z.string().nullable().describe('the hash of the last link (SHA-256, hex) when the chain matches'),
});
const mismatch = z.object({
  organisationId: z.number(),
  organisationName: z.string(),
  position: z.number().describe('the place of the row in its organisation\'s chain, from 1'),
  kind: z.enum(AUDIT_KINDS),
  id: z.number().describe('the id of the audit row in its table'),
  problem: z.enum(['broken', 'changed', 'removed', 'unchained']),
});

/** The tamper-evident audit trail (docs/security.md "Audit chain"): walking every organisation's chain again. */
export const auditVerifyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/audit/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['review'],
        security: [{ bearerAuth: [] }],
        summary:
          "Walks the organisations' audit chains against their audit rows (state changes, reviews, answer changes, certificates, account changes): the first row that does not match, or ok with the count",
        querystring: z.object({ organisationId: idParam.optional().describe('only this organisation\'s chain') }),
        response: {
          200: z.object({ ok: z.boolean(), count: z.number(), firstMismatch: mismatch.nullable(), organisations: z.array(organisationVerdict) }),
          ...errorResponses,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      if (!mayVerifyAuditChain(request.actor)) throw new HttpError(403, 'forbidden');
      const report = await verifyAllChains(deps.db, request.query.organisationId);
      if (report === null) throw new HttpError(404, 'not-found');
      return report;
    },
  );
};
