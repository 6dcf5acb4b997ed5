import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../test/shared-test-app.js';

describe('jobs in a test app', () => {
  const testApp = sharedTestApp();

  it('run only when the test drains them', async () => {
    const { app } = testApp;
    const ran: number[] = [];
    const notify = app.services.jobs.define<{ userId: number }>('app.notify', async (job) => void ran.push(job.data.userId));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await notify.send({ userId: 5 });
    expect(ran).toEqual([]);
    expect(await app.services.jobs.drain()).toEqual({ completed: 1, failed: 0 });
    expect(ran).toEqual([5]);
  });
});

describe('jobs in a server with WORKER_IN_PROCESS=false', () => {
  const testApp = sharedTestApp({ WORKER_IN_PROCESS: 'false' }, { jobs: undefined });

  it('are only sent', async () => {
    const { app } = testApp;
    app.services.jobs.define('app.render', async () => undefined);
    await app.ready();
    expect(await app.services.jobs.send('app.render', {})).toEqual(expect.any(String));
    await expect(app.services.jobs.drain()).rejects.toThrow('only sends jobs');
  });
});
