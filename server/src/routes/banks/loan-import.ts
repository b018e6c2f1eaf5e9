import multipart from '@fastify/multipart';
import * as E from 'fp-ts/Either';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loansToStore, loanTapeHeader, planLoanImport, readLoanRow, type StoredLoan } from '@ecore/core/banks/loan-tape.ts';
import { importResult, nonEmptyRows } from '@ecore/core/imports/import-table.ts';
import { isLanguage, type Language } from '@ecore/core/shared/language.ts';
import { flagParam } from '@ecore/core/shared/schemas.ts';
import { bankLoans, bankObjects, storeLoans } from '@ecore/adapters/db/banks/loans-repository.ts';
import { insertImport } from '@ecore/adapters/db/imports/imports-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../plugins/http-error.ts';
import { actorName } from '../answering/context.ts';
import { importRefusalSchema, importResultSchema, multipartLimits, readTable, uploadedFile } from '../imports/object-import.ts';
import { importedReport, refuseFailedRows } from '../imports/import-report.ts';
import { errorSchema } from '../schemas.ts';
import { bankOf } from './bank-context.ts';

/**
 * The loan tape import (DOMAIN.md §10, §11): the same preview, all-or-nothing import, row errors and history as the
 * other imports. Each row names an object the bank may see by its portal id or its owner's external id; a loan id
 * already stored is replaced by the row.
 */
export const loanImportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(multipart, multipartLimits);

  app.post(
    '/bank/loans/import',
    {
      schema: {
        tags: ['banks'],
        security: [{ bearerAuth: [] }],
        summary:
          'Previews (dryRun, the default) or imports a loan tape from a CSV or Excel file (multipart field `file`; columns loanId, assetId or externalId, outstandingAmount, propertyValueAtOrigination, originationDate, reportingDate, or their labels); any failed row answers 400 with the rows and stores none of them (with dryRun=false the refusal is recorded in the history as failed, `importId`)',
        consumes: ['multipart/form-data'],
        querystring: z.object({ dryRun: flagParam.prefault(true), language: z.enum(['de', 'en']).optional().describe("the file's language (numbers); default the request's") }),
        response: { 200: importResultSchema, 400: importRefusalSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const scope = bankOf(request);
      const language: Language = request.query.language && isLanguage(request.query.language) ? request.query.language : request.language;
      const { bytes, fileName } = await uploadedFile(request);
      const table = await readTable(bytes);
      const columns = loanTapeHeader(table.header);
      if (E.isLeft(columns)) throw new HttpError(columns.left.statusCode, columns.left.key, columns.left.params ?? {});
      const headers = table.header.map((h) => (h === null ? '' : String(h).trim()));
      const dataRows = nonEmptyRows(table.rows);
      const rows = dataRows.map((r) => readLoanRow(r.row, r.cells, columns.right, headers, language));
      const objects = await bankObjects(deps.db, scope, {
        ids: rows.flatMap((r) => (r.assetId === null ? [] : [r.assetId])),
        externalIds: rows.flatMap((r) => (r.externalId === null ? [] : [r.externalId])),
      });
      const byId = new Map(objects.map((o) => [o.id, o]));
      const lookup = { byId: (id: number) => byId.get(id), byExternalId: (externalId: string) => objects.filter((o) => o.externalId === externalId) };
      const stored = new Map<string, StoredLoan>((await bankLoans(deps.db, scope.financePartnerId)).map((l) => [l.loanId, l]));
      const plan = planLoanImport(rows, lookup, stored);
      const toStore = loansToStore(plan);
      const dryRun = request.query.dryRun;
      if (E.isLeft(toStore))
        return refuseFailedRows(reply, { app, deps, actor: request.actor, language: request.language }, {
          dryRun,
          organisationId: scope.financePartnerId,
          userId: request.actor.userId,
          kind: 'loans',
          fileName,
          header: headers,
          dataRows,
          groupsCreated: 0,
          outcomes: plan,
        });
      const result = importResult(dryRun, 0, plan, request.language);
      if (dryRun) return result;
      const now = new Date(deps.clock());
      const userName = await actorName(app, deps.db, request.actor);
      await deps.db.transaction().execute(async (trx) => {
        await storeLoans(trx, scope.financePartnerId, toStore.right, now);
        await insertImport(trx, {
          organisationId: scope.financePartnerId,
          userId: request.actor.userId,
          userName,
          kind: 'loans',
          fileName,
          outcome: 'imported',
          counts: result,
          report: importedReport(headers, dataRows, (i) => plan[i]!.status),
          at: now,
        });
      });
      return result;
    },
  );
};
