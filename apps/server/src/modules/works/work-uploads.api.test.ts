import { type WorkDetail, UploadErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { tusUpload } from '../../test/tus-fixtures.js';
import { createWork, person, samplePng, uploadGrant, type Person } from '../../test/works-fixtures.js';

/** A work's files arrive through the real tus endpoint and attach themselves to the work. */
let testApp: TestApp;
let baseUrl: string;
let owner: Person;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await person(testApp.app);
});
afterAll(() => testApp.close());

const upload = (grant: string, bytes: Buffer, filename: string, chunkSize?: number) =>
  tusUpload(baseUrl, grant, bytes, filename, chunkSize);

const detail = async (uid: string) => json<{ data: WorkDetail }>(await owner.call('GET', `/api/model/${uid}`)).data;

describe("uploading a work's files with tus", () => {
  it('attaches a cover (shown as a WebP) and an origin sent in chunks, and the work can go online', async () => {
    const work = await createWork(owner);
    const cover = await samplePng();
    const coverAnswer = await upload((await uploadGrant(owner, work.uid, 'cover')).grant, cover, 'cover.png');
    expect(coverAnswer.status).toBe(204);
    const origin = Buffer.concat([await samplePng(), Buffer.alloc(3 * 1024 * 1024, 7)]);
    await upload((await uploadGrant(owner, work.uid, 'origin')).grant, origin, '客厅.png', 1024 * 1024);

    const after = await detail(work.uid);
    expect(after.coverUrl).toMatch(/^\/files\/covers\/[0-9a-f]{64}\.webp$/);
    expect(after.assets.map((asset) => [asset.kind, asset.fileName, asset.contentType, asset.size])).toEqual([
      ['cover', 'cover.png', 'image/png', cover.length],
      ['origin', '客厅.png', 'image/png', origin.length],
    ]);
    const served = await fetch(new URL(after.coverUrl, baseUrl));
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await owner.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=true')).statusCode).toBe(200);

    // Stored files answer byte ranges (videos seek, big downloads resume).
    const originUrl = new URL(after.assets.find((asset) => asset.kind === 'origin')!.url, baseUrl);
    const part = await fetch(originUrl, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${origin.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(origin.subarray(100, 200))).toBe(true);
    const tail = await fetch(originUrl, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(origin.subarray(origin.length - 10))).toBe(true);
    const whole = await fetch(originUrl, { headers: { range: 'bytes=abc' } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
  });

  it('refuses bytes that are not what the grant accepts, and attaches nothing', async () => {
    const work = await createWork(owner);
    const grant = await uploadGrant(owner, work.uid, 'cover');
    const answer = await upload(grant.grant, Buffer.from('PK\u0003\u0004 not an image at all'), 'cover.jpg');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect((await answer.json()) as { code: number }).toMatchObject({ code: UploadErrors.uploadContentRejected.code });
    expect((await detail(work.uid)).assets).toEqual([]);
  });

  it('refuses an upload for a work that went to the recycle bin meanwhile', async () => {
    const work = await createWork(owner);
    const grant = await uploadGrant(owner, work.uid, 'slr');
    await owner.call('DELETE', `/api/model/${work.uid}`);
    const answer = await upload(grant.grant, await samplePng(), 'photo.png');
    expect(answer.status).toBe(404);
    await owner.call('POST', `/api/model/${work.uid}/restore`);
    expect((await detail(work.uid)).assets).toEqual([]);
  });
});
