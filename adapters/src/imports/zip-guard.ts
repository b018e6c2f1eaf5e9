import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** An archive entry as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** The unpacked size the archive claims (not trusted: see `inflatedSize`). */
  size: number;
  compressedSize: number;
  method: number;
  flags: number;
  /** Where its local header starts. */
  offset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: the local entries must end there. */
  directoryStart: number;
}

/** The entries of a zip archive, from its central directory; null when there is none or it is damaged. */
export function zipDirectory(bytes: Buffer): ZipDirectory | null {
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of at most 64 KB.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) !== 0x06054b50) continue;
    const count = bytes.readUInt16LE(i + 10);
    const directoryStart = bytes.readUInt32LE(i + 16);
    let at = directoryStart;
    const entries: ZipEntry[] = [];
    for (let n = 0; n < count; n++) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = bytes.readUInt16LE(at + 28);
      const extra = bytes.readUInt16LE(at + 30);
      const comment = bytes.readUInt16LE(at + 32);
      const size = bytes.readUInt32LE(at + 24);
      entries.push({
        name: bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
        size: size === 0xffffffff ? Number.MAX_SAFE_INTEGER : size,
        compressedSize: bytes.readUInt32LE(at + 20),
        method: bytes.readUInt16LE(at + 10),
        flags: bytes.readUInt16LE(at + 8),
        offset: bytes.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extra + comment;
    }
    return { entries, directoryStart };
  }
  return null;
}

/** Where an entry's packed data lies, from its local header; null when the header is not where the directory says. */
const packedData = (bytes: Buffer, entry: ZipEntry): { start: number; end: number } | null => {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  return end > bytes.length ? null : { start, end };
};

/**
 * Whether the entries the directory lists are all the archive holds: each local entry (header, data and data
 * descriptor) ends where the next begins, the last where the directory starts. A reader that walks the local headers
 * (exceljs' streaming reader) then meets exactly the entries whose unpacked bytes were counted.
 */
export function entriesCoverArchive(bytes: Buffer, directory: ZipDirectory): boolean {
  const sorted = [...directory.entries].sort((a, b) => a.offset - b.offset);
  let expected = 0;
  for (const entry of sorted) {
    if (entry.offset !== expected) return false;
    const data = packedData(bytes, entry);
    if (!data) return false;
    expected = data.end;
    // Bit 3: a data descriptor follows the data, with or without its signature (16 or 12 bytes).
    if (entry.flags & 0x08) expected += expected + 4 <= bytes.length && bytes.readUInt32LE(expected) === 0x08074b50 ? 16 : 12;
  }
  return expected === directory.directoryStart;
}

export type Inflated = { kind: 'ok'; bytes: number } | { kind: 'too-large' } | { kind: 'damaged' };

/**
 * The bytes the archive's entries really unpack to, counted while inflating and stopped as soon as they pass `limit`
 * (whatever the headers claim): a crafted archive costs at most `limit` bytes of inflating, and nothing is kept.
 */
export async function inflatedSize(bytes: Buffer, directory: ZipDirectory, limit: number): Promise<Inflated> {
  let total = 0;
  for (const entry of directory.entries) {
    const data = packedData(bytes, entry);
    if (!data) return { kind: 'damaged' };
    const packed = bytes.subarray(data.start, data.end);
    if (entry.method === 0) {
      total += packed.length;
      if (total > limit) return { kind: 'too-large' };
      continue;
    }
    if (entry.method !== 8) return { kind: 'damaged' };
    const outcome = await new Promise<'ok' | 'too-large' | 'damaged'>((resolve) => {
      const inflate = createInflateRaw();
      let settled = false;
      const settle = (result: 'ok' | 'too-large' | 'damaged') => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      inflate.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) {
          settle('too-large');
          inflate.destroy();
        }
      });
      inflate.on('end', () => settle('ok'));
      inflate.on('error', () => settle('damaged'));
      Readable.from([packed]).pipe(inflate);
    });
    if (outcome !== 'ok') return { kind: outcome };
  }
  return { kind: 'ok', bytes: total };
}
