import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { areaCatalogues } from '../components/lazy-area.tsx';
import { STATUS_BADGES, type StatusKind } from '../components/status-badge.tsx';
import { FEATURE_CATALOGUES, featureOfKey, sectionOf, type FeatureCatalogue } from '../lib/i18n-resources.ts';
import { isRouteHandle } from '../lib/route-handle.ts';
import { routes } from './router.tsx';

/*
 * A page loads the catalogues of the features whose texts it shows together with its code (lazyArea in
 * router.tsx): one it does not name would show its texts only after a moment (an empty text at first). Read from
 * the sources: every key of a feature catalogue written in a page's code or in what it imports, and every name of
 * the routes it is shown under, belongs to a catalogue the page (or a page around it) names; the first download
 * shows no feature catalogue's key at all.
 */

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const HERE = 'file:///web/src/app/';
const FILES = new Map(Object.entries(SOURCES).map(([path, text]) => [new URL(path, HERE).pathname, text]));
const ROUTER = '/web/src/app/router.tsx';
const ROUTER_SOURCE = FILES.get(ROUTER)!;

/*
 * The status badge holds the labels of every kind of state (users, organisations, objects, templates, …), each kind's
 * from one feature's catalogue; a page needs the catalogues of the kinds it shows, not of all: a module that imports
 * the badge needs those of the kinds it names (`kind="object"`, `StatusOf<'user'>`), or of all kinds when it names
 * none (a kind it passes on from elsewhere).
 */
const STATUS_BADGE = '/web/src/components/status-badge.tsx';
const KINDS = Object.keys(STATUS_BADGES) as StatusKind[];
const catalogueOfKind = (kind: StatusKind): FeatureCatalogue[] => [
  ...new Set(Object.values(STATUS_BADGES[kind] as Record<string, { label: string }>).map(({ label }) => featureOfKey(label)!)),
];
const KIND_NAMED = new RegExp(`(?:\\bkind\\s*[=:]\\s*\\{?\\s*|StatusOf<\\s*|status(?:Colour|Entry)\\(\\s*)['"\`](${KINDS.join('|')})['"\`]`, 'g');
const IMPORTS_BADGE = /(?:\bfrom|^import)\s*['"][^'"]*\/status-badge\.tsx['"]/m;
/** The kinds of state whose badges `text` (a module importing the badge) shows. */
const kindsShownBy = (text: string): StatusKind[] => {
  const named = [...new Set([...text.matchAll(KIND_NAMED)].map(([, kind]) => kind as StatusKind))];
  return named.length > 0 ? named : KINDS;
};

const KEY = new RegExp(`['"\`](${FEATURE_CATALOGUES.map(sectionOf).join('|')})\\.[A-Za-z]`, 'g');
const STATIC_IMPORT = /(?:\bfrom|^import)\s*['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The feature catalogues whose keys `file` and what it imports (statically, and lazily when `lazily`) write. */
const featuresUsedBy = (file: string, { lazily, skip = [] }: { lazily: boolean; skip?: string[] }) => {
  const found = new Map<FeatureCatalogue, string>();
  const seen = new Set<string>(skip);
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = FILES.get(path);
    if (text === undefined) return; // a catalogue, a style sheet
    const keys = path === STATUS_BADGE ? [] : [...text.matchAll(KEY)];
    for (const [key, section] of keys) if (!found.has(featureOfKey(section!)!)) found.set(featureOfKey(section!)!, `${key}… in ${path}`);
    if (IMPORTS_BADGE.test(text)) {
      for (const kind of kindsShownBy(text)) {
        for (const feature of catalogueOfKind(kind)) if (!found.has(feature)) found.set(feature, `status badges of kind ${kind} in ${path}`);
      }
    }
    const imports = lazily ? [...text.matchAll(STATIC_IMPORT), ...text.matchAll(DYNAMIC_IMPORT)] : [...text.matchAll(STATIC_IMPORT)];
    for (const [, spec] of imports) visit(new URL(spec!, `file://${path}`).pathname);
  };
  for (const path of skip) for (const [, spec] of FILES.get(path)!.matchAll(STATIC_IMPORT)) visit(new URL(spec!, `file://${path}`).pathname);
  visit(file);
  return found;
};

