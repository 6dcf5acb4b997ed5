import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The offline viewer: dist/standalone/ with index.html (copied from standalone/public/), viewer.js and
 * viewer.css. One classic script (IIFE), not modules: browsers refuse module scripts on a page opened
 * straight from disk, and run classic ones. Every path is relative, so the folder works there, from any
 * static server and in any sub-folder.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./standalone', import.meta.url)),
  base: './',
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: fileURLToPath(new URL('./dist/standalone', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./standalone/main.ts', import.meta.url)),
      formats: ['iife'],
      name: 'spatiaViewer',
      fileName: () => 'viewer.js',
      cssFileName: 'viewer',
    },
  },
});
