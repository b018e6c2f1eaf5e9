import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mayActOnOrganisations } from '@ecore/core/identity/account-scope.ts';
import { userExportColumns } from '@ecore/core/identity/user-export.ts';
import { exportFormatSchema } from '@ecore/core/exports/export-format.ts';
import { usersOfOrganisations } from '@ecore/adapters/db/identity/user-accounts-repository.ts';
import { writeTable } from '@ecore/adapters/exports/table-file.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { errorResponses } from '../schemas.ts';
import { inScope, organisationIdsInScope } from '../organisations/scope.ts';
import { sendDownload } from './download.ts';
import { idParam } from '@ecore/core/shared/schemas.ts';

const repeated = z
  .union([idParam, z.array(idParam).max(1000)])
  .transform((v) => (Array.isArray(v) ? v : [v]));

/** GET export/users (spec 01 §7): the users of the chosen organisations as JSON, CSV or Excel with translated headers. */
export const usersExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/export/users',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['exports'],
        summary: 'Users of the chosen organisations as a file (exportFormat 0 JSON, 1 CSV, 2 Excel)',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          exportFormat: exportFormatSchema,
          language: z.enum(['de', 'en']).default('de'),
          Organisations: repeated.optional(),
        }),
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!mayActOnOrganisations(actor, 'export')) throw new HttpError(403, 'forbidden');
      const scope = await organisationIdsInScope(deps, actor);
      const wanted = request.query.Organisations ?? (scope ?? []);
      // Organisations outside the caller's scope are left out rather than named.
      const ids = wanted.filter((id) => inScope(scope, id));
      const users = await usersOfOrganisations(deps.db, ids);
      const language = request.query.language;
      const columns = userExportColumns(language);
      const file = await writeTable(
        {
          title: language === 'de' ? 'Nutzer' : 'Users',
          columns: columns.map((c) => ({ key: c.key, header: c.header[language] })),
          rows: users.map((u) => columns.map((c) => c.value(u))),
        },
        request.query.exportFormat,
      );
      return sendDownload(reply, file, language === 'de' ? 'nutzer' : 'users', new Date(deps.clock()));
    },
  );
};
