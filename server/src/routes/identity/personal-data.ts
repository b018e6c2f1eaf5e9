import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInMethodsSchema } from '@ecore/core/identity/auth-schemas.ts';
import { personalDataOf } from '@ecore/adapters/db/identity/personal-data-repository.ts';
import { findSignInUserById } from '@ecore/adapters/db/identity/users-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';
import { signInMethodsOf } from './totp-steps.ts';

const at = z.string().describe('ISO 8601');

export const personalDataSchema = z.object({
  profile: z.object({
    id: z.number(),
    userName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    position: z.string(),
    phoneNumber: z.string(),
    mobileNumber: z.string(),
    language: z.string(),
    external: z.boolean(),
    mainContactPerson: z.boolean(),
    status: z.number(),
    locked: z.boolean(),
    createdAt: at,
    updatedAt: at,
  }),
  roles: z.array(z.number()),
  organisation: z.object({ id: z.number(), name: z.string(), street: z.string(), number: z.string(), zip: z.string(), city: z.string(), country: z.string() }),
  accessList: z.object({ assets: z.array(z.number()), assetGroups: z.array(z.number()) }),
  signInEvents: z.array(z.object({ at, outcome: z.enum(['signedIn', 'refused', 'blocked']), address: z.string(), method: z.enum(['password', 'sso', 'passkey']) })).describe('The last 90 days; method: password (and a code after it), single sign-on or passkey'),
  comments: z.array(z.object({ id: z.number(), assetQuestionnaireId: z.number(), questionId: z.number(), comment: z.string(), authorName: z.string(), createdAt: at })),
  changeLog: z.array(z.object({ id: z.number(), assetQuestionnaireId: z.number(), questionId: z.number(), kind: z.string(), userName: z.string(), at, note: z.string() })),
  stateChanges: z.array(z.object({ id: z.number(), assetQuestionnaireId: z.number(), fromState: z.string(), toState: z.string(), role: z.string(), reason: z.string(), at })),
  groupStateChanges: z.array(z.object({ id: z.number(), assetGroupId: z.number(), fromState: z.string(), toState: z.string(), role: z.string(), reason: z.string(), at })),
  accessTokens: z
    .array(z.object({ id: z.number(), name: z.string(), scopes: z.array(z.string()), createdAt: at, expiresAt: at.nullable(), lastUsedAt: at.nullable(), revokedAt: at.nullable() }))
    .describe('Access tokens for backend callers, never their secrets'),
  signInMethods: signInMethodsSchema.describe('Password, authenticator app and recovery codes, single sign-on: whether set up and when last used, never a secret'),
});

/** GET /api/user/me/personalData (issue 24; GDPR Art. 15 and 20): everything held about the caller, as JSON. */
export const personalDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/user/me/personalData',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'Everything the portal holds about the signed-in user (GDPR Art. 15, 20), as a download',
        security: [{ bearerAuth: [] }],
        response: { 200: personalDataSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [data, user] = await Promise.all([personalDataOf(deps.db, request.actor.userId), findSignInUserById(deps.db, request.actor.userId)]);
      if (!data || !user) throw new HttpError(401, 'unauthorized');
      reply.header('content-disposition', `attachment; filename="ecore-personal-data-${data.profile.id}.json"`);
      reply.header('cache-control', 'no-store');
      return { ...data, signInMethods: await signInMethodsOf(deps, user) } as z.infer<typeof personalDataSchema>;
    },
  );
};
