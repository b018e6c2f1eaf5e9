import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '@ecore/core/shared/file-store.ts';
import { createFolderFileStore, createMemoryFileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';
import { startFakeS3Server, type FakeS3Server } from './fake-s3-server.ts';

// One contract for every store behind the port (core/shared/file-store.ts): memory (tests), folder (one node),
// S3 (several nodes). The S3 store runs against an S3-compatible server over HTTP: the in-process fake below,
// and also a real one (MinIO, Garage, Ceph, AWS) when TEST_S3_ENDPOINT, TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID and
// TEST_S3_SECRET_ACCESS_KEY are set.
const folder = mkdtempSync(join(tmpdir(), 'ecore-files-'));
let fake: FakeS3Server;
const s3Stores: Array<FileStore & { close(): void }> = [];
beforeAll(async () => {
  fake = await startFakeS3Server();
});
afterAll(async () => {
  for (const store of s3Stores) store.close();
  await fake.close();
  rmSync(folder, { recursive: true, force: true });
});

const s3 = (options: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; prefix?: string }) => {
  const store = createS3FileStore({ region: 'eu-central-1', forcePathStyle: true, ...options });
  s3Stores.push(store);
  return store;
};

const real = process.env.TEST_S3_ENDPOINT;
const stores: Array<[string, () => FileStore]> = [
  ['memory', () => createMemoryFileStore()],
  ['folder', () => createFolderFileStore(folder)],
  ['s3 (in-process S3-compatible server)', () => s3(fake)],
  ...(real
    ? [['s3 (TEST_S3_ENDPOINT)', () => s3({ endpoint: real, bucket: process.env.TEST_S3_BUCKET ?? 'ecore-test', accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '', prefix: `contract-${Date.now()}/` })] as [string, () => FileStore]]
    : []),
];

const key = () => randomBytes(12).toString('base64url');

describe.each(stores)('file store contract: %s', (_name, make) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });

  it('gives back exactly the bytes put, every byte value and an empty file alike', async () => {
    const every = new Uint8Array(512).map((_, i) => i % 256);
    const [a, b] = [key(), key()];
    await store.put(a, every);
    await store.put(b, new Uint8Array());
    expect(Buffer.from((await store.get(a))!)).toEqual(Buffer.from(every));
    expect((await store.get(b))!.byteLength).toBe(0);
  });

  it('answers null for an unknown key, replaces on a second put and ignores removing an unknown key', async () => {
    const k = key();
    expect(await store.get(k)).toBeNull();
    await store.put(k, new TextEncoder().encode('first'));
    await store.put(k, new TextEncoder().encode('second'));
    expect(new TextDecoder().decode((await store.get(k))!)).toBe('second');
    await store.remove(k);
    expect(await store.get(k)).toBeNull();
    await expect(store.remove(key())).resolves.toBeUndefined();
  });

  it('keeps a 2 MB upload whole and parallel uploads apart', async () => {
    const big = randomBytes(2 * 1024 * 1024);
    const keys = Array.from({ length: 8 }, key);
    await Promise.all([store.put(keys[0]!, big), ...keys.slice(1).map((k, i) => store.put(k, new TextEncoder().encode(`file ${i}`)))]);
    expect(Buffer.from((await store.get(keys[0]!))!).equals(big)).toBe(true);
    expect(await Promise.all(keys.slice(1).map(async (k) => new TextDecoder().decode((await store.get(k))!)))).toEqual(keys.slice(1).map((_, i) => `file ${i}`));
  });

  it("refuses keys that are not the portal's own random names (no paths, no user file names)", async () => {
    for (const bad of ['../../etc/passwd', 'a/b/c/d/e/f', 'short', 'Bericht 2026.pdf', '']) {
      await expect(store.put(bad, new Uint8Array([1]))).rejects.toThrow(/invalid file key/);
      await expect(store.get(bad)).rejects.toThrow(/invalid file key/);
    }
  });
});

describe('file stores: an interrupted upload is never half-stored', () => {
  it('folder: only the complete file appears under its key (written aside, then renamed)', async () => {
    const k = key();
    await createFolderFileStore(folder).put(k, randomBytes(1024));
    expect(readdirSync(folder).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('s3: a connection lost in the middle of the body fails the put and leaves no object', async () => {
    const store = s3(fake);
    const k = key();
    fake.breakUploads = true;
    try {
      await expect(store.put(k, randomBytes(256 * 1024))).rejects.toThrow();
    } finally {
      fake.breakUploads = false;
    }
    expect(fake.objects.has(k)).toBe(false);
    expect(await store.get(k)).toBeNull();
  });

  it('s3: a request signed with another key is refused', async () => {
    const store = s3({ ...fake, accessKeyId: 'SOMEONEELSE' });
    await expect(store.put(key(), new Uint8Array([1]))).rejects.toThrow(/Access Denied|AccessDenied/);
  });
});
