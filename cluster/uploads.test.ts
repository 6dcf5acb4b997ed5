import { describe, expect, it } from 'vitest';
import {
  clusterState,
  createAccount,
  createUpload,
  createWork,
  offsetAt,
  originGrant,
  patch,
  sha256,
  signIn,
  storedOrigin,
  zipLike,
} from './support.js';

const state = clusterState();
const { LB, API_1, API_2 } = state.addresses;
const MiB = 1024 * 1024;

/** A signed-in owner of a new 3D work, and a grant to upload its origin (a ZIP) at /api/tus, as the web app gets them. */
async function originGrantOfNewWork(): Promise<{ token: string; uid: string; grant: string }> {
  const token = await signIn(LB, createAccount(state));
  const uid = await createWork(LB, token, 'model3d', 'Cluster upload');
  return { token, uid, grant: await originGrant(LB, token, uid) };
}

describe('resumable uploads across two API processes', () => {
  it('takes an upload whose chunks alternate between the processes, and stores it byte for byte', async () => {
    const { token, uid, grant } = await originGrantOfNewWork();
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
    expect(sha256(await storedOrigin(LB, token, uid))).toBe(sha256(bytes));
  });

  it('lets one request at a time write an upload, whichever process each reached', async () => {
    const { token, uid, grant } = await originGrantOfNewWork();
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
    expect(sha256(await storedOrigin(LB, token, uid))).toBe(sha256(bytes));
  });
});
