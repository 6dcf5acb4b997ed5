import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, type AdminLogPage, type ModelView, type Page, type PointCloudView, type Tour, type WorkSummary } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMilestones } from '../../db/server-milestones.js';
import { buildDemoModel } from '../../media/model/index.js';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { writeSyntheticPointCloud } from '../../media/pointcloud/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { person, samplePng } from '../../test/works-fixtures.js';
import {
  addDemoWorks,
  DEMO_MODEL_COVER,
  DEMO_MODEL_FILE,
  DEMO_POINT_CLOUD_COVER,
  DEMO_POINT_CLOUD_FILE,
  DEMO_SCENES,
  seedDemoWorksOnce,
} from './demo-content.js';

let testApp: TestApp;
let demoDir: string;
const noFiles = mkdtempSync(path.join(os.tmpdir(), 'spatia-no-demo-'));

beforeAll(async () => {
  testApp = await createTestApp();
  // Ready as the server is before it seeds: seeding sends processing jobs inside its transactions.
  await testApp.app.services.jobs.start();
  demoDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-demo-'));
  for (const scene of DEMO_SCENES)
    writeFileSync(path.join(demoDir, scene.file), await renderSyntheticPanorama({ width: 2048, height: 1024, label: scene.label }));
  writeFileSync(path.join(demoDir, DEMO_MODEL_FILE), await buildDemoModel());
  await writeSyntheticPointCloud(path.join(demoDir, DEMO_POINT_CLOUD_FILE), { points: 30_000 });
  for (const cover of [DEMO_MODEL_COVER, DEMO_POINT_CLOUD_COVER]) writeFileSync(path.join(demoDir, cover), await samplePng());
});
afterAll(() => testApp.close());

const get = async <T>(url: string) => json<{ data: T }>(await testApp.app.inject({ method: 'GET', url })).data;
const showcase = () => get<Page<WorkSummary>>('/api/showcase');

describe('the demo works', () => {
  it('are added once by the first start, passed by the platform’s own review: the system’s action, not an administrator’s', async () => {
    const { services } = testApp.app;
    // Without the rendered files: nothing, and the next start tries again.
    expect(await seedDemoWorksOnce(services, noFiles)).toEqual({ outcome: 'noFiles' });

    // No administrator exists, and none is needed: nobody has signed in yet.
    const seeded = await seedDemoWorksOnce(services, demoDir);
    expect(seeded?.outcome).toBe('added');
    expect((await showcase()).total).toBe(3);
    const admin = await person(testApp.app, { roles: [Role.admin] });
    const log = json<{ data: AdminLogPage }>(await admin.call('GET', '/api/admin/log?targetType=work')).data;
    expect(log.list.map(({ action, actor, admin: by }) => ({ action, actor, by }))).toEqual(
      Array.from({ length: 3 }, () => ({ action: 'work.auditPass', actor: 'system', by: null })),
    );
    // A later start leaves them alone, and works the operator deleted stay deleted.
    expect(await seedDemoWorksOnce(services, demoDir)).toBeUndefined();
    expect((await showcase()).total).toBe(3);
  });

  it('are a processed two-scene tour, linked both ways, a 3D model and a point cloud, in both languages, for anyone to open', async () => {
    await testApp.app.services.jobs.drain(['processing.run']);
    const list = (await showcase()).list;
    expect(list.map((work) => work.name).sort()).toEqual([
      '山地与小楼 Hill & House',
      '江景两居室 Riverside Flat',
      '湖畔亭子 Lake Pavilion',
    ]);
    expect(list.every((work) => work.status === 'exposed' && work.openInOfficial && /[一-龥].*[A-Za-z]/s.test(work.description))).toBe(
      true,
    );
    expect(list[0]!.owner).toMatchObject({ name: 'Spatia 示例' });
    const uidOf = (type: string) => list.find((work) => work.type === type)!.uid;

    expect((await get<ModelView>(`/api/model/${uidOf('model3d')}/scene`)).manifest.after.triangles).toBeGreaterThan(0);
    expect((await get<PointCloudView>(`/api/model/${uidOf('pointcloud')}/scene`)).manifest.points).toBe(30_000);
    const tour = await get<Tour>(`/api/model/${uidOf('panorama')}/tour`);
    expect(tour.scenes.map((scene) => scene.name)).toEqual(['客厅 Living room', '阳台 Balcony']);
    const [living, balcony] = tour.scenes;
    expect(living!.hotspots).toEqual([expect.objectContaining({ kind: 'link', targetSceneId: balcony!.id })]);
    expect(balcony!.hotspots).toEqual([expect.objectContaining({ kind: 'link', targetSceneId: living!.id })]);
  });

  it('are added again on purpose (`npm run admin -- demo`) once the demo account has none left', async () => {
    const { services } = testApp.app;
    expect(await addDemoWorks(services, demoDir)).toEqual({ outcome: 'present' });
    const admin = await person(testApp.app, { roles: [Role.admin] });
    const demoWorks = (await showcase()).list.map((work) => work.uid);
    expect(json(await admin.call('DELETE', '/api/model/batchDeleteLogically', { modelUids: demoWorks })).code).toBe(0);
    expect((await showcase()).total).toBe(0);
    // The start after that does not bring them back.
    expect(await seedDemoWorksOnce(services, demoDir)).toBeUndefined();

    const added = await addDemoWorks(services, demoDir);
    expect(added.outcome).toBe('added');
    expect((await showcase()).total).toBe(3);
    expect(await addDemoWorks(services, demoDir)).toEqual({ outcome: 'present' });
    expect(await new ServerMilestones(services.database.db).reach('demo-works-seeded')).toBe(false);
  });
});
