import { defineConfig } from 'vitest/config';

/**
 * The cluster tests: they drive the topology `npm run cluster` starts (docs/deploy.md), so they are not
 * part of `vitest run`. `npm run test:cluster` starts it, runs them and stops it.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'cluster',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    // One file at a time: the files share one cluster, whose processes the machine's cores already run.
    fileParallelism: false,
  },
});
