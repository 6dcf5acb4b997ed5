import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount, uniquePhone } from './support/accounts';
import { chooseFromMenu, snap, sessionFromApi } from './support/session';
import { gradientPng, WorksApi, zipLikeBytes } from './support/works';

/*
 * The edit drawer and the upload panel of a work, opened from the works manager of the dashboard.
 * Each test signs up its own account, so that its works meet no other spec's.
 */

const MB = 1024 * 1024;

async function signUpAndIn(page: Page): Promise<WorksApi> {
  const phone = uniquePhone(7);
  await createAccount(page.request, phone, 'Edit2026pass');
  await sessionFromApi(page.context(), { phone, password: 'Edit2026pass' });
  await page.goto('/dashboard/dashboard');
  return WorksApi.of(page);
}

function workCard(page: Page, uid: string): Locator {
  return page.locator(`[data-testid="work-card"][data-uid="${uid}"]`);
}

async function openEditor(page: Page, uid: string): Promise<void> {
  await chooseFromMenu(page, workCard(page, uid).getByTestId('work-actions'), /(Edit details|编辑信息)$/);
  await expect(page.getByTestId('work-edit-name')).toBeVisible();
}

/**
 * A file on disk: the picker gives it a stable lastModified, which a resumed upload is found by. Not
 * under test-results/, which another Playwright run empties at its start: the browser reads the
 * slices of a picked file from disk while it uploads.
 */
let fileDirectory = '';
function writeTemporaryFile(name: string, bytes: Buffer): string {
  fileDirectory ||= mkdtempSync(path.join(tmpdir(), 'spatia-work-edit-'));
  const file = path.join(fileDirectory, name);
  writeFileSync(file, bytes);
  return file;
}

test.afterAll(() => {
  if (fileDirectory) rmSync(fileDirectory, { recursive: true, force: true });
});

/**
 * Holds every PATCH of a tus upload for `delayMs` before it goes: long enough to pause (or reload)
 * while the second chunk waits, on any machine.
 */
async function slowTusPatches(page: Page, delayMs: number): Promise<void> {
  await page.route('**/api/tus/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, delayMs));
    // The page may have aborted it meanwhile (pause, reload).
    await route.continue().catch(() => undefined);
  });
}

const isTus = (method: string) => (request: Request) => request.method() === method && request.url().includes('/api/tus/');

