import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { LocalStorageDriver } from './local-storage.js';
import { S3StorageDriver } from './s3-storage.js';
import { UnsatisfiableRangeError, type StorageDriver } from './storage-driver.js';

const MIB = 1024 * 1024;
let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3.close();
});

const scratch = () => mkdtempSync(path.join(os.tmpdir(), 'spatia-storage-'));
/** Small multipart settings so that a 12 MiB file goes up in three parts. */
const s3Transfer = { multipartThreshold: 6 * MIB, partSize: 5 * MIB, partConcurrency: 2, copyLimit: 8 * MIB };

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sourceFile(content: Buffer, folder = scratch()): string {
  const file = path.join(folder, `source-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, content);
  return file;
}

/** The one contract every storage driver keeps; each driver runs it against its real backend. */
describe.each([
  { name: 'local disk', create: (): StorageDriver => new LocalStorageDriver(scratch()) },
  { name: 'S3 (s3rver stand-in)', create: (): StorageDriver => new S3StorageDriver(s3.config, s3Transfer) },
])('storage driver contract: $name', ({ create }) => {
  it('stores, stats, reads and deletes a small file', async () => {
    const storage = create();
    await storage.put('avatars/u1/a.webp', Buffer.from('avatar bytes'), 'image/webp');
    expect(await storage.stat('avatars/u1/a.webp')).toMatchObject({ size: 12, modifiedAt: expect.any(Date) });
    const file = await storage.read('avatars/u1/a.webp');
    expect(file?.size).toBe(12);
    expect((await bytesOf(file!.stream)).toString()).toBe('avatar bytes');
    await storage.delete('avatars/u1/a.webp');
    expect(await storage.read('avatars/u1/a.webp')).toBeUndefined();
    expect(await storage.stat('avatars/u1/a.webp')).toBeUndefined();
    await storage.delete('avatars/u1/a.webp'); // deleting what is gone is fine
  });

  it('deletes a folder with everything under it, and nothing beside it', async () => {
    const storage = create();
    await storage.put('derived/w1/run/a/tiles/0/front/0_0.jpg', Buffer.from('tile'), 'image/jpeg');
    await storage.put('derived/w1/run/b.json', Buffer.from('{}'), 'application/json');
    await storage.put('derived/w1/runner/keep.jpg', Buffer.from('keep'), 'image/jpeg');
    await storage.deleteFolder('derived/w1/run');
    expect(await storage.stat('derived/w1/run/a/tiles/0/front/0_0.jpg')).toBeUndefined();
    expect(await storage.stat('derived/w1/run/b.json')).toBeUndefined();
    expect(await storage.stat('derived/w1/runner/keep.jpg')).toMatchObject({ size: 4 });
    await storage.deleteFolder('derived/w1/gone'); // deleting what is gone is fine
  });

  it('answers undefined for a key that was never stored', async () => {
    const storage = create();
    expect(await storage.read('nothing/here.bin')).toBeUndefined();
    expect(await storage.stat('nothing/here.bin')).toBeUndefined();
  });

  it('reads byte ranges, clamps their end and refuses one that starts past the end', async () => {
    const storage = create();
    await storage.put('ranges/digits.txt', Buffer.from('0123456789'), 'text/plain');
    const middle = await storage.read('ranges/digits.txt', { start: 2, end: 5 });
    expect(middle?.size).toBe(10);
    expect((await bytesOf(middle!.stream)).toString()).toBe('2345');
    const tail = await storage.read('ranges/digits.txt', { start: 7, end: 1_000 });
    expect((await bytesOf(tail!.stream)).toString()).toBe('789');
    await expect(storage.read('ranges/digits.txt', { start: 10, end: 20 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
    expect(await storage.read('ranges/missing.txt', { start: 0, end: 1 })).toBeUndefined();
  });

  it('moves a file into storage: same bytes, and the source is gone', async () => {
    const storage = create();
    const content = randomBytes(300_000);
    const source = sourceFile(content);
    await storage.putFile('assets/ab/small.bin', source, 'application/octet-stream');
    expect(existsSync(source)).toBe(false);
    expect(await storage.stat('assets/ab/small.bin')).toMatchObject({ size: content.length });
    expect((await bytesOf((await storage.read('assets/ab/small.bin'))!.stream)).equals(content)).toBe(true);
  });

  it('moves a file larger than one multipart part, streaming it', async () => {
    const storage = create();
    const content = randomBytes(12 * MIB + 12_345);
    await storage.putFile('assets/cd/large.bin', sourceFile(content), 'application/octet-stream');
    expect(await storage.stat('assets/cd/large.bin')).toMatchObject({ size: content.length });
    const back = await bytesOf((await storage.read('assets/cd/large.bin'))!.stream);
    expect(back.equals(content)).toBe(true);
    const range = await storage.read('assets/cd/large.bin', { start: 5 * MIB - 3, end: 5 * MIB + 2 });
    expect((await bytesOf(range!.stream)).equals(content.subarray(5 * MIB - 3, 5 * MIB + 3))).toBe(true);
  });

  it('lists what a folder holds, and everything without one, with sizes and times', async () => {
    const storage = create();
    const folder = `listing-${randomBytes(4).toString('hex')}`;
    const before = Date.now();
    await storage.put(`${folder}/a.txt`, Buffer.from('aa'), 'text/plain');
    await storage.put(`${folder}/deep/b/c.txt`, Buffer.from('ccc'), 'text/plain');
    await storage.put(`${folder}-beside/d.txt`, Buffer.from('d'), 'text/plain');
    const listed = [];
    for await (const file of storage.list(folder)) listed.push(file);
    expect(listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `${folder}/a.txt`, size: 2 },
      { key: `${folder}/deep/b/c.txt`, size: 3 },
    ]);
    // Stores keep whole seconds: the time is the store's clock, not before the second the test began.
    for (const file of listed) expect(file.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    const everything = [];
    for await (const file of storage.list()) everything.push(file.key);
    expect(everything).toEqual(expect.arrayContaining([`${folder}/a.txt`, `${folder}/deep/b/c.txt`, `${folder}-beside/d.txt`]));
    const none = [];
    for await (const file of storage.list(`${folder}/nothing`)) none.push(file);
    expect(none).toEqual([]);
  });

  it('refuses keys that could leave its root', async () => {
    const storage = create();
    for (const key of ['../escape', 'a/../../b', '/absolute', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('local disk driver', () => {
  it('dates a moved file when it was stored, not when its source was written, and lists no half-written file', async () => {
    const root = scratch();
    const storage: StorageDriver = new LocalStorageDriver(root);
    const source = sourceFile(Buffer.from('old bytes'));
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(source, longAgo, longAgo);
    await storage.putFile('assets/aa/moved.bin', source, 'application/octet-stream');
    expect(Date.now() - (await storage.stat('assets/aa/moved.bin'))!.modifiedAt.getTime()).toBeLessThan(60_000);
    writeFileSync(path.join(root, 'assets/aa/moved.bin.0123456789ab.tmp'), 'half');
    const keys = [];
    for await (const file of storage.list()) keys.push(file.key);
    expect(keys).toEqual(['assets/aa/moved.bin']);
  });

  it.skipIf(!existsSync('/dev/shm') || statSync('/dev/shm').dev === statSync(os.tmpdir()).dev)(
    'copies, then removes, a source on another file system',
    async () => {
      const storage: StorageDriver = new LocalStorageDriver(scratch());
      const content = randomBytes(2 * MIB);
      const source = sourceFile(content, mkdtempSync('/dev/shm/spatia-storage-'));
      await storage.putFile('assets/ef/other-fs.bin', source, 'application/octet-stream');
      expect(existsSync(source)).toBe(false);
      expect(Date.now() - (await storage.stat('assets/ef/other-fs.bin'))!.modifiedAt.getTime()).toBeLessThan(60_000);
      expect((await bytesOf((await storage.read('assets/ef/other-fs.bin'))!.stream)).equals(content)).toBe(true);
    },
  );
});

describe('S3 driver', () => {
  it('uses a multipart upload above the threshold and one PutObject below it', async () => {
    const storage = new S3StorageDriver(s3.config, s3Transfer);
    const before = s3.calls.length;
    await storage.putFile('assets/01/parts.bin', sourceFile(randomBytes(11 * MIB)), 'application/octet-stream');
    const calls = s3.calls.slice(before);
    expect(calls.filter((call) => call === 'UploadPart')).toHaveLength(3);
    expect(calls).toContain('CompleteMultipartUpload');
    const next = s3.calls.length;
    await storage.putFile('assets/01/single.bin', sourceFile(randomBytes(MIB)), 'application/octet-stream');
    expect(s3.calls.slice(next)).toEqual(['PutObject']);
  });

  it('copies inside the bucket: server-side up to the copy limit, streamed part by part above it', async () => {
    const storage = new S3StorageDriver(s3.config, s3Transfer);
    const small = randomBytes(3 * MIB);
    const large = randomBytes(9 * MIB);
    await storage.putFile('tus/small-source', sourceFile(small), 'application/octet-stream');
    await storage.putFile('tus/large-source', sourceFile(large), 'application/octet-stream');
    const before = s3.calls.length;
    await storage.copyWithin('tus/small-source', 'assets/02/small.glb', 'model/gltf-binary');
    expect(s3.calls.slice(before)).toEqual(['HeadObject', 'CopyObject']);
    const next = s3.calls.length;
    await storage.copyWithin('tus/large-source', 'assets/02/large.las', 'application/vnd.las');
    expect(s3.calls.slice(next).filter((call) => call === 'UploadPart')).toHaveLength(2);
    expect((await bytesOf((await storage.read('assets/02/small.glb'))!.stream)).equals(small)).toBe(true);
    expect((await bytesOf((await storage.read('assets/02/large.las'))!.stream)).equals(large)).toBe(true);
  });

  it('fails like S3 when the secret key is wrong (the stand-in checks every signature)', async () => {
    const storage = new S3StorageDriver({ ...s3.config, secretAccessKey: 'not-the-secret' }, s3Transfer);
    await expect(storage.put('assets/03/x.bin', Buffer.from('x'), 'application/octet-stream')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(storage.stat('assets/03/x.bin')).rejects.toThrow();
  });
});
