import { expect, test, type APIRequestContext, type Locator, type Page, type APIRequest, type TestInfo } from '@playwright/test';
import { signedInAccount, type SignedInAccount } from './support/accounts';
import { chooseFromMenu, snap, sessionFromApi } from './support/session';
import { dataOf } from './support/api';

/*
 * The works manager of /dashboard/dashboard. Each test signs up its own account, so that the works it
 * creates meet no other spec's expectations (tests run in parallel against one server).
 */

type Account = SignedInAccount;

function makeAccount(contexts: APIRequest, request: APIRequestContext, info: TestInfo): Promise<Account> {
  return signedInAccount(request, contexts, { network: 6, password: 'Works2026', baseURL: info.project.use.baseURL });
}

async function seedWork(owner: Account, name: string, type: 'panorama' | 'model3d' | 'pointcloud', description = ''): Promise<string> {
  const work = await dataOf<{ uid: string }>(await owner.api.post('/api/model', { data: { name, type, description } }));
  return work.uid;
}

/** A 64x32 PNG: accepted as a cover and as a panorama's origin. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYUlEQVRYhe2SQQkAQRDD6qhmzr+BmFgR9wgDhQhIQ9OP00Q36AagV+wuxF2iG3QD0Ct2F+Iu0Q26AegVuwtxl+gG3QD0it2FuEt0g24AesXuQtwlukE3AL1idyHuEt3gJw9Nt3CmCpEMRQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads `bytes` as the work's cover or origin through the tus endpoint its grant names (creation with upload). */
async function uploadAsset(owner: Account, uid: string, kind: 'cover' | 'origin', bytes: Buffer): Promise<void> {
  const path = kind === 'cover' ? `/api/model/${uid}/uploadCredentials` : `/api/model/${uid}/origin/uploadCredentials`;
  const grant = await dataOf<{ endpoint: string; grant: string }>(await owner.api.get(path));
  const metadata = [
    `grant ${Buffer.from(grant.grant).toString('base64')}`,
    `filename ${Buffer.from(`${kind}.png`).toString('base64')}`,
  ].join(',');
  const created = await owner.api.post(grant.endpoint, {
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': metadata,
      'Content-Type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
}

async function signInToDashboard(page: Page, account: Account): Promise<void> {
  await sessionFromApi(page.context(), account);
  await page.goto('/dashboard/dashboard');
}

const card = (page: Page, name: string): Locator =>
  page.getByTestId('work-card').filter({ has: page.getByTestId('work-name').getByText(name, { exact: true }) });
const row = (page: Page, name: string): Locator =>
  page.getByTestId('work-row').filter({ has: page.getByTestId('work-name').getByText(name, { exact: true }) });

/** Confirms the open confirmation dialog with its button named `name`. */
async function confirm(page: Page, name: string | RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name }).click();
  await expect(dialog).toBeHidden();
}

