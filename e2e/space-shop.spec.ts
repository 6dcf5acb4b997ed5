import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { SpaceView } from '@spatia/contract';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import type { Language } from './support/back-office';
import { listedWork } from './support/market';
import { fitsThePhone, phonePage, PHONES } from './support/phone';
import { snap } from './support/session';

/*
 * A space's shop on a phone (docs/space-shop.md), in each language at one of the phone sizes (and checked at
 * the other): a seller's space holds two of their works on the market (a view licence at ¥12.50, a copy licence at
 * ¥30.00), set up through the API; a visitor opens the shop (the template's colours, a two-column grid), taps an
 * item, reads its price, licence and seller, and presses Buy: signed out, the sign-in page coming back to the phone
 * checkout; signed in, the checkout itself. The seller's own item has no Buy; a bad or unknown shop is the
 * not-found page; a shop with nothing for sale says so.
 */

const SELLER_PASSWORD = 'Shop#2026';

const CASES = [
  {
    language: 'zh' as Language,
    phone: PHONES[0],
    otherPhone: PHONES[1],
    seller: { phone: '13800000125', password: SELLER_PASSWORD, name: '河畔影像' },
    buyer: { phone: '13800000127', password: SELLER_PASSWORD },
    space: { kind: 'personal', name: '河畔样板间', intro: '江景两居与阳台书房，欢迎预约看房。', templateCode: 'warm' },
    accent: '#c2410c',
    works: ['江景客厅', '阳台书房（可复制）'],
    texts: {
      view: '观看许可',
      copy: '复制许可',
      seller: '河畔影像',
      buy: '立即购买',
      own: '这是你上架的作品',
      empty: '店铺里还没有在售的作品',
    },
  },
  {
    language: 'en' as Language,
    phone: PHONES[1],
    otherPhone: PHONES[0],
    seller: { phone: '13800000126', password: SELLER_PASSWORD, name: 'Riverside Studio' },
    buyer: { phone: '13800000128', password: SELLER_PASSWORD },
    space: {
      kind: 'enterprise',
      name: 'Riverside Homes',
      intro: 'Show flats by the river.',
      templateCode: 'enterprise',
      brandColor: '#0a7f3f',
    },
    accent: '#0a7f3f',
    works: ['Riverside room', 'Balcony study'],
    texts: {
      view: 'View licence',
      copy: 'Copy licence',
      seller: 'Riverside Studio',
      buy: 'Buy',
      own: 'This is your listing',
      empty: 'Nothing is for sale here yet',
    },
  },
];

