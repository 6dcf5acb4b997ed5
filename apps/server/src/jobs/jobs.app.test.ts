import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';

describe('jobs in the assembled app', () => {
  it('runs jobs in tests only when drained, and stops them when the app closes', async () => {
    const { app, close } = await createTestApp();
    try {
      const ran: number[] = [];
      const { jobs } = app.services;
      const notify = jobs.define<{ userId: number }>('app.notify', async (job) => void ran.push(job.data.userId));
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await notify.send({ userId: 5 });
      expect(ran).toEqual([]);
      expect(await jobs.drain()).toEqual({ completed: 1, failed: 0 });
      expect(ran).toEqual([5]);
    } finally {
      await close();
    }
  });

  it('only sends jobs with WORKER_IN_PROCESS=false', async () => {
    const { app, close } = await createTestApp({ WORKER_IN_PROCESS: 'false' }, { jobs: undefined });
    try {
      app.services.jobs.define('app.render', async () => undefined);
      await app.ready();
      expect(await app.services.jobs.send('app.render', {})).toEqual(expect.any(String));
      await expect(app.services.jobs.drain()).rejects.toThrow('only sends jobs');
    } finally {
      await close();
    }
  });
});
