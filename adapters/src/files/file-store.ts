import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from '@ecore/core/shared/file-store.ts';

const SAFE_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** Keys every store accepts (random names, never a user's file name): also safe as a file name and an S3 key. */
export const checkedKey = (key: string): string => {
  if (!SAFE_KEY.test(key)) throw new Error('invalid file key');
  return key;
};

/**
 * Files in a folder (`DATA_DIR/files` by default). A file is written under a temporary name and renamed when
 * complete, so an interrupted write never leaves a half file under its key.
 */
export function createFolderFileStore(folder: string): FileStore {
  let ready: Promise<unknown> | null = null;
  const ensure = () => (ready ??= mkdir(folder, { recursive: true, mode: 0o700 }));
  return {
    async put(key, bytes) {
      await ensure();
      const target = join(folder, checkedKey(key));
      const partial = `${target}.partial`;
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(join(folder, checkedKey(key))));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(join(folder, checkedKey(key)), { force: true });
    },
  };
}

/** Files in memory, for tests. */
export function createMemoryFileStore(): FileStore & { files: Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    async put(key, bytes) {
      files.set(checkedKey(key), bytes);
    },
    async get(key) {
      return files.get(checkedKey(key)) ?? null;
    },
    async remove(key) {
      files.delete(checkedKey(key));
    },
  };
}
