import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { pwaOptions } from './pwa.config.ts';
import { prerenderHome } from './scripts/prerenderHome.ts';
import { routeDocuments } from './scripts/routeDocuments.ts';

const apiPort = Number(process.env.API_PORT ?? 8787);

export default defineConfig({
  plugins: [
    react(),
    // Manifest and Workbox service worker (pwa.config.ts); registered by the
    // page once home has painted (src/lib/pwa/registerServiceWorker.ts).
    VitePWA(pwaOptions),
    // home.html: home rendered at build time, answered for `/` only (scripts/prerenderHome.ts).
    prerenderHome(),
    // pages/<route>.html: index.html with a route's own sharing tags, for link previews
    // (scripts/routeDocuments.ts).
    routeDocuments(),
    // .gz and .br beside each text asset, so the server sends them precompressed (no
    // per-request compression work); the originals stay for clients that accept neither.
    compression({
      threshold: 1024,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
    }),
  ],
  // Game engines run in module workers (Comlink); keep them ES modules.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    // Every browser the site supports preloads modules itself (<link rel="modulepreload">):
    // the polyfill would only add bytes to the home page's entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // ws: the Crit Happens tables' sockets (/api/tables/socket.php) go through too.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false, ws: true } },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'benchmarks/**/*.test.ts',
      'workers/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/*.test.ts',
    ],
    environment: 'node',
    // Server suites share one SQLite/PostgreSQL per file; keep them off the 2 cores' toes.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
