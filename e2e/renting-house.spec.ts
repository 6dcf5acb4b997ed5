import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { signInAt } from './support/back-office';
import { upload } from './support/processing';
import { chooseFromMenu, fillLogin, snap, users } from './support/session';
import { cardOf, gradientPng } from './support/works';
import { fitsThePhone } from './support/phone';

/*
 * Rental listings (issue 29, docs/rentals.md). In Chinese: an owner adds rental details to an online
 * panorama in the edit drawer; a signed-out visitor filters /rentingHouse, finds it, opens it and comes back
 * to the same filters; on a phone too, where the number asks for sign-in first. In English: the listing of
 * another owner, set through the API, read at 390 px.
 */

/** An online panorama of the owner's at a place (cover, original, location, online), through the API. */
async function onlinePanorama(api: APIRequestContext, name: string, place: { latitude: number; longitude: number }): Promise<string> {
  const work = await dataOf<{ uid: string }>(await api.post('/api/model', { data: { name, type: 'panorama', description: '江景房' } }));
  const png = gradientPng(64, 32, [40, 110, 170], [230, 190, 120]);
  await upload(api, work.uid, 'uploadCredentials', 'cover.png', png);
  await upload(api, work.uid, 'origin/uploadCredentials', 'origin.png', png);
  await dataOf(
    await api.patch(`/api/model/${work.uid}/attr`, { form: { latitude: String(place.latitude), longitude: String(place.longitude) } }),
  );
  await dataOf(await api.put(`/api/model/${work.uid}/onLined`, { form: { onLined: 'true' } }));
  return work.uid;
}

test('an owner lists a panorama for rent; a visitor filters, finds it, opens it and comes back to the same filters', async ({
  page,
  request,
  playwright,
  browser,
}, info) => {
  const baseURL = info.project.use.baseURL;
  const owner = await signedInAs(request, playwright.request, { ...users.rentals.zhOwner, baseURL });
  const tag = `租${Date.now() % 100_000}`;
  const name = `${tag} 滨江两居`;
  const uid = await onlinePanorama(owner.api, name, { latitude: 30.21, longitude: 120.21 });
  await owner.api.dispose();

  // The owner fills the drawer's rental tab: wrong input is named before anything is sent.
  await signInAt(page, users.rentals.zhOwner, '/dashboard/dashboard');
  await chooseFromMenu(page, cardOf(page, uid).getByTestId('work-actions'), /编辑信息$/);
  await page.getByTestId('work-edit-rental-tab').click();
  const section = page.getByTestId('rental-section');
  await expect(section).toContainText('填写出租信息后');
  await page.getByTestId('rental-contactPhone').fill('12345');
  await page.getByTestId('rental-save').click();
  await expect(page.getByTestId('rental-rentYuan-problem')).toHaveText('必填');
  await expect(page.getByTestId('rental-contactPhone-problem')).toHaveText('请输入有效的值');
  await snap(page, 'rentals-01-drawer-problems', { fullPage: false });
  await page.getByTestId('rental-rentYuan').fill('4500');
  await page.getByTestId('rental-area').fill('89.5');
  await page.getByTestId('rental-bedrooms').fill('2');
  await page.getByTestId('rental-floor').fill('12');
  await page.getByTestId('rental-totalFloors').fill('30');
  await page.getByTestId('rental-address').fill(`${tag}路 88 号 3 栋`);
  await page.getByTestId('rental-district').fill('滨江区');
  await page.getByTestId('rental-city').fill('杭州');
  await page.getByTestId('rental-contactName').fill('王先生');
  await page.getByTestId('rental-contactPhone').fill('13800000062');
  await page.getByTestId('rental-save').click();
  await expect(page.locator('.ant-message-notice')).toContainText('出租信息已保存');
  await expect(page.getByTestId('rental-state')).toHaveText('正在全景看房中展示');
  await snap(page, 'rentals-02-drawer-saved', { fullPage: false });

  // A signed-out visitor: the listing, filtered by keyword and rent.
  const visitor = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1366, height: 860 } });
  const guest = await visitor.newPage();
  await guest.goto('/rentingHouse');
  await expect(guest.getByTestId('rentals-list').or(guest.getByTestId('rentals-empty'))).toBeVisible();
  await guest.getByTestId('rentals-keyword').locator('input').fill(tag);
  await guest.getByTestId('rentals-keyword').locator('input').press('Enter');
  await guest.getByTestId('rentals-rent-min').fill('3000');
  await guest.getByTestId('rentals-rent-max').fill('5000');
  await guest.getByTestId('rentals-rent-max').press('Enter');
  await expect(guest).toHaveURL(/min=3000&max=5000/);
  // Both changes stay: the rent range, set right after the keyword, kept it.
  await expect(guest).toHaveURL(new RegExp(`q=${encodeURIComponent(tag)}`));
  const card = guest.getByTestId('rentals-list').getByTestId('rental-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(guest.getByTestId('rentals-count')).toHaveText('共 1 套房源');
  await expect(card.getByTestId('rental-card-rent')).toHaveText('¥4,500/月');
  await expect(card).toContainText('89.5 m²');
  await expect(card).toContainText('2室1厅1卫');
  await expect(card).toContainText('12/30 层');
  await expect(card).toContainText('杭州 · 滨江区');
  await expect(card.getByTestId('rental-card-masked-phone')).toHaveText('138****0062');
  await snap(guest, 'rentals-03-list-filtered');

  // On the map beside the list: hovering the card highlights its marker; the marker highlights the card.
  await expect(guest.getByTestId('works-map')).toHaveAttribute('data-ready', 'true');
  const marker = guest.getByTestId('rentals-map').locator(`[data-testid="map-point"][data-id="${uid}"]`);
  await expect(marker).toBeVisible();
  await card.hover();
  await expect(marker).toHaveClass(/works-map__point--selected/);
  await marker.click();
  await expect(card).toHaveClass(/rental-card--highlighted/);
  // Searching as the map moves puts the visible area into the address; the listing is still in it.
  await guest.getByTestId('rentals-search-as-move').click();
  await expect(guest).toHaveURL(/bbox=/);
  await expect(card).toBeVisible();
  await snap(guest, 'rentals-03b-map');
  // Off again: the whole listing is searched (a phone, later, shows a smaller area).
  await guest.getByTestId('rentals-search-as-move').click();
  await expect(guest).not.toHaveURL(/bbox=/);

  // A rent range that leaves it out says so, and clears.
  await guest.getByTestId('rentals-rent-min').fill('6000');
  await guest.getByTestId('rentals-rent-min').press('Enter');
  await expect(guest.getByTestId('rentals-empty')).toContainText('没有符合条件的房源');
  await guest.goBack();
  await expect(card).toBeVisible();

  // Opening it and coming back keeps the filters and the list.
  const filtered = guest.url();
  await card.getByTestId('rental-card-link').click();
  await expect(guest).toHaveURL(`/details/${uid}`);
  await guest.goBack();
  await expect(guest).toHaveURL(filtered);
  await expect(guest.getByTestId('rentals-keyword').locator('input')).toHaveValue(tag);
  await expect(guest.getByTestId('rentals-rent-min')).toHaveValue('3000');
  await expect(card).toBeVisible();

  // On a phone: nothing wider than the screen; the number asks for sign-in, then shows.
  await guest.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await fitsThePhone(guest);
  await snap(guest, 'rentals-04-phone');
  // The map one tap away; its marker shows the card over the map.
  await guest.getByTestId('rentals-view').getByText('地图').click();
  await expect(guest).toHaveURL(/view=map/);
  await expect(marker).toBeVisible();
  await marker.click();
  await expect(guest.locator('.rentals-map__preview').getByTestId('rental-card')).toContainText(name);
  await fitsThePhone(guest);
  await snap(guest, 'rentals-04b-phone-map', { fullPage: false });
  await guest.getByTestId('rentals-view').getByText('列表').click();
  await card.getByTestId('rental-card-show-phone').click();
  await expect(guest).toHaveURL(/\/login\?redirect=/);
  await fillLogin(guest, users.rentals.visitor);
  await expect(guest).toHaveURL(filtered);
  await card.getByTestId('rental-card-show-phone').click();
  await expect(card.getByTestId('rental-card-phone')).toHaveText('13800000062');
  await snap(guest, 'rentals-05-phone-number', { fullPage: false });
  await visitor.close();

  // Switched off in the drawer, it leaves the listing.
  await page.getByTestId('rental-listed').click();
  await page.getByTestId('rental-save').click();
  await expect(page.getByTestId('rental-state')).toHaveText('已暂停展示');
  const check = await playwright.request.newContext({ baseURL });
  const page1 = await dataOf<{ total: number }>(await check.get(`/api/open/rentals?keyword=${encodeURIComponent(tag)}`));
  expect(page1.total).toBe(0);
  await check.dispose();
});

