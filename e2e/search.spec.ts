import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { buildDemoModel } from '../apps/server/src/media/model/demo-model';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { upload } from './support/processing';
import { snap, users } from './support/session';
import { gradientPng } from './support/works';
import { fitsThePhone } from './support/phone';

/*
 * The site's search (docs/search.md), signed out: a two-character Chinese keyword finds a photographer's
 * works and the photographer, the work-type filter narrows the works, the query lives in the address, and
 * a result opens its work. In Chinese on a desktop, in English on a 390 px phone. Each language has its own
 * photographer and keyword (scripts/e2e.mjs seeds them); the works get a run-unique suffix.
 */

/** An online work of the photographer's: cover and original (a PNG panorama, the demo pavilion's GLB) uploaded, then put online. */
async function onlineWork(
  owner: { api: APIRequestContext },
  fields: { name: string; type: 'panorama' | 'model3d'; description: string },
): Promise<string> {
  const work = await dataOf<{ uid: string }>(await owner.api.post('/api/model', { data: fields }));
  const png = gradientPng(64, 32, [30, 90, 160], [240, 200, 90]);
  await upload(owner.api, work.uid, 'uploadCredentials', 'cover.png', png);
  if (fields.type === 'model3d') {
    await upload(owner.api, work.uid, 'origin/uploadCredentials', 'pavilion.glb', Buffer.from(await buildDemoModel()));
  } else {
    await upload(owner.api, work.uid, 'origin/uploadCredentials', 'origin.png', png);
  }
  await dataOf(await owner.api.put(`/api/model/${work.uid}/onLined`, { form: { onLined: 'true' } }));
  return work.uid;
}

async function seedWorks(
  request: APIRequestContext,
  contexts: APIRequest,
  account: { phone: string; password: string },
  baseURL: string | undefined,
  keyword: string,
) {
  const owner = await signedInAs(request, contexts, { ...account, baseURL });
  const run = Date.now() % 100_000;
  const panorama = await onlineWork(owner, { name: `${keyword}湖景 ${run}`, type: 'panorama', description: `${keyword}的湖景全景` });
  const model = await onlineWork(owner, { name: `${keyword}展厅 ${run}`, type: 'model3d', description: '' });
  // Not online: never found.
  await dataOf(await owner.api.post('/api/model', { data: { name: `${keyword}草稿 ${run}`, type: 'panorama', description: '' } }));
  await owner.api.dispose();
  return { panorama, model, ownerUid: owner.uid, run };
}

const workCard = (page: Page, uid: string) => page.locator(`[data-testid="search-work"][data-uid="${uid}"]`);

test('a two-character keyword finds works and their photographer; the type narrows; a result opens', async ({
  page,
  request,
  playwright,
}, info) => {
  const { zh } = users.searchPhotographers;
  const { panorama, model, ownerUid, run } = await seedWorks(request, playwright.request, zh, info.project.use.baseURL, '澜庭');

  // The header leads to the search; `/` focuses its box, Enter searches.
  await page.goto('/');
  await page.getByTestId('header-search').click();
  await expect(page).toHaveURL('/search');
  await expect(page.locator('.site-header')).toBeVisible();
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await snap(page, 'search-01-start');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await page.keyboard.type('澜庭');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent('澜庭')}`);

  await expect(workCard(page, panorama)).toBeVisible();
  await expect(workCard(page, model)).toBeVisible();
  await expect(page.getByText(`澜庭草稿 ${run}`)).toHaveCount(0);
  await expect(workCard(page, panorama).getByTestId('search-mark').first()).toHaveText('澜庭');
  const person = page.locator(`[data-testid="search-person"][data-uid="${ownerUid}"]`);
  await expect(person).toContainText(zh.name);
  await expect(person.getByTestId('search-mark')).toHaveText('澜庭');
  await expect(page.getByTestId('search-tab-people')).toContainText('1');
  await snap(page, 'search-02-results-zh');

  // The type narrows the works; the address keeps it, so a reload shows the same.
  await page.getByTestId('search-type').getByText('三维模型').click();
  await expect(workCard(page, panorama)).toHaveCount(0);
  await expect(workCard(page, model)).toBeVisible();
  await expect(page).toHaveURL(/type=model3d/);
  await page.reload();
  await expect(workCard(page, model)).toBeVisible();
  await expect(workCard(page, panorama)).toHaveCount(0);

  // The people tab, then the person opens their homepage.
  await page.getByTestId('search-tab-people').click();
  await expect(page).toHaveURL(/kind=people/);
  await expect(page.getByTestId('search-works')).toHaveCount(0);
  await person.click();
  await expect(page).toHaveURL(`/person?uid=${ownerUid}`);
  await page.goBack();

  // Nothing found: what to try, and a way back.
  await page.goto(`/search?q=${encodeURIComponent('澜庭无此物')}`);
  await expect(page.getByTestId('search-no-results')).toContainText('没有找到');
  await snap(page, 'search-03-no-results-zh');

  // A result opens its work.
  await page.goto(`/search?q=${encodeURIComponent('澜庭')}&kind=works`);
  await workCard(page, panorama).click();
  await expect(page).toHaveURL(`/details/${panorama}`);
});

test.describe('in English, on a phone', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('a two-character keyword finds works and their photographer at 390 px', async ({ page, request, playwright }, info) => {
    const { en } = users.searchPhotographers;
    const { panorama, model, ownerUid } = await seedWorks(request, playwright.request, en, info.project.use.baseURL, '汀兰');

    await page.goto(`/search?q=${encodeURIComponent('汀兰')}`);
    await expect(page.getByTestId('search-tab-works')).toContainText('Works 2');
    await expect(workCard(page, panorama)).toBeVisible();
    await expect(page.locator(`[data-testid="search-person"][data-uid="${ownerUid}"]`)).toContainText(en.name);
    await fitsThePhone(page);
    await snap(page, 'search-04-results-en-phone');

    await page.getByTestId('search-type').getByText('3D model').click();
    await expect(workCard(page, panorama)).toHaveCount(0);
    await page.getByTestId('search-more-works').click();
    await expect(page).toHaveURL(/kind=works/);
    await expect(workCard(page, model)).toBeVisible();
    await snap(page, 'search-05-works-en-phone');
    await workCard(page, model).click();
    await expect(page).toHaveURL(`/details/${model}`);

    await page.goto('/search');
    await expect(page.getByTestId('search-empty')).toContainText('Type a keyword');
    await fitsThePhone(page);
    await snap(page, 'search-06-start-en-phone');
  });
});
