import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The browser build: preact JSX through Vite's own transform (tsconfig jsxImportSource).
// Each file over 1 KB also gzipped and brotli-compressed beside it (.gz, .br): the
// server sends those to browsers that accept them, compressed once here, not per request.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' })],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
