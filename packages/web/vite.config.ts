import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { calculatorServiceWorker } from './src/calculator/sw-plugin.ts';

// The browser build: preact JSX through Vite's own transform (tsconfig jsxImportSource).
// Each file over 1 KB also gzipped and brotli-compressed beside it (.gz, .br): the
// server sends those to browsers that accept them, compressed once here, not per request.
// Brotli at its best (quality 11: the bundle's 1.2 MB as 239 KB, against 266 KB at 9)
// takes ~2 s of the build, which Rolldown would report on every build as slow plugin
// callbacks (`checks.bundlerTimings`): that report is off.
// Two pages: the game client (index.html) and the combat calculator (calc.html), a page
// of its own so a phone loads only it, with a service worker (sw.js, written by
// sw-plugin.ts) that keeps exactly its files for offline use.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    calculatorServiceWorker({
      page: 'calc.html',
      publicFiles: ['/icons/calculator-192.png', '/icons/calculator-512.png'],
    }),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      input: { main: `${import.meta.dirname}/index.html`, calc: `${import.meta.dirname}/calc.html` },
    },
  },
  // The analyst's worker (issue #48) loads a game's module as the page does, a chunk per
  // game: a module worker, so those dynamic imports stay chunks of their own.
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
