import { dirname, resolve } from 'node:path';
import type { GetModuleInfo, ManualChunkMeta, ModuleInfo } from 'rollup';
import type { Plugin } from 'vite';

/** The names a module takes from another; null: all of it (a namespace import, `export *`, a default import). */
type Names = Set<string> | null;

const NAMED = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const WHOLE = /(?:import\s*\*\s*as\s+[\w$]+|import\s+[\w$]+\s*(?:,\s*\{[^}]*\})?|export\s*\*(?:\s*as\s+[\w$]+)?)\s*from\s*["']([^"']+)["']/g;
const BARE = /import\s*["']([^"']+)["']/g;

/** `a as b, type c` → [[a, b], [c, c]]: the name in the module imported from, the name it takes here. */
const specifiers = (list: string): [string, string][] =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from!, as ?? from!];
    });

/**
 * What the modules of `roots` need of the module graph, as Rollup's tree-shaking sees it. Rollup links a module to
 * every module it imports, and a library's index (`@mantine/core`, `@tabler/icons-react`) imports all its
 * components, and Mantine's files import many of their siblings only for the order (`import './x.mjs'`). So an
 * index of re-exports is followed only for the names taken from it, an import without names of a module without
 * side effects not at all; whatever this cannot tell (a namespace import, `export *`) is followed whole.
 */
export function moduleGraph(getModuleInfo: GetModuleInfo) {
  const parsed = new Map<string, { named: Map<string, Names>; reexports: Map<string, [spec: string, name: string]> }>();
  const importedSets = new Map<string, Set<string>>();
  const resolveIn = (info: ModuleInfo, spec: string): string | undefined => {
    if (!spec.startsWith('.')) return info.importedIds.find((id) => id.includes(`/node_modules/${spec}/`));
    let imported = importedSets.get(info.id);
    if (!imported) importedSets.set(info.id, (imported = new Set(info.importedIds)));
    const path = resolve(dirname(info.id), spec);
    return imported.has(path) ? path : undefined;
  };
  const parse = (info: ModuleInfo) => {
    let found = parsed.get(info.id);
    if (found) return found;
    const named = new Map<string, Names>();
    const reexports = new Map<string, [string, string]>();
    const take = (spec: string, names: Names) => {
      const id = resolveIn(info, spec);
      if (id === undefined) return;
      const known = named.get(id);
      named.set(id, names === null || known === null ? null : new Set([...(known ?? []), ...names]));
    };
    const code = info.code ?? '';
    for (const [statement, list, spec] of code.matchAll(NAMED)) {
      const pairs = specifiers(list!);
      take(spec!, new Set(pairs.map(([from]) => from)));
      if (statement.startsWith('export')) for (const [from, as] of pairs) reexports.set(as, [spec!, from]);
    }
    for (const [, spec] of code.matchAll(WHOLE)) take(spec!, null);
    for (const [, spec] of code.matchAll(BARE)) take(spec!, new Set());
    found = { named, reexports };
    parsed.set(info.id, found);
    return found;
  };

  /**
   * The modules `roots` reach by static imports, not going on from those in `known` (reached before, with all they
   * import; but for an index, which was followed only for the names taken then).
   */
  return (roots: string[], known: ReadonlySet<string> = new Set()): Set<string> => {
    const whole = new Set<string>();
    const byName = new Set<string>();
    const reached = new Set<string>();
    const visit = (id: string, names: Names): void => {
      const info = getModuleInfo(id);
      if (!info || (names?.size === 0 && info.moduleSideEffects === false)) return;
      const { named, reexports } = parse(info);
      // Only a library's index is followed by name; the app's own files import file by file.
      const index = id.includes('/node_modules/') && reexports.size > 0;
      if (known.has(id) && !index) return;
      reached.add(id);
      if (names !== null && index) {
        for (const name of names) {
          if (whole.has(id) || byName.has(`${id}\0${name}`)) continue;
          byName.add(`${id}\0${name}`);
          const reexport = reexports.get(name);
          const target = reexport && resolveIn(info, reexport[0]);
          if (target === undefined) return visit(id, null);
          visit(target, new Set([reexport![1]]));
        }
        return;
      }
      if (whole.has(id)) return;
      whole.add(id);
      // What the code does not name (a style sheet, a plugin's helper) is followed whole.
      for (const imported of info.importedIds) visit(imported, named.has(imported) ? named.get(imported)! : null);
    };
    for (const root of roots) visit(root, null);
    return reached;
  };
}

