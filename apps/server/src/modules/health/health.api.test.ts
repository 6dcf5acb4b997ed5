import { ErrorCode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../test/shared-test-app.js';
import { createTestApp, json } from '../../test/test-app.js';
import { HealthService } from './health.service.js';
import { ReadinessService } from './readiness.service.js';

const testApp = sharedTestApp();

describe('GET /api/health', () => {
  it('reports the database kind and the version', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      code: 0,
      msg: 'ok',
      data: { status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite', version: '0.1.0' },
    });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers liveness without asking anything, and readiness once the database and the job queue answer', async () => {
    await testApp.app.ready();
    const live = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(json(live)).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', version: '0.1.0' } });
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ code: 0, msg: 'ok', data: { status: 'ready', checks: ['database', 'jobs'] } });
  });

  it('is not ready (503, code 1004, naming the check) while the database does not answer or the jobs stopped, yet alive', async () => {
    const own = await createTestApp();
    try {
      await own.app.ready();
      const { database, jobs } = own.app.services;
      const ping = database.ping;
      database.ping = () => Promise.reject(new Error('the database is closed'));
      const down = await own.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'en' } });
      expect(down.statusCode).toBe(503);
      expect(json(down)).toEqual({ code: 1004, msg: 'Not ready: database did not answer' });
      expect((await own.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      database.ping = ping;
      await jobs.stop();
      const stopped = await own.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'en' } });
      expect(json(stopped)).toEqual({ code: 1004, msg: 'Not ready: jobs did not answer' });
    } finally {
      await own.close();
    }
  });
});

describe('ReadinessService', () => {
  it('names every check that failed, answered false, or took longer than its limit', async () => {
    const readiness = new ReadinessService(
      {
        database: () => new Promise(() => undefined),
        jobs: () => false,
        cache: () => Promise.resolve('PONG'),
      },
      50,
    );
    await expect(readiness.check()).rejects.toMatchObject({ code: 1004, httpStatus: 503, params: { checks: 'database, jobs' } });
    await expect(new ReadinessService({ cache: () => Promise.resolve() }).check()).resolves.toEqual({ status: 'ready', checks: ['cache'] });
  });
});

describe('HealthService', () => {
  it('says unavailable when the database does not answer, and checks at most once a second', async () => {
    let pings = 0;
    let up = false;
    const clock = { now: 0 };
    const health = new HealthService(
      {
        kind: 'postgres',
        ping: async () => {
          pings += 1;
          if (!up) throw new Error('down');
        },
      },
      '1.2.3',
      () => clock.now,
    );
    await expect(health.status()).rejects.toMatchObject({ code: ErrorCode.unavailable, httpStatus: 503 });
    up = true;
    await expect(health.status()).rejects.toMatchObject({ httpStatus: 503 });
    expect(pings).toBe(1);
    clock.now += 1001;
    await expect(health.status()).resolves.toEqual({ status: 'ok', database: 'postgres', version: '1.2.3' });
    expect(pings).toBe(2);
  });
});
