import { expect, test } from '@playwright/test';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { apiSignedInPage, openSignedIn } from './support/api-session';
import { fundedBuyer, listedWork } from './support/market';
import { snap, users } from './support/session';

/*
 * The market's back office (issue 27, docs/market.md "Review" and "Settings"): an admin rejects a listing
 * waiting for review with a reason, which the seller reads on the work's card; an admin takes a listing off
 * the market, which the seller reads too; the market settings are saved, and a sale made afterwards carries
 * the new fee and refund window. The listings, the buyer's balance and the sale are set up through the API
 * (e2e/support/market.ts): only the admin's screens and the seller's card are clicked or read here. People
 * are signed in through the API (e2e/support/api-session.ts): the login form has journeys of its own.
 *
 * The seeded seller and buyer of English (users.marketSellers.en, users.marketBuyers.en) are used by no
 * other journey; every listing has a name of its own, so the two tests here do not see each other's rows.
 */

const SUFFIX = String(Date.now()).slice(-6);
const seller = users.marketSellers.en;

test('an admin rejects a listing with a reason, and the seller reads it on the work (zh)', async ({
  browser,
  page,
  request,
  playwright,
}, info) => {
  test.slow();
  const baseURL = info.project.use.baseURL;
  const name = `待审阁楼 ${SUFFIX}`;
  const reason = '封面与作品内容不符';
  await listedWork(request, playwright.request, { seller, name, language: 'zh', approve: false, baseURL });

  await openSignedIn(page, info, users.admin, '/admin/marketListings');
  const row = page.getByTestId('market-listing-row').filter({ hasText: name });
  await expect(row.getByTestId('market-listing-status')).toHaveText('待审核');
  await row.getByTestId('market-listing-reject').click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('market-listing-reason') });
  await expect(dialog).toContainText(`驳回“${name}”`);
  // An empty reason is refused in the dialog.
  await dialog.getByRole('button', { name: /驳\s?回/ }).click();
  await expect(dialog).toContainText('请填写理由');
  await page.getByTestId('market-listing-reason').fill(reason);
  await snap(page, 'market-admin-01-reject-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: /驳\s?回/ }).click();
  await expect(page.locator('.ant-message-notice')).toContainText(`已驳回“${name}”`);
  // It leaves the queue of listings waiting for review, and stands among the rejected ones with its reason.
  await expect(row).toHaveCount(0);
  await page.getByTestId('market-listings-filter').getByText('已驳回').click();
  await expect(row.getByTestId('market-listing-status')).toHaveText('已驳回');
  await expect(row).toContainText(reason);
  await snap(page, 'market-admin-02-rejected');

  // The seller's card of the work says so, with the reason.
  const sellerPage = await apiSignedInPage(browser, info, 'zh', seller, '/dashboard/dashboard');
  const card = sellerPage.getByTestId('work-card').filter({ hasText: name });
  await expect(card.getByTestId('work-market')).toHaveText(`上架未通过：${reason}`);
  await snap(sellerPage, 'market-admin-03-seller-rejected', { fullPage: false });
  await sellerPage.context().close();
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('an admin takes a listing off the market, then saves the fee and refund window, which the next sale carries (en)', async ({
    browser,
    page,
    request,
    playwright,
  }, info) => {
    test.slow();
    const baseURL = info.project.use.baseURL;
    const offName = `Attic loft ${SUFFIX}`;
    const soldName = `Garden room ${SUFFIX}`;
    const reason = 'The seller asked us to';
    const buyer = users.marketBuyers.en;
    const [, sold] = await Promise.all([
      listedWork(request, playwright.request, { seller, name: offName, language: 'en', baseURL }),
      listedWork(request, playwright.request, { seller, name: soldName, price: '9.90', language: 'en', baseURL }),
      fundedBuyer(request, playwright.request, { buyer, language: 'en', baseURL }),
    ]);
    const admin = await signedInAs(request, playwright.request, { ...users.admin, baseURL });

    try {
      // Taken off, with a reason.
      await openSignedIn(page, info, users.admin, '/admin/marketListings');
      await page.getByTestId('market-listings-filter').getByText('On market').click();
      const row = page.getByTestId('market-listing-row').filter({ hasText: offName });
      await expect(row.getByTestId('market-listing-status')).toHaveText('On market');
      await row.getByTestId('market-listing-take-off').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('market-listing-reason') });
      await expect(dialog).toContainText(`Take "${offName}" off the market`);
      await page.getByTestId('market-listing-reason').fill(reason);
      await dialog.getByRole('button', { name: 'Take off' }).click();
      await expect(page.locator('.ant-message-notice')).toContainText(`"${offName}" was taken off the market`);
      await expect(row).toHaveCount(0);
      await page.getByTestId('market-listings-filter').getByText('Off', { exact: true }).click();
      await expect(row.getByTestId('market-listing-status')).toHaveText('Off market');
      await expect(row).toContainText('Taken off by an admin');
      await expect(row).toContainText(`Reason: ${reason}`);
      await snap(page, 'market-admin-04-taken-off-en');

      // The seller's card says so.
      const sellerPage = await apiSignedInPage(browser, info, 'en', seller, '/dashboard/dashboard');
      const card = sellerPage.getByTestId('work-card').filter({ hasText: offName });
      await expect(card.getByTestId('work-market')).toHaveText(`Market: taken off by an admin: ${reason}`);
      await sellerPage.context().close();

      // The settings: a 12.5 % fee (the example follows as it is typed) and a 12-day refund window.
      await page.goto('/admin/marketSettings');
      const fee = page.getByTestId('market-fee');
      await fee.fill('12.5');
      await expect(page.getByTestId('market-fee-example')).toHaveText('At this fee, a seller earns ¥87.50 of a ¥100.00 sale.');
      await page.getByTestId('market-refund-window').fill('12');
      await page.getByTestId('market-settings-save').click();
      await expect(page.locator('.ant-message-notice')).toContainText('Market settings saved');
      await page.reload();
      await expect(fee).toHaveValue('12.50');
      await expect(page.getByTestId('market-refund-window')).toHaveValue('12');
      await snap(page, 'market-admin-05-settings-en');

      // A sale from now on carries them: ⌊¥9.90 × 12.5 %⌋ = ¥1.23 fee, refundable for 12 days.
      const buying = await signedInAs(request, playwright.request, { ...buyer, baseURL });
      const boughtAt = Date.now();
      await dataOf(
        await buying.api.post(`/api/market/listings/${sold.listingId}/purchase`, {
          data: { method: 'balance' },
          headers: { 'Idempotency-Key': `market-admin-${SUFFIX}` },
        }),
      );
      await buying.api.dispose();
      await page.goto('/admin/marketPurchases');
      const sale = page.getByTestId('market-purchase-row').filter({ hasText: soldName });
      await expect(sale).toContainText('Fee ¥1.23');
      const until = new Date(boughtAt + 12 * 86_400_000);
      const day = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
      await expect(sale).toContainText(`Refundable until ${day}`);
      await snap(page, 'market-admin-06-sale-en');
    } finally {
      // Back to the defaults (docs/market.md), so that no other journey's sale depends on this one.
      await admin.api.put('/api/admin/market/settings', { data: { feeBasisPoints: 1_000, refundWindowDays: 7 } });
      await admin.api.dispose();
    }
  });
});
