import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ErrorCode, UploadErrors } from '@spatia/contract';
import type { FastifyInstance } from 'fastify';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HeldDeletionsStorage } from '../../backup/storage-holds.js';
import { S3StorageDriver } from '../../drivers/storage/s3-storage.js';
import { fail } from '../../lib/app-error.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tusMetadata, tusPatchHeaders } from '../../test/tus-fixtures.js';
import { S3TusBackend } from './s3-tus-backend.js';
import type { CompletedUpload, UploadGrantForTus } from './upload-grant.js';

const GLB = 'model/gltf-binary';
const MIB = 1024 * 1024;

/** Bytes that are a GLB by their signature, followed by random content. */
function glb(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('glTF', 0, 'latin1');
  bytes.writeUInt32LE(2, 4);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the registrant (the works module, later) gives the endpoint, as stubs a test can steer. */
class GrantDesk {
  private readonly grants = new Map<string, UploadGrantForTus>();
  private sequence = 0;
  completed: { grant: UploadGrantForTus; upload: CompletedUpload }[] = [];
  onComplete: (grant: UploadGrantForTus, upload: CompletedUpload) => Promise<unknown> = async () => undefined;

  issue(options: Partial<UploadGrantForTus> = {}): string {
    this.sequence += 1;
    const token = randomBytes(18).toString('base64url');
    this.grants.set(token, { grantId: this.sequence, userId: 7, maxBytes: 64 * MIB, accept: [GLB], purpose: 'work-origin', ...options });
    return token;
  }

  hooks() {
    return {
      resolveGrant: async (token: string) => this.grants.get(token),
      onComplete: async (grant: UploadGrantForTus, upload: CompletedUpload) => {
        this.completed.push({ grant, upload });
        return this.onComplete(grant, upload);
      },
    };
  }
}

interface Backend {
  name: string;
  env(): Record<string, string>;
  /** Whatever tus still keeps (files under DATA_DIR/tus, objects under tus/ in the bucket). */
  leftovers(app: FastifyInstance, dataDir: string): Promise<string[]>;
}

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3.close();
});

