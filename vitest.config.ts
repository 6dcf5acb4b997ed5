import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite instances are heavy: two files at a time keeps a 2-core machine responsive.
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: { name: 'contract', root: 'packages/contract', environment: 'node' },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          // Files share a worker's loaded modules instead of importing the whole server again each (40% less
          // time on a 2-core machine). Safe because no server test mocks modules or keeps state in them: each
          // builds its own app on its own database copy.
          isolate: false,
          globalSetup: ['src/test/database-template.setup.ts'],
          hookTimeout: 60_000,
          // The workers run Node with --conditions source, so a dependency Node loads itself resolves other
          // packages' TypeScript "source" exports too: ylru, under alipay-sdk's urllib and utility, has one.
          // Vite transforms what it inlines.
          server: { deps: { inline: ['urllib', 'utility'] } },
        },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: { name: 'viewers', root: 'packages/viewers', environment: 'node' },
      },
      'apps/web/vitest.config.ts',
      // The lint rules of eslint/: run through ESLint with the repository's config.
      { test: { name: 'eslint', root: 'eslint', environment: 'node', testTimeout: 30_000 } },
    ],
  },
});
