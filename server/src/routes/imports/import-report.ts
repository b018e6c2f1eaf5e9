import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failedImportCounts, failedImportReport, recordsRefusal, ROWS_FAILED } from '@ecore/core/imports/failed-imports.ts';
import { importResult, type Cell } from '@ecore/core/imports/import-table.ts';
import type { Language } from '@ecore/core/shared/language.ts';
import { message } from '@ecore/core/shared/messages.ts';
import { insertFailedImport, type ImportRecord } from '@ecore/adapters/db/imports/imports-repository.ts';
import type { AppDeps } from '../../deps.ts';
import { actorName } from '../answering/context.ts';

/** The history's report of an import that stored its rows: each row's cells as uploaded with its status. */
export const importedReport = (header: string[], dataRows: readonly { cells: readonly Cell[] }[], statusOf: (index: number) => string) => ({
  header,
  rows: dataRows.map((r, i) => ({ cells: r.cells.slice(0, header.length), status: statusOf(i), errors: { de: '', en: '' } })),
});

/** A run whose rows were read and at least one failed: what the refusal answers and what the history records of it. */
export interface RowsFailedRun {
  dryRun: boolean;
  organisationId: number;
  userId: number;
  kind: ImportRecord['kind'];
  fileName: string;
  header: string[];
  dataRows: readonly { cells: readonly Cell[] }[];
  groupsCreated: number;
  outcomes: Parameters<typeof importResult>[2];
}

/**
 * Refuses an import whose rows failed: 400 `import-rows-failed` with every row, nothing of the file stored. A run meant
 * to store (core recordsRefusal) is recorded in the history as failed with its report (no webhook event), and the
 * answer names that entry (`importId`); a preview records nothing.
 */
export async function refuseFailedRows(
  reply: FastifyReply,
  context: { app: FastifyInstance; deps: AppDeps; actor: FastifyRequest['actor']; language: Language },
  run: RowsFailedRun,
) {
  const body = importResult(run.dryRun, run.groupsCreated, run.outcomes, context.language);
  let importId: number | undefined;
  if (recordsRefusal(run, ROWS_FAILED)) {
    importId = await insertFailedImport(context.deps.db, {
      organisationId: run.organisationId,
      userId: run.userId,
      userName: await actorName(context.app, context.deps.db, context.actor),
      kind: run.kind,
      fileName: run.fileName,
      outcome: 'failed',
      counts: failedImportCounts(run.outcomes),
      report: failedImportReport(run.header, run.dataRows, run.outcomes),
      at: new Date(context.deps.clock()),
    });
  }
  return reply.status(400).send({ statusCode: 400, key: ROWS_FAILED, message: message(ROWS_FAILED, context.language), ...body, ...(importId === undefined ? {} : { importId }) });
}
