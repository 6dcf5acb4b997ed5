import { expect, test } from '@playwright/test';
import type { ServicePriceRule } from '@spatia/contract';
import { signedInAs } from './support/accounts';
import { dataOf } from './support/api';
import { openSignedIn } from './support/api-session';
import { SERVICE_PRICE_RULES } from './support/service-orders';
import { fundBalance, panoramaRule, placedOrder, sampleWork, signedPhotographer, signingApplication } from './support/service-orders-admin';
import { snap, users } from './support/session';

/*
 * The screens of issue 27 around service orders that service-orders.spec.ts does not click (docs/service-orders.md):
 * the admin's price rules and coupons (/admin/servicePricing), signing applications (/admin/signing), the
 * photographer's application form (/signed/index), the admin's orders (/admin/serviceOrders: assign, cancel),
 * and a customer paying the rest after a deposit and cancelling an order of their own. Each test sets its state
 * up through the API (e2e/support/service-orders-admin.ts) and signs its person in through the API
 * (e2e/support/api-session.ts): only the screen it proves is clicked. Chinese and English alternate.
 *
 * People: the seeded admin; the customer of English (users.serviceCustomers.en) and the photographer of English
 * (users.servicePhotographers.en), whom service-orders.spec.ts leaves alone; the seller of English of the market
 * journeys (users.marketSellers.en) as the rejected applicant; and the two signing applicants seeded for this file.
 * Every order has a title of its own, so parallel tests never read each other's rows.
 */

