import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFolderFileStore } from './file-store.ts';

// Issue 18 "Faults": an upload is never half stored. The folder store writes under a temporary name and renames.
const folder = mkdtempSync(join(tmpdir(), 'ecore-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the folder file store', () => {
  it('a reader during a large write sees nothing or the whole file, never a part', async () => {
    const store = createFolderFileStore(folder);
    const bytes = new Uint8Array(16 * 1024 * 1024).map((_, i) => i % 251);
    const writing = store.put('large-file-1', bytes);
    const seen: (number | null)[] = [];
    let done = false;
    void writing.then(() => (done = true));
    while (!done) {
      const read = await store.get('large-file-1');
      seen.push(read ? read.length : null);
    }
    await writing;
    expect(seen.every((n) => n === null || n === bytes.length)).toBe(true);
    expect(Buffer.from((await store.get('large-file-1'))!).equals(Buffer.from(bytes))).toBe(true);
    expect(readdirSync(folder).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('a write that fails leaves neither the file under its key nor the temporary one', async () => {
    const store = createFolderFileStore(folder);
    // The rename cannot replace a folder that holds something: the write fails at its last step.
    mkdirSync(join(folder, 'blocked-key-1', 'inside'), { recursive: true });
    await expect(store.put('blocked-key-1', new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(readdirSync(folder).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(readdirSync(join(folder, 'blocked-key-1'))).toEqual(['inside']);
  });
});
