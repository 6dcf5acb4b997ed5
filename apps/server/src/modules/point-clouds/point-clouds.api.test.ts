import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from '@loaders.gl/core';
import { LASLoader } from '@loaders.gl/las';
import yazl from 'yazl';
import { buffer } from 'node:stream/consumers';
import {
  AssetContentType,
  MODEL_FILE_PATH,
  Permission,
  POINT_CLOUD_OCTREE_PATH,
  type Measurement,
  type MeasurementSet,
  type ModelView,
  type PointCloudPage,
  type PointCloudView,
  type WorkProcessing,
  SpatialErrors,
} from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoModel } from '../../media/model/index.js';
import { writeSyntheticPointCloud } from '../../media/pointcloud/index.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { attachAsset, createWork, person, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let glb: Buffer;
let las: Buffer;
const CLOUD_POINTS = 12_000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-spatial-'));

beforeAll(async () => {
  ({ testApp, owner, stranger } = await appWithPeople(
    { owner: { name: 'Owner', menus: [Permission.pointCloudList] }, stranger: { name: 'Stranger', menus: [Permission.pointCloudList] } },
    { DATA_DIR: dataDir },
  ));
  glb = Buffer.from(await buildDemoModel());
  const lasPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'spatia-las-')), 'cloud.las');
  await writeSyntheticPointCloud(lasPath, { points: CLOUD_POINTS, seed: 7 });
  las = readFileSync(lasPath);
});
afterAll(() => testApp.close());

const drain = () => testApp.app.services.jobs.drain(['processing.run', 'processing.deleteRun']);
const processingOf = async (uid: string) => dataOf<WorkProcessing>(await owner.call('GET', `/api/model/${uid}/processing`));
const scratchLeft = () => (existsSync(path.join(dataDir, 'tmp', 'processing')) ? readdirSync(path.join(dataDir, 'tmp', 'processing')) : []);

async function processedWork(type: 'model3d' | 'pointcloud', origin: Buffer, contentType: string) {
  const work = await createWork(owner, { type, name: type === 'model3d' ? '亭子' : '地形' });
  await attachAsset(testApp.app, owner, work.uid, 'origin', origin, contentType);
  expect((await owner.call('POST', `/api/model/${work.uid}/activateSolver`)).statusCode).toBe(200);
  await drain();
  return work;
}

function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  return buffer(zip.outputStream);
}

