import { defineConfig } from 'vite';

// The browser build: preact JSX through Vite's own transform (tsconfig jsxImportSource).
export default defineConfig({
  root: import.meta.dirname,
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
