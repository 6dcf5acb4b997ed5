import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoModel } from './media/model/index.js';
import { renderSyntheticPanorama } from './media/panorama/index.js';
import { writeSyntheticPointCloud } from './media/pointcloud/index.js';
import {
  DEMO_MODEL_COVER,
  DEMO_MODEL_FILE,
  DEMO_POINT_CLOUD_COVER,
  DEMO_POINT_CLOUD_FILE,
  DEMO_SCENES,
} from './modules/demo/demo-content.js';
import { freePort, runEntry, waitForHealth } from './test/server-process.js';
import { samplePng } from './test/works-fixtures.js';

// These start real processes on the embedded database; PostgreSQL is covered by the API suites.
const embeddedOnly = { DATABASE_URL: '' };

async function login(baseUrl: string, phone: string, password: string) {
  return fetch(`${baseUrl}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ phoneNumber: phone, password }),
  });
}

describe('the server process', () => {
  it('creates the first admin once, finishes requests on SIGTERM, exits 0, and loses nothing on restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-process-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // No demo works: their runs (a point cloud of millions of points among them) would only load the machine.
    const env = {
      ...embeddedOnly,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PHONE: '13811112222',
      LOG_LEVEL: 'info',
      DEMO_WORKS: 'false',
    };

    const first = runEntry('src/server.ts', env);
    await waitForHealth(baseUrl, first);
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    // Sign-ins hash with argon2 (tens of ms each): they are still in flight when SIGTERM arrives.
    const received = () => first.output().split('"url":"/api/client/login"').length - 1;
    const before = received();
    const inFlight = Array.from({ length: 4 }, () => login(baseUrl, '13811112222', password!));
    while (received() < before + 4) await new Promise((resolve) => setTimeout(resolve, 2));
    first.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = runEntry('src/server.ts', env);
    await waitForHealth(baseUrl, second);
    expect(second.output()).not.toContain('password:');
    expect((await login(baseUrl, '13811112222', password!)).status).toBe(200);

    const rival = runEntry('src/server.ts', { ...env, PORT: String(await freePort()) });
    expect(await rival.exited).toBe(1);
    expect(rival.output()).toContain(`DATA_DIR ${dataDir} is in use by the Spatia server`);

    const cli = runEntry('src/cli/admin.ts', env, ['create', '--phone', '13811113333', '--password', 'abcd1234']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('is in use by the Spatia server');

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const cliAfter = runEntry('src/cli/admin.ts', env, ['create', '--phone', '13811113333', '--password', 'abcd1234']);
    expect(await cliAfter.exited).toBe(0);
    expect(cliAfter.output()).toContain('Created admin account 13811113333');
  }, 240_000);

  it('adds the demo works at the first start after the admin command created the administrator, and on purpose with `admin demo`', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-process-'));
    const demoDir = await writeDemoFiles();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // Jobs only queued: the demo works' processing is not what this test is about.
    const metricsPort = await freePort();
    const env = {
      ...embeddedOnly,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_DIR: demoDir,
      WORKER_IN_PROCESS: 'false',
      METRICS_PORT: String(metricsPort),
    };

    const cli = runEntry('src/cli/admin.ts', env, ['create', '--phone', '13811114444', '--password', 'abcd1234']);
    expect(await cli.exited).toBe(0);
    const server = runEntry('src/server.ts', env);
    await waitForHealth(baseUrl, server);
    expect(server.output()).not.toContain('password:');
    const showcase = (await (await fetch(`${baseUrl}/api/showcase`)).json()) as { data: { total: number } };
    expect(showcase.data.total).toBe(3);
    // METRICS_PORT: the metrics on their own listener, none on the public port.
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain(
      'spatia_http_request_duration_seconds_count{method="GET",route="/api/showcase",status_class="2xx"} 1',
    );
    // There /metrics is any unknown page: the web app's, which its router answers.
    const publicPort = await fetch(`${baseUrl}/metrics`);
    expect(publicPort.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await publicPort.text()).not.toContain('spatia_');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const again = runEntry('src/cli/admin.ts', env, ['demo']);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('The demo works already exist');
  }, 240_000);

  it('stops at start with one line naming each wrong variable', async () => {
    const running = runEntry('src/server.ts', { ...embeddedOnly, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await running.exited).toBe(1);
    const lines = running.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT must be a valid number');
    expect(lines[0]).toContain('LOG_LEVEL must be one of');
  }, 60_000);
});

/** The files `npm run build` renders for the demo works, small. */
async function writeDemoFiles(): Promise<string> {
  const demoDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-demo-'));
  for (const scene of DEMO_SCENES)
    writeFileSync(path.join(demoDir, scene.file), await renderSyntheticPanorama({ width: 2048, height: 1024, label: scene.label }));
  writeFileSync(path.join(demoDir, DEMO_MODEL_FILE), await buildDemoModel());
  await writeSyntheticPointCloud(path.join(demoDir, DEMO_POINT_CLOUD_FILE), { points: 10_000 });
  for (const cover of [DEMO_MODEL_COVER, DEMO_POINT_CLOUD_COVER]) writeFileSync(path.join(demoDir, cover), await samplePng());
  return demoDir;
}
