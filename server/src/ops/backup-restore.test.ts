// Backup and restore (issue 24, README "Backup and restore"): one archive of the database and the file store,
// restored into a fresh folder or database where the portal starts and finds every row and file; refusals of a
// non-empty target, a newer schema and a running embedded portal.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openMigratedDatabase } from '@ecore/adapters/db/database.ts';
import { argon2Hasher } from '@ecore/adapters/crypto/passwords.ts';
import { createFolderFileStore } from '@ecore/adapters/files/file-store.ts';
import { DEMO_PASSWORD, seedDemoData } from '@ecore/migrations/demo-seed.ts';
import { seedDemoAssets } from '@ecore/migrations/demo-assets.ts';
import { seedDemoQuestionnaires } from '@ecore/migrations/demo-questionnaires.ts';
import { seedDemoAnswers } from '../demo/demo-answers.ts';
import { seedDemoReview } from '../demo/demo-review.ts';
import { createHarness, databaseSnapshot } from '../testing/harness.ts';
import { backup, OpsRefusal, readManifest, restore, type OpsTarget } from './backup-restore.ts';
import { markRunning, pidFile } from './running.ts';

// Both parts run once, in the server project (with TEST_DATABASE_URL for PostgreSQL), not again in server-pg,
// where the file makes no folder either (hooks do not run when every test is skipped).
const once = process.env.HARNESS_DATABASE !== 'postgres';
const work = once ? mkdtempSync(join(tmpdir(), 'ecore-backup-test-')) : '';
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const FILES: Record<string, Buffer> = {
  'doc-00000001': Buffer.from('%PDF-1.4 Energieausweis'),
  'doc-00000002': randomBytes(200_000),
};

/** Fills a portal's database with the demo data (a review and its certificate included) and its file store with two files. */
async function fill(target: OpsTarget): Promise<Record<string, string>> {
  const database = await openMigratedDatabase({ databaseUrl: target.databaseUrl, pgliteDir: join(target.dataDir, 'db') });
  try {
    await seedDemoData(database.db, await argon2Hasher({ memoryCost: 1024, timeCost: 1 }).hash(DEMO_PASSWORD));
    await seedDemoQuestionnaires(database.db);
    await seedDemoAssets(database.db);
    await seedDemoAnswers(database.db, new Date());
    await seedDemoReview(database.db, new Date());
    const files = createFolderFileStore(join(target.dataDir, 'files'));
    for (const [key, bytes] of Object.entries(FILES)) await files.put(key, bytes);
    return await databaseSnapshot(database.db);
  } finally {
    await database.close();
  }
}

/** Opens a restored portal: migrations as at start, the app on it, a sign-in, every row and every file. */
async function expectSameAfterRestore(target: OpsTarget, before: Record<string, string>) {
  const database = await openMigratedDatabase({ databaseUrl: target.databaseUrl, pgliteDir: join(target.dataDir, 'db') });
  try {
    expect(await databaseSnapshot(database.db)).toEqual(before);
    expect((await sql<{ n: number }>`select count(*)::int as n from certificates`.execute(database.db)).rows[0]?.n).toBeGreaterThan(0);
    const h = await createHarness({}, database);
    try {
      const token = await h.login('admin');
      const me = await h.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.json()).toMatchObject({ userName: 'admin' });
    } finally {
      await h.close();
    }
  } finally {
    await database.close();
  }
  for (const [key, bytes] of Object.entries(FILES)) expect(readFileSync(join(target.dataDir, 'files', key)).equals(bytes)).toBe(true);
  expect(readdirSync(join(target.dataDir, 'files')).sort()).toEqual(Object.keys(FILES).sort());
}

/** What the demo user `billing` is known by, made distinctive first, so that no other row holds the same text. */
const BILLING = { email: 'billing@musterimmobilien.example', firstName: 'Wiebke', lastName: 'Loeschmann-Billing', phone: '+49 69 7654321' };

