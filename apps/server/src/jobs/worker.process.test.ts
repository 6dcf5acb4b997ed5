import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, runEntry } from '../test/server-process.js';
import { createTestDatabase } from '../test/test-database.js';

describe('npm run worker', () => {
  it('refuses the embedded database with one line', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-worker-'));
    const worker = runEntry('src/worker.ts', { DATABASE_URL: '', DATA_DIR: dataDir });
    expect(await worker.exited).toBe(1);
    expect(worker.output().trim().split('\n')).toEqual([
      'npm run worker needs PostgreSQL (DATABASE_URL): the embedded database cannot be shared between processes, and the server runs the jobs itself (WORKER_IN_PROCESS=true).',
    ]);
  });

  it.skipIf(!process.env.DATABASE_URL)('runs on PostgreSQL until SIGTERM, its metrics on METRICS_PORT, then exits 0', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const url = database.url;
      const worker = runEntry('src/worker.ts', {
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-worker-')),
        METRICS_PORT: String(await freePort()),
      });
      const deadline = Date.now() + 60_000;
      while (!worker.output().includes('Spatia worker is running jobs')) {
        if (worker.child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${worker.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const metricsAt = /metrics at (http:\/\/\S+\/metrics)/.exec(worker.output())?.[1];
      expect(metricsAt, worker.output()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await fetch(metricsAt!);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE spatia_job_queue_depth gauge');
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(worker.output()).toContain('SIGTERM received: finishing running jobs');
    } finally {
      await drop();
    }
  });
});
