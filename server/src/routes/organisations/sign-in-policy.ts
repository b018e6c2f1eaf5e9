import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayActOnOrganisations } from '@ecore/core/identity/account-scope.ts';
import { mayReadOrganisation } from '@ecore/core/organisations/organisation.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { recordAccountAudit } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { setOrganisationRequiresTotp } from '@ecore/adapters/db/identity/totp-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';
import { organisationIdsInScope } from './scope.ts';

const policySchema = z.object({ requireTotp: z.boolean({ error: 'validation-required' }) });
const secured = { security: [{ bearerAuth: [] }] };

/**
 * How an organisation's users sign in (docs/sign-in.md): whether every one of them needs an authenticator app. The
 * account administrator sets it; each change is in the account audit.
 */
export const signInPolicyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);

  const policyOf = async (actorOrgId: number, id: number, scope: number[] | null) => {
    const row = await deps.db.selectFrom('organisations').select(['id', 'require_totp']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row || !mayReadOrganisation(actorOrgId, id, scope)) throw new HttpError(404, 'not-found');
    return { requireTotp: row.require_totp };
  };

  app.get(
    '/organisations/:id/signInPolicy',
    { schema: { tags: ['organisations'], summary: 'Whether every user of the organisation signs in with an authenticator app', ...secured, params: idParams, response: { 200: policySchema, ...errorResponses } } },
    async (request) => {
      const actor = request.actor;
      const scope = request.params.id === actor.orgId ? null : await organisationIdsInScope(deps, actor);
      const policy = await policyOf(actor.orgId, request.params.id, scope);
      if (!mayActOnOrganisations(actor, 'signInPolicy')) throw new HttpError(403, 'forbidden');
      return policy;
    },
  );

  app.put(
    '/organisations/:id/signInPolicy',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Requires (or no longer requires) an authenticator app of every user of the organisation; account administrator only',
        ...secured,
        params: idParams,
        body: policySchema,
        response: { 200: policySchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.actor;
      const before = await policyOf(actor.orgId, request.params.id, request.params.id === actor.orgId ? null : await organisationIdsInScope(deps, actor));
      if (!mayActOnOrganisations(actor, 'signInPolicy')) throw new HttpError(403, 'forbidden');
      if (before.requireTotp !== request.body.requireTotp) {
        await deps.db.transaction().execute(async (trx) => {
          await setOrganisationRequiresTotp(trx, request.params.id, request.body.requireTotp);
          await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'organisation', entityId: request.params.id, action: request.body.requireTotp ? 'totp-required' : 'totp-not-required' });
        });
      }
      return { requireTotp: request.body.requireTotp };
    },
  );
};