/** Archives (pseudonymises) the demo user `billing` through the API, as an account administrator does. */
async function archiveBilling(target: OpsTarget): Promise<void> {
  const database = await openMigratedDatabase({ databaseUrl: target.databaseUrl, pgliteDir: join(target.dataDir, 'db') });
  try {
    await database.db
      .updateTable('users')
      .set({ first_name: BILLING.firstName, last_name: BILLING.lastName, phone_number: BILLING.phone })
      .where('user_name', '=', 'billing')
      .execute();
    const { id } = await database.db.selectFrom('users').select('id').where('user_name', '=', 'billing').executeTakeFirstOrThrow();
    const h = await createHarness({}, database);
    try {
      const res = await h.as('admin', 'DELETE', `/api/user/archive/${id}`);
      expect(res.statusCode, res.body).toBe(204);
    } finally {
      await h.close();
    }
  } finally {
    await database.close();
  }
}

/** Every layer of an archive, unpacked: the gzip, the tar's entries, and the gzip or zip streams inside them. */
async function unpackedBytes(file: string): Promise<Buffer[]> {
  const dir = mkdtempSync(join(work, 'unpacked-'));
  await tar.extract({ file, cwd: dir });
  const layers: Buffer[] = [gunzipSync(readFileSync(file))];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        layers.push(bytes);
        if (bytes[0] === 0x1f && bytes[1] === 0x8b) layers.push(gunzipSync(bytes));
      }
    }
  };
  walk(dir);
  return layers;
}

/** The erased user's e-mail, names and phone in no byte of any layer of the backup. */
async function expectErased(archive: string) {
  const layers = await unpackedBytes(archive);
  expect(layers.length).toBeGreaterThan(2);
  for (const text of Object.values(BILLING)) {
    for (const layer of layers) expect(layer.includes(Buffer.from(text, 'utf8')), `${text} in the backup`).toBe(false);
  }
}

/** An archive whose manifest names a migration this version does not know (written by a newer portal). */
async function newerArchive(file: string): Promise<string> {
  const dir = mkdtempSync(join(work, 'newer-'));
  await tar.extract({ file, cwd: dir });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  manifest.migrations.push('2099-01-01-999-from-the-future');
  manifest.schemaVersion = '2099-01-01-999-from-the-future';
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  const newer = join(work, `newer-${randomBytes(4).toString('hex')}.tar.gz`);
  await tar.create({ gzip: true, file: newer, cwd: dir }, readdirSync(dir));
  return newer;
}

