import { ErrorCode, MobilePayErrors, type MobilePayAnswer, type MobilePayOrder, type SandboxCheckout } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import type { IncomingNotification } from '../../drivers/payments/payment-driver.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { fundBalance } from '../../test/income.js';
import { listedWork } from '../../test/market-fixtures.js';
import { authHeaders, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';

let testApp: TestApp;
let seller: Person;
let buyer: Person;
let stranger: Person;

beforeAll(async () => {
  ({ testApp, seller, buyer, stranger } = await appWithPeople({ seller: { name: 'Seller' }, buyer: { name: 'Buyer' }, stranger: {} }));
});
afterAll(() => testApp.close());

const sandbox = (): SandboxPayDriver => testApp.app.services.sandboxPay!;
const balanceOf = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.balance(who.id));

function buy(as: Person, listingId: number | string, body: Record<string, unknown>, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/c/mobilePay/market/${listingId}`,
    headers: { ...authHeaders(as.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function bought(as: Person, listingId: number, key = `key-${Math.random()}`): Promise<MobilePayAnswer> {
  const response = await buy(as, listingId, { provider: 'sandbox', flow: 'h5' }, key);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: MobilePayAnswer }>(response).data;
}

const orderOf = (as: Person, orderNo: string) => as.call('GET', `/api/c/mobilePay/orders/${orderNo}`);
const notify = (notification: IncomingNotification) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/notify',
    headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
    payload: notification.rawBody,
  });

/** The sandbox checkout's address and signature, from a redirect answer. */
function checkoutOf(answer: MobilePayAnswer): URL {
  if (answer.payment?.flow !== 'redirect') throw new Error(`a redirect was expected: ${JSON.stringify(answer)}`);
  return new URL(answer.payment.url, 'http://site');
}

describe('POST /api/c/mobilePay/market/{listingId} with the sandbox', () => {
  it('makes a payment order for what the balance lacks and redirects to the test checkout, which returns to paySuccess', async () => {
    const { listing, work } = await listedWork(testApp.app, seller, { price: '12.00' });
    const payer = await person(testApp.app, { name: 'Phone payer' });
    await fundBalance(testApp.app, payer.id, 200);

    const answer = await bought(payer, listing.id);

    expect(answer).toMatchObject({ paidFromBalance: false, orderNo: expect.stringMatching(/^R\d{14}[0-9a-f]{8}$/) as unknown });
    const checkout = checkoutOf(answer);
    expect(checkout.pathname).toBe(`/mobile/sandboxPay/${answer.orderNo}`);
    expect(checkout.searchParams.get('return')).toBe(`/space/paySuccess?orderNo=${answer.orderNo}`);
    const sign = checkout.searchParams.get('sign')!;
    const page = json<{ data: SandboxCheckout }>(
      await testApp.app.inject({ method: 'GET', url: `/api/payments/sandbox/checkout/${answer.orderNo}?sign=${sign}` }),
    ).data;
    expect(page).toMatchObject({ amountFen: 1000, state: 'unpaid', purchase: { kind: 'market' } });

    // The redirect says nothing: our own books say pending until the provider says paid.
    const pending = json<{ data: MobilePayOrder }>(await orderOf(payer, answer.orderNo)).data;
    expect(pending).toEqual({
      orderNo: answer.orderNo,
      state: 'pending',
      amountFen: 1000,
      purchase: { kind: 'market', listingId: listing.id, workUid: work.uid, workName: work.name },
      bought: false,
      paidAt: null,
    });

    const paid = await testApp.app.inject({ method: 'POST', url: `/api/payments/sandbox/checkout/${answer.orderNo}/pay?sign=${sign}` });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = json<{ data: MobilePayOrder }>(await orderOf(payer, answer.orderNo)).data;
    expect(after).toMatchObject({ state: 'paid', bought: true, paidAt: expect.any(Number) as unknown });
    expect(await balanceOf(payer)).toBe(0);
  });

  it('the same Idempotency-Key answers the same order and payment; another flow under it is refused', async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const key = `same-${Math.random()}`;
    const first = await bought(buyer, listing.id, key);
    const again = await bought(buyer, listing.id, key);
    expect(again).toEqual(first);
    const [{ count }] = (await rowsOf<{ count: string }>(
      testApp.app.services.database.db,
      sql`select count(*) from payment_orders where user_id = ${buyer.id} and subject_id = ${listing.id}`,
    )) as [{ count: string }];
    expect(Number(count)).toBe(1);

    const otherBody = await buy(buyer, listing.id, { provider: 'sandbox', flow: 'h5', openId: 'oX' }, `${key}-x`);
    expect(otherBody.statusCode).toBe(200);
    const nativeUnderKey = await testApp.app.inject({
      method: 'POST',
      url: `/api/market/listings/${listing.id}/purchase`,
      headers: { ...authHeaders(buyer.token), 'idempotency-key': key },
      payload: { method: 'sandbox' },
    });
    expect(nativeUnderKey.statusCode).toBe(422);
    expect(json(nativeUnderKey).code).toBe(ErrorCode.idempotencyKeyReused);
  });

  it('a QR order of the same purchase is not reused for the phone, nor the phone order for a QR code', async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const payer = await person(testApp.app);
    const qr = await payer.call('POST', `/api/market/listings/${listing.id}/purchase`, { method: 'sandbox' });
    const qrOrder = json<{ data: { order: { orderNo: string; codeUrl: string } } }>(qr).data.order;
    const phone = await buy(payer, listing.id, { provider: 'sandbox', flow: 'h5' });
    const phoneAnswer = json<{ data: MobilePayAnswer }>(phone).data;
    expect(phoneAnswer.orderNo).not.toBe(qrOrder.orderNo);
    // Without a key the phone's second press reuses its own order.
    expect(json<{ data: MobilePayAnswer }>(await buy(payer, listing.id, { provider: 'sandbox', flow: 'h5' })).data).toEqual(phoneAnswer);
    const qrAgain = json<{ data: { order: { orderNo: string; codeUrl: string } } }>(
      await payer.call('POST', `/api/market/listings/${listing.id}/purchase`, { method: 'sandbox' }),
    ).data.order;
    expect(qrAgain).toMatchObject({ orderNo: qrOrder.orderNo, codeUrl: qrOrder.codeUrl });
    expect(qrAgain.codeUrl).not.toContain('return=');
  });

  it('books once when the notification arrives twice (and concurrently), and once more polled', async () => {
    const { listing } = await listedWork(testApp.app, seller, { price: '3.00' });
    const payer = await person(testApp.app);
    const answer = await bought(payer, listing.id);
    const notification = (await sandbox().pay(answer.orderNo, checkoutOf(answer).searchParams.get('sign')!))!;

    const answers = await Promise.all([notify(notification), notify(notification), notify(notification)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await notify(notification)).statusCode).toBe(200);

    expect(json<{ data: MobilePayOrder }>(await orderOf(payer, answer.orderNo)).data).toMatchObject({ state: 'paid', bought: true });
    const [{ postings }] = (await rowsOf<{ postings: string }>(
      testApp.app.services.database.db,
      sql`select count(*) as postings from ledger_transactions where reference like ${`payment:sandbox:%`} and memo = ${answer.orderNo}`,
    )) as [{ postings: string }];
    expect(Number(postings)).toBe(1);
    const [{ purchases }] = (await rowsOf<{ purchases: string }>(
      testApp.app.services.database.db,
      sql`select count(*) as purchases from market_purchases where order_no = ${answer.orderNo}`,
    )) as [{ purchases: string }];
    expect(Number(purchases)).toBe(1);
    expect(await balanceOf(payer)).toBe(0);
  });

  it('books at once from a balance that covers the price, and the order reads paid', async () => {
    const { listing, work } = await listedWork(testApp.app, seller, { price: '5.00' });
    const payer = await person(testApp.app);
    await fundBalance(testApp.app, payer.id, 800);
    const answer = await bought(payer, listing.id);
    expect(answer).toEqual({ orderNo: expect.stringMatching(/^K/) as unknown, payment: null, paidFromBalance: true });
    expect(json<{ data: MobilePayOrder }>(await orderOf(payer, answer.orderNo)).data).toMatchObject({
      state: 'paid',
      amountFen: 500,
      bought: true,
      purchase: { listingId: listing.id, workUid: work.uid },
    });
    expect(await balanceOf(payer)).toBe(300);
    // Bought already: the market's own refusal.
    const again = await buy(payer, listing.id, { provider: 'sandbox', flow: 'h5' });
    expect(again.statusCode).toBe(409);
  });

  it.each<[string, Record<string, unknown>, number, number]>([
    ['an unknown provider', { provider: 'paypal', flow: 'h5' }, 400, ErrorCode.validation],
    ['an unknown flow', { provider: 'sandbox', flow: 'app' }, 400, ErrorCode.validation],
    ['no flow', { provider: 'sandbox' }, 400, ErrorCode.validation],
    ['a provider this site does not take', { provider: 'wechat', flow: 'h5' }, 422, MobilePayErrors.mobilePayProviderUnavailable.code],
    [
      "a flow the sandbox does not take (WeChat's JSAPI)",
      { provider: 'sandbox', flow: 'jsapi', openId: 'o1' },
      422,
      MobilePayErrors.mobilePayFlowUnsupported.code,
    ],
    ["Alipay's flow for the sandbox", { provider: 'sandbox', flow: 'wap' }, 422, MobilePayErrors.mobilePayFlowUnsupported.code],
    ['an openId that is not one', { provider: 'sandbox', flow: 'h5', openId: 'a b' }, 400, ErrorCode.validation],
  ])('refuses %s and makes no order', async (_case, body, status, code) => {
    const { listing } = await listedWork(testApp.app, seller);
    const response = await buy(buyer, listing.id, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(json(response).code).toBe(code);
    const [{ count }] = (await rowsOf<{ count: string }>(
      testApp.app.services.database.db,
      sql`select count(*) from payment_orders where subject_id = ${listing.id}`,
    )) as [{ count: string }];
    expect(Number(count)).toBe(0);
  });

  it('refuses the signed out, an unknown listing, and the seller buying their own', async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: `/api/c/mobilePay/market/${listing.id}`,
      payload: { provider: 'sandbox', flow: 'h5' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await buy(buyer, 999_999, { provider: 'sandbox', flow: 'h5' })).statusCode).toBe(404);
    expect((await buy(buyer, 'abc', { provider: 'sandbox', flow: 'h5' })).statusCode).toBe(400);
    expect((await buy(seller, listing.id, { provider: 'sandbox', flow: 'h5' })).statusCode).toBe(409);
  });
});

describe('GET /api/c/mobilePay/orders/{orderNo}', () => {
  it("answers 404 for another person's order, an unknown one and another kind's; 401 signed out", async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const answer = await bought(buyer, listing.id);
    const refused = await orderOf(stranger, answer.orderNo);
    expect(refused.statusCode).toBe(404);
    expect(json(refused).code).toBe(MobilePayErrors.mobilePayOrderNotFound.code);
    expect((await orderOf(seller, answer.orderNo)).statusCode).toBe(404);
    expect((await orderOf(buyer, 'R20990101000000deadbeef')).statusCode).toBe(404);
    expect((await orderOf(buyer, 'bad/no')).statusCode).toBe(404);
    expect((await orderOf(buyer, 'x')).statusCode).toBe(400);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/c/mobilePay/orders/${answer.orderNo}` })).statusCode).toBe(401);

    const recharge = await buyer.call('POST', '/api/c/flowRecharge/nativePayNow', { months: 1, fee: 3000 });
    const rechargeNo = json<{ data: { orderNo: string } }>(recharge).data.orderNo;
    expect((await orderOf(buyer, rechargeNo)).statusCode).toBe(404);
  });

  it('asks the sandbox about a pending order whose notification was lost, and reads it paid', async () => {
    const { listing } = await listedWork(testApp.app, seller);
    const payer = await person(testApp.app);
    const answer = await bought(payer, listing.id);
    // Paid at the provider; its notification never arrives.
    await sandbox().pay(answer.orderNo, checkoutOf(answer).searchParams.get('sign')!);
    expect(json<{ data: MobilePayOrder }>(await orderOf(payer, answer.orderNo)).data).toMatchObject({ state: 'paid', bought: true });
  });
});

describe("The payer's openid where WeChat Pay inside WeChat is not configured", () => {
  it('offers no JSAPI and starts no authorization (2775)', async () => {
    expect(json(await buyer.call('GET', '/api/c/mobilePay/wechat/payer')).data).toEqual({ jsapi: false, openIdKnown: false });
    for (const [url, payload] of [
      ['/api/c/mobilePay/wechat/authorization', { returnPath: '/space/shop-pay?listingId=1' }],
      ['/api/c/mobilePay/wechat/authorization/complete', { state: 'some-state', code: 'some-code' }],
    ] as const) {
      const response = await buyer.call('POST', url, payload);
      expect(response.statusCode, url).toBe(422);
      expect(json(response).code).toBe(MobilePayErrors.mobilePayWechatNotConfigured.code);
    }
  });
});