const backends: Backend[] = [
  {
    name: 'file store on local disk',
    env: () => ({}),
    leftovers: async (_app, dataDir) => readdirSync(path.join(dataDir, 'tus')),
  },
  {
    name: 'S3 store (s3rver stand-in)',
    env: () => ({
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    leftovers: async (app) => {
      const storage = (app.services.storage as HeldDeletionsStorage).inner as S3StorageDriver;
      const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: 'tus/' }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
  },
];

describe.each(backends)('tus uploads: $name', (backend) => {
  let test: TestApp;
  let app: FastifyInstance;
  let baseUrl: string;
  let dataDir: string;
  const desk = new GrantDesk();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-tus-'));
    test = await createTestApp({ DATA_DIR: dataDir, ...backend.env() }, { resumableUploads: desk.hooks() });
    app = test.app;
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await test.close();
  });
  beforeEach(() => {
    desk.completed = [];
    desk.onComplete = async () => undefined;
  });

  const tusHeaders = (grant?: string, extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    ...(grant ? { 'upload-grant': grant } : {}),
    ...extra,
  });

  async function create(grant: string, length: number, extra: Record<string, string> = {}) {
    return fetch(`${baseUrl}/api/tus`, {
      method: 'POST',
      headers: tusHeaders(undefined, {
        'upload-length': String(length),
        'upload-metadata': tusMetadata({ grant, filename: 'scan.glb' }),
        ...extra,
      }),
    });
  }

  async function patch(location: string, grant: string, offset: number, body: Buffer) {
    return fetch(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: tusPatchHeaders(grant, offset),
      body,
    });
  }

  async function head(location: string, grant?: string) {
    return fetch(`${baseUrl}${location}`, { method: 'HEAD', headers: tusHeaders(grant) });
  }

  async function stored(key: string): Promise<Buffer> {
    const file = await app.services.storage.read(key);
    if (!file) throw new Error(`nothing stored at ${key}`);
    return bytesOf(file.stream);
  }

  it('takes a file from tus-js-client in chunks larger than the 1 MiB body limit and stores it by its hash', async () => {
    const before = await backend.leftovers(app, dataDir);
    const bytesBefore = await uploadBytesCounted(app);
    const file = glb(5 * MIB + 123);
    const grant = desk.issue();
    desk.onComplete = async (_grant, upload) => ({ assetKey: upload.key });
    const lastBody = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(file, {
        endpoint: `${baseUrl}/api/tus`,
        chunkSize: 2 * MIB,
        metadata: { grant, filename: 'scan.glb', filetype: 'model/gltf-binary' },
        headers: { 'Upload-Grant': grant },
        retryDelays: null,
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      });
      upload.start();
    });
    const digest = sha256(file);
    const key = `assets/${digest.slice(0, 2)}/${digest}.glb`;
    expect(desk.completed).toEqual([
      {
        grant: { grantId: expect.any(Number), userId: 7, maxBytes: 64 * MIB, accept: [GLB], purpose: 'work-origin' },
        upload: { key, size: file.length, contentType: GLB, sha256: digest, filename: 'scan.glb' },
      },
    ]);
    expect(JSON.parse(lastBody)).toEqual({ code: 0, msg: 'ok', data: { assetKey: key } });
    expect((await stored(key)).equals(file)).toBe(true);
    expect(await backend.leftovers(app, dataDir)).toEqual(before);
    expect(await uploadBytesCounted(app)).toBe(bytesBefore + file.length);
  });

  it('resumes after an interrupted PATCH from the offset HEAD reports', async () => {
    const file = glb(3 * MIB);
    const grant = desk.issue();
    const created = await create(grant, file.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/tus\/[0-9a-f]{32}$/);

    const first = await patch(location, grant, 0, file.subarray(0, MIB));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(MIB));

    // A PATCH that promises the rest but whose connection dies after half a mebibyte.
    await sendAndCut(`${baseUrl}${location}`, grant, MIB, file.subarray(MIB), MIB / 2);
    let offset = 0;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const probe = await head(location, grant);
      expect(probe.status).toBe(200);
      expect(probe.headers.get('cache-control')).toBe('no-store');
      expect(probe.headers.get('upload-length')).toBe(String(file.length));
      offset = Number(probe.headers.get('upload-offset'));
      if (offset > MIB) break; // the server has noticed the cut and kept what arrived
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThanOrEqual(MIB);
    expect(offset).toBeLessThan(file.length);

    const stale = await patch(location, grant, MIB, file.subarray(MIB, MIB + 10));
    if (offset !== MIB) {
      expect(stale.status).toBe(409);
      expect(await stale.json()).toMatchObject({ code: UploadErrors.uploadOffsetConflict.code });
    }
    const rest = await patch(location, grant, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    const digest = sha256(file);
    expect(desk.completed.map((entry) => entry.upload.key)).toEqual([`assets/${digest.slice(0, 2)}/${digest}.glb`]);
    expect((await stored(desk.completed[0]!.upload.key)).equals(file)).toBe(true);
    // Done and moved: the upload itself is gone.
    expect((await head(location, grant)).status).toBe(404);
  });

  it('completes a small file sent whole with its creation (creation-with-upload)', async () => {
    const grant = desk.issue();
    desk.onComplete = async (_grant, upload) => ({ key: upload.key });
    const file = glb(3000);
    const answer = await fetch(`${baseUrl}/api/tus`, {
      method: 'POST',
      headers: tusHeaders(undefined, {
        'upload-length': String(file.length),
        'upload-metadata': tusMetadata({ grant }),
        'content-type': 'application/offset+octet-stream',
      }),
      body: file,
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toMatch(/^\/api\/tus\/[0-9a-f]{32}$/);
    expect(answer.headers.get('upload-offset')).toBe(String(file.length));
    const digest = sha256(file);
    expect(await answer.json()).toEqual({ code: 0, msg: 'ok', data: { key: `assets/${digest.slice(0, 2)}/${digest}.glb` } });
  });

  it('refuses an unknown or missing grant with the envelope, in the caller language', async () => {
    const unknown = await fetch(`${baseUrl}/api/tus`, {
      method: 'POST',
      headers: tusHeaders(undefined, {
        'upload-length': '10',
        'upload-metadata': tusMetadata({ grant: 'not-a-grant' }),
        'accept-language': 'en',
      }),
    });
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual({
      code: UploadErrors.uploadGrantInvalid.code,
      msg: expect.stringMatching(/upload permission is not valid/),
    });
    const missing = await fetch(`${baseUrl}/api/tus`, { method: 'POST', headers: tusHeaders(undefined, { 'upload-length': '10' }) });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: UploadErrors.uploadGrantInvalid.code, msg: expect.stringMatching(/上传凭证/) });
    // Metadata and header naming different grants is no grant at all.
    const mixed = await fetch(`${baseUrl}/api/tus`, {
      method: 'POST',
      headers: tusHeaders(desk.issue(), { 'upload-length': '10', 'upload-metadata': tusMetadata({ grant: desk.issue() }) }),
    });
    expect(mixed.status).toBe(403);
  });

  it('refuses a declared size over the grant limit, and an undeclared size', async () => {
    const grant = desk.issue({ maxBytes: MIB });
    const tooLarge = await fetch(`${baseUrl}/api/tus`, {
      method: 'POST',
      headers: tusHeaders(undefined, {
        'upload-length': String(MIB + 1),
        'upload-metadata': tusMetadata({ grant }),
        'accept-language': 'en',
      }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ code: UploadErrors.uploadTooLarge.code, msg: 'The file is too large: at most 1 MB here' });
    const deferred = await fetch(`${baseUrl}/api/tus`, {
      method: 'POST',
      headers: tusHeaders(undefined, { 'upload-defer-length': '1', 'upload-metadata': tusMetadata({ grant }) }),
    });
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toMatchObject({ code: UploadErrors.uploadLengthRequired.code });
    // Bytes beyond the declared length are refused too.
    const created = await create(grant, 100);
    const overflow = await patch(created.headers.get('location')!, grant, 0, glb(200));
    expect(overflow.status).toBe(413);
  });

  it('discards content its grant does not accept, with a clear error on the last PATCH', async () => {
    const before = await backend.leftovers(app, dataDir);
    const grant = desk.issue({ accept: [GLB, 'application/vnd.las'] });
    const text = Buffer.from('just some text pretending to be a model\n'.repeat(100));
    const created = await create(grant, text.length);
    const location = created.headers.get('location')!;
    const answer = await fetch(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: { ...tusPatchHeaders(grant, 0), 'accept-language': 'en' },
      body: text,
    });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({
      code: UploadErrors.uploadContentRejected.code,
      msg: 'The file is not of an accepted type (GLB, LAS); the upload was discarded',
    });
    expect(desk.completed).toEqual([]);
    expect((await head(location, grant)).status).toBe(404);
    expect(await backend.leftovers(app, dataDir)).toEqual(before);
  });

  it("lets nobody touch another grant's upload", async () => {
    const owner = desk.issue();
    const stranger = desk.issue();
    const file = glb(1000);
    const location = (await create(owner, file.length)).headers.get('location')!;
    for (const grant of [stranger, undefined]) {
      expect((await head(location, grant)).status).toBe(403);
      const write = await patch(location, grant ?? '', 0, file);
      expect(write.status).toBe(403);
      expect(await write.json()).toMatchObject({ code: UploadErrors.uploadGrantInvalid.code });
      const remove = await fetch(`${baseUrl}${location}`, { method: 'DELETE', headers: tusHeaders(grant) });
      expect(remove.status).toBe(403);
    }
    const probe = await head(location, owner);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('upload-offset')).toBe('0');
    // HEAD echoes the client's metadata, never the grant kept beside it.
    expect(probe.headers.get('upload-metadata')).toBe(`filename ${Buffer.from('scan.glb').toString('base64')}`);
    expect(desk.completed).toEqual([]);
    // Its owner may abandon it.
    expect((await fetch(`${baseUrl}${location}`, { method: 'DELETE', headers: tusHeaders(owner) })).status).toBe(204);
    expect((await head(location, owner)).status).toBe(404);
  });

  it("answers the last PATCH with the registrant's refusal", async () => {
    const grant = desk.issue();
    desk.onComplete = async () => {
      throw fail('uploadGrantInvalid');
    };
    const file = glb(2000);
    const location = (await create(grant, file.length)).headers.get('location')!;
    const answer = await patch(location, grant, 0, file);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: UploadErrors.uploadGrantInvalid.code });
    expect(desk.completed).toHaveLength(1);
  });

  it('stores identical bytes once', async () => {
    const before = await backend.leftovers(app, dataDir);
    const file = glb(4000);
    for (const grant of [desk.issue(), desk.issue()]) {
      const location = (await create(grant, file.length)).headers.get('location')!;
      expect((await patch(location, grant, 0, file)).status).toBe(204);
    }
    const [first, second] = desk.completed;
    expect(second!.upload.key).toBe(first!.upload.key);
    expect(second!.grant.grantId).not.toBe(first!.grant.grantId);
    expect((await stored(first!.upload.key)).equals(file)).toBe(true);
    expect(await backend.leftovers(app, dataDir)).toEqual(before);
  });

  it('describes itself on OPTIONS: tus 1.0, no deferred length', async () => {
    const answer = await fetch(`${baseUrl}/api/tus`, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('tus-version')).toBe('1.0.0');
    expect(answer.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination,expiration');
    expect(answer.headers.get('access-control-allow-headers')).toContain('Upload-Grant');
    // The web app is on the same origin: no other origin is allowed in (PUBLIC_URL is not set here).
    const foreign = await fetch(`${baseUrl}/api/tus`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // What a browser client reads, were it on another allowed origin.
    const created = await create(desk.issue(), 10);
    for (const header of ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable']) {
      expect(created.headers.get('access-control-expose-headers')).toContain(header);
    }
  });

  it('refuses requests without Tus-Resumable with 412, and unknown ids with 404', async () => {
    const noVersion = await fetch(`${baseUrl}/api/tus`, { method: 'POST', headers: { 'upload-length': '1' } });
    expect(noVersion.status).toBe(412);
    expect(await noVersion.json()).toMatchObject({ code: ErrorCode.badRequest });
    const unknown = await head(`/api/tus/${'0'.repeat(32)}`, desk.issue());
    expect(unknown.status).toBe(404);
    const junk = await fetch(`${baseUrl}/api/tus/not-an-id`, {
      method: 'PATCH',
      headers: tusPatchHeaders(desk.issue(), 0),
      body: 'x',
    });
    expect(junk.status).toBe(404);
    expect(await junk.json()).toMatchObject({ code: UploadErrors.uploadNotFound.code });
  });

  it('cleans up uploads past their expiry; they answer 410 until then', async () => {
    const grant = desk.issue();
    const location = (await create(grant, 5000)).headers.get('location')!;
    expect((await patch(location, grant, 0, glb(1000))).status).toBe(204);
    const uploads = app.services.resumableUploads;
    expect(await uploads.cleanupExpiredUploads()).toBe(0);
    const storage = (app.services.storage as HeldDeletionsStorage).inner;
    if (storage instanceof S3StorageDriver) {
      // S3 dates its objects and multipart uploads itself: look at them from a day later instead.
      const later = new S3TusBackend(storage, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await later.cleanupExpired()).toBeGreaterThan(0);
    } else {
      await ageUpload(dataDir, location, 25 * 60 * 60 * 1000);
      const expired = await head(location, grant);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toBe(''); // a HEAD answer has no body, whatever the error
      expect(await uploads.cleanupExpiredUploads()).toBe(1);
    }
    const id = location.split('/').pop()!;
    expect((await backend.leftovers(app, dataDir)).filter((name) => name.includes(id))).toEqual([]);
  });
});

