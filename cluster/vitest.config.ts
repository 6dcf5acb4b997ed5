import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** `scheduled-jobs.test.ts` last: the minute its global setup chose passes while the other files run. */
class ScheduledJobsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => file.moduleId.endsWith('scheduled-jobs.test.ts');
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

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
    globalSetup: [fileURLToPath(new URL('./scheduled-jobs.setup.ts', import.meta.url))],
    sequence: { sequencer: ScheduledJobsLast },
  },
});
