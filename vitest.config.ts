import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          hookTimeout: 60_000,
          // PGlite instances are heavy: a few files at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
