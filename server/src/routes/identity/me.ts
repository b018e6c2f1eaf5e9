import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';

const meSchema = z.object({
  id: z.number(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(z.number()),
  external: z.boolean(),
  organisationId: z.number(),
  organisationName: z.string(),
});

/** The signed-in user, for the profile menu. */
export const meRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.get(
    '/user/me',
    {
      onRequest: app.authenticate,
      schema: { tags: ['identity'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: meSchema, ...errorResponses } },
    },
    async (request) => {
      // From the accounts the process keeps (plugins/auth.ts): no database round trip for a known user.
      const user = await app.accounts.get(request.actor.userId);
      if (!user) throw new HttpError(401, 'unauthorized');
      const { id, userName, firstName, lastName, email, roles, external, organisationId, organisationName } = user;
      return { id, userName, firstName, lastName, email, roles, external, organisationId, organisationName };
    },
  );
};