const listOf = (text: string) => [...text.matchAll(/'([\w-]+)'/g)].map(([, name]) => name!);
const GROUPS = new Map([...ROUTER_SOURCE.matchAll(/const ([A-Z_]+) = (\[[^\]]*\]) as const;/g)].map(([, name, list]) => [name!, listOf(list!)]));
const LOADERS = new Map([...ROUTER_SOURCE.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map(([, name, path]) => [name!, path!]));

/** Each lazily loaded area of router.tsx: its name, the module it loads and the catalogues it names. */
const AREAS = [...ROUTER_SOURCE.matchAll(/const (\w+) = lazyArea\(([\s\S]*?)\);\n/g)].map(([, name, body]) => {
  const path = /import\('([^']+)'\)/.exec(body!)?.[1] ?? LOADERS.get(/(\w+)\(\)\.then/.exec(body!)?.[1] ?? '');
  const named = /,\s*(\[[^\]]*\]|[A-Z_]+),?\s*$/.exec(body!)?.[1];
  const catalogues = named === undefined ? [] : named.startsWith('[') ? listOf(named) : GROUPS.get(named);
  return { name: name!, module: path ? new URL(path, `file://${ROUTER}`).pathname : '(none)', catalogues };
});

describe('the catalogues each page loads', () => {
  it("count only the status badges' kinds a page shows, each kind's labels from one catalogue", () => {
    expect(KINDS.map((kind) => [kind, catalogueOfKind(kind)])).toEqual([
      ['user', ['accounts']],
      ['organisation', ['accounts']],
      ['object', ['assets']],
      ['group', ['assets']],
      ['accessRequest', ['assets']],
      ['template', ['questionnaires']],
    ]);
    expect(kindsShownBy(`<StatusBadge kind="object" state={a.status} />`)).toEqual(['object']);
    expect(kindsShownBy(`const s: StatusOf<'user'>[] = []; <StatusBadges kind="organisation" states={s} />`).sort()).toEqual(['organisation', 'user']);
    expect(kindsShownBy(`<AuditLogTable kind='group' />; statusColour('template', x)`).sort()).toEqual(['group', 'template']);
    // A kind that comes from elsewhere could be any.
    expect(kindsShownBy(`<StatusBadge kind={kind} state={s} />`)).toEqual(KINDS);
    const objects = featuresUsedBy('/web/src/features/assets/asset-objects-page.tsx', { lazily: false });
    expect(objects.get('assets')).toBeDefined();
    expect(objects.has('questionnaires')).toBe(false);
    expect(featuresUsedBy('/web/src/features/questionnaires/score-page.tsx', { lazily: false }).get('questionnaires')).toBeDefined();
  });

  it('are read from router.tsx: every lazily loaded area, its module and the catalogues it names', () => {
    expect(AREAS.length).toBeGreaterThan(30);
    for (const { name, module, catalogues } of AREAS) {
      expect(FILES.has(module), `${name} loads ${module}`).toBe(true);
      expect(catalogues, name).toBeDefined();
      for (const feature of catalogues!) expect(FEATURE_CATALOGUES, name).toContain(feature);
    }
    expect(AREAS.find(({ name }) => name === 'AssetObjectsPage')?.catalogues).toContain('assets');
  });

  it("cover every feature key of the page's code and of what it imports", () => {
    for (const { name, module, catalogues } of AREAS) {
      const missing = [...featuresUsedBy(module, { lazily: true })].filter(([feature]) => !catalogues!.includes(feature));
      expect(missing.map(([, where]) => where), `${name} needs catalogues it does not name`).toEqual([]);
    }
  });

  it('cover the names of the routes a page is shown under (its heading, breadcrumbs and document title)', () => {
    const unnamed: string[] = [];
    const walk = (list: RouteObject[], keys: string[], around: readonly FeatureCatalogue[]) => {
      for (const route of list) {
        const routeKeys = isRouteHandle(route.handle) ? [...keys, route.handle.titleKey] : keys;
        const own = areaCatalogues(route.element);
        const loaded = [...around, ...(own ?? [])];
        if (own !== undefined) {
          for (const key of routeKeys) {
            const feature = featureOfKey(key);
            if (feature !== undefined && !loaded.includes(feature)) unnamed.push(`${route.path ?? '(index)'}: ${key}`);
          }
        }
        walk(route.children ?? [], routeKeys, loaded);
      }
    };
    walk(routes, [], []);
    expect(unnamed).toEqual([]);
  });

  it('leave the first download without any key of a feature catalogue', () => {
    // router.tsx names its routes with such keys: the test above checks that the pages shown under them load them.
    const used = featuresUsedBy('/web/src/main.tsx', { lazily: false, skip: [ROUTER] });
    expect([...used.values()]).toEqual([]);
  });
});
