// npm run backup -- FILE  (README "Backup and restore")
import { resolve } from 'node:path';
import { backup, OpsRefusal } from './backup-restore.ts';
import { opsTarget, runCommand } from './target.ts';

const file = process.argv[2];
await runCommand(OpsRefusal, async () => {
  if (!file) throw new OpsRefusal('Usage: npm run backup -- FILE   (for example backups/ecore-2026-11-24.tar.gz)');
  const target = opsTarget();
  const started = Date.now();
  const manifest = await backup(target, resolve(file));
  console.log(
    `Backup written to ${resolve(file)} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${manifest.database === 'pglite' ? `embedded database of ${target.dataDir}` : 'PostgreSQL database'}, schema ${manifest.schemaVersion}, ${manifest.files} stored files.`,
  );
  // The rows of each table, so that an operator sees at a glance what the archive holds (and compares after a restore).
  const rows = Object.entries(manifest.rows ?? {}).filter(([table]) => !table.startsWith('kysely_'));
  console.log(`Rows: ${rows.reduce((sum, [, n]) => sum + n, 0)} in ${rows.length} tables`);
  for (const [table, n] of rows) console.log(`  ${table.padEnd(36)} ${String(n).padStart(9)}`);
});
