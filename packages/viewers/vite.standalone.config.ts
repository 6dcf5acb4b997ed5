import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The offline viewer: dist/standalone/index.html plus hashed JS and CSS, every path relative
 * (`base: './'`), so the folder works from any static server and any sub-folder.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./standalone', import.meta.url)),
  base: './',
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: fileURLToPath(new URL('./dist/standalone', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
});
