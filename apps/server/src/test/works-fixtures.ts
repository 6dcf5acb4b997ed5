import { createHash } from 'node:crypto';
import type { AssetKind, AssetUploadGrant, WorkDetail, WorkType } from '@spatia/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { authHeaders, createUser, json, signIn, type TestUser } from './test-app.js';

/** A signed-in user with a helper to call the API as them. */
export interface Person extends TestUser {
  token: string;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown> | string,
  ): Promise<LightMyRequestResponse>;
}

export async function person(app: FastifyInstance, options: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(app, options);
  return withToken(app, user, await signIn(app, user));
}

/** The same user calling with the given session token. */
export function withToken(app: FastifyInstance, user: TestUser, token: string): Person {
  return {
    ...user,
    token,
    call: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { ...authHeaders(token), ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(payload === undefined ? {} : { payload }),
      }),
  };
}

export async function createWork(
  owner: Person,
  fields: { name?: string; type?: WorkType; description?: string } = {},
): Promise<WorkDetail> {
  const response = await owner.call('POST', '/api/model', {
    name: fields.name ?? '样板间',
    type: fields.type ?? 'panorama',
    description: fields.description ?? '',
  });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return json<{ data: WorkDetail }>(response).data;
}

const credentialPath: Record<AssetKind, string> = {
  origin: 'origin/uploadCredentials',
  cover: 'uploadCredentials',
  slr: 'origin/SLR/uploadCredentials',
  coverVideo: 'coverVideo/uploadCredentials',
  music: 'music/uploadCredentials',
};

export async function uploadGrant(owner: Person, uid: string, kind: AssetKind): Promise<AssetUploadGrant> {
  const response = await owner.call('GET', `/api/model/${uid}/${credentialPath[kind]}`);
  if (response.statusCode !== 200) throw new Error(`grant failed: ${response.body}`);
  return json<{ data: AssetUploadGrant }>(response).data;
}

let colour = 0;

/** A small PNG whose bytes differ from every other one this process made, unless `red` is given. */
export const samplePng = (red?: number) => {
  colour += 1;
  const background = red === undefined ? { r: colour % 256, g: Math.floor(colour / 256) % 256, b: 77 } : { r: red, g: 120, b: 200 };
  return sharp({ create: { width: 64, height: 32, channels: 3, background } })
    .png()
    .toBuffer();
};

/**
 * Attaches bytes to a work the way a finished tus upload does: stored under their content address,
 * then handed to the works module with the grant. The tus transport itself has its own tests.
 */
export async function attachAsset(app: FastifyInstance, owner: Person, uid: string, kind: AssetKind, bytes: Buffer, contentType: string) {
  const grant = await uploadGrant(owner, uid, kind);
  const resolved = await app.services.workAssets.resolveGrant(grant.grant);
  if (!resolved) throw new Error('grant did not resolve');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const key = `assets/${sha256.slice(0, 2)}/${sha256}`;
  await app.services.storage.put(key, bytes, contentType);
  await app.services.workAssets.attach(resolved.grantId, { key, size: bytes.length, contentType, sha256, fileName: `${kind}.bin` });
}

/** A work with a name, a cover and an origin: ready to go online. */
export async function completeWork(app: FastifyInstance, owner: Person, name = '完整作品'): Promise<WorkDetail> {
  const work = await createWork(owner, { name });
  await attachAsset(app, owner, work.uid, 'cover', await samplePng(), 'image/png');
  await attachAsset(app, owner, work.uid, 'origin', await samplePng(), 'image/png');
  return work;
}

export async function publishedWork(app: FastifyInstance, owner: Person, name?: string): Promise<WorkDetail> {
  const work = await completeWork(app, owner, name);
  const response = await owner.call('PUT', `/api/model/${work.uid}/onLined`, 'onLined=true');
  if (response.statusCode !== 200) throw new Error(`publish failed: ${response.body}`);
  return json<{ data: WorkDetail }>(response).data;
}

/** A panorama work of the owner's, processed: its origins attached, its run queued and finished. */
export async function processedPanorama(
  app: FastifyInstance,
  owner: Person,
  origins: readonly Buffer[],
  name = '全景样板间',
): Promise<WorkDetail> {
  const work = await createWork(owner, { name });
  for (const origin of origins) await attachAsset(app, owner, work.uid, 'origin', origin, 'image/jpeg');
  const queued = await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
  if (queued.statusCode !== 200) throw new Error(`activateSolver failed: ${queued.body}`);
  await app.services.jobs.drain(['processing.run', 'processing.deleteRun']);
  return work;
}
