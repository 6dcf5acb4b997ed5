import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../lib/metrics.js';
import { createTestApp, json, type TestApp } from '../test/test-app.js';
import { startMetricsListener } from './metrics.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /metrics behind METRICS_TOKEN', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  const scrape = (authorization?: string) =>
    testApp.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it('answers 401 (code 1003) without the token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ', `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(json(response)).toMatchObject({ code: 1003 });
    }
  });

  it('answers every metric to the token, requests counted under their route pattern', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/client/12345/info' });
    await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'spatia_http_request_duration_seconds',
      'spatia_job_queue_depth',
      'spatia_job_duration_seconds',
      'spatia_processing_run_seconds',
      'spatia_upload_received_bytes_total',
      'spatia_payment_notifications_total',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
    expect(response.body).toContain(
      'spatia_http_request_duration_seconds_count{method="GET",route="/api/client/:uid/info",status_class="4xx"} 1',
    );
    expect(response.body).toContain(
      'spatia_http_request_duration_seconds_count{method="GET",route="/api/health/live",status_class="2xx"} 1',
    );
    expect(response.body).not.toContain('12345');
  });

  it('reads the job queue depth when scraped, and times the runs', async () => {
    const { jobs } = testApp.app.services;
    await jobs.send('notifications.prune', {});
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(before).toContain('spatia_job_queue_depth{queue="notifications.prune",state="waiting"} 1');
    await jobs.drain(['notifications.prune']);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(after).not.toContain('spatia_job_queue_depth{queue="notifications.prune"');
    expect(after).toContain('spatia_job_duration_seconds_count{job="notifications.prune",outcome="completed"} 1');
  });
});

describe('/metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('does not exist: 404 like any unknown path', async () => {
    const testApp = await createTestApp();
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('spatia_');
    } finally {
      await testApp.close();
    }
  });
});

describe('METRICS_PORT: a listener of its own', () => {
  it('takes /metrics off the public port', async () => {
    const testApp = await createTestApp({ METRICS_PORT: '19464', METRICS_TOKEN: TOKEN });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });

  it('answers there, asking for the token when one is set', async () => {
    const metrics = new Metrics();
    metrics.countUploadBytes(2048, 'tus');
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
    for (const token of [undefined, TOKEN]) {
      const listener = await startMetricsListener({ token, listener: { host: '127.0.0.1', port: 0 } }, metrics, silent);
      try {
        const { port } = listener.server.address() as AddressInfo;
        const url = `http://127.0.0.1:${port}/metrics`;
        if (token) expect((await fetch(url)).status).toBe(401);
        const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('spatia_upload_received_bytes_total{via="tus"} 2048');
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      } finally {
        await listener.close();
      }
    }
  });
});
