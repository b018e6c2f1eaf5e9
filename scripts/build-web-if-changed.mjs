#!/usr/bin/env node
// `npm start`: builds the web client only when what goes into it changed since the last build (issue 12),
// so that a second start serves within seconds. What goes in: the client's sources, the core rules it
// imports, its build configuration and the installed packages (package-lock.json). A digest of their
// contents is kept beside the build; `npm run build` (--force) always builds, and keeps the digest too.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'web/dist/.build-digest');
const inputs = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/chunks.ts', 'web/mantine-styles.ts', 'web/precompress.ts', 'web/package.json', 'core/src', 'package-lock.json'];

const files = (path) => {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx') ? [] : files(relative(root, join(full, entry.name))),
  );
};

const hash = createHash('sha256');
for (const file of inputs.flatMap(files).sort()) {
  hash.update(relative(root, file));
  hash.update(readFileSync(file));
}
const digest = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(join(root, 'web/dist/index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest) {
  console.log('Web client unchanged since the last build: not rebuilt (npm run build rebuilds).');
  process.exit(0);
}
const build = spawnSync('npm', ['run', 'build', '-w', '@ecore/web'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(stamp, `${digest}\n`);