test('edit name, tags, location and time in the drawer; values come back on reopening (English)', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const api = await signUpAndIn(page);
  const work = await api.createWork(`Lake ${Date.now() % 100000}`);
  await page.reload();
  await expect(workCard(page, work.uid)).toBeVisible();

  await openEditor(page, work.uid);
  await expect(page.getByTestId('work-edit-save')).toBeDisabled();
  await expect(page.getByTestId('work-edit-state')).toHaveText('No changes yet');

  // Name: the live counter, the limit, then a good name.
  const name = page.getByTestId('work-edit-name');
  await name.fill('West Lake at dawn, seen from the bridge');
  await expect(page.getByTestId('name-problem')).toHaveText('At most 20 characters');
  await expect(page.getByTestId('work-edit-save')).toBeDisabled();
  await name.fill('West Lake at dawn');
  await expect(name.locator('..')).toContainText('17 / 20');
  await expect(page.getByTestId('name-problem')).toHaveCount(0);

  // A disguised sensitive word warns while typing; the server would refuse it.
  const description = page.getByTestId('work-edit-description');
  await description.fill('Night tour of the Ｃ-A-S-I-N-O by the lake');
  await expect(page.getByTestId('description-sensitive')).toContainText('casino');
  await snap(page, 'work-edit-sensitive-en-desktop', { fullPage: false });
  await description.fill('Sunrise over the Su causeway');
  await expect(page.getByTestId('description-sensitive')).toHaveCount(0);

  // Tags: Enter adds, the chip's × removes, too long is explained.
  const tagInput = page.getByTestId('tag-input');
  for (const tag of ['lake', 'sunrise', 'temporary']) {
    await tagInput.fill(tag);
    await tagInput.press('Enter');
  }
  await expect(page.getByTestId('tag-chip')).toHaveText(['lake', 'sunrise', 'temporary'].map((tag) => new RegExp(tag)));
  await page.getByTestId('tag-chip').filter({ hasText: 'temporary' }).getByLabel('Remove tag temporary').click();
  await expect(page.getByTestId('tag-chip')).toHaveCount(2);
  await tagInput.fill('a-tag-far-too-long');
  await tagInput.press('Enter');
  await expect(page.getByTestId('tag-problem')).toHaveText('A tag has at most 12 characters');
  await tagInput.fill('lake');
  await tagInput.press('Enter');
  await expect(page.getByTestId('tag-problem')).toHaveText('This tag is already there');
  await tagInput.fill('');

  // Location: the map, drawn on the basemap bundled in the build (no tile service is set), takes a click; the numbers follow.
  await page.getByTestId('work-edit-address').fill('Su Causeway, Hangzhou');
  const picker = page.getByTestId('map-picker');
  await expect(picker).toHaveAttribute('data-mode', /bundled|unavailable/, { timeout: 15_000 });
  const mode = await picker.getAttribute('data-mode');
  if (mode === 'bundled') await expect(picker.locator('.maplibregl-ctrl-attrib')).toContainText('Natural Earth');
  await expect(page.getByTestId('map-readout')).toHaveText(/No location set/);
  if (mode === 'unavailable') {
    await page.getByTestId('map-latitude').fill('30.25');
    await page.getByTestId('map-longitude').fill('120.14');
  } else {
    const canvas = page.getByTestId('map-canvas').locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    await canvas.click({ position: { x: 260, y: 110 } });
    await expect(page.getByTestId('map-marker')).toBeVisible();
  }
  await expect(page.getByTestId('map-readout')).toHaveText(/\d+\.\d{4}° [NS], \d+\.\d{4}° [EW]/);
  const latitude = Number(await page.getByTestId('map-latitude').inputValue());
  expect(Number.isFinite(latitude) && latitude !== 0).toBe(true);
  await page.getByTestId('map-readout').scrollIntoViewIfNeeded();
  await snap(page, `work-edit-map-${mode}-en-desktop`, { fullPage: false });

  await expect(page.getByTestId('work-edit-state')).toHaveText('Unsaved changes');
  // Closing with unsaved changes asks first; keep editing.
  await page.getByTestId('work-edit-cancel').click();
  const confirmation = page.locator('.ant-modal-confirm');
  await expect(confirmation).toContainText('Discard your changes?');
  await confirmation.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirmation).toBeHidden();

  const saved = page.waitForResponse((response) => response.url().endsWith(`/api/model/${work.uid}/attr`));
  await page.getByTestId('work-edit-save').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByTestId('work-edit-name')).toBeHidden();

  const stored = await api.getWork(work.uid);
  expect(stored).toMatchObject({
    name: 'West Lake at dawn',
    description: 'Sunrise over the Su causeway',
    address: 'Su Causeway, Hangzhou',
    tags: ['lake', 'sunrise'],
  });
  expect(stored.latitude).toBeCloseTo(latitude, 5);
  expect(stored.longitude).not.toBeNull();

  // Reopened: the saved values, and nothing to save.
  await openEditor(page, work.uid);
  await expect(page.getByTestId('work-edit-name')).toHaveValue('West Lake at dawn');
  await expect(page.getByTestId('tag-chip')).toHaveCount(2);
  await expect(page.getByTestId('map-readout')).toHaveText(/\d+\.\d{4}° [NS]/);
  await expect(page.getByTestId('work-edit-save')).toBeDisabled();
  await snap(page, 'work-edit-reopened-en-desktop');
  await context.close();
});

