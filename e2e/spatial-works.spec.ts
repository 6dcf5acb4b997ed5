import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDemoModel } from '../apps/server/src/media/model/demo-model';
import { writeSyntheticPointCloud } from '../apps/server/src/media/pointcloud/synthetic-point-cloud';
import { dataOf } from './support/api';
import { chooseFromMenu, fillLogin, snap, users } from './support/session';
import { authHeaders, cardOf, sessionToken } from './support/works';
import { expectDrawn } from './support/viewers';
import { SOFTWARE_WEBGL } from './support/webgl';

/*
 * 3D models and point clouds, as a surveyor meets them: a GLB and a LAS uploaded through the upload
 * drawer and processed from the works menu, the point-cloud list (permission 460), both viewers opened
 * signed out, a distance measured on the cloud and saved by its owner, and seen by a visitor after a
 * reload.
 */

test.use({ launchOptions: SOFTWARE_WEBGL });

let directory = '';
test.afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Creates a work of a type through the create dialog, uploads its origin in the drawer that opens, and processes it. */
async function createAndProcess(page: Page, name: string, typeLabel: RegExp, file: string, shot: string): Promise<string> {
  await page
    .getByRole('button', { name: /新建作品/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '新建作品' });
  await dialog.getByTestId('create-work-name').fill(name);
  await dialog.getByTestId('create-work-type').getByText(typeLabel).click();
  await dialog.getByRole('button', { name: /创\s?建/ }).click();
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  const uid = (await page.getByTestId('work-card').filter({ hasText: name }).getAttribute('data-uid'))!;
  const origin = page.getByTestId('upload-kind-origin');
  await origin.locator('input[type="file"]').setInputFiles(file);
  await expect(origin.getByTestId('upload-item').filter({ hasText: path.basename(file) })).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: /^完\s?成$/ }).click();
  await expect(page.getByTestId('upload-panel')).toBeHidden();

  const card = cardOf(page, uid);
  await chooseFromMenu(page, card.getByTestId('work-actions'), /开始处理$/);
  const status = card.getByTestId('work-processing');
  await expect(status).toHaveAttribute('data-state', /queued|running|done/);
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await snap(page, `${shot}-processed`, { fullPage: false });
  return uid;
}

/** Publishes a work (the works journeys cover doing it from the menu), so people who are not signed in may open it. */
async function putOnline(page: Page, uid: string): Promise<void> {
  await dataOf(
    await page.request.put(`/api/model/${uid}/onLined`, { headers: authHeaders(await sessionToken(page)), form: { onLined: 'true' } }),
  );
}

