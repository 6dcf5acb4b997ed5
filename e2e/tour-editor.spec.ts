import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tour } from '@spatia/contract';
import { renderSyntheticPanorama } from '../apps/server/src/media/panorama/synthetic-panorama';
import { dataOf } from './support/api';
import { createAccount, uniquePhone } from './support/accounts';
import { chooseFromMenu, fillLogin, snap } from './support/session';
import { authHeaders, cardOf, sessionToken } from './support/works';
import { expectDrawn } from './support/viewers';
import { SOFTWARE_WEBGL } from './support/webgl';

/*
 * Processing and the tour editor, as the owner of a panorama work meets them: upload a panorama
 * through the upload drawer, process it and watch the bar, add a second panorama and process again,
 * then link scene 1 to scene 2 with a hotspot placed and dragged on the panorama, save, and find it
 * again after a reload. The public viewer has its own journey.
 */

const PASSWORD = 'Tour2026pass';

test.use({ launchOptions: SOFTWARE_WEBGL });

let directory = '';
test.afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function uploadOrigin(page: Page, file: string): Promise<void> {
  const origin = page.getByTestId('upload-kind-origin');
  await origin.locator('input[type="file"]').setInputFiles(file);
  await expect(origin.getByTestId('upload-item').filter({ hasText: path.basename(file) })).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
}

async function closeUploads(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^完\s?成$/ }).click();
  await expect(page.getByTestId('upload-panel')).toBeHidden();
}

/** Starts processing from the works menu and follows the card's indicator until the run is done. */
async function processAndWatch(page: Page, card: Locator, menuItem: RegExp, scenes: number, shot: string): Promise<void> {
  await chooseFromMenu(page, card.getByTestId('work-actions'), menuItem);
  const status = card.getByTestId('work-processing');
  // Queued at once (the answer of the start), then running, then done; the bar shows until then.
  await expect(status).toHaveAttribute('data-state', /queued|running|done/);
  if ((await status.getAttribute('data-state')) !== 'done') {
    await expect(card.getByTestId('work-processing-progress')).toBeVisible();
    await snap(page, `${shot}-running`, { fullPage: false });
  }
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await expect(status).toContainText(`${scenes} 个场景`);
  await expect(card.getByTestId('work-processing-progress')).toHaveCount(0);
  await snap(page, `${shot}-done`, { fullPage: false });
}

async function tourOf(page: Page, uid: string): Promise<Tour> {
  return dataOf<Tour>(await page.request.get(`/api/model/${uid}/tour`, { headers: authHeaders(await sessionToken(page)) }));
}

/** The centre of a hotspot's button on the panorama. */
async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  expect(box, 'the hotspot is on screen').not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