describe.runIf(once)('backup and restore of the embedded database', () => {
  const source: OpsTarget = { dataDir: join(work, 'source') };
  const archive = join(work, 'embedded.tar.gz');
  let before: Record<string, string>;
  beforeAll(async () => {
    before = await fill(source);
  }, 120_000);

  it('refuses to back up while the portal runs on the folder, and says so', async () => {
    // A portal of another process: this test's parent (alive, not this process).
    writeFileSync(pidFile(source.dataDir), `${process.ppid}\n`);
    try {
      await expect(backup(source, archive)).rejects.toThrow(/The portal is running .* Stop it/);
    } finally {
      rmSync(pidFile(source.dataDir));
    }
    // A note left by a portal that crashed does not stop the backup.
    const release = markRunning(source.dataDir);
    writeFileSync(pidFile(source.dataDir), '999999999\n');
    release();
  });

  it('writes one archive with the schema version, restores it into a fresh folder where the portal finds every row and file', async () => {
    const manifest = await backup(source, archive);
    expect(manifest).toMatchObject({ database: 'pglite', files: 2 });
    expect(manifest.schemaVersion).toBe(manifest.migrations.at(-1));
    expect(manifest.migrations).toContain('2026-11-24-080-personal-data');
    expect(await readManifest(archive)).toEqual(manifest);

    // Its rows, table by table, as `npm run backup` prints them.
    expect(manifest.rows).toMatchObject({ users: expect.any(Number), assets: expect.any(Number) });
    expect(manifest.rows!['users']).toBeGreaterThan(10);

    const fresh: OpsTarget = { dataDir: join(work, 'fresh') };
    await restore(fresh, archive);
    await expectSameAfterRestore(fresh, before);
  }, 120_000);

  it('an archived user is in no byte of the next backup: the embedded database is dumped as rows, not pages', async () => {
    const erased: OpsTarget = { dataDir: join(work, 'erased') };
    await fill(erased);
    await archiveBilling(erased);
    const file = join(work, 'erased.tar.gz');
    await backup(erased, file);
    await expectErased(file);
    // The pseudonymised row itself is kept and restored.
    const restored: OpsTarget = { dataDir: join(work, 'erased-restored') };
    await restore(restored, file);
    const database = await openDatabase({ pgliteDir: join(restored.dataDir, 'db') });
    try {
      const users = await database.db.selectFrom('users').selectAll().execute();
      expect(users.length).toBeGreaterThan(10);
      for (const text of Object.values(BILLING)) expect(JSON.stringify(users)).not.toContain(text);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses a folder that is not empty, an archive of a newer schema and one of the other database, changing nothing', async () => {
    await expect(restore(source, archive)).rejects.toThrow(OpsRefusal);
    await expect(restore(source, archive)).rejects.toThrow(/not empty/);
    const empty: OpsTarget = { dataDir: join(work, 'empty') };
    await expect(restore(empty, await newerArchive(archive))).rejects.toThrow(/newer schema \(2099-01-01-999-from-the-future/);
    await expect(restore({ ...empty, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, archive)).rejects.toThrow(/without DATABASE_URL/);
    expect(() => readdirSync(empty.dataDir)).toThrow();
    await expect(readManifest(join(work, 'source', 'files', 'doc-00000001'))).rejects.toThrow(/not a backup/);
  }, 60_000);
});

const url = process.env.TEST_DATABASE_URL;
describe.runIf(once && url)('backup and restore of PostgreSQL (pg_dump, pg_restore)', () => {
  const name = `ecore_backup_${randomBytes(4).toString('hex')}`;
  // The body is read even when the suite is skipped (no TEST_DATABASE_URL).
  const databaseUrl = (db: string) => {
    if (!url) return '';
    const u = new URL(url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const admin = async (statement: string) => {
    const database = await openDatabase({ databaseUrl: url });
    try {
      await sql.raw(statement).execute(database.db);
    } finally {
      await database.close();
    }
  };
  const source: OpsTarget = { dataDir: join(work, 'pg-source'), databaseUrl: databaseUrl(`${name}_source`) };
  const target: OpsTarget = { dataDir: join(work, 'pg-target'), databaseUrl: databaseUrl(`${name}_target`) };
  const archive = join(work, 'postgres.tar.gz');
  let before: Record<string, string>;
  beforeAll(async () => {
    await admin(`create database ${name}_source`);
    await admin(`create database ${name}_target`);
    before = await fill(source);
  }, 120_000);
  afterAll(async () => {
    await admin(`drop database if exists ${name}_source with (force)`);
    await admin(`drop database if exists ${name}_target with (force)`);
  });

  it('backs up while the portal may run, restores into a fresh database where the portal finds every row and file', async () => {
    const manifest = await backup(source, archive);
    expect(manifest).toMatchObject({ database: 'postgres', files: 2 });
    await restore(target, archive);
    await expectSameAfterRestore(target, before);
  }, 120_000);

  it('an archived user is in no byte of the next backup (pg_dump writes rows)', async () => {
    await archiveBilling(source);
    const file = join(work, 'pg-erased.tar.gz');
    await backup(source, file);
    await expectErased(file);
  }, 120_000);

  it('refuses a database that is not empty', async () => {
    const other: OpsTarget = { dataDir: join(work, 'pg-other'), databaseUrl: source.databaseUrl };
    await expect(restore(other, archive)).rejects.toThrow(/not empty/);
  }, 60_000);
});