test('upload a GLB and a LAS, process them, open both viewers signed out, measure a distance and see it after a reload (zh)', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  directory = mkdtempSync(path.join(tmpdir(), 'spatia-3d-'));
  const glb = path.join(directory, 'pavilion.glb');
  const las = path.join(directory, 'survey.las');
  writeFileSync(glb, await buildDemoModel());
  await writeSyntheticPointCloud(las, { points: 200_000, seed: 11 });

  await page.goto('/login');
  await fillLogin(page, users.surveyor);
  await expect(page).toHaveURL('/dashboard/dashboard');

  const stamp = Date.now() % 100000;
  const modelUid = await createAndProcess(page, `亭子 ${stamp}`, /三维模型|3D/, glb, 'spatial-model');
  const cloudUid = await createAndProcess(page, `测绘 ${stamp}`, /点云/, las, 'spatial-cloud');
  await putOnline(page, modelUid);
  await putOnline(page, cloudUid);

  // The point-cloud list (permission 460) shows the cloud with its points, and opens it.
  await page.goto('/pointCloudList');
  const row = page.getByTestId('point-cloud-item').filter({ hasText: `测绘 ${stamp}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/20\s?万|200,000|200k/);
  await snap(page, 'spatial-point-cloud-list', { fullPage: false });

  // Signed out, the model opens in its viewer: the bar goes once the GLB is drawn.
  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const visitorPage = await visitor.newPage();
  // Whatever the viewers load must pass the site's content security policy (textures, decoders, workers).
  const refused: string[] = [];
  visitorPage.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Couldn't load texture/.test(message.text())) refused.push(message.text());
  });
  await visitorPage.goto(`/details/${modelUid}`);
  const modelViewer = visitorPage.getByTestId('model-viewer');
  // Software WebGL compiles the shaders on the CPU (the environment map at mounting, the model's materials
  // and shadow at its first frame): on a loaded 2-core machine these steps have run past 30 s.
  const firstFrame = { timeout: 120_000 };
  await expect(modelViewer.locator('canvas')).toBeVisible(firstFrame);
  await expect(modelViewer.locator('.s3d-progress')).toHaveCount(0, firstFrame);
  // Drawn: the poster has made way for the model, and no error took its place.
  await expect(modelViewer.locator('.s3d-model__poster--hidden')).toHaveCount(1, firstFrame);
  await expect(modelViewer.locator('.s3d-error')).toHaveCount(0);
  await expect(visitorPage.getByTestId('details-facts')).toContainText(/4,158|4158/);
  await expectDrawn(modelViewer.locator('.public-work-viewer__canvas'));
  await snap(visitorPage, 'spatial-model-signed-out', { fullPage: false });

  // The owner sees what optimisation did to the model, measure by measure.
  await page.goto(`/details/${modelUid}`);
  const report = page.getByTestId('model-optimisation');
  // It comes with the scene, after the page's own data: give a loaded machine time.
  await expect(report).toContainText('优化结果', { timeout: 60_000 });
  await expect(report.getByRole('row', { name: /三角面/ })).toContainText(/4,?158/);
  await expect(visitorPage.getByTestId('model-optimisation')).toHaveCount(0);
  await report.scrollIntoViewIfNeeded();
  await snap(page, 'spatial-model-owner-report', { fullPage: false });

  // The owner measures a distance across the cloud and saves it.
  await page.goto(`/details/${cloudUid}`);
  const cloudViewer = page.getByTestId('pointcloud-viewer');
  const canvas = cloudViewer.locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect(cloudViewer.locator('.s3d-pc-stats')).toContainText(/[1-9][\d,.]*\s*(万)?\s*个?点|[1-9]/, { timeout: 30_000 });
  // The points the view wants are loaded and drawn, so that the clicks below land on some.
  await expectDrawn(cloudViewer.locator('.public-work-viewer__canvas'));
  await expect(page.getByTestId('measurements-save')).toBeDisabled();
  await cloudViewer.getByRole('button', { name: '测量距离' }).click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.55);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await page.keyboard.press('Enter');
  const item = cloudViewer.locator('.s3d-pc-item--distance');
  await expect(item).toHaveCount(1);
  const measured = (await item.locator('.s3d-pc-item__value').textContent())!;
  expect(measured).toMatch(/\d+(\.\d+)?\s*m/);
  await expect(page.getByTestId('measurements-save')).toBeEnabled();
  await snap(page, 'spatial-cloud-measured', { fullPage: false });
  await page.getByTestId('measurements-save').click();
  await expect(page.getByTestId('measurements-save')).toBeDisabled();

  // The owner exports the processed cloud: the browser's own download, a LAS 1.2 with every point.
  const [lasDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('details-export-las').click()]);
  expect(lasDownload.suggestedFilename()).toBe(`测绘 ${stamp}.las`);
  const exported = readFileSync(await lasDownload.path());
  expect(exported.subarray(0, 4).toString('latin1')).toBe('LASF');
  expect(exported.readUInt32LE(107)).toBe(200_000);

  // A visitor, signed out, sees the saved distance after a reload, without the tools.
  await visitorPage.goto(`/details/${cloudUid}`);
  await visitorPage.reload();
  const visitorViewer = visitorPage.getByTestId('pointcloud-viewer');
  await expect(visitorViewer.locator('.s3d-pc-item--distance')).toHaveCount(1, { timeout: 30_000 });
  await expect(visitorViewer.locator('.s3d-pc-item--distance .s3d-pc-item__value')).toHaveText(measured);
  await expect(visitorViewer.getByRole('button', { name: '测量距离' })).toHaveCount(0);
  await expectDrawn(visitorViewer.locator('.public-work-viewer__canvas'));
  await snap(visitorPage, 'spatial-cloud-signed-out', { fullPage: false });
  expect(refused, 'nothing the viewers load is refused').toEqual([]);
  await visitor.close();
});