test('process two panoramas, link scene 1 to scene 2 with a hotspot placed and dragged on the panorama, save and reload (zh)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const phone = uniquePhone(4);
  await createAccount(page.request, phone, PASSWORD);
  await page.goto('/login');
  await fillLogin(page, { phone, password: PASSWORD });
  await expect(page).toHaveURL('/dashboard/dashboard');

  directory = mkdtempSync(path.join(tmpdir(), 'spatia-tour-'));
  const hall = path.join(directory, 'hall.jpg');
  const garden = path.join(directory, 'garden.jpg');
  writeFileSync(hall, await renderSyntheticPanorama({ width: 2048, height: 1024, label: 'Hall 大厅' }));
  writeFileSync(garden, await renderSyntheticPanorama({ width: 2048, height: 1024, label: 'Garden 花园' }));

  // A panorama work through the create dialog; the upload drawer opens for it.
  const name = `漫游 ${Date.now() % 100000}`;
  await page.getByTestId('works-empty-create').click();
  const createDialog = page.getByRole('dialog', { name: '新建作品' });
  await createDialog.getByTestId('create-work-name').fill(name);
  await createDialog.getByRole('button', { name: /创\s?建/ }).click();
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  const uid = (await page.getByTestId('work-card').filter({ hasText: name }).getAttribute('data-uid'))!;
  const card = cardOf(page, uid);
  await uploadOrigin(page, hall);
  await closeUploads(page);

  // Not processed yet; "Process" runs it, the bar follows it to the end.
  await expect(card.getByTestId('work-processing')).toHaveAttribute('data-state', 'idle');
  await snap(page, 'tour-card-idle', { fullPage: false });
  await processAndWatch(page, card, /开始处理$/, 1, 'tour-process-first');

  // The menu now offers the tour; with one scene a link has nowhere to go, so a second panorama first.
  await chooseFromMenu(page, card.getByTestId('work-actions'), /上传文件/);
  await uploadOrigin(page, garden);
  await closeUploads(page);
  await processAndWatch(page, card, /重新处理/, 2, 'tour-process-second');

  // The verify dialog shows the processing too.
  await chooseFromMenu(page, card.getByTestId('work-actions'), /完整性检查/);
  await expect(page.getByTestId('verify-processing').getByTestId('work-processing')).toHaveAttribute('data-state', 'done');
  await snap(page, 'tour-verify-dialog', { fullPage: false });
  await page.keyboard.press('Escape');

  // The editor, on scene 1.
  await chooseFromMenu(page, card.getByTestId('work-actions'), /编辑漫游/);
  await expect(page).toHaveURL(`/model/tour/${uid}`);
  const canvas = page.getByTestId('tour-canvas');
  // The element the panorama viewer is mounted in: its data-drawn says when the picture is complete.
  const panorama = canvas.locator('.tour-canvas__viewer');
  await expect(canvas).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const opened = await tourOf(page, uid);
  const [first, second] = opened.scenes;
  await expect(canvas).toHaveAttribute('data-scene', first!.id);
  await expect(page.getByTestId('tour-save')).toBeDisabled();
  // Look once the base faces and the tiles of the view are drawn.
  await expectDrawn(panorama);
  await snap(page, 'tour-editor-opened', { fullPage: false });

  // "Add link", then a click on the panorama places it, pointing at the next scene, and selects it.
  await page.getByTestId('tour-add-link').click();
  await expect(page.getByTestId('tour-placing-hint')).toBeVisible();
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.6);
  const inspector = page.getByTestId('hotspot-inspector');
  await expect(inspector).toHaveAttribute('data-kind', 'link');
  await expect(inspector.getByTestId('hotspot-target')).toContainText(second!.name);
  await expect(page.getByTestId('tour-unsaved')).toBeVisible();
  const hotspotId = (await inspector.getAttribute('data-hotspot-id'))!;
  const marker = canvas.locator(`.spv-hotspot[data-hotspot-id="${hotspotId}"]`);
  await expect(marker).toBeVisible();
  const placedAt = await page.getByTestId('hotspot-position').textContent();
  await snap(page, 'tour-editor-link-placed', { fullPage: false });

  // Dragging it moves it (the view does not turn meanwhile).
  const from = await centreOf(marker);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(from.x + step * 18, from.y - step * 4);
  await page.mouse.up();
  await expect(page.getByTestId('hotspot-position')).not.toHaveText(placedAt!);
  const to = await centreOf(marker);
  expect(to.x - from.x, 'the hotspot followed the pointer').toBeGreaterThan(120);
  await snap(page, 'tour-editor-link-dragged', { fullPage: false });

  // Escape deselects; clicking the hotspot selects it again.
  await page.keyboard.press('Escape');
  await expect(inspector).toBeHidden();
  await expect(page.getByTestId('scene-panel-hotspot')).toHaveCount(1);
  await marker.click();
  await expect(inspector).toBeVisible();

  // Save: the marker goes, the button rests.
  await page.getByTestId('tour-save').click();
  await expect(page.getByTestId('tour-unsaved')).toHaveCount(0);
  await expect(page.getByTestId('tour-save')).toBeDisabled();
  const saved = await tourOf(page, uid);
  const link = saved.scenes[0]!.hotspots[0]!;
  expect(link).toMatchObject({ id: hotspotId, kind: 'link', targetSceneId: second!.id });
  expect(saved.revision).toBe(opened.revision + 1);

  // After a reload the hotspot is there, where it was dragged to.
  await page.reload();
  await expect(canvas).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(canvas.locator(`.spv-hotspot[data-hotspot-id="${hotspotId}"]`)).toBeVisible();
  await expect(page.getByTestId('scene-panel-hotspot')).toHaveCount(1);
  await page.getByTestId('scene-panel-hotspot').click();
  await expect(page.getByTestId('hotspot-position')).toHaveText(`位置：水平 ${link.yaw.toFixed(1)}°，俯仰 ${link.pitch.toFixed(1)}°`);
  await expectDrawn(panorama);
  await snap(page, 'tour-editor-reloaded', { fullPage: false });

  // On a phone the panels stack under the panorama.
  await page.setViewportSize({ width: 390, height: 844 });
  // Drawn again at the panorama's new size, not only at the old one.
  await expectDrawn(panorama);
  await snap(page, 'tour-editor-mobile', { fullPage: true });
});
