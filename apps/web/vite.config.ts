import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nNamespaces } from './build/i18n-namespaces';
import { preloadListsWithoutInitialChunks } from './build/preload-lists';

const preloadLists = preloadListsWithoutInitialChunks();

/**
 * The icons the public home page and layout draw on their first paint (pages/home-page.tsx, the showcase strip,
 * layouts/public/site-header.tsx, the language switch, the route error screen), as `@ant-design/icons-svg`
 * definitions drawn by components/svg-icon.tsx. Each one used by several pages would be a chunk of its own,
 * 0.6–1.8 kB on the wire apiece; together in one chunk they compress to about half (docs/web.md, "Loading"). An
 * icon added there and not here still works: it comes as a chunk of its own, and e2e/home-script-size.spec.ts
 * counts it.
 */
const FIRST_PAINT_ICONS = [
  'ApartmentOutlined',
  'AppstoreOutlined',
  'ArrowRightOutlined',
  'CameraOutlined',
  'CloseCircleFilled',
  'CloudUploadOutlined',
  'CodeSandboxOutlined',
  'CompassOutlined',
  'DeploymentUnitOutlined',
  'DownloadOutlined',
  'EyeOutlined',
  'GatewayOutlined',
  'GlobalOutlined',
  'MenuOutlined',
  'ShareAltOutlined',
  'ShopOutlined',
  'TeamOutlined',
];
const FIRST_PAINT_ICON_MODULE = new RegExp(
  `[\\\\/]@ant-design[\\\\/]icons-svg[\\\\/]es[\\\\/]asn[\\\\/](?:${FIRST_PAINT_ICONS.join('|')})\\.js$`,
);

export default defineConfig({
  plugins: [react(), i18nNamespaces(), preloadLists.plugin],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    modulePreload: { resolveDependencies: preloadLists.resolveDependencies },
    rolldownOptions: {
      output: {
        // Files named by their hash alone: every lazy route's preload list names its chunks in the first script, and
        // the readable half of a name ("home-page-") is most of what those lists weigh (docs/web.md, "Loading").
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: {
          // The definitions alone (they import nothing).
          groups: [{ name: 'first-paint-icons', test: FIRST_PAINT_ICON_MODULE, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
