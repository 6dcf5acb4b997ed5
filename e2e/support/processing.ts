import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { dataOf } from './api';

/** The demo panoramas every install ships (living-room.jpg, balcony.jpg). */
export const DEMO_PANORAMAS = fileURLToPath(new URL('../../apps/server/demo', import.meta.url));

/** Uploads a file to a work through the resumable upload its `credentials` call grants. */
export async function upload(api: APIRequestContext, uid: string, credentials: string, name: string, bytes: Buffer): Promise<void> {
  const grant = await dataOf<{ endpoint: string; grant: string }>(await api.get(`/api/model/${uid}/${credentials}`));
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await api.post(grant.endpoint, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `grant ${b64(grant.grant)},filename ${b64(name)}`,
    },
  });
  expect(created.status()).toBe(201);
  const location = new URL(created.headers().location ?? '', 'http://placeholder').pathname;
  const sent = await api.patch(location, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Upload-Grant': grant.grant,
      'Content-Type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(sent.ok()).toBe(true);
}

/** Uploads the origins of a work and processes them, waiting until processing is done. */
export async function processOrigins(
  api: APIRequestContext,
  uid: string,
  origins: readonly { name: string; bytes: Buffer }[],
): Promise<void> {
  for (const origin of origins) await upload(api, uid, 'origin/uploadCredentials', origin.name, origin.bytes);
  await dataOf(await api.post(`/api/model/${uid}/activateSolver`));
  await expect
    .poll(async () => (await dataOf<{ state: string }>(await api.get(`/api/model/${uid}/processing`))).state, {
      timeout: 90_000,
      intervals: [500],
    })
    .toBe('done');
}
