import { ErrorCode } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../test/shared-test-app.js';
import { json } from '../../test/test-app.js';
import { HealthService } from './health.service.js';

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