test('replace the cover; upload an origin with pause and resume; reload mid-upload and continue (zh)', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await signUpAndIn(page);
  const work = await api.createWork(`断桥 ${Date.now() % 100000}`);
  await page.reload();
  await openEditor(page, work.uid);

  // Cover: Replace goes through tus with progress; the new image shows.
  await expect(page.getByTestId('cover-empty')).toBeVisible();
  await page
    .getByTestId('cover-input')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(640, 400, [47, 84, 235], [20, 184, 166]) });
  const cover = page.getByTestId('cover-image');
  await expect(cover).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'work-edit-cover-zh-desktop', { fullPage: false });

  // Origin: ~20 MB in 8 MB chunks, each held for a moment so a person (this test) can pause.
  await slowTusPatches(page, 1_500);
  await page.getByRole('tab', { name: /文件/ }).click();
  const origin = page.getByTestId('upload-kind-origin');
  await expect(page.getByTestId('upload-rule-origin')).toHaveText(/JPG, PNG, WebP, ZIP · 不超过 20 GB$/);
  const firstFile = writeTemporaryFile('origin-a.zip', zipLikeBytes(20 * MB, 1));
  const firstChunk = page.waitForResponse((response) => isTus('PATCH')(response.request()) && response.ok());
  await origin.locator('input[type="file"]').setInputFiles(firstFile);
  const item = origin.getByTestId('upload-item').filter({ hasText: 'origin-a.zip' });
  await expect(item).toHaveAttribute('data-status', 'uploading');
  await firstChunk;
  await expect(item.getByTestId('upload-facts')).toContainText('8 MB / 20 MB');
  await snap(page, 'work-edit-upload-progress-zh-desktop', { fullPage: false });

  await item.getByTestId('upload-pause').click();
  await expect(item).toHaveAttribute('data-status', 'paused');
  await expect(item.getByTestId('upload-state')).toHaveText('已暂停');
  await snap(page, 'work-edit-upload-paused-zh-desktop', { fullPage: false });

  // Resuming asks the server where to go on (HEAD), then sends from there, not from zero.
  const head = page.waitForResponse((response) => isTus('HEAD')(response.request()));
  const resumedPatch = page.waitForRequest(isTus('PATCH'));
  await item.getByTestId('upload-resume').click();
  const offsetAtResume = Number((await head).headers()['upload-offset']);
  expect(offsetAtResume).toBeGreaterThan(0);
  expect(Number((await resumedPatch).headers()['upload-offset'])).toBe(offsetAtResume);
  await expect(item.getByTestId('upload-resumed')).toBeVisible();
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('asset-item').filter({ hasText: 'origin-a.zip' })).toBeVisible();

  // A reload in the middle: the panel lists the interrupted upload; picking the file continues it.
  const secondFile = writeTemporaryFile('origin-b.zip', zipLikeBytes(20 * MB, 2));
  const secondFirstChunk = page.waitForResponse((response) => isTus('PATCH')(response.request()) && response.ok());
  await origin.locator('input[type="file"]').setInputFiles(secondFile);
  await secondFirstChunk;
  await page.reload();
  await openEditor(page, work.uid);
  await page.getByRole('tab', { name: /文件/ }).click();
  const interrupted = origin.getByTestId('upload-interrupted').filter({ hasText: 'origin-b.zip' });
  await expect(interrupted).toContainText('已上传 8 MB / 20 MB');
  await snap(page, 'work-edit-upload-interrupted-zh-desktop', { fullPage: false });

  const continuedPatch = page.waitForRequest(isTus('PATCH'));
  await origin.locator('input[type="file"]').setInputFiles(secondFile);
  expect(Number((await continuedPatch).headers()['upload-offset'])).toBeGreaterThan(0);
  const second = origin.getByTestId('upload-item').filter({ hasText: 'origin-b.zip' });
  await expect(second.getByTestId('upload-resumed')).toContainText('从 8 MB 处继续');
  await expect(second).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(interrupted).toHaveCount(0);
  await expect(page.getByTestId('asset-item')).toHaveCount(3);
  await snap(page, 'work-edit-files-zh-desktop');

  const stored = await api.getWork(work.uid);
  expect(stored.assets.filter((asset) => asset.kind === 'origin').map((asset) => [asset.fileName, asset.size])).toEqual(
    expect.arrayContaining([
      ['origin-a.zip', 20 * MB],
      ['origin-b.zip', 20 * MB],
    ]),
  );

  // What the browser can tell is refused at once; what only the bytes tell, the server refuses, and
  // its message is shown on the file.
  await origin.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
  await expect(page.locator('.ant-message-notice').filter({ hasText: '此处不接受 notes.txt，可上传：JPG, PNG, WebP, ZIP' })).toBeVisible();
  const refusal = page.waitForResponse((response) => isTus('PATCH')(response.request()) && !response.ok());
  await origin.locator('input[type="file"]').setInputFiles(writeTemporaryFile('not-a-zip.zip', Buffer.from('plain text, not an archive')));
  const { msg } = (await (await refusal).json()) as { msg: string };
  expect(msg).toBeTruthy();
  const refused = origin.getByTestId('upload-item').filter({ hasText: 'not-a-zip.zip' });
  await expect(refused).toHaveAttribute('data-status', 'error');
  await expect(refused.getByTestId('upload-state')).toHaveText(msg);
  await expect(refused.getByTestId('upload-retry')).toBeVisible();
  await snap(page, 'work-edit-upload-refused-zh-desktop', { fullPage: false });
  await refused.getByTestId('upload-cancel').click();
  await expect(refused).toHaveCount(0);

  // Deleting a file asks first.
  await page.getByTestId('asset-item').filter({ hasText: 'origin-a.zip' }).getByTestId('asset-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByTestId('asset-item').filter({ hasText: 'origin-a.zip' })).toHaveCount(0);
});

test('the drawer fills a phone screen (zh)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const api = await signUpAndIn(page);
  const work = await api.createWork('手机上编辑');
  await api.uploadAsset(work.uid, 'cover', {
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: gradientPng(320, 200, [250, 140, 22], [245, 34, 45]),
  });
  await page.reload();
  await openEditor(page, work.uid);
  const panel = page.locator('.ant-drawer-content-wrapper');
  await expect.poll(async () => (await panel.boundingBox())?.width).toBe(390);
  await expect(page.getByTestId('cover-image')).toBeVisible();
  await snap(page, 'work-edit-zh-mobile', { fullPage: false });
  await page.getByRole('tab', { name: /文件/ }).click();
  await expect(page.getByTestId('upload-kind-origin')).toBeVisible();
  await snap(page, 'work-edit-files-zh-mobile', { fullPage: false });
  await context.close();
});
