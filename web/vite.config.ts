import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

/**
 * Libraries in chunks of their own, so that a release of the portal's code leaves them in the browser's cache
 * (hashed names, cached for a year). React with its router and Mantine's core (theme, styles, providers, hooks)
 * serve every screen; Mantine's components stay beside the pages that use them, so that those only lazily loaded
 * pages need stay out of the first download (at most 200 KB gzip, issue 11). A chart library is only ever used by
 * lazily loaded areas.
 */
const VENDOR_CHUNKS: [name: string, path: RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler|react-router)\//],
  ['mantine', /\/node_modules\/@mantine\/(core\/esm\/core|hooks)\//],
  ['charts', /\/node_modules\/(@mantine\/charts|recharts|d3-[a-z-]+|victory-vendor)\//],
];

// The built client is served by the server process (server/src/plugins/web-client.ts), each text file also as
// .br and .gz (precompress.ts).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: { output: { manualChunks: (id) => VENDOR_CHUNKS.find(([, path]) => path.test(id))?.[0] } },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
