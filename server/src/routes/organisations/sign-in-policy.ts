import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayActOnOrganisations } from '@ecore/core/identity/account-scope.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { mayReadOrganisation } from '@ecore/core/organisations/organisation.ts';
import { domainsTaken, ssoSettingsBodySchema, ssoSettingsSchema } from '@ecore/core/identity/sso.ts';
import { idParams } from '@ecore/core/shared/schemas.ts';
import { recordAccountAudit } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { setOrganisationRequiresTotp } from '@ecore/adapters/db/identity/totp-repository.ts';
import { findSso, saveSso, ssoCoverages } from '@ecore/adapters/db/identity/sso-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { FieldsError } from '../../plugins/fields-error.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { secretBoxOf } from '../identity/totp-steps.ts';
import { errorResponses } from '../schemas.ts';
import { organisationIdsInScope } from './scope.ts';

const policySchema = z.object({ requireTotp: z.boolean({ error: 'validation-required' }) });
const secured = { security: [{ bearerAuth: [] }] };

/**
 * How an organisation's users sign in (docs/sign-in.md): whether every one of them needs an authenticator app, and its
 * single sign-on provider. The account administrator sets both; each change is in the account audit.
 */
export const signInPolicyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);

  const policyOf = async (actorOrgId: number, id: number, scope: number[] | null) => {
    const row = await deps.db.selectFrom('organisations').select(['id', 'require_totp']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row || !mayReadOrganisation(actorOrgId, id, scope)) throw new HttpError(404, 'not-found');
    return { requireTotp: row.require_totp };
  };

  /** The organisation's settings, once it is visible to the actor (404) and the actor is the account administrator (403). */
  const administered = async (actor: Actor, id: number, scope: () => Promise<number[] | null>) => {
    const policy = await policyOf(actor.orgId, id, id === actor.orgId ? null : await scope());
    if (!mayActOnOrganisations(actor, 'signInPolicy')) throw new HttpError(403, 'forbidden');
    return policy;
  };

  app.get(
    '/organisations/:id/sso',
    {
      schema: {
        tags: ['organisations'],
        summary: 'The organisation’s single sign-on (OpenID Connect provider and covered e-mail domains), never the client secret',
        ...secured,
        params: idParams,
        response: { 200: ssoSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await administered(request.actor, request.params.id, () => organisationIdsInScope(deps, request.actor));
      const sso = await findSso(deps.db, request.params.id);
      return sso
        ? { configured: true, issuer: sso.issuer, clientId: sso.clientId, clientSecretSet: true, domains: sso.domains, ssoOnly: sso.ssoOnly }
        : { configured: false, issuer: null, clientId: null, clientSecretSet: false, domains: [], ssoOnly: false };
    },
  );

  app.put(
    '/organisations/:id/sso',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Sets the organisation’s single sign-on: issuer, client id and secret (kept when left out), covered e-mail domains, SSO only; account administrator only',
        ...secured,
        params: idParams,
        body: ssoSettingsBodySchema,
        response: { 200: ssoSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.actor;
      const id = request.params.id;
      await administered(actor, id, () => organisationIdsInScope(deps, actor));
      const body = request.body;
      const previous = await findSso(deps.db, id);
      const secret = body.clientSecret?.trim() ?? '';
      const problems = [
        ...(secret === '' && !previous ? [{ path: 'clientSecret', key: 'sso-secret-required' as const }] : []),
        ...domainsTaken(id, body.domains, await ssoCoverages(deps.db)).map((d) => ({ path: `domains.${body.domains.indexOf(d)}`, key: 'sso-domain-taken' as const })),
      ];
      if (problems.length > 0) throw new FieldsError(problems);
      const sealedSecret = secret === '' ? previous!.sealedSecret : secretBoxOf(deps).seal(secret);
      await deps.db.transaction().execute(async (trx) => {
        await saveSso(trx, { organisationId: id, issuer: body.issuer, clientId: body.clientId, sealedSecret, domains: body.domains, ssoOnly: body.ssoOnly }, deps.clock());
        await recordAccountAudit(trx, { actorUserId: actor.userId, entity: 'organisation', entityId: id, action: 'sso-changed' });
      });
      request.log.info({ event: 'auth.sso.changed', organisationId: id, userId: actor.userId }, 'single sign-on changed');
      return { configured: true, issuer: body.issuer, clientId: body.clientId, clientSecretSet: true, domains: body.domains, ssoOnly: body.ssoOnly };
    },
  );

  app.get(
    '/organisations/:id/signInPolicy',
    { schema: { tags: ['organisations'], summary: 'Whether every user of the organisation signs in with an authenticator app', ...secured, params: idParams, response: { 200: policySchema, ...errorResponses } } },
    async (request) => {
      return administered(request.actor, request.params.id, () => organisationIdsInScope(deps, request.actor));
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
      const before = await administered(actor, request.params.id, () => organisationIdsInScope(deps, actor));
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
