import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunksOf, laterChunksStayLater, type ChunkRule } from './chunks.ts';
import { mantineStylesPerComponent } from './mantine-styles.ts';
import { precompress } from './precompress.ts';

/**
 * How the client is cut into files (chunks.ts). The first download (index.html's script, its preloads and one style
 * sheet) holds the login page and what every screen needs: React with its router (`react`), the libraries the
 * login page uses (`vendor`: Mantine's core and those of its components, i18next, SWR, …) and the app's own code
 * (`index`), at most 200 KB gzip (issue 11). Libraries in chunks of their own, so that a release of the portal's
 * code leaves them in the browser's cache (hashed names, cached for a year).
 *
 * What only lazily loaded pages use is shared among them in two files instead of dozens of small ones, each request
 * costing its headers (issue 23): `ui`, Mantine's components, Floating UI and the icons used by at least five lazily
 * loaded modules, with their styles; `app`, the app's own helpers used by at least four (lists, badges, paths).
 * A component or helper fewer use stays with the pages that use it, and one that needs a library not shared so
 * (zod, the date pickers) stays there too, so that no page loads a library only another page needs.
 */
const CHUNKS: ChunkRule[] = [
  { name: 'react', path: /\/node_modules\/(react|react-dom|scheduler|react-router)\/|^\0commonjsHelpers\.js$/ },
  { name: 'charts', path: /\/node_modules\/(@mantine\/charts|recharts|d3-[a-z-]+|victory-vendor)\// },
  { name: 'vendor', path: /\/node_modules\/@mantine\/(core\/esm\/core|hooks)\// },
  // The shell's frame (every signed-in page) and the certificate check use Container: with the first download rather
  // than in two files of its own, each costing a request's headers for a few hundred bytes (issue 23).
  { name: 'vendor', path: /\/node_modules\/@mantine\/core\/(esm\/components\/Container\/|styles\/Container\.css)/ },
  {
    name: 'vendor',
    later: { name: 'ui', sharedBy: 5 },
    path: /\/node_modules\/(@mantine\/core|@floating-ui|@tabler\/icons-react|react-number-format|react-textarea-autosize|use-composed-ref|use-latest|use-isomorphic-layout-effect)\//,
  },
  { name: 'vendor', later: null, path: /\/node_modules\// },
  // The first download's styles in one file: Mantine's, then the app's own; a lazily loaded page's with its code.
  { name: 'vendor', later: null, path: /\.css($|\?)/ },
  // Core's error texts (every feature's, both languages) load when first needed (web/src/lib/core-messages.ts) or
  // with the pages whose code reads them: in a file of their own, never in `app`, which every list loads (issue 23).
  { name: 'messages', path: /\/core\/src\/[\w-]+\/[\w-]*messages\.ts$/ },
  { later: { name: 'app', sharedBy: 4 }, path: /\/(web|core)\/src\// },
];

/** The favicon (238 bytes) inline in index.html, so that no cold load spends a request and its headers on it (issue 23). */
const inlineFavicon = (): Plugin => ({
  name: 'ecore-inline-favicon',
  apply: 'build',
  transformIndexHtml: (html) =>
    html.replace(
      'href="/favicon.svg"',
      // Single quotes inside the double-quoted attribute; only what a URL cannot hold is escaped, so it stays short.
      `href="data:image/svg+xml,${readFileSync(new URL('public/favicon.svg', import.meta.url), 'utf8').trim().replace(/"/g, "'").replace(/[<>#%\n\r\t]/g, encodeURIComponent)}"`,
    ),
});

// The built client is served by the server process (server/src/plugins/web-client.ts), each text file also as
// .br and .gz (precompress.ts). Mantine's styles come per component, with the component (mantine-styles.ts).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), mantineStylesPerComponent(), inlineFavicon(), laterChunksStayLater(CHUNKS), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: { output: { manualChunks: chunksOf(CHUNKS), onlyExplicitManualChunks: true } },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
