import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/precompress.ts';
import { bearer, createHarness, type Harness } from '../testing/harness.ts';

// A built client as Vite lays it out (index.html, hashed files under assets/, unhashed public files),
// compressed by the same build step as the real one.
const dist = mkdtempSync(join(tmpdir(), 'ecore-dist-'));
const SCRIPT = '/assets/index-B68TO7yg.js';
const STYLE = '/assets/index-DmC_Ot7l.css';
const html = `<!doctype html><html lang="de"><head><script type="module" src="${SCRIPT}"></script><link rel="stylesheet" href="${STYLE}"></head><body><div id="root"></div></body></html>`;

let h: Harness;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, SCRIPT), Array.from({ length: 400 }, (_, i) => `export const value${i} = "Objekt ${i} – Größe ${i * 7} m²";\n`).join(''));
  writeFileSync(join(dist, STYLE), Array.from({ length: 200 }, (_, i) => `.row-${i} { padding: ${i}px; color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }\n`).join(''));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  expect(await precompressDir(dist)).toEqual([join(dist, SCRIPT), join(dist, STYLE)]);
  h = await createHarness({ webDistDir: dist });
  await h.reset();
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('the built client goes out in the best encoding the request accepts', () => {
  const plain = () => readFileSync(join(dist, SCRIPT));

  it.each([
    ['br', 'br', '.br', brotliDecompressSync],
    ['gzip', 'gzip', '.gz', gunzipSync],
    ["Chromium's gzip, deflate, br, zstd", 'br', '.br', brotliDecompressSync],
    ['gzip, br;q=0', 'gzip', '.gz', gunzipSync],
  ] as const)('Accept-Encoding %s gets %s, compressed at build time, which decodes to the file', async (accept, encoding, suffix, decode) => {
    const res = await get(SCRIPT, { 'accept-encoding': accept.replace("Chromium's ", '') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.equals(readFileSync(join(dist, SCRIPT + suffix)))).toBe(true);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain().length / 3);
    expect(decode(res.rawPayload).equals(plain())).toBe(true);
  });

  it('a request that accepts neither gets the plain file', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const res = await get(SCRIPT, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(plain())).toBe(true);
    }
  });

  it('a stylesheet too', async () => {
    const res = await get(STYLE, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(readFileSync(join(dist, `${STYLE}.br`)))).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(brotliDecompressSync(res.rawPayload).equals(readFileSync(join(dist, STYLE)))).toBe(true);
  });
});

describe('cache headers', () => {
  it('a file with a content hash in its name is kept for a year and never revalidated', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const res = await get(SCRIPT, { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A subresource that never changes goes without validators and without the documents' headers.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // The page keeps them.
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('index.html, at / and at a deep link, is revalidated on every use by its ETag; an unchanged one answers 304', async () => {
    for (const url of ['/', '/asset-management/objects']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(html);
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': '"an-older-release"' })).statusCode).toBe(200);
    }
  });

  it('an unhashed file is revalidated on every use by its ETag', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    expect((await get('/favicon.svg', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });
});

describe('API answers', () => {
  it('a signed-in JSON answer over 1 KB is compressed on the fly, decodes to the same JSON and is not stored', async () => {
    const token = await h.login('admin');
    const plain = await get('/api/asset?pageSize=100', bearer(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['cache-control']).toBe('no-store');
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await get('/api/asset?pageSize=100', { ...bearer(token), 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('a small JSON answer goes out plain, and signed in it is not stored either', async () => {
    const res = await get('/api/user/me', { ...bearer(await h.login('admin')), 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("an API answer carries a policy that allows nothing, not the page's, and none of the document-only headers", async () => {
    for (const res of [await get('/api/user/me', bearer(await h.login('admin'))), await get('/api/asset/config'), await get('/api/user/me')]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      for (const name of ['x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'origin-agent-cluster', 'cross-origin-opener-policy']) {
        expect(res.headers[name]).toBeUndefined();
      }
    }
    // The pages keep theirs: the client and the OpenAPI description.
    expect((await get('/')).headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/api/docs/json')).headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('error answers are not stored, with or without a token', async () => {
    const answers = [
      await get('/api/user/me'),
      await get('/api/user/me', bearer('not-a-token')),
      await get('/api/no-such-call', bearer(await h.login('admin'))),
      await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: 'admin', password: 'wrong-password' } }),
      await h.app.inject({ method: 'POST', url: '/api/user/login', payload: {} }),
      await get('/assets/no-such-file-B68TO7yg.js'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
