import { ErrorCode, Role, UploadErrors } from '@spatia/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import type { StorageDriver } from '../../drivers/storage/storage-driver.js';
import { MemoryCache } from '../../lib/cache.js';
import { createTestDatabase } from '../../test/test-database.js';
import { UsersService } from '../users/users.service.js';
import { UploadsRepository } from './uploads.repository.js';
import { GRANT_LIFETIME_MS, UploadsService } from './uploads.service.js';

let database: Database;
let drop: () => Promise<void>;
let member: { id: number; uid: string };
let other: { id: number; uid: string };
const clock = { now: 1_800_000_000_000 };
const stored = new Map<string, { content: Buffer; contentType: string }>();
let uploads: UploadsService;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const users = UsersService.on(database.db, new MemoryCache());
  const make = (phone: string) =>
    users.createUser({ phone, password: 'Secret#2026', fullName: phone, roles: [Role.customer], permissionIds: [] });
  member = await make('13600000001');
  other = await make('13600000002');
  const storage = {
    put: (key: string, content: Buffer, contentType: string) => Promise.resolve(void stored.set(key, { content, contentType })),
  } as unknown as StorageDriver;
  uploads = new UploadsService(new UploadsRepository(database.db), storage, () => clock.now);
});
afterAll(() => drop());

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const tokenOf = (uploadUrl: string) => uploadUrl.replace('/api/uploads/', '');

describe('upload grants', () => {
  it('are one-time PUT links for images of a kind, each with its size limit, good for ten minutes', async () => {
    const avatar = await uploads.issueGrant(member.id, 'avatar');
    expect(avatar).toEqual({
      uploadUrl: expect.stringMatching(/^\/api\/uploads\/[\w-]{32}$/),
      method: 'PUT',
      maxBytes: 5 * 1024 * 1024,
      accept: ['image/png', 'image/jpeg', 'image/webp'],
      expiresAt: clock.now + 10 * 60 * 1000,
    });
    expect((await uploads.issueGrant(member.id, 'enterpriseLogo')).maxBytes).toBe(2 * 1024 * 1024);
    expect((await uploads.issueGrant(member.id, 'avatar')).uploadUrl).not.toBe(avatar.uploadUrl);
  });
});

describe('receiving an upload', () => {
  it('re-encodes an avatar as a 512 px square WebP under a key of its content, and uses the grant up', async () => {
    const token = tokenOf((await uploads.issueGrant(member.id, 'avatar')).uploadUrl);
    const upload = await uploads.receive(token, member.id, member.uid, await image(300, 120));
    expect(upload.kind).toBe('avatar');
    expect(upload.key).toMatch(new RegExp(`^avatars/${member.uid}/[0-9a-f]{20}\\.webp$`));
    const file = stored.get(upload.key)!;
    expect(file.contentType).toBe('image/webp');
    expect(await sharp(file.content).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    await expect(uploads.receive(token, member.id, member.uid, await image(300, 120))).rejects.toMatchObject({
      code: UploadErrors.uploadGrantInvalid.code,
    });
  });

  it('fits a logo within 800 by 400 as a PNG, never enlarging a small one', async () => {
    const large = await uploads.receive(
      tokenOf((await uploads.issueGrant(member.id, 'enterpriseLogo')).uploadUrl),
      member.id,
      member.uid,
      await image(1600, 400),
    );
    expect(large.key).toMatch(new RegExp(`^logos/${member.uid}/[0-9a-f]{20}\\.png$`));
    expect(await sharp(stored.get(large.key)!.content).metadata()).toMatchObject({ format: 'png', width: 800, height: 200 });
    const small = await uploads.receive(
      tokenOf((await uploads.issueGrant(member.id, 'enterpriseLogo')).uploadUrl),
      member.id,
      member.uid,
      await image(100, 50),
    );
    expect(await sharp(stored.get(small.key)!.content).metadata()).toMatchObject({ width: 100, height: 50 });
    expect(small.key).not.toBe(large.key);
  });

  it('takes a grant from no one but the person it was issued to, and not once it has expired', async () => {
    const token = tokenOf((await uploads.issueGrant(member.id, 'avatar')).uploadUrl);
    const png = await image(64, 64);
    await expect(uploads.receive(token, other.id, other.uid, png)).rejects.toMatchObject({ code: UploadErrors.uploadGrantInvalid.code });
    await expect(uploads.receive('made-up-token', member.id, member.uid, png)).rejects.toMatchObject({
      code: UploadErrors.uploadGrantInvalid.code,
    });
    const start = clock.now;
    clock.now = start + GRANT_LIFETIME_MS;
    try {
      await expect(uploads.receive(token, member.id, member.uid, png)).rejects.toMatchObject({
        code: UploadErrors.uploadGrantInvalid.code,
      });
    } finally {
      clock.now = start;
    }
    // Refused, it was not used up.
    await expect(uploads.receive(token, member.id, member.uid, png)).resolves.toMatchObject({ kind: 'avatar' });
  });

  it('refuses too many bytes and what is no image, leaving the grant for a better file', async () => {
    const token = tokenOf((await uploads.issueGrant(member.id, 'enterpriseLogo')).uploadUrl);
    const before = stored.size;
    await expect(uploads.receive(token, member.id, member.uid, Buffer.alloc(2 * 1024 * 1024 + 1))).rejects.toMatchObject({
      code: ErrorCode.payloadTooLarge,
    });
    await expect(uploads.receive(token, member.id, member.uid, Buffer.from('GIF89a not one we take'))).rejects.toMatchObject({
      code: UploadErrors.unsupportedImage.code,
    });
    // A PNG by its first bytes that does not decode.
    const broken = (await image(64, 64)).subarray(0, 60);
    await expect(uploads.receive(token, member.id, member.uid, broken)).rejects.toMatchObject({ code: UploadErrors.unsupportedImage.code });
    expect(stored.size).toBe(before);
    await expect(uploads.receive(token, member.id, member.uid, await image(64, 64))).resolves.toMatchObject({ kind: 'enterpriseLogo' });
  });
});