/** yazl refuses to write a name leaving the zip: one of the same length is written, then renamed in place. */
async function zipEscaping(): Promise<Buffer> {
  const zip = await zipOf({ 'aa/escape.obj': Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n') });
  return Buffer.from(zip.toString('latin1').replaceAll('aa/escape.obj', '../escape.obj'), 'latin1');
}

describe('3D models', () => {
  it('are converted into an optimised GLB with its measures before and after, a poster-made cover, and a scene for the viewer', async () => {
    const work = await processedWork('model3d', glb, AssetContentType.glb);
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done', progress: 1, failure: null });

    const scene = dataOf<ModelView>(await owner.call('GET', `/api/model/${work.uid}/scene`));
    expect(scene).toMatchObject({
      type: 'model3d',
      workUid: work.uid,
      manifest: { kind: 'model', sourceFormat: 'glb', geometryCompression: 'meshopt' },
    });
    expect(scene.manifest.after.triangles).toBe(scene.manifest.before.triangles);
    expect(scene.manifest.after.fileBytes).toBeGreaterThan(0);
    const file = await testApp.app.inject({ method: 'GET', url: scene.baseUrl + MODEL_FILE_PATH });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(dataOf<{ coverUrl: string }>(await owner.call('GET', `/api/model/${work.uid}`)).coverUrl).toMatch(/^\/files\/covers\/.+\.webp$/);
    expect(scratchLeft()).toEqual([]);
  });

  it.each([
    [
      'an OBJ zip with its MTL',
      'obj',
      () => zipOf({ 'box/box.obj': Buffer.from(OBJ_QUAD), 'box/box.mtl': Buffer.from('newmtl red\nKd 0.8 0.1 0.1\n') }),
      AssetContentType.zip,
    ],
    ['a PLY mesh', 'ply', async () => Buffer.from(PLY_QUAD), AssetContentType.ply],
  ])('accept %s', async (_name, sourceFormat, make, contentType) => {
    const work = await processedWork('model3d', await make(), contentType);
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done' });
    const scene = dataOf<ModelView>(await owner.call('GET', `/api/model/${work.uid}/scene`));
    expect(scene.manifest).toMatchObject({ sourceFormat, after: { triangles: 2 } });
  });

  it.each([
    ['bytes that are no model', 'unsupportedFormat', async () => Buffer.from('solid cube\nendsolid\n'.repeat(20)), AssetContentType.glb],
    ['a truncated GLB', 'damagedFile', async () => glb.subarray(0, Math.floor(glb.length / 2)), AssetContentType.glb],
    ['a zip with a ../ path', 'unsafeArchive', zipEscaping, AssetContentType.zip],
    // 64 MiB of spaces deflate a thousandfold: far past the ratio any real model reaches.
    ['a zip bomb', 'unsafeArchive', () => zipOf({ 'model.obj': Buffer.alloc(64 * 1024 * 1024, 0x20) }), AssetContentType.zip],
  ])(
    'refuse %s with a reason (%s), and leave no files behind',
    async (_name, reason, make, contentType) => {
      const work = await processedWork('model3d', await make(), contentType);
      const processing = dataOf<WorkProcessing>(
        await testApp.app.inject({
          method: 'GET',
          url: `/api/model/${work.uid}/processing`,
          headers: { 'auth-token': owner.token, cookie: 'language=en' },
        }),
      );
      expect(processing).toMatchObject({ state: 'failed', attempts: 1, failure: { reason, fileName: 'origin.bin' } });
      expect(processing.failure!.message).toContain('origin.bin');
      expect((await owner.call('GET', `/api/model/${work.uid}/scene`)).statusCode).toBe(409);
      expect(scratchLeft()).toEqual([]);
      expect(existsSync(path.join(dataDir, 'files', 'derived', work.uid))).toBe(false);
    },
    120_000,
  );
});

const OBJ_QUAD = 'mtllib box.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nusemtl red\nf 1 2 3 4\n';
const PLY_QUAD =
  'ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n';

describe('point clouds', () => {
  let cloud: { uid: string };

  it.each([
    [
      'an XYZ text with colours',
      'xyz',
      async () =>
        Buffer.from(
          Array.from({ length: 500 }, (_, i) => `${i % 25} ${Math.floor(i / 25)} ${(i % 7) * 0.1} 200 ${i % 256} 40`).join('\n') + '\n',
        ),
      AssetContentType.xyz,
      500,
    ],
    [
      'a PLY point cloud',
      'ply',
      async () =>
        Buffer.from(
          `ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n1 0 0\n0 1 2\n`,
        ),
      AssetContentType.ply,
      3,
    ],
    ['a zip holding a LAS', 'las', () => zipOf({ 'scan/cloud.las': las }), AssetContentType.zip, CLOUD_POINTS],
  ])('accept %s', async (_name, sourceFormat, make, contentType, points) => {
    const work = await processedWork('pointcloud', await make(), contentType);
    expect(await processingOf(work.uid)).toMatchObject({ state: 'done' });
    expect(dataOf<PointCloudView>(await owner.call('GET', `/api/model/${work.uid}/scene`)).manifest).toMatchObject({
      sourceFormat,
      points,
    });
  });

  beforeAll(async () => {
    cloud = await processedWork('pointcloud', las, AssetContentType.las);
  });

  it('are converted into an octree the viewer streams by byte ranges, with a cover', async () => {
    expect(await processingOf(cloud.uid)).toMatchObject({ state: 'done', points: null, failure: null });
    const scene = dataOf<PointCloudView>(await owner.call('GET', `/api/model/${cloud.uid}/scene`));
    expect(scene).toMatchObject({
      type: 'pointcloud',
      manifest: { kind: 'pointcloud', points: CLOUD_POINTS, sourceFormat: 'las' },
      measurements: { revision: 0, measurements: [] },
    });
    const root = scene.manifest.nodes[0]!;
    const range = await testApp.app.inject({
      method: 'GET',
      url: scene.baseUrl + POINT_CLOUD_OCTREE_PATH,
      headers: { range: `bytes=${root.offset}-${root.offset + root.byteSize - 1}` },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(root.byteSize);
    expect(dataOf<{ coverUrl: string }>(await owner.call('GET', `/api/model/${cloud.uid}`)).coverUrl).toMatch(
      /^\/files\/covers\/.+\.webp$/,
    );
  });

  it('keep the measurements their owner saves, for every viewer after a reload; stale and invalid saves are refused', async () => {
    const scene = dataOf<PointCloudView>(await owner.call('GET', `/api/model/${cloud.uid}/scene`));
    const { min, max } = scene.manifest.bounds;
    const distance: Measurement = { id: 'm1', kind: 'distance', label: '路宽', points: [min, max] };
    const height: Measurement = { id: 'm2', kind: 'height', label: '', points: [min, [min[0], min[1], max[2]]] };
    const saved = await owner.call('PUT', `/api/model/${cloud.uid}/measurements`, { revision: 0, measurements: [distance, height] });
    expect(saved.statusCode).toBe(200);
    expect(dataOf<MeasurementSet>(saved)).toEqual({ revision: 1, measurements: [distance, height] });

    const stale = await owner.call('PUT', `/api/model/${cloud.uid}/measurements`, { revision: 0, measurements: [] });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).code).toBe(SpatialErrors.measurementsStale.code);

    const threePointHeight = await testApp.app.inject({
      method: 'PUT',
      url: `/api/model/${cloud.uid}/measurements`,
      headers: { 'auth-token': owner.token, cookie: 'language=en' },
      payload: { revision: 1, measurements: [{ ...height, points: [min, max, max] }] },
    });
    expect(threePointHeight.statusCode).toBe(400);
    expect(json<{ code: number; msg: string }>(threePointHeight)).toMatchObject({
      code: SpatialErrors.measurementsInvalid.code,
      msg: expect.stringContaining('exactly 2'),
    });
    const far = await owner.call('PUT', `/api/model/${cloud.uid}/measurements`, {
      revision: 1,
      measurements: [{ ...distance, points: [min, [max[0] + 1e6, max[1], max[2]]] }],
    });
    expect(json(far).code).toBe(SpatialErrors.measurementsInvalid.code);
    const notAPoint = await owner.call('PUT', `/api/model/${cloud.uid}/measurements`, {
      revision: 1,
      measurements: [
        {
          ...distance,
          points: [
            [1, 2],
            [3, 4],
          ],
        },
      ],
    });
    expect(notAPoint.statusCode).toBe(400);

    expect((await stranger.call('PUT', `/api/model/${cloud.uid}/measurements`, { revision: 1, measurements: [] })).statusCode).toBe(404);
    await owner.call('PUT', `/api/model/${cloud.uid}/onLined`, 'onLined=true');
    expect((await stranger.call('PUT', `/api/model/${cloud.uid}/measurements`, { revision: 1, measurements: [] })).statusCode).toBe(403);
    const reloaded = json<{ data: PointCloudView }>(await testApp.app.inject({ method: 'GET', url: `/api/model/${cloud.uid}/scene` })).data;
    expect(reloaded.measurements).toEqual({ revision: 1, measurements: [distance, height] });
  });

  it('export back to LAS, read by an independent reader with the same count and bounds', async () => {
    const ticket = dataOf<{ url: string }>(await owner.call('POST', `/api/model/${cloud.uid}/pointCloud/las/ticket`));
    const exported = await testApp.app.inject({ method: 'GET', url: ticket.url });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('.las');
    const read = (await parse(
      exported.rawPayload.buffer.slice(exported.rawPayload.byteOffset, exported.rawPayload.byteOffset + exported.rawPayload.length),
      LASLoader,
    )) as {
      header: { vertexCount: number; boundingBox: [number[], number[]] };
    };
    const { manifest } = dataOf<PointCloudView>(await owner.call('GET', `/api/model/${cloud.uid}/scene`));
    expect(read.header.vertexCount).toBe(CLOUD_POINTS);
    // The reader hands bounds over as float32 (a step of 0.03 m at 500 km): equal to that precision.
    const sameBound = (read: number, ours: number) =>
      expect(Math.abs(read - ours)).toBeLessThanOrEqual(Math.abs(ours) * 2 ** -23 + manifest.scale[0]);
    for (const axis of [0, 1, 2]) {
      sameBound(read.header.boundingBox[0][axis]!, manifest.bounds.min[axis]!);
      sameBound(read.header.boundingBox[1][axis]!, manifest.bounds.max[axis]!);
    }

    const other = await processedWork('pointcloud', las, AssetContentType.las);
    expect((await testApp.app.inject({ method: 'GET', url: ticket.url.replace(cloud.uid, other.uid) })).statusCode).toBe(401);
    expect((await stranger.call('POST', `/api/model/${other.uid}/pointCloud/las/ticket`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${other.uid}/pointCloud/las` })).statusCode).toBe(401);
  });

  it('refuse a LAS whose header claims more points than it holds', async () => {
    const lying = Buffer.from(las);
    const legacyCount = lying.readUInt32LE(107);
    lying.writeUInt32LE(legacyCount * 2, 107);
    if (lying.readUInt8(25) >= 4) lying.writeBigUInt64LE(BigInt(legacyCount * 2), 247);
    const work = await processedWork('pointcloud', lying, AssetContentType.las);
    expect(await processingOf(work.uid)).toMatchObject({ state: 'failed', failure: { reason: 'damagedFile' } });
    expect(scratchLeft()).toEqual([]);
  });

  it('are listed for their owner with their processing and point count, behind permission 460', async () => {
    const page = dataOf<PointCloudPage>(await owner.call('GET', '/api/pointClouds?pageNum=1&pageSize=50'));
    expect(page.list.find((item) => item.uid === cloud.uid)).toMatchObject({ points: CLOUD_POINTS, processing: { state: 'done' } });
    expect(page.list.every((item) => item.uid !== undefined)).toBe(true);
    expect(dataOf<PointCloudPage>(await stranger.call('GET', '/api/pointClouds')).total).toBe(0);
    const withoutPermission = await person(testApp.app, { name: 'No 460' });
    expect((await withoutPermission.call('GET', '/api/pointClouds')).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/pointClouds' })).statusCode).toBe(401);
  });

  it('answer measurement saves and LAS exports on other work types with a clear refusal', async () => {
    const model = await processedWork('model3d', glb, AssetContentType.glb);
    const save = await owner.call('PUT', `/api/model/${model.uid}/measurements`, { revision: 0, measurements: [] });
    expect(save.statusCode).toBe(409);
    expect(json(save).code).toBe(SpatialErrors.notAPointCloud.code);
    const panorama = await createWork(owner, { type: 'panorama' });
    expect(json(await owner.call('GET', `/api/model/${panorama.uid}/scene`)).code).toBe(SpatialErrors.notAModelOrPointCloud.code);
  });
});
