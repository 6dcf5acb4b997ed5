import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authHeaders, call, clusterState, createAccount, signIn } from './support.js';

const state = clusterState();
const { LB, API_1, API_2 } = state.addresses;
const MiB = 1024 * 1024;

interface WorkDetail {
  uid: string;
  assets: { kind: string; size: number; url: string }[];
}

/** A signed-in owner of a new 3D work, and a grant to upload its origin (a ZIP) at /api/tus, as the web app gets them. */
async function originGrant(): Promise<{ token: string; uid: string; grant: string }> {
  const token = await signIn(LB, createAccount(state));
  const work = await call<WorkDetail>(LB, '/api/model', {
    method: 'POST',
    headers: { ...authHeaders(token), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Cluster upload', type: 'model3d' }),
  });
  expect(work.status).toBe(200);
  const uid = work.body!.data!.uid;
  const grant = await call<{ grant: string }>(LB, `/api/model/${uid}/origin/uploadCredentials`, { headers: authHeaders(token) });
  expect(grant.status).toBe(200);
  return { token, uid, grant: grant.body!.data!.grant };
}

/** Random bytes the server takes for a ZIP (it looks at the signature only). */
function zipLike(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('PK\x03\x04', 0, 'latin1');
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function createUpload(base: string, grant: string, size: number): Promise<string> {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${base}/api/tus`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `grant ${base64(grant)},filename ${base64('cluster.zip')}`,
    },
  });
  expect(created.status, await created.text()).toBe(201);
  return new URL(created.headers.get('location')!, base).pathname;
}

function patchHeaders(grant: string, offset: number): Record<string, string> {
  return {
    'tus-resumable': '1.0.0',
    'upload-grant': grant,
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
  };
}

/** One PATCH; with `pauseMs` the body stops halfway for that long, as a slow client's does, so the request holds the upload meanwhile. */
async function patch(base: string, location: string, grant: string, offset: number, chunk: Buffer, pauseMs = 0) {
  const half = Math.floor(chunk.length / 2);
  const body =
    pauseMs === 0
      ? chunk
      : new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(chunk.subarray(0, half));
            await new Promise((resolve) => setTimeout(resolve, pauseMs));
            controller.enqueue(chunk.subarray(half));
            controller.close();
          },
        });
  const response = await fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: { ...patchHeaders(grant, offset), 'content-length': String(chunk.length) },
    body,
    duplex: 'half',
  });
  const text = await response.text();
  return { status: response.status, offset: response.headers.get('upload-offset'), text };
}

async function offsetAt(base: string, location: string, grant: string): Promise<number> {
  const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', 'upload-grant': grant } });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

/** The stored origin, downloaded through the load balancer from the work's signed link. */
async function storedOrigin(token: string, uid: string): Promise<Buffer> {
  const work = await call<WorkDetail>(LB, `/api/model/${uid}`, { headers: authHeaders(token) });
  const origins = work.body!.data!.assets.filter((asset) => asset.kind === 'origin');
  expect(origins).toHaveLength(1);
  const download = await fetch(new URL(origins[0]!.url, LB), { headers: authHeaders(token) });
  expect(download.status).toBe(200);
  return Buffer.from(await download.arrayBuffer());
}

describe('resumable uploads across two API processes', () => {
  it('takes an upload whose chunks alternate between the processes, and stores it byte for byte', async () => {
    const { token, uid, grant } = await originGrant();
    // Chunks of 3 MiB against the S3 store's 8 MiB parts: most PATCHes leave an incomplete part that
    // the next one, at the other process, has to pick up.
    const chunkSize = 3 * MiB;
    const bytes = zipLike(5 * chunkSize + 12_345);
    const location = await createUpload(API_1, grant, bytes.length);
    const targets = [API_2, API_1, LB, API_2, LB, API_1];
    let offset = 0;
    for (const [index, base] of targets.entries()) {
      const chunk = bytes.subarray(offset, offset + chunkSize);
      const sent = await patch(base, location, grant, offset, chunk);
      offset += chunk.length;
      // The last PATCH too: it answers once the file is stored and attached to the work.
      expect(sent.status, sent.text).toBe(204);
      expect(Number(sent.offset)).toBe(offset);
      // The other process sees the same offset.
      if (offset < bytes.length) expect(await offsetAt(index % 2 === 0 ? API_1 : API_2, location, grant)).toBe(offset);
    }
    expect(offset).toBe(bytes.length);
    expect(sha256(await storedOrigin(token, uid))).toBe(sha256(bytes));
  });

  it('lets one request at a time write an upload, whichever process each reached', async () => {
    const { token, uid, grant } = await originGrant();
    const chunkSize = 3 * MiB;
    const bytes = zipLike(3 * chunkSize);
    const chunks = [0, 1, 2].map((index) => bytes.subarray(index * chunkSize, (index + 1) * chunkSize));
    const location = await createUpload(LB, grant, bytes.length);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // The first chunk, and the same chunk again at the other process while the first is still arriving
    // (a client retrying what it thought was lost): one of them is written, the other is refused with
    // tus's conflict once the first is done, and nothing is written twice.
    const slow = patch(API_1, location, grant, 0, chunks[0]!, 1_000);
    await pause(250);
    const retry = patch(API_2, location, grant, 0, chunks[0]!);
    const pair = await Promise.all([slow, retry]);
    expect(pair.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(await offsetAt(LB, location, grant)).toBe(chunkSize);

    // The second chunk arriving slowly at one process, and the third at the other meanwhile: the third
    // waits for the second and goes on from where it ended.
    const second = patch(API_2, location, grant, chunkSize, chunks[1]!, 1_000);
    await pause(250);
    const third = patch(API_1, location, grant, 2 * chunkSize, chunks[2]!);
    const [secondAnswer, thirdAnswer] = await Promise.all([second, third]);
    expect(secondAnswer.status, secondAnswer.text).toBe(204);
    expect(thirdAnswer.status, thirdAnswer.text).toBe(204);
    expect(Number(thirdAnswer.offset)).toBe(bytes.length);
    expect(sha256(await storedOrigin(token, uid))).toBe(sha256(bytes));
  });
});
