import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = fromRoot('./dist/web');

export default defineConfig({
  root: fromRoot('./web'),
  plugins: [react(), tailwindcss(), precompress(outDir)],
  resolve: {
    alias: {
      '@': fromRoot('./web/src'),
      '@contract': fromRoot('./contract'),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // No changeOrigin: the server compares Origin with Host, so the browser's Host must reach it unchanged.
    proxy: { '/api': 'http://localhost:5000' },
  },
});
