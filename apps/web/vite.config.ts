import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nNamespaces } from './build/i18n-namespaces';

export default defineConfig({
  plugins: [react(), i18nNamespaces()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1200 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
