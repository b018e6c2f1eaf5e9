// npm run restore -- FILE          restores into an empty DATA_DIR or database (README "Backup and restore")
// npm run restore -- --check FILE  only reads what the archive holds
import { resolve } from 'node:path';
import { OpsRefusal, readManifest, restore } from './backup-restore.ts';
import { opsTarget, runCommand } from './target.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const file = args.find((a) => a !== '--check');
await runCommand(OpsRefusal, async () => {
  if (!file) throw new OpsRefusal('Usage: npm run restore -- [--check] FILE');
  if (check) {
    const manifest = await readManifest(resolve(file));
    console.log(`${resolve(file)}: ${manifest.database} database, schema ${manifest.schemaVersion} (${manifest.migrations.length} migrations), ${manifest.files} stored files, written ${manifest.createdAt}.`);
    return;
  }
  const target = opsTarget();
  const manifest = await restore(target, resolve(file));
  console.log(
    `Restored ${resolve(file)} (schema ${manifest.schemaVersion}, ${manifest.files} stored files) into ` +
      `${manifest.database === 'pglite' ? target.dataDir : 'the database of DATABASE_URL'}. Start the portal (npm start); it migrates an older schema as usual.`,
  );
});
