import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankScope } from '@ecore/core/banks/bank-access.ts';
import { REPORT_COLUMNS } from '@ecore/core/imports/object-template.ts';
import { Role } from '@ecore/core/identity/roles.ts';
import { idParams, numberChoiceParam, wholeNumberParam } from '@ecore/core/shared/schemas.ts';
import { PAGE_SIZES } from '@ecore/core/shared/paging.ts';
import { findImport, listImports } from '@ecore/adapters/db/imports/imports-repository.ts';
import { writeReportWorkbook } from '@ecore/adapters/imports/template-file.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { sendDownload } from '../exports/download.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { importContext } from './object-import.ts';

const tags = ['imports'];
const security = [{ bearerAuth: [] }];

const importItemSchema = z.object({
  id: z.number(),
  organisationId: z.number(),
  userName: z.string(),
  kind: z.enum(['assets', 'answers', 'loans']),
  fileName: z.string(),
  outcome: z.enum(['imported', 'failed']).describe('imported: the rows were stored; failed: refused because rows failed, nothing stored (its report names the errors)'),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  groupsCreated: z.number(),
  createdAt: z.string(),
});

/** The organisation's imports (issue 20): who, when, which file, the counts and the outcome; each one's report. */
export const importHistoryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);

  /** Whose imports the caller sees: a bank its loan tapes, an importer its organisation's, the account administrator all. */
  const historyOf = async (request: FastifyRequest): Promise<{ all: boolean; organisationId: number }> => {
    const bank = bankScope(request.actor);
    if (bank) return { all: false, organisationId: bank.financePartnerId };
    const { actor, organisation } = await importContext(app, deps, request, 'answers', undefined);
    return { all: actor.roles.includes(Role.AccountAdministrator), organisationId: organisation.id };
  };

  app.get(
    '/import',
    {
      schema: {
        tags,
        security,
        summary: "The organisation's imports, newest first",
        querystring: z.object({
          page: wholeNumberParam(1, 1_000_000, 'validation-generic').prefault(1),
          pageSize: numberChoiceParam(PAGE_SIZES, { key: 'validation-generic' }).prefault(10),
        }),
        response: { 200: z.object({ items: z.array(importItemSchema), total: z.number(), page: z.number(), pageSize: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const { all, organisationId: own } = await historyOf(request);
      // The account administrator works across organisations and sees every import.
      const organisationId = all ? null : own;
      const { items, total } = await listImports(deps.db, organisationId, request.query.page, request.query.pageSize);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/import/:id',
    { schema: { tags, security, summary: 'One import of the history (as listed), e.g. the one a worklist item links to', params: idParams, response: { 200: importItemSchema, ...errorResponses } } },
    async (request) => {
      const { all, organisationId } = await historyOf(request);
      const found = await findImport(deps.db, request.params.id);
      if (!found || (!all && found.organisationId !== organisationId)) throw new HttpError(404, 'not-found');
      const { report: _report, ...item } = found;
      return item;
    },
  );

  app.get(
    '/import/:id/report',
    { schema: { tags, security, summary: 'The uploaded rows of an import with their status and errors, as Excel', params: idParams, response: { ...errorResponses, 403: errorSchema } } },
    async (request, reply) => {
      const { all, organisationId } = await historyOf(request);
      const found = await findImport(deps.db, request.params.id);
      if (!found || (!all && found.organisationId !== organisationId)) throw new HttpError(404, 'not-found');
      const language = request.language;
      const file = await writeReportWorkbook(
        found.fileName,
        found.report.header,
        found.report.rows.map((r) => ({ cells: r.cells, status: r.status, errors: r.errors[language] })),
        [...REPORT_COLUMNS[language]] as [string, string],
      );
      return sendDownload(reply, file, `${language === 'de' ? 'Importbericht' : 'import-report'}-${found.id}`, new Date(found.createdAt));
    },
  );
};
