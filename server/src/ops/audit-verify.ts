// npm run audit:verify [-- ORGANISATION_ID]  (docs/security.md "Audit chain")
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@ecore/adapters/db/database.ts';
import { verifyAllChains, type ChainReport } from '@ecore/adapters/db/review/audit-chain-repository.ts';
import { OpsRefusal } from './backup-restore.ts';
import { runningPortal } from './running.ts';
import { opsTarget, runCommand } from './target.ts';

/** The report as lines: one per organisation, then the verdict (the first row that does not match). */
const reportLines = (report: ChainReport): string[] => [
  ...report.organisations.map((o) => `  ${String(o.organisationId).padStart(5)} ${o.organisationName.padEnd(40)} ${String(o.count).padStart(8)} rows  ${o.ok ? `ok ${o.head}` : 'MISMATCH'}`),
  report.firstMismatch === null
    ? `ok: ${report.count} audit rows in ${report.organisations.length} organisations match their chains.`
    : `MISMATCH in ${report.firstMismatch.organisationName} (organisation ${report.firstMismatch.organisationId}): row ${report.firstMismatch.position} of its chain, ` +
      `${report.firstMismatch.kind} ${report.firstMismatch.id}, ${report.firstMismatch.problem}.`,
];

const argument = process.argv[2];
await runCommand(OpsRefusal, async () => {
  const organisationId = argument === undefined ? undefined : Number(argument);
  if (organisationId !== undefined && !(Number.isInteger(organisationId) && organisationId >= 1)) throw new OpsRefusal('Usage: npm run audit:verify [-- ORGANISATION_ID]');
  const target = opsTarget();
  if (!target.databaseUrl) {
    const pid = runningPortal(target.dataDir);
    if (pid) throw new OpsRefusal(`The portal is running on ${target.dataDir} (process ${pid}): the embedded database opens in one process. Call GET /api/audit/verify as the account administrator, or stop the portal.`);
    if (!existsSync(join(target.dataDir, 'db'))) throw new OpsRefusal(`There is no database in ${join(target.dataDir, 'db')}.`);
  }
  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: join(target.dataDir, 'db') });
  let report: ChainReport | null;
  try {
    report = await verifyAllChains(database.db, organisationId);
  } finally {
    await database.close();
  }
  if (report === null) throw new OpsRefusal(`There is no organisation ${organisationId}.`);
  for (const line of reportLines(report)) console.log(line);
  if (!report.ok) process.exit(1);
});
