import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount, uniquePhone } from './support/accounts';
import { chooseFromMenu, snap, sessionFromApi } from './support/session';
import { gradientPng, WorksApi, zipLikeBytes } from './support/works';

/*
 * The whole life of a work in the console, as the works issue describes it: create it, upload a cover
 * and a 200 MB origin while the connection drops halfway, edit, tag, copy, delete and restore it, then
 * hand it to a second user who confirms it. Two fresh accounts, so no other journey meets these works.
 */

const MB = 1024 * 1024;
const PASSWORD = 'Journey2026pass';

let directory = '';
test.afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function signInAs(page: Page, phone: string): Promise<void> {
  await sessionFromApi(page.context(), { phone, password: PASSWORD });
  await page.goto('/dashboard/dashboard');
}

const card = (page: Page, name: string): Locator =>
  page.getByTestId('work-card').filter({ has: page.getByTestId('work-name').getByText(name, { exact: true }) });

async function confirmDialog(page: Page, name: RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name }).click();
  await expect(dialog).toBeHidden();
}

test('create, upload across a dropped connection, edit, tag, copy, delete, restore and hand over a work (zh)', async ({ browser }) => {
  test.setTimeout(360_000);
  const ownerPhone = uniquePhone(5);
  const receiverPhone = uniquePhone(6);
  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  await createAccount(page.request, ownerPhone, PASSWORD);
  await createAccount(page.request, receiverPhone, PASSWORD);
  await signInAs(page, ownerPhone);
  const api = await WorksApi.of(page);

  // Create through the dialog; the upload drawer opens for the new work.
  const name = `湖畔 ${Date.now() % 100000}`;
  await page.getByTestId('works-empty-create').click();
  const createDialog = page.getByRole('dialog', { name: '新建作品' });
  await createDialog.getByTestId('create-work-name').fill(name);
  await createDialog.getByRole('button', { name: /创\s?建/ }).click();
  const uploadDrawer = page.getByTestId('upload-panel');
  await expect(uploadDrawer).toBeVisible();
  const uid = (await card(page, name).getAttribute('data-uid'))!;
  const workCard = page.locator(`[data-testid="work-card"][data-uid="${uid}"]`);

  // The cover, then a 200 MB origin in 8 MB chunks. Halfway the browser goes offline for a moment:
  // the running PATCH fails, the client retries, asks the server where it stopped and goes on from there.
  directory = mkdtempSync(path.join(tmpdir(), 'spatia-journey-'));
  const coverFile = path.join(directory, 'cover.png');
  writeFileSync(coverFile, gradientPng(800, 450, [250, 140, 22], [47, 84, 235]));
  await page.getByTestId('upload-kind-cover').locator('input[type="file"]').setInputFiles(coverFile);
  await expect(page.getByTestId('upload-kind-cover').getByTestId('upload-item')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });

  const originFile = path.join(directory, 'lake-200mb.zip');
  writeFileSync(originFile, zipLikeBytes(200 * MB, 9));
  const headOffsets: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'HEAD' && response.url().includes('/api/tus/'))
      headOffsets.push(Number(response.headers()['upload-offset']));
  });
  let acceptedPatches = 0;
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH' && response.url().includes('/api/tus/') && response.ok()) acceptedPatches += 1;
  });
  const origin = page.getByTestId('upload-kind-origin');
  await origin.locator('input[type="file"]').setInputFiles(originFile);
  const item = origin.getByTestId('upload-item').filter({ hasText: 'lake-200mb.zip' });
  await expect.poll(() => acceptedPatches, { timeout: 120_000 }).toBeGreaterThanOrEqual(12);
  // Offline until a request of the upload has failed on it: the upload must then ask where to go on from.
  const cut = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/tus/'));
  await ownerContext.setOffline(true);
  await cut;
  await snap(page, 'journey-upload-offline-zh-desktop', { fullPage: false });
  await ownerContext.setOffline(false);
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  expect(Math.max(...headOffsets), 'the resumed upload went on from what the server held').toBeGreaterThanOrEqual(12 * 8 * MB);
  await snap(page, 'journey-uploaded-zh-desktop', { fullPage: false });
  const stored = await api.getWork(uid);
  expect(stored.assets.map((asset) => [asset.kind, asset.size])).toEqual([
    ['cover', expect.any(Number)],
    ['origin', 200 * MB],
  ]);
  await page.keyboard.press('Escape');
  await page.reload();

  // Edit the name and add a tag in the drawer.
  const edited = `${name} 改`;
  await chooseFromMenu(page, card(page, name).getByTestId('work-actions'), /编辑信息/);
  await page.getByTestId('work-edit-name').fill(edited);
  const tagInput = page.getByTestId('tag-input');
  await tagInput.fill('湖景');
  await tagInput.press('Enter');
  await page.getByTestId('work-edit-save').click();
  await expect(page.getByTestId('work-edit-name')).toBeHidden();
  await expect(card(page, edited)).toBeVisible();
  await expect(card(page, edited)).toContainText('湖景');
  await expect(card(page, edited).locator('img')).toBeVisible();

  // Copy: a second card named as a copy, ready at once (it shares the original's processed output).
  const copied = `${edited}（副本）`;
  await chooseFromMenu(page, card(page, edited).getByTestId('work-actions'), /复制作品/);
  await expect(page.getByText(`已复制为“${copied}”`)).toBeVisible();
  const copyCard = card(page, copied);
  await expect(copyCard).toHaveCount(1);

  // Delete the copy (confirmed), then restore it from the recycle bin.
  await chooseFromMenu(page, copyCard.getByTestId('work-actions'), /删除/);
  await confirmDialog(page, /删\s?除/);
  await expect(copyCard).toHaveCount(0);
  await page.getByTestId('works-recycle-bin').click();
  const binItem = page.getByTestId('recycle-item').filter({ hasText: copied });
  await expect(binItem).toBeVisible();
  await snap(page, 'journey-recycle-bin-zh-desktop', { fullPage: false });
  await binItem.getByTestId('recycle-restore').click();
  await page.keyboard.press('Escape');
  await expect(copyCard).toHaveCount(1);
  await expect(card(page, edited)).toHaveCount(1);

  // Hand the original to the second user.
  await chooseFromMenu(page, workCard.getByTestId('work-actions'), /分发/);
  const distribute = page.getByRole('dialog', { name: '分发作品' });
  await distribute.getByPlaceholder('11 位手机号').fill(receiverPhone);
  await distribute.getByRole('button', { name: /发\s?出/ }).click();
  await expect(distribute).toBeHidden();
  await snap(page, 'journey-distributed-zh-desktop', { fullPage: false });

  // The receiver confirms it under "projects awaiting receipt" and finds it among their works.
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  await signInAs(receiver, receiverPhone);
  await receiver.goto('/model/receiptModel');
  const row = receiver.getByTestId('transfer-row').filter({ hasText: edited });
  await expect(row).toBeVisible();
  await snap(receiver, 'journey-receipt-zh-desktop', { fullPage: false });
  await row.getByTestId('transfer-confirm').click();
  await receiver.locator('.ant-modal-confirm').getByRole('button', { name: '确认收货' }).click();
  // Answered, it leaves the pending tab.
  await expect(row).toHaveCount(0);
  await receiver.goto('/dashboard/dashboard');
  await expect(receiver.locator(`[data-testid="work-card"][data-uid="${uid}"]`)).toBeVisible();
  await snap(receiver, 'journey-received-work-zh-desktop', { fullPage: false });
  await receiverContext.close();
  await ownerContext.close();
});
