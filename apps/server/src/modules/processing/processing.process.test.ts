import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Tour, WorkDetail, WorkProcessing } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { freePort, runEntry, waitForHealth, type RunningProcess } from '../../test/server-process.js';
import { createTestDatabase } from '../../test/test-database.js';
import { tusUpload } from '../../test/tus-fixtures.js';
import { buildRawZip } from '../../test/zip-fixtures.js';

const ADMIN_PHONE = '13811114444';

/** The real server as a process, killed with SIGKILL in the middle of a run, then started again. */
describe('a server killed in the middle of processing', () => {
  it('resumes the run after a restart and finishes it', { timeout: 240_000 }, async () => {
    const { dataDir, baseUrl, env, scratch } = await serverSetting('spatia-kill-');

    const first = runEntry('src/server.ts', env);
    await waitForHealth(baseUrl, first);
    const password = await adminPassword(first);
    const api = await signedInApi(baseUrl, password);

    const work = await api<WorkDetail>('POST', '/api/model', { name: '重启测试', type: 'panorama' });
    // Three scenes, large enough that the run takes a while: the kill lands after the first is done.
    for (const label of ['一', '二', '三']) {
      const grant = await api<{ grant: string }>('GET', `/api/model/${work.uid}/origin/uploadCredentials`);
      const scene = await renderSyntheticPanorama({ width: 4096, height: 2048, label });
      expect((await tusUpload(baseUrl, grant.grant, scene, `${label}.jpg`)).status).toBe(204);
    }
    await api('POST', `/api/model/${work.uid}/activateSolver`);
    const midway = await waitFor(
      () => api<WorkProcessing>('GET', `/api/model/${work.uid}/processing`),
      (status) => status.state === 'running' && status.progress > 0.35,
      120_000,
    );
    expect(midway.progress).toBeLessThan(1);
    // The run's media work goes on in a child process of the server's.
    const mediaProcesses = mediaProcessesOf(dataDir);
    expect(mediaProcesses.length).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;
    // Killed with its parent's channel: no media process outlives the server.
    await waitFor(
      async () => mediaProcesses.filter((pid) => existsSync(`/proc/${pid}`)),
      (alive) => alive.length === 0,
      10_000,
    );

    const second = runEntry('src/server.ts', env);
    try {
      await waitForHealth(baseUrl, second);
      const finished = await waitFor(
        () => api<WorkProcessing>('GET', `/api/model/${work.uid}/processing`),
        (status) => status.state === 'done' || status.state === 'failed',
        120_000,
      );
      expect(finished).toMatchObject({ state: 'done', sceneCount: 3, failure: null });
      expect(finished.attempts).toBeGreaterThanOrEqual(2);
      // What the killed server's run left on disk and in memory was swept by the start.
      expect(readdirSync(path.join(dataDir, 'tmp', 'processing')).filter((name) => name.includes(`-${first.child.pid}-`))).toEqual([]);
      if (existsSync('/dev/shm'))
        expect(readdirSync('/dev/shm').filter((name) => mediaProcesses.some((pid) => name.startsWith(`spatia-panorama-${pid}-`)))).toEqual(
          [],
        );
      const tour = await api<Tour>('GET', `/api/model/${work.uid}/tour`);
      expect(tour.scenes).toHaveLength(3);
      for (const scene of tour.scenes) expect((await fetch(`${baseUrl}${scene.baseUrl}base/front.jpg`)).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      await scratch?.drop();
    }
  });
});

/** The 2.9 KB upload that took the server down, and again after every restart (issue 12, item 1). */
describe('a server given a zip that crashed media code', () => {
  it('fails the run with a reason and keeps answering', { timeout: 180_000 }, async () => {
    const { baseUrl, env, scratch } = await serverSetting('spatia-poison-');
    const server = runEntry('src/server.ts', env);
    try {
      await waitForHealth(baseUrl, server);
      const api = await signedInApi(baseUrl, await adminPassword(server));
      const work = await api<WorkDetail>('POST', '/api/model', { name: '有毒的压缩包', type: 'panorama' });
      // a.jpg: deflated bytes that inflate to 2,800 while its headers say 1,024.
      const zip = buildRawZip([{ name: 'a.jpg', data: randomBytes(2800), claimedSize: 1024, deflate: true }]);
      const grant = await api<{ grant: string }>('GET', `/api/model/${work.uid}/origin/uploadCredentials`);
      expect((await tusUpload(baseUrl, grant.grant, zip, 'poison.zip')).status).toBe(204);
      const activated = Date.now();
      await api('POST', `/api/model/${work.uid}/activateSolver`);
      const failed = await waitFor(
        () => api<WorkProcessing>('GET', `/api/model/${work.uid}/processing`),
        (status) => status.state === 'failed' || status.state === 'done',
        60_000,
      );
      console.log(
        `poisoned zip (${zip.length} bytes): activation to failure ${Date.now() - activated} ms, the run itself ${failed.finishedAt! - failed.startedAt!} ms`,
      );
      expect(failed).toMatchObject({ state: 'failed', attempts: 1, failure: { reason: 'unsafeArchive', fileName: 'poison.zip' } });
      // Still the same process, still answering, and still processing what it is given.
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
      await api('GET', `/api/model/${work.uid}`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await scratch?.drop();
    }
  });
});

/**
 * What a server process of these tests runs with: a data folder of its own, a free port, a short
 * processing lease, no demo works, and a fresh database on the PostgreSQL server of DATABASE_URL when one is set
 * (`scratch`, for the test to drop), else the server's own embedded one.
 */
async function serverSetting(dataDirPrefix: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const port = await freePort();
  const scratch = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PHONE,
    PROCESSING_LEASE_SECONDS: '3',
    // The demo works' runs would queue before the test's own and take most of its time.
    DEMO_WORKS: 'false',
    DATABASE_URL: scratch?.database.kind === 'postgres' ? scratch.database.url : '',
  };
  return { dataDir, baseUrl: `http://127.0.0.1:${port}`, env, scratch };
}

/** Media processes (media/isolated/) of the server whose DATA_DIR this is, by pid. */
function mediaProcessesOf(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('media-child') &&
          readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function adminPassword(server: RunningProcess): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const password = /password: (\S+)/.exec(server.output())?.[1];
    if (password) return password;
    if (Date.now() > deadline) throw new Error(`no admin password printed:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signedInApi(baseUrl: string, password: string) {
  const login = await fetch(`${baseUrl}/api/client/login`, {
    method: 'POST',
    body: new URLSearchParams({ phoneNumber: ADMIN_PHONE, password }),
  });
  const token = login.headers.get('x-auth-token')!;
  return async <T = unknown>(method: string, url: string, body?: Record<string, unknown>): Promise<T> => {
    const response = await fetch(baseUrl + url, {
      method,
      headers: { 'auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as { code: number; data: T };
    if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
