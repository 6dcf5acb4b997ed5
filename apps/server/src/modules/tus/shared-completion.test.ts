import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryLocker } from '@tus/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStorageDriver } from '../../drivers/storage/local-storage.js';
import { tusMetadata, tusPatchHeaders } from '../../test/tus-fixtures.js';
import { FileTusBackend } from './file-tus-backend.js';
import { ResumableUploads, type SharedLocker } from './resumable-uploads.js';
import { UPLOAD_EXPIRY_MS } from './tus-backend.js';
import type { CompletedUpload, UploadGrantForTus } from './upload-grant.js';

/** Storage whose writes wait until the test lets them go: a completion caught halfway. */
class HeldStorage extends LocalStorageDriver {
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  writes = 0;

  override async putFile(key: string, sourcePath: string): Promise<void> {
    this.writes += 1;
    await this.gate;
    return super.putFile(key, sourcePath);
  }

  letGo(): void {
    this.release();
  }
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * Two server processes over one upload store (the S3 bucket in production; a shared folder here) and one
 * shared lock (Redis in production: redis-locker.test.ts; tus's MemoryLocker shared here). The last PATCH
 * reaches one, a HEAD (a client resuming) the other while the first is still storing the file.
 */
describe('completing an upload that two processes see finished', () => {
  it('completes it once: the other process waits, then finds it gone', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-shared-tus-'));
    folders.push(folder);
    const storage = new HeldStorage(path.join(folder, 'storage'));
    const grant: UploadGrantForTus = { grantId: 1, userId: 7, maxBytes: 1024 * 1024, accept: ['application/zip'], purpose: 'work-origin' };
    const completed: CompletedUpload[] = [];
    const hooks = {
      resolveGrant: async () => grant,
      onComplete: async (_grant: UploadGrantForTus, upload: CompletedUpload) => {
        completed.push(upload);
        return undefined;
      },
    };
    const sharedLocker: SharedLocker = Object.assign(new MemoryLocker(), { close: async () => undefined });
    const process = () =>
      new ResumableUploads(new FileTusBackend(path.join(folder, 'tus'), storage, UPLOAD_EXPIRY_MS), storage, hooks, { sharedLocker });
    const [first, second] = [process(), process()];

    const bytes = randomBytes(64 * 1024);
    bytes.write('PK\x03\x04', 0, 'latin1');
    const token = 'grant-token';
    const created = await first.handle(
      new Request('http://localhost/api/tus', {
        method: 'POST',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': tusMetadata({ grant: token }) },
      }),
    );
    expect(created.response.status).toBe(201);
    const url = `http://localhost${created.response.headers.get('location')!}`;

    const lastPatch = first.handle(new Request(url, { method: 'PATCH', headers: tusPatchHeaders(token, 0), body: bytes }));
    await expect.poll(() => storage.writes).toBe(1);
    const resumed = second.handle(new Request(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', 'upload-grant': token } }));
    // The HEAD waits for the completion at the first process rather than storing the file a second time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(storage.writes).toBe(1);
    storage.letGo();

    const [patched, headed] = await Promise.all([lastPatch, resumed]);
    expect(patched.failure).toBeUndefined();
    expect(patched.response.status).toBe(204);
    expect(headed.failure).toMatchObject({ httpStatus: 404 });
    expect(completed).toHaveLength(1);
    expect(storage.writes).toBe(1);
  });
});
