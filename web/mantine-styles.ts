import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const ALL_STYLES = require.resolve('@mantine/core/styles.css');
const STYLES_DIR = join(dirname(ALL_STYLES), 'styles');
/** What every page needs before any component: the reset, the theme's CSS variables and the global classes. */
const BASE = ['baseline.css', 'default-css-variables.css', 'global.css'];
/** The class names of a Mantine component's styles (`Button.module.css.mjs`), imported by whatever uses them. */
const CLASS_NAMES = /\/node_modules\/@mantine\/core\/esm\/.*\/(\w+)\.module\.css\.mjs$/;
/** Mantine's extensions whose one style sheet serves one component: it comes with that component. */
const EXTENSION_STYLES: [styles: string, component: RegExp][] = [['@mantine/carousel/styles.css', /\/node_modules\/@mantine\/carousel\/esm\/Carousel\.mjs$/]];
const NO_STYLES = '\0ecore-no-styles.css';
const ESM_DIR = join(dirname(ALL_STYLES), 'esm');

/** The family of a file of Mantine's: `components/Combobox/…` → Combobox, `utils/Floating/…` → Floating. */
const familyOf = (file: string): string | undefined => /^(?:components|utils)\/(\w+)\//.exec(relative(ESM_DIR, file))?.[1];

/**
 * Each family's style sheets that must come before its own, those of the families its files import (Combobox's
 * dropdown is Popover's, and overrides its padding), theirs first: in the order of Mantine's styles.css.
 */
function stylesBefore(): Map<string, string[]> {
  const imports = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.mjs')) {
        const family = familyOf(path);
        if (family === undefined) continue;
        const found = imports.get(family) ?? new Set<string>();
        for (const [, spec] of readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const other = familyOf(resolve(dirname(path), spec!));
          if (other !== undefined && other !== family) found.add(other);
        }
        imports.set(family, found);
      }
    }
  };
  walk(join(ESM_DIR, 'components'));
  walk(join(ESM_DIR, 'utils'));
  const before = new Map<string, string[]>();
  const order = (family: string, seen: Set<string>, out: string[]) => {
    for (const other of imports.get(family) ?? []) {
      if (seen.has(other)) continue;
      seen.add(other);
      order(other, seen, out);
      if (existsSync(join(STYLES_DIR, `${other}.css`))) out.push(other);
    }
  };
  for (const family of imports.keys()) {
    const out: string[] = [];
    order(family, new Set([family]), out);
    before.set(family, out);
  }
  return before;
}

/**
 * Mantine's styles per component instead of all of them (234 KB, 25 KB Brotli) on every page, as Mantine offers
 * (`@mantine/core/styles/<Component>.css`): `@mantine/core/styles.css` keeps the base (reset, variables, global
 * classes), and the module of a component's class names (`Button.module.css.mjs`) imports the component's style
 * sheet, so that whatever uses those classes (the component, a part such as Combobox's chevron in NativeSelect)
 * brings its styles; a component imports its class names after the components it is built from, so its styles
 * follow theirs, the order Mantine asks for. The
 * styles go with the code: the login page's components in the first download, a lazily loaded page's with it.
 * The carousel's style sheet likewise comes with the carousel (the home page), wherever it is imported.
 */
export function mantineStylesPerComponent(): Plugin {
  let before: Map<string, string[]> | undefined;
  return {
    name: 'ecore-mantine-styles',
    enforce: 'pre',
    // The dev server pre-bundles Mantine into one file and keeps all of styles.css.
    apply: 'build',
    resolveId(source, importer) {
      const extension = EXTENSION_STYLES.find(([styles]) => styles === source);
      return extension && !(importer && extension[1].test(importer)) ? NO_STYLES : null;
    },
    load(id) {
      return id === NO_STYLES ? '' : null;
    },
    transform(code, id) {
      const extension = EXTENSION_STYLES.find(([, component]) => component.test(id));
      if (extension) return { code: `${code}\nimport '${extension[0]}';\n`, map: null };
      if (id === ALL_STYLES) return { code: BASE.map((file) => readFileSync(join(STYLES_DIR, file), 'utf8')).join('\n'), map: null };
      const component = CLASS_NAMES.exec(id)?.[1];
      if (component === undefined || !existsSync(join(STYLES_DIR, `${component}.css`))) return null;
      const family = familyOf(id) ?? component;
      before ??= stylesBefore();
      const sheets = [...(before.get(family) ?? []), ...(family !== component && existsSync(join(STYLES_DIR, `${family}.css`)) ? [family] : []), component];
      return { code: `${code}\n${sheets.map((sheet) => `import '@mantine/core/styles/${sheet}.css';`).join('\n')}\n`, map: null };
    },
  };
}