describe('tus uploads: completion that fails for a passing reason', () => {
  it('keeps the upload, and a later HEAD (how tus-js-client resumes) completes it', async () => {
    const desk = new GrantDesk();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-tus-'));
    const test = await createTestApp({ DATA_DIR: dataDir }, { resumableUploads: desk.hooks() });
    try {
      const baseUrl = await test.app.listen({ host: '127.0.0.1', port: 0 });
      const file = glb(10_000);
      const digest = sha256(file);
      // A file where the key's folder should be: storing fails until it is gone.
      const blocker = path.join(dataDir, 'storage', 'assets', digest.slice(0, 2));
      mkdirSync(path.dirname(blocker), { recursive: true });
      writeFileSync(blocker, 'in the way');

      const grant = desk.issue();
      const headers = { 'tus-resumable': '1.0.0', 'upload-grant': grant };
      const created = await fetch(`${baseUrl}/api/tus`, {
        method: 'POST',
        headers: { ...headers, 'upload-length': String(file.length), 'upload-metadata': tusMetadata({ grant }) },
      });
      const location = created.headers.get('location')!;
      const last = await fetch(`${baseUrl}${location}`, {
        method: 'PATCH',
        headers: tusPatchHeaders(grant, 0),
        body: file,
      });
      expect(last.status).toBe(500);
      expect(await last.json()).toMatchObject({ code: ErrorCode.internal });
      expect(desk.completed).toEqual([]);

      rmSync(blocker);
      const resumed = await fetch(`${baseUrl}${location}`, { method: 'HEAD', headers });
      expect(resumed.status).toBe(200);
      expect(resumed.headers.get('upload-offset')).toBe(String(file.length));
      expect(desk.completed.map((entry) => entry.upload.sha256)).toEqual([digest]);
      expect(readFileSync(path.join(dataDir, 'storage', 'assets', digest.slice(0, 2), `${digest}.glb`)).equals(file)).toBe(true);
      expect(readdirSync(path.join(dataDir, 'tus'))).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

describe('tus uploads: default hooks', () => {
  it("is mounted by default with the works module's grants", async () => {
    const test = await createTestApp();
    try {
      const answer = await test.app.inject({
        method: 'POST',
        url: '/api/tus',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '1',
          'upload-metadata': tusMetadata({ grant: 'made-up' }),
        },
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: UploadErrors.uploadGrantInvalid.code });
      expect(test.app.services.resumableUploads).toBeDefined();
    } finally {
      await test.close();
    }
  });
});

/** Sends the head of a PATCH promising `body.length` bytes, then cuts the connection after `sent` of them. */
function sendAndCut(url: string, grant: string, offset: number, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest(url, {
      method: 'PATCH',
      headers: { ...tusPatchHeaders(grant, offset), 'content-length': String(body.length) },
    });
    request.on('error', () => resolve());
    request.write(body.subarray(0, sent), () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 200);
    });
  });
}

/** Moves an upload's creation back in time, as if it had been waiting that long. */
async function ageUpload(dataDir: string, location: string, ageMs: number): Promise<void> {
  const infoFile = path.join(dataDir, 'tus', `${location.split('/').pop()!}.json`);
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { creation_date: string };
  info.creation_date = new Date(Date.now() - ageMs).toISOString();
  writeFileSync(infoFile, JSON.stringify(info));
}

/** The upload bytes the metrics counted so far. */
async function uploadBytesCounted(app: FastifyInstance): Promise<number> {
  const { text } = await app.services.metrics.exposition();
  return Number(/^spatia_upload_received_bytes_total\{via="tus"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}