/** What axe reports as serious or critical on the page (as e2e/public-site.spec.ts asks of every public page). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const shopCase of CASES) {
  const { language, phone, otherPhone, texts } = shopCase;
  test(`${language}: a visitor opens a space's shop on a phone, reads an item and presses Buy`, async ({
    browser,
    request,
    playwright,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL;
    const stamp = Date.now() % 100_000;
    const [viewName, copyName] = shopCase.works.map((name) => `${name} ${stamp}`) as [string, string];

    // The seller's two works on the market, approved; a space holding them, and one holding nothing.
    const viewWork = await listedWork(request, playwright.request, {
      seller: shopCase.seller,
      name: viewName,
      price: '12.50',
      licence: 'view',
      language,
      baseURL,
    });
    const copyWork = await listedWork(request, playwright.request, {
      seller: shopCase.seller,
      name: copyName,
      price: '30',
      licence: 'copy',
      language,
      baseURL,
    });
    const owner = await signedInAs(request, playwright.request, { ...shopCase.seller, baseURL });
    const listing = await dataOf<{ work: { coverUrl: string } }>(await request.get(`/api/market/listings/${viewWork.listingId}`));
    const space = await dataOf<SpaceView>(
      await owner.api.post('/api/c/space', {
        data: { ...shopCase.space, name: `${shopCase.space.name} ${stamp}`, visibility: 'public', coverUrl: listing.work.coverUrl },
      }),
    );
    await dataOf(await owner.api.put(`/api/c/space/${space.uid}/works`, { data: { workUids: [viewWork.uid, copyWork.uid] } }));
    const emptySpace = await dataOf<SpaceView>(
      await owner.api.post('/api/c/space', { data: { kind: 'personal', name: `Empty ${stamp}`, visibility: 'public' } }),
    );
    await owner.api.dispose();

    // A visitor, signed out, opens the shop: the space's header in its template's colours, the items two by two.
    const page = await phonePage(browser, baseURL, language, phone.viewport);
    await page.goto(`/space/shop?id=${space.id}`);
    await expect(page.getByTestId('shop-header')).toContainText(space.name);
    const items = page.getByTestId('shop-item');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: viewName })).toContainText('¥12.50');
    await expect(items.filter({ hasText: viewName })).toContainText(texts.view);
    await expect(items.filter({ hasText: copyName })).toContainText('¥30.00');
    const accent = await page.locator('.m-screen').evaluate((screen) => getComputedStyle(screen).getPropertyValue('--m-accent').trim());
    expect(accent).toBe(shopCase.accent);
    const [first, second] = await Promise.all([items.nth(0).boundingBox(), items.nth(1).boundingBox()]);
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    await fitsThePhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `space-shop-${language}-${phone.name}-shop`);

    // The item: price, licence explained, seller, the viewer's link, and Buy at the thumb.
    await items.filter({ hasText: viewName }).tap();
    await expect(page).toHaveURL(new RegExp(`/mobile/storeDetail\\?listingId=${viewWork.listingId}&spaceId=${space.id}$`));
    await expect(page.locator('#store-item-name')).toHaveText(viewName);
    await expect(page.getByTestId('store-price')).toContainText('¥12.50');
    await expect(page.getByTestId('store-licence')).toContainText(texts.view);
    await expect(page.getByTestId('store-seller')).toContainText(texts.seller);
    await expect(page.getByTestId('store-viewer-link')).toHaveAttribute('href', `/details/${viewWork.uid}`);
    const buy = page.getByTestId('store-buy');
    await expect(buy).toHaveText(texts.buy);
    const buyBox = await buy.boundingBox();
    expect(buyBox!.height).toBeGreaterThanOrEqual(44);
    expect(buyBox!.y + buyBox!.height).toBeLessThanOrEqual(phone.viewport.height);
    await fitsThePhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `space-shop-${language}-${phone.name}-item`, { fullPage: false });

    // Signed out, Buy is the sign-in page, which comes back to the phone checkout.
    const payPath = `/space/shop-pay?listingId=${viewWork.listingId}&spaceId=${space.id}`;
    await buy.tap();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(payPath)}`);

    // The other phone size: nothing scrolls sideways either; the empty shop says so.
    await page.setViewportSize(otherPhone.viewport);
    for (const path of [`/space/shop?id=${space.id}`, `/mobile/storeDetail?listingId=${copyWork.listingId}&spaceId=${space.id}`]) {
      await page.goto(path);
      await expect(page.locator('.m-screen__title')).not.toBeEmpty();
      await expect(page.locator('.shop-skeleton')).toHaveCount(0);
      await fitsThePhone(page);
    }
    await expect(page.getByTestId('store-licence')).toContainText(texts.copy);
    await snap(page, `space-shop-${language}-${otherPhone.name}-item-copy`);
    await page.goto(`/space/shop?id=${emptySpace.id}`);
    await expect(page.getByTestId('shop-empty')).toContainText(texts.empty);
    await fitsThePhone(page);
    await snap(page, `space-shop-${language}-${otherPhone.name}-empty`);
    await page.context().close();

    // Signed in, Buy is the phone checkout.
    const buyerPage = await phonePage(browser, baseURL, language, phone.viewport, { user: shopCase.buyer });
    await buyerPage.goto(`/space/shop?id=${space.id}`);
    await buyerPage.getByTestId('shop-item').filter({ hasText: viewName }).tap();
    await buyerPage.getByTestId('store-buy').tap();
    await expect(buyerPage).toHaveURL(payPath);
    await buyerPage.context().close();

    // The seller's own item has nothing to buy.
    const sellerPage = await phonePage(browser, baseURL, language, phone.viewport, { user: shopCase.seller });
    await sellerPage.goto(`/mobile/storeDetail?listingId=${viewWork.listingId}&spaceId=${space.id}`);
    await expect(sellerPage.getByTestId('store-own')).toHaveText(texts.own);
    await expect(sellerPage.getByTestId('store-buy')).toHaveCount(0);
    await sellerPage.context().close();
  });
}

test('a bad or unknown shop or item is the not-found page', async ({ browser }, info) => {
  const page = await phonePage(browser, info.project.use.baseURL, 'zh', PHONES[0].viewport);
  for (const path of [
    '/space/shop?id=abc',
    '/space/shop?id=987654321',
    '/space/shop',
    '/mobile/storeDetail?listingId=987654321',
    '/mobile/storeDetail',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('not-found'), path).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
  }
  await fitsThePhone(page);
  await page.context().close();
});
