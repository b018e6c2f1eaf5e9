import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built client is served by the server process (server/src/plugins/web-client.ts).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
