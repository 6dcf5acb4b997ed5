import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role, type Page, type Tour, type WorkSummary } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { person } from '../../test/works-fixtures.js';
import { DEMO_SCENES, seedDemoContent } from './demo-content.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('demo content of a first start', () => {
  it('is a processed two-scene tour, linked both ways, in the official showcase for anyone to open', async () => {
    const demoDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-demo-'));
    for (const scene of DEMO_SCENES) writeFileSync(path.join(demoDir, scene.file), await renderSyntheticPanorama({ width: 2048, height: 1024, label: scene.label }));
    const admin = await person(testApp.app, { roles: [Role.admin] });
    const adminUser = (await testApp.app.services.users.getAuthUser(admin.id))!;

    const uid = await seedDemoContent(testApp.app.services, adminUser, demoDir);
    expect(uid).toBeDefined();
    await testApp.app.services.jobs.drain(['processing.run']);

    const showcase = json<{ data: Page<WorkSummary> }>(await testApp.app.inject({ method: 'GET', url: '/api/showcase' })).data;
    expect(showcase.list).toEqual([expect.objectContaining({ uid, status: 'exposed', openInOfficial: true, owner: expect.objectContaining({ name: 'Spatia 示例' }) })]);
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
