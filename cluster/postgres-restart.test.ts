import type { WorkProcessing } from '@spatia/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  call,
  cluster,
  clusterInBackground,
  clusterProcess,
  clusterState,
  createAccount,
  createWork,
  isRunning,
  signIn,
  sleep,
  uploadOrigin,
  waitFor,
} from './support.js';

const state = clusterState();
const { LB, API_1, API_2 } = state.addresses;
const PROCESSES = ['api-1', 'api-2', 'worker-1', 'worker-2'];
/** A request that takes longer than this hangs: with the database gone, an answer must come at once. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How long the database stays down. */
const DOWN_MS = 3_000;

/** While `npm run cluster -- down postgres` and `up postgres` run, requests are in neither state. */
type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after';

interface Sample {
  load: string;
  phase: Phase;
  status: number;
  code: number | undefined;
  msg: string | undefined;
  ms: number;
  /** Set when no HTTP answer came (a timeout, a connection cut). */
  error?: string;
}

describe.skipIf(!state.ownPostgres)('PostgreSQL restarted under load', () => {
  // Up again for the tests that follow, whatever happened here.
  afterAll(() => cluster('up', 'postgres'));

  it(
    'fails each request promptly with the envelope while it is down, and everything recovers by itself',
    { timeout: 120_000 },
    async () => {
      const token = await signIn(LB, createAccount(state));
      const uid = await createWork(LB, token, 'panorama', 'Restart');
      const pids = PROCESSES.map((name) => clusterProcess(name));

      // Reads, writes and readiness probes at each API process and through the load balancer, without pause.
      const requests: Record<string, (base: string, round: number) => Promise<Response>> = {
        read: (base) => fetchWithin(`${base}/api/model/${uid}`, { headers: authHeaders(token) }),
        write: (base, round) =>
          fetchWithin(`${base}/api/model/${uid}/attr`, {
            method: 'PATCH',
            headers: { ...authHeaders(token), 'content-type': 'application/json' },
            body: JSON.stringify({ description: `round ${round}` }),
          }),
        ready: (base) => fetchWithin(`${base}/api/health/ready`),
      };
      let phase: Phase = 'before';
      let running = true;
      const samples: Sample[] = [];
      const loops = Object.entries(requests).flatMap(([kind, request]) =>
        Object.entries({ API_1, API_2, LB }).map(async ([where, base]) => {
          for (let round = 0; running; round += 1) {
            const startedAt = Date.now();
            const sample: Sample = { load: `${kind} at ${where}`, phase, status: 0, code: undefined, msg: undefined, ms: 0 };
            try {
              const response = await request(base, round);
              const text = await response.text();
              sample.status = response.status;
              try {
                const body = JSON.parse(text) as { code?: number; msg?: string };
                sample.code = body.code;
                sample.msg = body.msg;
              } catch {
                sample.msg = `not JSON: ${text.slice(0, 80)}`;
              }
            } catch (error) {
              sample.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            }
            sample.ms = Date.now() - startedAt;
            samples.push(sample);
            await sleep(50);
          }
        }),
      );

      await sleep(1_000);
      phase = 'stopping';
      await clusterInBackground('down', 'postgres');
      phase = 'down';
      await sleep(DOWN_MS);
      phase = 'starting';
      await clusterInBackground('up', 'postgres');
      phase = 'after';
      // Everything answers again, at each process: the pools open new connections, nobody is restarted.
      const loads = [...new Set(samples.map((sample) => sample.load))];
      await waitFor(
        async () =>
          loads.filter((load) =>
            samples
              .filter((sample) => sample.load === load && sample.phase === 'after')
              .slice(-3)
              .some(failed),
          ),
        (stillFailing) => stillFailing.length === 0 && samples.filter((sample) => sample.phase === 'after').length >= 3 * loads.length,
        30_000,
      );
      running = false;
      await Promise.all(loops);

      // Never a hang, never a cut connection, never an answer without the envelope.
      expect(samples.filter((sample) => sample.error !== undefined)).toEqual([]);
      const malformed = samples.filter(
        (sample) =>
          !(sample.status === 200 && sample.code === 0) &&
          !(sample.status >= 500 && typeof sample.code === 'number' && sample.code !== 0 && Boolean(sample.msg)),
      );
      expect(malformed).toEqual([]);
      // While it was down every load at every process saw it, the probes as 503 (1004) naming the database,
      // the reads and writes as 503 (503): come back in a moment, not a failure of ours to report.
      const down = samples.filter((sample) => sample.phase === 'down');
      expect(loads.filter((load) => !down.some((sample) => sample.load === load && failed(sample)))).toEqual([]);
      const notUnavailable = samples.filter((sample) => !sample.load.startsWith('ready') && failed(sample) && sample.status !== 503);
      expect(notUnavailable).toEqual([]);
      expect(
        samples.filter((sample) => sample.status === 503 && !sample.load.startsWith('ready')).every((sample) => sample.code === 503),
      ).toBe(true);
      for (const probe of down.filter((sample) => sample.load.startsWith('ready') && failed(sample)))
        expect({ status: probe.status, code: probe.code, msg: probe.msg }).toMatchObject({
          status: 503,
          code: 1004,
          msg: expect.stringContaining('database'),
        });
      expect(samples.filter((sample) => sample.phase === 'before').every((sample) => !failed(sample))).toBe(true);
      // Every process is the one that was running before.
      expect(pids.filter((entry) => !isRunning(entry)).map((entry) => entry.name)).toEqual([]);

      // The job queue recovered too: the APIs queue a processing run and a worker carries it out.
      await uploadOrigin(
        LB,
        token,
        uid,
        'after.jpg',
        await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#7a9' } })
          .jpeg()
          .toBuffer(),
      );
      const activated = await call(LB, `/api/model/${uid}/activateSolver`, { method: 'POST', headers: authHeaders(token) });
      expect(activated.status, activated.body?.msg).toBe(200);
      const processed = await waitFor(
        async () => (await call<WorkProcessing>(LB, `/api/model/${uid}/processing`, { headers: authHeaders(token) })).body!.data!,
        (processing) => processing.state === 'done' || processing.state === 'failed',
        60_000,
        500,
      );
      expect(processed).toMatchObject({ state: 'done', sceneCount: 1 });
    },
  );
});

function failed(sample: Sample): boolean {
  return sample.error !== undefined || sample.status !== 200;
}

function fetchWithin(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}
