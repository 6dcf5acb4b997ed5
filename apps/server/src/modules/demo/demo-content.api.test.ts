import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, type ModelView, type Page, type PointCloudView, type Tour, type WorkSummary } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoModel } from '../../media/model/index.js';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { writeSyntheticPointCloud } from '../../media/pointcloud/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { person, samplePng } from '../../test/works-fixtures.js';
import { DEMO_MODEL_COVER, DEMO_MODEL_FILE, DEMO_POINT_CLOUD_COVER, DEMO_POINT_CLOUD_FILE, DEMO_SCENES, seedDemoContent } from './demo-content.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('demo content of a first start', () => {
  it('is a processed two-scene tour, linked both ways, a 3D model and a point cloud, in the official showcase for anyone to open', async () => {
    const demoDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-demo-'));
    for (const scene of DEMO_SCENES) writeFileSync(path.join(demoDir, scene.file), await renderSyntheticPanorama({ width: 2048, height: 1024, label: scene.label }));
    writeFileSync(path.join(demoDir, DEMO_MODEL_FILE), await buildDemoModel());
    await writeSyntheticPointCloud(path.join(demoDir, DEMO_POINT_CLOUD_FILE), { points: 30_000 });
    for (const cover of [DEMO_MODEL_COVER, DEMO_POINT_CLOUD_COVER]) writeFileSync(path.join(demoDir, cover), await samplePng());
    const admin = await person(testApp.app, { roles: [Role.admin] });
    const adminUser = (await testApp.app.services.users.getAuthUser(admin.id))!;

    const demo = await seedDemoContent(testApp.app.services, adminUser, demoDir);
    expect(demo).toBeDefined();
    const { tour: uid, model, pointCloud } = demo!;
    await testApp.app.services.jobs.drain(['processing.run']);

    const showcase = json<{ data: Page<WorkSummary> }>(await testApp.app.inject({ method: 'GET', url: '/api/showcase' })).data;
    expect(showcase.list.map((work) => work.uid).sort()).toEqual([uid, model, pointCloud].sort());
    expect(showcase.list).toContainEqual(expect.objectContaining({ uid, status: 'exposed', openInOfficial: true, owner: expect.objectContaining({ name: 'Spatia 示例' }) }));
    const modelScene = json<{ data: ModelView }>(await testApp.app.inject({ method: 'GET', url: `/api/model/${model}/scene` })).data;
    expect(modelScene.manifest.after.triangles).toBeGreaterThan(0);
    const cloudScene = json<{ data: PointCloudView }>(await testApp.app.inject({ method: 'GET', url: `/api/model/${pointCloud}/scene` })).data;
    expect(cloudScene.manifest.points).toBe(30_000);
    const tour = json<{ data: Tour }>(await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/tour` })).data;
    expect(tour.scenes.map((scene) => scene.name)).toEqual(['客厅', '阳台']);
    const [living, balcony] = tour.scenes;
    expect(living!.hotspots).toEqual([expect.objectContaining({ kind: 'link', targetSceneId: balcony!.id })]);
    expect(balcony!.hotspots).toEqual([expect.objectContaining({ kind: 'link', targetSceneId: living!.id })]);
  });

  it('is skipped, with a warning, when the build did not render the panoramas', async () => {
    const admin = await person(testApp.app, { roles: [Role.admin] });
    const adminUser = (await testApp.app.services.users.getAuthUser(admin.id))!;
    expect(await seedDemoContent(testApp.app.services, adminUser, mkdtempSync(path.join(os.tmpdir(), 'spatia-no-demo-')))).toBeUndefined();
  });
});