const SUFFIX = String(Date.now()).slice(-6);
const customerOf = users.serviceCustomers.en;

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('an admin changes a price rule and creates a coupon (en)', async ({ page, request, playwright }, info) => {
    const baseURL = info.project.use.baseURL;
    const code = `E2E${SUFFIX}`;
    const admin = await signedInAs(request, playwright.request, { ...users.admin, baseURL });
    try {
      // The point-cloud rule, which no journey books: ¥40.00 a site becomes ¥45.50.
      await dataOf(await admin.api.put('/api/admin/serviceOrder/priceRules/pointCloud', { data: SERVICE_PRICE_RULES.pointCloud }));
      await openSignedIn(page, info, users.admin, '/admin/servicePricing');
      const rule = page.getByTestId('price-rule-pointCloud');
      await expect(rule).toContainText('Point cloud');
      const perSite = rule.getByLabel('Price per site');
      await expect(perSite).toHaveValue('40.00');
      await perSite.fill('45.5');
      await rule.getByTestId('price-rule-save').click();
      await expect(page.locator('.ant-message-notice')).toContainText('Price rule saved');
      // The booking form's options (public) price by it at once.
      const { rules } = await dataOf<{ rules: ServicePriceRule[] }>(await request.get('/api/serviceOrder/options'));
      expect(rules.find((candidate) => candidate.requirementType === 'pointCloud')?.pricePerSiteFen).toBe(4_550);
      await expect(perSite).toHaveValue('45.50');
      await snap(page, 'service-admin-01-price-rules-en');

      // A coupon: ¥15.00 off from ¥60.00, two uses a person.
      await page.getByRole('tab', { name: 'Coupons' }).click();
      await page.getByTestId('coupon-new').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('coupon-code') });
      await page.getByTestId('coupon-code').fill(code.toLowerCase());
      await expect(page.getByTestId('coupon-code')).toHaveValue(code);
      await page.getByTestId('coupon-name').fill('Spring shoot');
      await page.getByTestId('coupon-amount').fill('15');
      await dialog.getByLabel('Minimum list price').fill('60');
      await dialog.getByLabel('Uses per person').fill('2');
      await snap(page, 'service-admin-02-coupon-dialog-en', { fullPage: false });
      await page.getByTestId('coupon-create-submit').click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: 'Coupon' })).toContainText(`Coupon ${code} created`);
      const row = page.getByTestId('coupon-table').locator('tr').filter({ hasText: code });
      await expect(row).toContainText('Spring shoot');
      await expect(row).toContainText('−¥15.00 · from ¥60.00');
      await expect(row).toContainText('0 / ∞ · 2 per person');
      await expect(row).toContainText('Active');
      await snap(page, 'service-admin-03-coupons-en');
    } finally {
      await admin.api.put('/api/admin/serviceOrder/priceRules/pointCloud', { data: SERVICE_PRICE_RULES.pointCloud });
      await admin.api.dispose();
    }
  });

  test('a photographer fills in and submits the signing application on /signed/index (en)', async ({ page, request, playwright }, info) => {
    const baseURL = info.project.use.baseURL;
    const applicant = users.signingApplicants.form;
    const person = await signedInAs(request, playwright.request, { ...applicant, baseURL });
    const sample = `Harbour loft ${SUFFIX}`;
    await sampleWork(person, sample, 'en');
    await person.api.dispose();

    await openSignedIn(page, info, applicant, '/signed/index');
    const form = page.getByTestId('signing-apply');
    await expect(form).toContainText('Apply to be a signed photographer');
    // Nothing filled: each field says what it needs.
    await page.getByTestId('signing-submit').click();
    await expect(form).toContainText('Choose at least one province');
    await snap(page, 'service-admin-04-signing-form-empty-en');
    await page.getByTestId('signing-areas').click();
    await page.keyboard.type('Shanghai');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Zhejiang');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('signing-equipment').fill('Ricoh Theta Z1, DJI Mini 4');
    await page.getByTestId('signing-samples').getByText(sample).click();
    await form.getByPlaceholder('Experience, specialities, languages').fill('Five years of estate tours.');
    await snap(page, 'service-admin-05-signing-form-en');
    await page.getByTestId('signing-submit').click();

    // Sent: the page now waits for the review, with the provinces asked for.
    const pending = page.getByTestId('signing-pending');
    await expect(pending).toContainText('Your application is being reviewed');
    await expect(pending).toContainText('Shanghai');
    await expect(pending).toContainText('Zhejiang');
    await expect(page.getByTestId('signing-withdraw')).toBeVisible();
    await snap(page, 'service-admin-06-signing-pending-en');
  });

  test('an admin assigns a paid order to a signed photographer and cancels another with a refund (en)', async ({
    page,
    request,
    playwright,
  }, info) => {
    const baseURL = info.project.use.baseURL;
    const assignTitle = `Loft shoot ${SUFFIX}`;
    const cancelTitle = `Office shoot ${SUFFIX}`;
    const admin = await signedInAs(request, playwright.request, { ...users.admin, baseURL });
    const customer = await signedInAs(request, playwright.request, { ...customerOf, baseURL });
    const photographer = users.servicePhotographers.en;
    const [provider] = await Promise.all([
      signedPhotographer(request, playwright.request, { photographer, admin, language: 'en', baseURL }),
      panoramaRule(admin),
      fundBalance(request, customer, 'service-admin-assign'),
    ]);
    await placedOrder(customer, { title: assignTitle, paid: 'deposit' });
    await placedOrder(customer, { title: cancelTitle, paid: 'deposit' });
    await Promise.all([admin.api.dispose(), customer.api.dispose(), provider.api.dispose()]);

    await openSignedIn(page, info, users.admin, '/admin/serviceOrders');
    const search = page.getByPlaceholder('Order number, title or phone');
    // Assign: the drawer offers the signed photographers of the order's province.
    await search.fill(assignTitle);
    await search.press('Enter');
    const row = page.getByTestId('admin-service-orders').locator('tr').filter({ hasText: assignTitle });
    await expect(row).toContainText('Paid, awaiting a photographer');
    await row.getByRole('button', { name: assignTitle }).click();
    const drawer = page.locator('.ant-drawer-open');
    await expect(drawer).toContainText('¥36.00');
    await drawer.getByLabel('Assign a signed photographer').click();
    await page.locator('.ant-select-dropdown').getByText(photographer.name, { exact: true }).click();
    await snap(page, 'service-admin-07-assign-en', { fullPage: false });
    await drawer.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.locator('.ant-message-notice')).toContainText('Photographer assigned');
    await expect(drawer.getByTestId('service-order-status')).toHaveText('Accepted');
    await expect(drawer).toContainText(photographer.name);
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Accepted');
    await expect(row).toContainText(photographer.name);

    // Cancel: a reason, and the refund (all that was paid unless changed).
    await search.fill(cancelTitle);
    await search.press('Enter');
    const other = page.getByTestId('admin-service-orders').locator('tr').filter({ hasText: cancelTitle });
    await other.getByRole('button', { name: cancelTitle }).click();
    // Nobody is chosen for it yet (the choice for the first order is not carried over).
    await expect(drawer).toContainText(cancelTitle);
    await expect(drawer).not.toContainText(photographer.name);
    await drawer.getByTestId('admin-service-cancel').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Refund to the customer' });
    await expect(dialog).toContainText('¥36.00 was paid');
    await expect(dialog.getByLabel('Refund to the customer')).toHaveValue('36.00');
    await dialog.getByRole('button', { name: 'Cancel with refund' }).click();
    await expect(dialog).toContainText('Please give a reason');
    await dialog.getByLabel('Reason').fill('The site is closed for repairs');
    await snap(page, 'service-admin-08-cancel-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel with refund' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(drawer.getByTestId('service-order-status')).toHaveText('Cancelled');
    await expect(drawer).toContainText('The site is closed for repairs');
    await snap(page, 'service-admin-09-cancelled-en', { fullPage: false });
  });
});

