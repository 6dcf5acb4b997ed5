import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  cluster,
  clusterInBackground,
  clusterProcess,
  clusterState,
  createAccount,
  createUpload,
  createWork,
  isRunning,
  killHard,
  offsetAt,
  originGrant,
  patch,
  patchHeaders,
  sha256,
  signIn,
  sleep,
  storedOrigin,
  zipLike,
} from './support.js';

const state = clusterState();
const { LB, API_1, API_2 } = state.addresses;
const MiB = 1024 * 1024;
/** The part size of the S3 store's multipart uploads (@tus/s3-store's default, which s3-tus-backend.ts keeps). */
const PART = 8 * MiB;

/**
 * A PATCH whose body stops after `sent` bytes and waits there (a client still sending when the process
 * dies): answers once that many bytes were handed to the connection, with the request's outcome to come.
 */
async function stalledPatch(base: string, location: string, grant: string, offset: number, chunk: Buffer, sent: number) {
  let handed = 0;
  let reached: () => void = () => undefined;
  const handedEnough = new Promise<void>((resolve) => (reached = resolve));
  const aborter = new AbortController();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (handed >= sent) {
          reached();
          // Nothing more until the connection breaks.
          await new Promise((resolve) => aborter.signal.addEventListener('abort', resolve));
          return;
        }
        const piece = chunk.subarray(handed, Math.min(handed + 256 * 1024, sent));
        handed += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  const outcome = fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: { ...patchHeaders(grant, offset), 'content-length': String(chunk.length) },
    body,
    duplex: 'half',
    signal: aborter.signal,
  }).then(
    (response) => `HTTP ${response.status}`,
    (error: Error) => `${error.name}: ${error.message}`,
  );
  // An answer before that many bytes went out (a refusal) fails here, instead of waiting for ever.
  const early = await Promise.race([handedEnough.then(() => undefined), outcome]);
  if (early !== undefined) throw new Error(`the PATCH ended before ${sent} bytes were sent: ${early}`);
  return { outcome, abort: () => aborter.abort() };
}

describe('an API process killed during an upload', () => {
  // The killed process comes back for the tests that follow, whatever happened here.
  afterAll(() => {
    if (!isRunning(clusterProcess('api-1'))) cluster('up', 'api-1');
  }, 120_000);

  it('lets the client resume through the other process and stores the file byte for byte', { timeout: 90_000 }, async () => {
    const account = createAccount(state);
    const token = await signIn(LB, account);
    const uid = await createWork(LB, token, 'model3d', 'Cluster crash upload');
    const grant = await originGrant(LB, token, uid);
    const bytes = zipLike(24 * MiB + 4321);
    const location = await createUpload(API_1, grant, bytes.length);

    // 9 MiB stored through API_1: one part of the S3 upload, and 1 MiB kept as its incomplete part.
    const firstEnd = PART + MiB;
    const first = await patch(API_1, location, grant, 0, bytes.subarray(0, firstEnd));
    expect(first.status, first.text).toBe(204);
    // The next PATCH, to API_1 too, has sent 10 MiB of its 15 when API_1 dies: it held the upload's lock.
    const stalled = await stalledPatch(API_1, location, grant, firstEnd, bytes.subarray(firstEnd), 10 * MiB);
    await sleep(1_000);
    const api1 = clusterProcess('api-1');
    killHard(api1);
    expect(await stalled.outcome).not.toMatch(/^HTTP 2/);
    stalled.abort();

    // nginx sends everything to API_2 now, whatever the method: nothing was sent to the dead process.
    for (let round = 0; round < 3; round += 1) {
      expect((await call(LB, '/api/health/ready')).status).toBe(200);
      await signIn(LB, account);
    }
    // It comes back meanwhile (an API takes a while to start on a busy machine).
    const restarted = clusterInBackground('up', 'api-1');

    // The client asks the other process where to go on: the dead process's lock runs out with its
    // lease, and the offset is what the bucket holds. That can be less than the first PATCH was told
    // (its incomplete part was being merged into the stalled PATCH's next part), never less than the
    // whole parts stored; the client goes on from there, as tus clients do.
    const resumeAt = await offsetAt(API_2, location, grant);
    expect(resumeAt).toBeGreaterThanOrEqual(Math.floor(firstEnd / PART) * PART);
    expect(resumeAt).toBeLessThanOrEqual(firstEnd + 10 * MiB);
    const rest = await patch(API_2, location, grant, resumeAt, bytes.subarray(resumeAt));
    expect(rest.status, rest.text).toBe(204);
    expect(Number(rest.offset)).toBe(bytes.length);
    expect(sha256(await storedOrigin(LB, token, uid))).toBe(sha256(bytes));

    await restarted;
    expect((await call(API_1, '/api/health/ready')).status).toBe(200);
  });
});