/**
 * Where the modules matching `path` go: to chunk `name` (where Rollup puts them when it is undefined). With `later`
 * set, only those the first download holds; of the others, those used by at least `sharedBy` lazily loaded modules
 * (pages, dialogs) go to chunk `later.name`, the rest where Rollup puts them (with the one page that uses them, or
 * in a chunk their users share).
 */
export interface ChunkRule {
  name?: string;
  path: RegExp;
  later?: { name: string; sharedBy: number } | null;
}

/** The chunk of the entry: the first download's modules that no rule places elsewhere. */
const ENTRY_CHUNK = 'index';

/**
 * A `manualChunks` function of `rules`, the first matching rule deciding; a lazily loaded module no rule matches
 * goes where Rollup puts it. To be used with `onlyExplicitManualChunks`: a chunk holds what the rules put in it, not
 * what that needs, so every module of the first download is placed (`index` when no rule names a chunk), lest
 * Rollup cut the entry to share a module with a later chunk. A module goes to a later chunk only when everything it
 * needs beyond the first download goes to later chunks too: a chunk shared by many pages never makes them load a
 * library only one of them uses.
 */
export function chunksOf(rules: ChunkRule[]) {
  let analysis: { of: GetModuleInfo; chunkOf: Map<string, string | undefined> } | undefined;
  const analyse = ({ getModuleInfo, getModuleIds }: ManualChunkMeta) => {
    if (analysis?.of === getModuleInfo) return analysis.chunkOf;
    const reach = moduleGraph(getModuleInfo);
    const ids = [...getModuleIds()];
    const initial = reach(ids.filter((id) => getModuleInfo(id)?.isEntry));
    const users = new Map<string, number>();
    for (const lazy of ids.filter((id) => !initial.has(id) && (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0)) {
      for (const id of reach([lazy], initial)) users.set(id, (users.get(id) ?? 0) + 1);
    }
    const chunkOf = new Map<string, string | undefined>();
    const later = new Map<string, string>();
    for (const id of ids) {
      const rule = rules.find(({ path }) => path.test(id));
      if (initial.has(id)) chunkOf.set(id, rule?.name ?? ENTRY_CHUNK);
      else if (rule?.later === undefined) chunkOf.set(id, rule?.name);
      else if (rule.later && (users.get(id) ?? 0) >= rule.later.sharedBy) later.set(id, rule.later.name);
    }
    // What a later chunk's module needs (code that is kept, not an index or a style sheet) must be in the first
    // download or in a later chunk as well; else the module stays with its pages.
    const first = new Set([...initial].map((id) => chunkOf.get(id)));
    const needed = new Map<string, string[]>();
    const needs = (id: string) => {
      let found = needed.get(id);
      if (!found) {
        found = [...reach([id], initial)].filter((other) => getModuleInfo(other)?.isIncluded && !/\.css($|\?)/.test(other) && !first.has(chunkOf.get(other) ?? ''));
        needed.set(id, found);
      }
      return found;
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of later.keys()) {
        if (needs(id).every((other) => later.has(other))) continue;
        later.delete(id);
        changed = true;
      }
    }
    for (const [id, name] of later) chunkOf.set(id, name);
    analysis = { of: getModuleInfo, chunkOf };
    return chunkOf;
  };
  return (id: string, meta: ManualChunkMeta): string | undefined => analyse(meta).get(id);
}

/**
 * Fails the build when the first download would load a later chunk of `rules` (a module of the first download the
 * analysis above did not see as such): the login page would then load every lazily loaded page's components.
 */
export function laterChunksStayLater(rules: ChunkRule[]): Plugin {
  const later = new Set(rules.flatMap(({ later }) => (later ? [later.name] : [])));
  return {
    name: 'ecore-later-chunks-stay-later',
    apply: 'build',
    generateBundle(_options, bundle) {
      const seen = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (seen.has(file) || chunk?.type !== 'chunk') return;
        seen.add(file);
        if (later.has(chunk.name)) this.error(`The first download loads ${file}, a chunk meant for lazily loaded pages`);
        chunk.imports.forEach(visit);
      };
      for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
    },
  };
}