test('an admin approves one signing application and rejects another (zh)', async ({ page, request, playwright }, info) => {
  const baseURL = info.project.use.baseURL;
  const admin = await signedInAs(request, playwright.request, { ...users.admin, baseURL });
  const approved = await signedInAs(request, playwright.request, { ...users.signingApplicants.approved, baseURL });
  const rejected = await signedInAs(request, playwright.request, { ...users.marketSellers.en, baseURL });
  await Promise.all([signingApplication(approved, 'zh'), signingApplication(rejected, 'zh')]);

  await openSignedIn(page, info, users.admin, '/admin/signing');
  const applications = page.getByTestId('signing-applications');
  const approvedRow = applications.locator('tr').filter({ hasText: users.signingApplicants.approved.name });
  const rejectedRow = applications.locator('tr').filter({ hasText: users.marketSellers.en.name });
  await expect(approvedRow).toContainText('上海市、浙江省');
  await expect(approvedRow).toContainText('待审核');
  await snap(page, 'service-admin-10-signing-queue');

  await approvedRow.getByTestId('signing-approve').click();
  const popconfirm = page.locator('.ant-popconfirm');
  await expect(popconfirm).toContainText(`同意 ${users.signingApplicants.approved.name} 签约所申请的省份？`);
  await popconfirm.getByRole('button', { name: /通\s?过/ }).click();
  await expect(page.locator('.ant-message-notice')).toContainText('申请已通过');
  await expect(approvedRow).toHaveCount(0);

  await rejectedRow.getByTestId('signing-reject').click();
  const reason = '样例作品不足以说明拍摄水平';
  await page.getByTestId('signing-reject-dialog').fill(reason);
  await snap(page, 'service-admin-11-signing-reject', { fullPage: false });
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /拒\s?绝/ })
    .click();
  await expect(rejectedRow).toHaveCount(0);

  // The approved photographer is a signed provider for the provinces asked; the other reads the reason.
  await page.getByRole('tab', { name: '签约服务商' }).click();
  const provider = page.getByTestId('signed-providers').locator('tr').filter({ hasText: users.signingApplicants.approved.name });
  await expect(provider).toContainText('上海市、浙江省');
  await expect(provider).toContainText('已签约');
  await snap(page, 'service-admin-12-signed-providers');
  const answer = await dataOf<{ application: { status: string; reason: string } }>(await rejected.api.get('/api/c/signing'));
  expect(answer.application).toMatchObject({ status: 'rejected', reason });

  // Signed, the photographer changes the provinces they serve and their equipment on /signed/index.
  await openSignedIn(page, info, users.signingApplicants.approved, '/signed/index');
  const signed = page.getByTestId('signing-signed');
  await expect(signed).toContainText('上海市');
  await page.getByTestId('signing-edit-areas').click();
  await page.getByTestId('signing-edit-areas-select').click();
  await page.keyboard.type('江苏');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.getByTestId('signing-edit-equipment').fill('Insta360 X4、大疆 Mini 4');
  await snap(page, 'service-admin-12b-signing-edit-areas');
  await page.getByTestId('signing-save-areas').click();
  await expect(page.locator('.ant-message-notice')).toContainText('服务地区和设备已保存');
  await expect(signed).toContainText('江苏省');
  await expect(page.getByTestId('signing-equipment-now')).toContainText('Insta360 X4');
  const mine = await dataOf<{ provider: { provinceCodes: string[] } }>(await approved.api.get('/api/c/signing'));
  expect(mine.provider.provinceCodes).toHaveLength(3);
  await Promise.all([admin.api.dispose(), approved.api.dispose(), rejected.api.dispose()]);
});