test.describe('in English', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('a listing read on a phone, in English', async ({ page, request, playwright }, info) => {
    const baseURL = info.project.use.baseURL;
    const owner = await signedInAs(request, playwright.request, { ...users.rentals.enOwner, baseURL });
    const tag = `Loft${Date.now() % 100_000}`;
    const uid = await onlinePanorama(owner.api, `${tag} riverside`, { latitude: 31.23, longitude: 121.47 });
    await dataOf(
      await owner.api.put(`/api/model/${uid}/rental`, {
        data: {
          rentFen: 1_250_050,
          area: 120,
          bedrooms: 3,
          livingRooms: 2,
          bathrooms: 2,
          floor: null,
          totalFloors: null,
          address: `${tag} 1 Century Avenue`,
          district: 'Pudong',
          city: 'Shanghai',
          contactName: 'Ms Li',
          contactPhone: '13800000063',
          listed: true,
        },
      }),
    );
    await owner.api.dispose();

    await page.goto(`/rentingHouse?q=${tag}&beds=3`);
    await expect(page.getByTestId('rentals-count')).toHaveText('1 home');
    const card = page.getByTestId('rental-card').filter({ hasText: tag });
    await expect(card.getByTestId('rental-card-rent')).toHaveText('¥12,500.50/month');
    await expect(card).toContainText('3 bd · 2 lr · 2 ba');
    await expect(card).toContainText('120 m²');
    await expect(card.getByTestId('rental-card-show-phone')).toHaveText('Sign in to see the number');
    await fitsThePhone(page);
    await snap(page, 'rentals-06-phone-en');
    await page.getByTestId('rentals-sort').click();
    await page.getByTitle('Rent: high to low').click();
    await expect(page).toHaveURL(/sort=rentDesc/);
    await card.getByTestId('rental-card-link').click();
    await expect(page).toHaveURL(`/details/${uid}`);
    await page.goBack();
    await expect(page).toHaveURL(/q=.*beds=3.*sort=rentDesc/);
    await expect(card).toBeVisible();
  });
});
