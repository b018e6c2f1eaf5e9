import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/i;
/** Below this the headers outweigh the saving (the same threshold as on-the-fly compression in the server). */
export const MIN_BYTES = 1024;

async function* filesOf(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size >= MIN_BYTES) yield path;
  }
}

/**
 * Writes a Brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy beside each text file of `dir` of at
 * least MIN_BYTES; the server sends the one the request accepts (@fastify/static `preCompressed`). Answers the
 * files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const work: Promise<void>[] = [];
  for await (const path of filesOf(dir)) {
    work.push(
      (async () => {
        const content = await readFile(path);
        const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
        await writeFile(`${path}.br`, await brotli(content, { params }));
        await writeFile(`${path}.gz`, await gzipAsync(content, { level: 9 }));
        done.push(path);
      })(),
    );
  }
  await Promise.all(work);
  return done.sort();
}

/** The Vite plugin: compresses the written build (vite.config.ts). */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'ecore-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      this.info(`${files.length} files compressed (.br, .gz)`);
    },
  };
};