test('create, find, filter, batch delete with undo, recycle bin, completeness and edit (zh, desktop)', async ({
  page,
  playwright,
  request,
}, info) => {
  // A long journey; the machine may be busy with other suites.
  test.setTimeout(180_000);
  const owner = await makeAccount(playwright.request, request, info);
  await signInToDashboard(page, owner);

  // No works yet: the invitation with the three steps.
  await expect(page.getByTestId('works-empty')).toContainText('创建你的第一个作品');
  await expect(page.getByTestId('works-empty').locator('li')).toHaveCount(3);
  await snap(page, 'works-empty-zh-desktop');

  // The create dialog: counters, the live sensitive-word warning, then the new work's upload drawer.
  await page.getByTestId('works-empty-create').click();
  const createDialog = page.getByRole('dialog', { name: '新建作品' });
  await expect(createDialog).toBeVisible();
  await createDialog.getByTestId('create-work-name').fill('西湖 赌-博 攻略');
  await expect(createDialog).toContainText('包含敏感词“赌博”');
  await snap(page, 'works-create-sensitive-zh-desktop', { fullPage: false });
  await createDialog.getByTestId('create-work-name').fill('西湖断桥残雪全景');
  await expect(createDialog).not.toContainText('包含敏感词');
  await expect(createDialog.locator('.ant-input-show-count-suffix')).toHaveText('8 / 20');
  await createDialog.getByText('三维模型').click();
  await createDialog.getByText('全景', { exact: true }).click();
  await createDialog.getByTestId('create-work-description').fill('冬日清晨的断桥，雪后初晴。');
  await createDialog
    .getByRole('button', { name: '创 建' })
    .or(createDialog.getByRole('button', { name: '创建' }))
    .click();
  const uploadDrawer = page.locator('.ant-drawer').filter({ hasText: '上传文件 · 西湖断桥残雪全景' });
  await expect(uploadDrawer).toBeVisible();
  await expect(uploadDrawer.getByTestId('upload-panel')).toBeVisible();
  await snap(page, 'works-upload-after-create-zh-desktop', { fullPage: false });
  await uploadDrawer.getByRole('button', { name: /完\s?成/ }).click();
  await expect(uploadDrawer).toBeHidden();

  // More works, through the API.
  await seedWork(owner, '故宫雪景', 'model3d', '紫禁城');
  await seedWork(owner, '外滩夜色', 'pointcloud');
  await seedWork(owner, '黄山云海', 'panorama');
  await page.reload();
  const cards = page.getByTestId('work-card');
  await expect(cards).toHaveCount(4);
  await expect(page.getByTestId('works-total')).toHaveText('共 4 个作品');
  await expect(card(page, '西湖断桥残雪全景').getByTestId('work-status')).toHaveText('未发布');
  await snap(page, 'works-grid-zh-desktop');

  // The table view, remembered across a reload.
  await page.getByTestId('works-view').getByText('列表').click();
  await expect(page.getByTestId('work-row')).toHaveCount(4);
  await expect(row(page, '故宫雪景')).toContainText('三维模型');
  await page.reload();
  await expect(page.getByTestId('work-row')).toHaveCount(4);
  await snap(page, 'works-table-zh-desktop');
  await page.getByTestId('works-view').getByText('卡片').click();
  await expect(cards).toHaveCount(4);

  // Search with a two-character Chinese keyword ("/" focuses the box).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByTestId('works-search')).toBeFocused();
  await page.keyboard.type('断桥');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('西湖断桥残雪全景');
  await page.getByTestId('works-search').fill('雪景');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('故宫雪景');
  await page.getByTestId('works-search').fill('');
  await expect(cards).toHaveCount(4);

  // Filter by status and by type.
  await page.getByTestId('works-status-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('已发布', { exact: true }).click();
  await expect(page.getByTestId('works-no-results')).toBeVisible();
  await snap(page, 'works-no-results-zh-desktop', { fullPage: false });
  await page.getByTestId('works-no-results').getByRole('button').click();
  await expect(cards).toHaveCount(4);
  await page.getByTestId('works-status-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('未发布', { exact: true }).click();
  await expect(cards).toHaveCount(4);
  await page.getByTestId('works-type-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('点云', { exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('外滩夜色');
  await page.getByTestId('works-no-results').or(page.getByTestId('works-grid')).first().waitFor();
  await page.locator('.works-toolbar__select .ant-select-clear').last().click({ force: true });
  await page.locator('.works-toolbar__select .ant-select-clear').first().click({ force: true });
  await expect(cards).toHaveCount(4);

  // Select two, delete them in one go, then undo.
  await card(page, '外滩夜色').getByTestId('work-select').click();
  await card(page, '黄山云海').getByTestId('work-select').click();
  await expect(page.getByTestId('works-batch-bar')).toContainText('已选 2 个作品');
  await snap(page, 'works-selected-zh-desktop', { fullPage: false });
  await page.getByTestId('works-batch-delete').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('删除所选的 2 个作品？');
  await confirm(page, /删\s?除/);
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('delete-undo-message')).toContainText('已将 2 个作品移到回收站');
  await snap(page, 'works-deleted-undo-zh-desktop', { fullPage: false });
  await page.getByTestId('delete-undo').click();
  await expect(cards).toHaveCount(4);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已恢复 2 个作品' })).toBeVisible();

  // Delete one through its menu, then restore it from the recycle bin.
  await chooseFromMenu(page, card(page, '黄山云海').getByTestId('work-actions'), /删除/);
  await confirm(page, /删\s?除/);
  await expect(cards).toHaveCount(3);
  await page.getByTestId('works-recycle-bin').click();
  const bin = page.locator('.ant-drawer').filter({ hasText: '回收站' });
  const binItem = bin.getByTestId('recycle-item').filter({ hasText: '黄山云海' });
  await expect(binItem).toBeVisible();
  await expect(binItem).toContainText(/\d{4}-\d{2}-\d{2} 永久删除/);
  await snap(page, 'works-recycle-bin-zh-desktop', { fullPage: false });
  await binItem.getByTestId('recycle-restore').click();
  await expect(bin.getByTestId('recycle-bin-empty')).toBeVisible();
  await bin.locator('.ant-drawer-close').click();
  await expect(cards).toHaveCount(4);

  // An unpublished work cannot be shared yet: the menu says why.
  await card(page, '故宫雪景').getByTestId('work-actions').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu).toBeVisible();
  const share = menu.getByRole('menuitem', { name: /分享/ });
  await expect(share).toHaveAttribute('aria-disabled', 'true');
  await expect(share).toContainText('上线后才能分享');
  await expect(menu.getByRole('menuitem', { name: /提交审核/ })).toHaveCount(0);
  // Nor processed without its original file: the menu and the card say what is missing, nothing is queued.
  const process = menu.getByRole('menuitem', { name: /开始处理/ });
  await expect(process).toHaveAttribute('aria-disabled', 'true');
  await expect(process).toContainText('请先上传原始文件');
  await expect(card(page, '故宫雪景').getByTestId('work-processing-no-origin')).toHaveText('上传原始文件后才能处理');
  await snap(page, 'works-menu-unpublished-zh-desktop', { fullPage: false });
  await page.keyboard.press('Escape');

  // The completeness check lists what is missing.
  await chooseFromMenu(page, card(page, '故宫雪景').getByTestId('work-actions'), /完整性检查/);
  const checklist = page.getByTestId('verify-checklist');
  await expect(checklist.locator('[data-item="name"]')).toHaveAttribute('data-ok', 'true');
  await expect(checklist.locator('[data-item="cover"]')).toHaveAttribute('data-ok', 'false');
  await expect(checklist.locator('[data-item="origin"]')).toHaveAttribute('data-ok', 'false');
  await snap(page, 'works-verify-zh-desktop', { fullPage: false });
  await page.getByRole('dialog', { name: '完整性检查' }).getByRole('button', { name: '关 闭', exact: true }).click();

  // Edit opens the edit drawer on that work.
  await chooseFromMenu(page, card(page, '故宫雪景').getByTestId('work-actions'), /编辑信息/);
  await expect(page.getByTestId('work-edit-name')).toHaveValue('故宫雪景');
  await page.getByTestId('work-edit-cancel').click();
  await expect(page.getByTestId('work-edit-name')).toBeHidden();
});

test('English, phone-sized: labels, one column, the create dialog and the recycle bin', async ({ browser, playwright, request }, info) => {
  test.setTimeout(60_000);
  const owner = await makeAccount(playwright.request, request, info);
  const tagged = await seedWork(owner, 'Harbour at dusk', 'panorama');
  for (const tag of ['harbour', 'sunset', 'city', 'boats']) await dataOf(await owner.api.post(`/api/model/${tagged}/tag/${tag}`));
  await seedWork(owner, 'Old library', 'model3d');

  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await signInToDashboard(page, owner);
  await expect(page.getByTestId('works-create')).toContainText('新建作品');
  await page.getByTestId('language-toggle').click();
  await expect(page.getByTestId('works-create')).toContainText('Create work');
  await expect(page.getByTestId('works-recycle-bin')).toHaveAccessibleName('Recycle bin');
  await expect(page.getByTestId('works-total')).toHaveText('2 works');
  await expect(page.getByTestId('works-search')).toHaveAttribute('placeholder', 'Search names, descriptions or tags');
  await expect(card(page, 'Old library').getByTestId('work-status')).toHaveText('Unpublished');
  await expect(card(page, 'Old library')).toContainText('3D model');

  await page.setViewportSize({ width: 390, height: 844 });
  // Three tags shown, the fourth behind "+1".
  await expect(card(page, 'Harbour at dusk')).toContainText('+1');
  // One column on a phone.
  const [first, second] = await page.getByTestId('work-card').all();
  expect((await first!.boundingBox())!.x).toBe((await second!.boundingBox())!.x);
  await snap(page, 'works-grid-en-mobile');

  await page.getByTestId('works-create').click();
  const dialog = page.getByRole('dialog', { name: 'Create work' });
  await expect(dialog.getByText('Point cloud')).toBeVisible();
  // A name one character too long stays whole: the count and the message say so, nothing is cut.
  await dialog.getByTestId('create-work-name').fill('Riverside living room');
  await expect(dialog.getByTestId('create-work-name')).toHaveValue('Riverside living room');
  await expect(dialog.locator('.ant-input-show-count-suffix').first()).toHaveText('21 / 20');
  await dialog.getByTestId('create-work-description').fill('Best C-A-S-I-N-O in town');
  await expect(dialog).toContainText('Contains the sensitive word "casino"');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toContainText('At most 20 characters: 1 too many');
  await snap(page, 'works-create-en-mobile', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('works-recycle-bin').click();
  await expect(page.getByTestId('recycle-bin-empty')).toContainText('The recycle bin is empty');
  await snap(page, 'works-recycle-empty-en-mobile', { fullPage: false });
  await context.close();
});

test('a work being handed over is marked, and cannot be deleted, sold or handed over again (en)', async ({
  browser,
  playwright,
  request,
}, info) => {
  test.setTimeout(60_000);
  const owner = await makeAccount(playwright.request, request, info);
  const receiver = await makeAccount(playwright.request, request, info);
  const handedOver = await seedWork(owner, 'Old library', 'model3d');
  await seedWork(owner, 'Harbour at dusk', 'panorama');
  await dataOf(await owner.api.post(`/api/model/${handedOver}/distribute`, { form: { fullName: '1', phoneNumber: receiver.phone } }));
  const list = await dataOf<{ list: { uid: string; pendingTransfer: boolean }[] }>(
    await owner.api.get(`/api/fe/client/${owner.uid}/models?pageNum=1&pageSize=12`),
  );
  expect(list.list.find((work) => work.uid === handedOver)?.pendingTransfer).toBe(true);

  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signInToDashboard(page, owner);
  const library = card(page, 'Old library');
  await expect(library.getByTestId('work-pending-transfer')).toHaveText('Transfer pending');

  await library.getByTestId('work-actions').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menu).toBeVisible();
  for (const action of ['Delete', 'Distribute', 'Targeted sale']) {
    const item = menu.getByRole('menuitem', { name: new RegExp(action) });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toContainText('The work is being handed over');
  }
  await expect(menu.getByRole('menuitem', { name: /Copy/ })).not.toHaveAttribute('aria-disabled', 'true');
  await snap(page, 'works-menu-transfer-en-desktop', { fullPage: false });
  await page.keyboard.press('Escape');

  // The batch delete refuses a selection that holds a work being handed over.
  await library.getByTestId('work-select').click();
  await card(page, 'Harbour at dusk').getByTestId('work-select').click();
  await expect(page.getByTestId('works-batch-bar')).toContainText('2 works selected');
  await expect(page.getByTestId('works-batch-delete')).toBeDisabled();
  await context.close();
});

test('a published work: put online, review, market price and share with link and QR (zh)', async ({ page, playwright, request }, info) => {
  test.setTimeout(90_000);
  const owner = await makeAccount(playwright.request, request, info);
  const uid = await seedWork(owner, '雨后竹林', 'panorama');
  await uploadAsset(owner, uid, 'cover', TINY_PNG);
  await uploadAsset(owner, uid, 'origin', TINY_PNG);
  await signInToDashboard(page, owner);

  const work = card(page, '雨后竹林');
  await expect(work.locator('img')).toBeVisible();
  await chooseFromMenu(page, work.getByTestId('work-actions'), /(^|\s)上线$/);
  await expect(work.getByTestId('work-status')).toHaveText('已发布');
  await chooseFromMenu(page, work.getByTestId('work-actions'), /提交审核/);
  await expect(work.getByTestId('work-status')).toHaveText('待审核');

  // The platform's reviewer (the seeded administrator) passes it.
  const adminLogin = await request.post('/api/client/login', { form: { phoneNumber: '13800000001', password: 'Admin#2026pass' } });
  const adminToken = adminLogin.headers()['x-auth-token'] ?? '';
  const admin = { 'auth-token': adminToken, 'x-auth-token': adminToken };
  await dataOf(await request.post(`/api/audit/models/${uid}/claim`, { headers: admin }));
  await dataOf(await request.post(`/api/audit/models/${uid}/decision`, { headers: admin, data: { passed: true } }));
  await page.reload();
  await expect(work.getByTestId('work-status')).toHaveText('已通过');

  // Listed on the market: it waits for the market's review (e2e/market.spec.ts goes on from there).
  await chooseFromMenu(page, work.getByTestId('work-actions'), /上架市场/);
  const market = page.getByRole('dialog', { name: '上架市场' });
  await market.getByTestId('price-input').fill('12.345');
  await market.getByTestId('market-listing-submit').click();
  await expect(market).toContainText('请输入金额，最多两位小数');
  await market.getByTestId('price-input').fill('1288.5');
  await market.getByText('复制许可').click();
  await market.getByTestId('market-listing-submit').click();
  await expect(market).toBeHidden();
  await expect(work.getByTestId('work-status')).toHaveText('已通过');
  await expect(work.getByTestId('work-market')).toHaveText('市场审核中 ¥1,288.50');

  await chooseFromMenu(page, work.getByTestId('work-actions'), /分享/);
  const share = page.getByRole('dialog', { name: '分享“雨后竹林”' });
  await expect(share.getByTestId('share-url')).toHaveValue(new RegExp(`/details/${uid}$`));
  await expect(share.getByTestId('share-embed')).toHaveValue(/<iframe src=".*\/details\//);
  const qr = share.getByTestId('share-qr');
  await expect(qr).toBeVisible();
  // Measured once the dialog's zoom-in has finished (a busy machine may still be mid-animation).
  await expect.poll(async () => Math.round((await qr.boundingBox())!.width)).toBe(200);
  await snap(page, 'works-share-zh-desktop', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.getByTestId('works-view').getByText('列表').click();
  await expect(row(page, '雨后竹林').getByTestId('work-market')).toHaveText('市场审核中 ¥1,288.50');
  await snap(page, 'works-table-published-zh-desktop');
});