test('a customer pays the rest after a deposit, and cancels another order of their own (zh)', async ({
  page,
  request,
  playwright,
}, info) => {
  const baseURL = info.project.use.baseURL;
  const restTitle = `阁楼拍摄 ${SUFFIX}`;
  const cancelTitle = `门店拍摄 ${SUFFIX}`;
  const admin = await signedInAs(request, playwright.request, { ...users.admin, baseURL });
  const customer = await signedInAs(request, playwright.request, { ...customerOf, baseURL });
  await Promise.all([panoramaRule(admin), fundBalance(request, customer, 'service-admin-rest')]);
  const deposited = await placedOrder(customer, { title: restTitle, paid: 'deposit' });
  const cancelling = await placedOrder(customer, { title: cancelTitle, paid: 'deposit' });
  await Promise.all([admin.api.dispose(), customer.api.dispose()]);

  // The rest (¥120.00 − ¥36.00) from the balance, after a confirmation.
  await openSignedIn(page, info, customerOf, `/serviceOrder/${deposited.id}`);
  await expect(page.getByTestId('service-order-paid')).toHaveText('¥36.00');
  const pay = page.getByTestId('service-pay');
  await expect(pay.getByTestId('service-pay-method-balance')).toBeChecked();
  await expect(page.getByTestId('service-pay-submit')).toContainText('¥84.00');
  await snap(page, 'service-admin-13-pay-rest');
  await page.getByTestId('service-pay-submit').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('将从余额扣除 ¥84.00（尾款）。');
  await confirm.getByRole('button', { name: /支\s?付/ }).click();
  await expect(page.getByTestId('service-order-paid')).toHaveText('¥120.00');
  await expect(page.getByTestId('service-order-status')).toHaveText('已付款，待接单');
  await expect(page.getByTestId('service-pay')).toHaveCount(0);
  await snap(page, 'service-admin-14-rest-paid');

  // Cancelled before any photographer took it: the deposit goes back to the balance.
  await page.goto(`/serviceOrder/${cancelling.id}`);
  await page.getByTestId('service-cancel').click();
  const cancel = page.locator('.ant-modal-confirm');
  await expect(cancel).toContainText('订单将被取消，¥36.00 退回您的余额。');
  await cancel.getByRole('textbox').fill('改期了');
  await snap(page, 'service-admin-15-cancel', { fullPage: false });
  await cancel.getByRole('button', { name: '取消订单' }).click();
  await expect(page.getByTestId('service-order-status')).toHaveText('已取消');
  await expect(page.getByTestId('service-order')).toContainText('已取消：改期了');
  await expect(page.getByTestId('service-cancel')).toHaveCount(0);
  await snap(page, 'service-admin-16-cancelled');
});
