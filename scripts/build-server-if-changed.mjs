#!/usr/bin/env node
// `npm start` (issue 24): compiles the server and the packages it uses (core, adapters, migrations) to one
// JavaScript module, server/dist/server.mjs, when what goes into it changed since the last build; `npm start`
// then runs it with plain node (no TypeScript loader at run time; `npm run dev` keeps tsx). Installed packages
// stay outside the bundle and are loaded from node_modules as they are (native ones such as argon2, PGlite's
// WebAssembly, puppeteer-core). `--force` (npm run build) always builds.
// esbuild comes with tsx, a dependency of @ecore/server.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'server/dist');
const stamp = join(out, '.build-digest');
const inputs = ['server/src', 'adapters/src', 'core/src', 'migrations/src', 'server/package.json', 'adapters/package.json', 'package-lock.json', 'scripts/build-server-if-changed.mjs'];
/** Files the server reads beside its code (relative to the module that reads them). */
const assets = [['server/src/routes/certificates/certificate.hbs', 'certificate.hbs']];

const isTest = (name) => /\.test\.tsx?$/.test(name) || name === 'testing';
const files = (path) => {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'dist' || isTest(entry.name) ? [] : files(relative(root, join(full, entry.name))),
  );
};

const hash = createHash('sha256');
for (const file of inputs.flatMap(files).sort()) {
  hash.update(relative(root, file));
  hash.update(readFileSync(file));
}
const digest = hash.digest('hex');
const force = process.argv.includes('--force');

if (!force && existsSync(join(out, 'server.mjs')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest) {
  console.log('Server unchanged since the last build: not recompiled (npm run build recompiles).');
  process.exit(0);
}

const started = Date.now();
// Our workspaces (relative paths and @ecore/*) go into the bundle; every installed package stays external,
// except fp-ts, whose subpath imports (fp-ts/Either) only a bundler or loader resolves (it has no exports map).
const bundled = (path) => path.startsWith('@ecore/') || path === 'fp-ts' || path.startsWith('fp-ts/');
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
  },
};
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'server/src/server.ts')],
  outfile: join(out, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
for (const [from, to] of assets) copyFileSync(join(root, from), join(out, to));
writeFileSync(stamp, `${digest}\n`);
console.log(`Server compiled to server/dist/server.mjs in ${Date.now() - started} ms.`);
