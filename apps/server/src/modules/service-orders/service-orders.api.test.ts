import {
  GeneralErrors,
  SERVICE_UNPAID_EXPIRY_MINUTES,
  LedgerErrors,
  Role,
  ServiceOrderErrors,
  type MySigning,
  type OrderPage,
  type Page,
  type ServiceCoupon,
  type ServiceEstimateAnswer,
  type ServiceOrderDetail,
  type ServiceOrderItem,
  type ServiceOrderOptions,
  type ServicePaymentAnswer,
  type SigningApplicationItem,
} from '@spatia/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { fundBalance } from '../../test/income.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { createWork, person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/index.js';
import { notifications } from '../notifications/notifications.tables.js';
import { workProcessing } from '../processing/processing.tables.js';
import { paymentOrders, paymentRefunds } from '../recharge/recharge.tables.js';
import { SERVICE_ORDERS_HELD, SERVICE_ORDERS_REVENUE, SERVICE_UNPAID_EXPIRY_REASON } from './service-orders.service.js';
import { serviceOrders } from './service-orders.tables.js';

const DAY_MS = 24 * 60 * 60_000;
let testApp: TestApp;
let admin: Person;
let customer: Person;
let merchant: Person;
let stranger: Person;
/** Signed for Shanghai (31). */
let providerA: Person;
/** Signed for Shanghai (31) and Beijing (11). */
let providerB: Person;
/** Signed for Guangdong (44) only. */
let faraway: Person;
let unsigned: Person;

const services = () => testApp.app.services;
const codeOf = (response: LightMyRequestResponse) => json(response).code;

function call(as: Person | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, headers = {}) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(as ? authHeaders(as.token) : {}), cookie: 'language=en', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

const orderInput = (overrides: Record<string, unknown> = {}) => ({
  requirementType: 'panoramaTour',
  title: '江景样板间',
  phone: '13912345678',
  provinceCode: '31',
  city: '上海',
  address: '黄浦区中山东一路 1 号',
  latitude: 31.24,
  longitude: 121.49,
  pricing: 'sites',
  siteCount: 10,
  appointmentAt: Date.now() + 3 * DAY_MS,
  ...overrides,
});

async function place(as: Person, overrides: Record<string, unknown> = {}): Promise<ServiceOrderDetail> {
  const response = await call(as, 'POST', '/api/c/serviceOrder', orderInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ServiceOrderDetail>(response);
}

/** The data of a success, failing with the answer otherwise. */
function okData<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<T>(response);
}

const pay = (as: Person, id: number, part: string, method = 'balance', key?: string) =>
  call(as, 'POST', `/api/c/serviceOrder/${id}/pay`, { part, method }, key ? { 'idempotency-key': key } : {});

async function paidOrder(as: Person = customer, overrides: Record<string, unknown> = {}): Promise<ServiceOrderDetail> {
  const order = await place(as, overrides);
  await fundBalance(testApp.app, as.id, order.priceFen);
  const paid = await pay(as, order.id, 'whole');
  expect(paid.statusCode, paid.body).toBe(200);
  return dataOf<ServicePaymentAnswer>(paid).order;
}

async function coupon(overrides: Record<string, unknown> = {}): Promise<ServiceCoupon> {
  const response = await call(admin, 'POST', '/api/admin/serviceOrder/coupons', {
    name: '新客立减',
    kind: 'amount',
    amountOffFen: 5_000,
    percentOff: 0,
    minSpendFen: 10_000,
    validFrom: Date.now() - DAY_MS,
    validUntil: Date.now() + 30 * DAY_MS,
    perUserLimit: 1,
    totalLimit: 0,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ServiceCoupon>(response);
}

async function signed(name: string, provinceCodes: string[]): Promise<Person> {
  const photographer = await person(testApp.app, { roles: [Role.photographer], name });
  const sample = await createWork(photographer, { name: `${name}的样片` });
  const applied = await call(photographer, 'POST', '/api/c/signing/apply', {
    provinceCodes,
    equipment: 'Insta360 Pro 2',
    intro: '十年经验',
    sampleWorkUids: [sample.uid],
  });
  expect(applied.statusCode, applied.body).toBe(200);
  const approved = await call(admin, 'POST', `/api/admin/signing/applications/${dataOf<SigningApplicationItem>(applied).id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return photographer;
}

/** A work of the owner's that counts as processed (its run published), without running the pipeline. */
async function processedWork(owner: Person, name: string): Promise<string> {
  const work = await createWork(owner, { name });
  const id = (await services().works.findByUid(work.uid))!.id;
  await services()
    .database.db.insert(workProcessing)
    .values({ workId: id, publishedRunId: `test-run-${id}` });
  return work.uid;
}

const noticesOf = (who: Person, kind: string) =>
  services()
    .database.db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, kind)));

/** Moves an order's placing back past the unpaid window (and its QR payment orders' end, when asked). */
async function placedLongAgo(id: number, paymentOrdersToo = false): Promise<void> {
  const db = services().database.db;
  const past = new Date(Date.now() - (SERVICE_UNPAID_EXPIRY_MINUTES + 1) * 60_000);
  await db.update(serviceOrders).set({ createdAt: past }).where(eq(serviceOrders.id, id));
  if (paymentOrdersToo) {
    await db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(paymentOrders.kind, 'serviceOrder'), eq(paymentOrders.subjectId, id)));
  }
}

/** Starts a QR payment of the part and pays it at the sandbox; answers the provider's notification, not sent yet. */
async function payAtSandbox(as: Person, id: number, part: string) {
  const started = okData<ServicePaymentAnswer>(await pay(as, id, part, 'sandbox'));
  const sign = new URL(started.payment!.codeUrl, 'http://site').searchParams.get('sign')!;
  const notification = (await (services().sandboxPay as SandboxPayDriver).pay(started.payment!.orderNo, sign))!;
  const send = () =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
      payload: notification.rawBody,
    });
  return { payment: started.payment!, send };
}

const balanceOf = (userId: number) => services().ledger.balance(LedgerAccount.balance(userId));
const incomeOf = (userId: number) => services().ledger.balance(LedgerAccount.income(userId));

beforeAll(async () => {
  ({ testApp, admin, customer, merchant, stranger, unsigned } = await appWithPeople({
    admin: { roles: [Role.admin], name: 'Admin' },
    customer: { roles: [Role.customer], name: 'Customer' },
    merchant: { roles: [Role.merchant], name: 'Merchant' },
    stranger: { roles: [Role.customer], name: 'Stranger' },
    unsigned: { roles: [Role.photographer], name: 'Unsigned' },
  }));
  for (const [type, perSite] of [
    ['panoramaTour', 10_000],
    ['model3d', 20_000],
  ] as const) {
    const response = await call(admin, 'PUT', `/api/admin/serviceOrder/priceRules/${type}`, {
      pricePerSiteFen: perSite,
      pricePerM2Fen: 500,
      minimumFen: 30_000,
      depositBps: 3000,
      enabled: true,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  providerA = await signed('Provider A', ['31']);
  providerB = await signed('Provider B', ['31', '11']);
  faraway = await signed('Faraway', ['44']);
});
afterAll(() => testApp.close());

describe('price rules, options and the estimate', () => {
  it('admins set rules; the public sees the enabled ones; bad input and non-admins are refused', async () => {
    const bad = await call(admin, 'PUT', '/api/admin/serviceOrder/priceRules/pointCloud', {
      pricePerSiteFen: 0,
      pricePerM2Fen: 0,
      minimumFen: 0,
      depositBps: 3000,
      enabled: true,
    });
    expect(codeOf(bad)).toBe(ServiceOrderErrors.servicePriceRuleInvalid.code);
    expect((await call(admin, 'PUT', '/api/admin/serviceOrder/priceRules/pointCloud', { pricePerSiteFen: 1 })).statusCode).toBe(400);
    expect((await call(customer, 'GET', '/api/admin/serviceOrder/priceRules')).statusCode).toBe(403);
    const disabled = await call(admin, 'PUT', '/api/admin/serviceOrder/priceRules/pointCloud', {
      pricePerSiteFen: 100,
      pricePerM2Fen: 10,
      minimumFen: 0,
      depositBps: 10_000,
      enabled: false,
    });
    expect(disabled.statusCode).toBe(200);
    const options = dataOf<ServiceOrderOptions>(await call(undefined, 'GET', '/api/serviceOrder/options'));
    expect(options.rules.map((rule) => rule.requirementType).sort()).toEqual(['model3d', 'panoramaTour']);
    expect(options.providers).toContain('sandbox');
  });

  it('estimates publicly, by sites or by area, never below the minimum, and checks a coupon', async () => {
    const bySites = dataOf<ServiceEstimateAnswer>(
      await call(undefined, 'POST', '/api/serviceOrder/estimate', { requirementType: 'panoramaTour', pricing: 'sites', siteCount: 10 }),
    );
    expect(bySites).toEqual({ listPriceFen: 100_000, discountFen: 0, priceFen: 100_000, depositFen: 30_000, coupon: null });
    const small = dataOf<ServiceEstimateAnswer>(
      await call(undefined, 'POST', '/api/serviceOrder/estimate', { requirementType: 'panoramaTour', pricing: 'area', areaM2: 10 }),
    );
    expect(small.listPriceFen).toBe(30_000);
    const { code } = await coupon({ amountOffFen: 2_000 });
    const withCoupon = dataOf<ServiceEstimateAnswer>(
      await call(customer, 'POST', '/api/serviceOrder/estimate', {
        requirementType: 'panoramaTour',
        pricing: 'sites',
        siteCount: 10,
        couponCode: code.toLowerCase(),
      }),
    );
    expect(withCoupon).toMatchObject({ priceFen: 98_000, discountFen: 2_000, coupon: { code, applies: true, discountFen: 2_000 } });
    const unknown = dataOf<ServiceEstimateAnswer>(
      await call(undefined, 'POST', '/api/serviceOrder/estimate', {
        requirementType: 'panoramaTour',
        pricing: 'sites',
        siteCount: 10,
        couponCode: 'NOPE1234',
      }),
    );
    expect(unknown.coupon).toMatchObject({
      applies: false,
      problemCode: ServiceOrderErrors.serviceCouponUnknown.code,
      problem: 'No such coupon',
    });
    expect(unknown.priceFen).toBe(100_000);
    const missing = await call(undefined, 'POST', '/api/serviceOrder/estimate', { requirementType: 'panoramaTour', pricing: 'area' });
    expect(codeOf(missing)).toBe(ServiceOrderErrors.serviceQuantityInvalid.code);
    const off = await call(undefined, 'POST', '/api/serviceOrder/estimate', {
      requirementType: 'pointCloud',
      pricing: 'sites',
      siteCount: 1,
    });
    expect(codeOf(off)).toBe(ServiceOrderErrors.serviceTypeUnavailable.code);
  });
});

describe('placing', () => {
  it('needs a session and a customer or merchant; prices on the server; refuses a stale estimate and bad input', async () => {
    expect((await call(undefined, 'POST', '/api/c/serviceOrder', orderInput())).statusCode).toBe(401);
    expect((await call(unsigned, 'POST', '/api/c/serviceOrder', orderInput())).statusCode).toBe(403);
    const order = await place(merchant, { estimateFen: 100_000 });
    expect(order).toMatchObject({
      status: 'placed',
      priceFen: 100_000,
      depositFen: 30_000,
      paidFen: 0,
      payable: { part: 'deposit', amountFen: 30_000 },
      provinceCode: '31',
      customer: { uid: merchant.uid },
      provider: null,
    });
    expect(order.actions).toEqual(['pay', 'cancel']);
    expect(order.orderNo).toMatch(/^S\d{14}[0-9a-f]{8}$/);
    const stale = await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ estimateFen: 90_000 }));
    expect(codeOf(stale)).toBe(ServiceOrderErrors.serviceEstimateStale.code);
    expect(json(stale).msg).toContain('¥1000.00');
    expect(codeOf(await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ provinceCode: '99' })))).toBe(
      ServiceOrderErrors.serviceProvinceInvalid.code,
    );
    expect(codeOf(await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ appointmentAt: Date.now() - 1000 })))).toBe(
      ServiceOrderErrors.serviceAppointmentInvalid.code,
    );
    expect(codeOf(await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ title: '  ' })))).toBe(
      ServiceOrderErrors.serviceFieldsMissing.code,
    );
    expect(codeOf(await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ pricing: 'area', siteCount: 3 })))).toBe(
      ServiceOrderErrors.serviceQuantityInvalid.code,
    );
    expect((await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ phone: '123' }))).statusCode).toBe(400);
  });

  it('answers the same order to the same Idempotency-Key', async () => {
    const key = `place-${Date.now()}`;
    const input = orderInput();
    const first = okData<ServiceOrderDetail>(await call(customer, 'POST', '/api/c/serviceOrder', input, { 'idempotency-key': key }));
    const again = okData<ServiceOrderDetail>(await call(customer, 'POST', '/api/c/serviceOrder', input, { 'idempotency-key': key }));
    expect(again.id).toBe(first.id);
    const other = await call(customer, 'POST', '/api/c/serviceOrder', { ...input, siteCount: 11 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
  });

  it('only the customer sees an unpaid order; lists show each side its own', async () => {
    const order = await place(customer, { title: '只给我看' });
    expect((await call(stranger, 'GET', `/api/c/serviceOrder/${order.id}`)).statusCode).toBe(404);
    expect((await call(providerA, 'GET', `/api/c/serviceOrder/${order.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/admin/serviceOrder/${order.id}`)).statusCode).toBe(200);
    const mine = dataOf<Page<ServiceOrderItem>>(await call(customer, 'GET', '/api/c/serviceOrders?status=placed&pageSize=50'));
    expect(mine.list.map((item) => item.id)).toContain(order.id);
    const theirs = dataOf<Page<ServiceOrderItem>>(await call(stranger, 'GET', '/api/c/serviceOrders'));
    expect(theirs.list.map((item) => item.id)).not.toContain(order.id);
  });
});

describe('paying', () => {
  it('pays the deposit from the balance into the held account, then the rest; refuses a short balance, a wrong part and another person', async () => {
    const order = await place(customer);
    const short = await pay(customer, order.id, 'deposit');
    expect(codeOf(short)).toBe(ServiceOrderErrors.serviceBalanceShort.code);
    expect((await pay(stranger, order.id, 'deposit')).statusCode).toBe(404);
    expect(codeOf(await pay(customer, order.id, 'rest'))).toBe(ServiceOrderErrors.servicePartNotPayable.code);
    await fundBalance(testApp.app, customer.id, 30_000);
    const heldBefore = await services().ledger.balance(SERVICE_ORDERS_HELD);
    const paid = dataOf<ServicePaymentAnswer>(await pay(customer, order.id, 'deposit', 'balance', `dep-${order.id}`));
    expect(paid.order).toMatchObject({ status: 'paid', paidFen: 30_000, payable: { part: 'rest', amountFen: 70_000 } });
    expect(paid.payment).toBeNull();
    expect(await services().ledger.balance(SERVICE_ORDERS_HELD)).toBe(heldBefore + 30_000);
    // The same key again answers the order; without it the part is refused.
    expect((await pay(customer, order.id, 'deposit', 'balance', `dep-${order.id}`)).statusCode).toBe(200);
    expect(codeOf(await pay(customer, order.id, 'deposit'))).toBe(ServiceOrderErrors.servicePartNotPayable.code);
    expect(codeOf(await pay(customer, order.id, 'whole'))).toBe(ServiceOrderErrors.servicePartNotPayable.code);
    await fundBalance(testApp.app, customer.id, 70_000);
    const rest = dataOf<ServicePaymentAnswer>(await pay(customer, order.id, 'rest'));
    expect(rest.order).toMatchObject({ status: 'paid', paidFen: 100_000, payable: null });
  });

  it('pays by QR code: the payment, once booked, pays the part through the balance', async () => {
    const order = await place(customer, { title: '扫码付' });
    const started = dataOf<ServicePaymentAnswer>(await pay(customer, order.id, 'whole', 'sandbox'));
    expect(started.payment).toMatchObject({ amountFen: 100_000, status: 'pending' });
    expect(started.order.status).toBe('placed');
    const sign = new URL(started.payment!.codeUrl, 'http://site').searchParams.get('sign')!;
    const sandbox = services().sandboxPay as SandboxPayDriver;
    const notification = (await sandbox.pay(started.payment!.orderNo, sign))!;
    const notified = await testApp.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
      payload: notification.rawBody,
    });
    expect(notified.statusCode).toBe(200);
    await call(customer, 'GET', `/api/c/flowRechargeOrder/${started.payment!.id}/nativeUnifiedOrderQuery`);
    const after = dataOf<ServiceOrderDetail>(await call(customer, 'GET', `/api/c/serviceOrder/${order.id}`));
    expect(after).toMatchObject({ status: 'paid', paidFen: 100_000 });
  });

  it('a coupon is consumed with the payment, once per person even when two payments race', async () => {
    const { code } = await coupon({ perUserLimit: 1 });
    const racer = await person(testApp.app, { roles: [Role.customer] });
    const first = await place(racer, { couponCode: code });
    const second = await place(racer, { couponCode: code });
    expect(first.priceFen).toBe(95_000);
    await fundBalance(testApp.app, racer.id, 2 * 95_000);
    const answers = await Promise.all([pay(racer, first.id, 'whole'), pay(racer, second.id, 'whole')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map(codeOf)).toContain(ServiceOrderErrors.serviceCouponUserLimit.code);
    expect(await balanceOf(racer.id)).toBe(95_000);
    const coupons = dataOf<Page<ServiceCoupon>>(await call(admin, 'GET', '/api/admin/serviceOrder/coupons?pageSize=50'));
    expect(coupons.list.find((item) => item.code === code)?.usedCount).toBe(1);
  });

  it('a coupon with one use in all goes to exactly one of two people paying at once', async () => {
    const { code } = await coupon({ totalLimit: 1, perUserLimit: 5 });
    const [one, two] = [await person(testApp.app), await person(testApp.app)];
    const orders = [await place(one, { couponCode: code }), await place(two, { couponCode: code })];
    await fundBalance(testApp.app, one.id, 95_000);
    await fundBalance(testApp.app, two.id, 95_000);
    const answers = await Promise.all([pay(one, orders[0]!.id, 'whole'), pay(two, orders[1]!.id, 'whole')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map(codeOf)).toContain(ServiceOrderErrors.serviceCouponUsedUp.code);
  });
});

describe('signing', () => {
  it('photographers apply with their own works; one waits at a time; admins approve or reject; customers cannot apply', async () => {
    const photographer = await person(testApp.app, { roles: [Role.photographer], name: 'Applicant' });
    const mine = await createWork(photographer, { name: '样片' });
    const others = await createWork(stranger, { name: '别人的' });
    const apply = (body: Record<string, unknown>, as = photographer) =>
      call(as, 'POST', '/api/c/signing/apply', {
        provinceCodes: ['31'],
        equipment: '相机',
        intro: '',
        sampleWorkUids: [mine.uid],
        ...body,
      });
    expect((await apply({}, customer)).statusCode).toBe(403);
    expect(codeOf(await apply({ provinceCodes: ['99'] }))).toBe(ServiceOrderErrors.signingAreasInvalid.code);
    expect(codeOf(await apply({ equipment: ' ' }))).toBe(ServiceOrderErrors.signingEquipmentMissing.code);
    expect(codeOf(await apply({ sampleWorkUids: [others.uid] }))).toBe(ServiceOrderErrors.signingSampleWorksInvalid.code);
    const applied = dataOf<SigningApplicationItem>(await apply({ provinceCodes: ['44', '31', '31'] }));
    expect(applied).toMatchObject({ status: 'pending', provinceCodes: ['31', '44'], sampleWorks: [{ uid: mine.uid }] });
    expect(codeOf(await apply({}))).toBe(ServiceOrderErrors.signingApplicationPending.code);
    expect(codeOf(await call(admin, 'POST', `/api/admin/signing/applications/${applied.id}/reject`, { reason: ' ' }))).toBe(
      ServiceOrderErrors.serviceReasonMissing.code,
    );
    expect((await call(admin, 'POST', `/api/admin/signing/applications/${applied.id}/reject`, { reason: '样片不足' })).statusCode).toBe(
      200,
    );
    expect(codeOf(await call(admin, 'POST', `/api/admin/signing/applications/${applied.id}/approve`))).toBe(
      ServiceOrderErrors.signingApplicationNotPending.code,
    );
    const again = dataOf<SigningApplicationItem>(await apply({}));
    expect((await call(admin, 'POST', `/api/admin/signing/applications/${again.id}/approve`)).statusCode).toBe(200);
    const status = dataOf<MySigning>(await call(photographer, 'GET', '/api/c/signing'));
    expect(status.provider).toMatchObject({ status: 'active', provinceCodes: ['31'] });
    expect(codeOf(await apply({}))).toBe(ServiceOrderErrors.signingAlreadySigned.code);
    const listed = dataOf<Page<{ provider: { uid: string } }>>(
      await call(admin, 'GET', '/api/admin/signing/providers?provinceCode=31&status=active&pageSize=50'),
    );
    expect(listed.list.map((row) => row.provider.uid)).toContain(photographer.uid);
    expect((await call(admin, 'POST', `/api/admin/signing/providers/${photographer.uid}/revoke`, { reason: '投诉' })).statusCode).toBe(200);
    expect(codeOf(await call(admin, 'POST', `/api/admin/signing/providers/${photographer.uid}/revoke`, { reason: '投诉' }))).toBe(
      ServiceOrderErrors.signingProviderNotActive.code,
    );
    expect(codeOf(await call(photographer, 'GET', '/api/c/serviceOrders/open'))).toBe(ServiceOrderErrors.serviceProviderNotSigned.code);
  });

  it('a signed provider changes their areas and equipment; the open orders they see and may take follow; others are refused', async () => {
    const mover = await signed('Mover', ['44']);
    const inBeijing = await paidOrder(customer, { provinceCode: '11', city: '北京', title: '北京的单' });
    const openIds = async () => okData<Page<ServiceOrderItem>>(await call(mover, 'GET', '/api/c/serviceOrders/open')).list.map((o) => o.id);
    expect(await openIds()).not.toContain(inBeijing.id);
    expect(codeOf(await call(mover, 'POST', `/api/c/serviceOrder/${inBeijing.id}/accept`))).toBe(
      ServiceOrderErrors.serviceOrderOutsideArea.code,
    );
    // Bad input: no province, an unknown one, no equipment.
    for (const [body, error] of [
      [{ provinceCodes: [], equipment: 'x' }, ServiceOrderErrors.signingAreasInvalid],
      [{ provinceCodes: ['99'], equipment: 'x' }, ServiceOrderErrors.signingAreasInvalid],
      [{ provinceCodes: ['11'], equipment: '  ' }, ServiceOrderErrors.signingEquipmentMissing],
    ] as const) {
      const refused = await call(mover, 'PUT', '/api/c/signing/areas', body);
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe(error.code);
    }
    // Customers (role) and photographers who are not signed cannot.
    expect((await call(customer, 'PUT', '/api/c/signing/areas', { provinceCodes: ['11'], equipment: 'x' })).statusCode).toBe(403);
    expect(codeOf(await call(unsigned, 'PUT', '/api/c/signing/areas', { provinceCodes: ['11'], equipment: 'x' }))).toBe(
      ServiceOrderErrors.serviceProviderNotSigned.code,
    );
    expect((await call(undefined, 'PUT', '/api/c/signing/areas', { provinceCodes: ['11'], equipment: 'x' })).statusCode).toBe(401);

    const changed = okData<MySigning>(
      await call(mover, 'PUT', '/api/c/signing/areas', { provinceCodes: ['44', '11', '11'], equipment: ' 大疆 + Insta360 ' }),
    );
    expect(changed.provider).toMatchObject({ provinceCodes: ['11', '44'], equipment: '大疆 + Insta360', status: 'active' });
    expect(await openIds()).toContain(inBeijing.id);
    expect(okData<ServiceOrderDetail>(await call(mover, 'POST', `/api/c/serviceOrder/${inBeijing.id}/accept`)).status).toBe('accepted');
    // Leaving Beijing keeps the order taken; new Beijing orders are no longer open to them.
    okData<MySigning>(await call(mover, 'PUT', '/api/c/signing/areas', { provinceCodes: ['44'], equipment: '大疆' }));
    const next = await paidOrder(customer, { provinceCode: '11', city: '北京', title: '北京的第二单' });
    expect(await openIds()).not.toContain(next.id);
    expect(okData<ServiceOrderDetail>(await call(mover, 'GET', `/api/c/serviceOrder/${inBeijing.id}`)).status).toBe('accepted');
    // Wrong state: a revoked provider cannot change areas (they apply again).
    expect((await call(admin, 'POST', `/api/admin/signing/providers/${mover.uid}/revoke`, { reason: '投诉' })).statusCode).toBe(200);
    expect(codeOf(await call(mover, 'PUT', '/api/c/signing/areas', { provinceCodes: ['11'], equipment: 'x' }))).toBe(
      ServiceOrderErrors.serviceProviderNotSigned.code,
    );
  });
});

describe('accepting, delivering and confirming', () => {
  it('exactly one of two providers accepting at once wins; the other gets 2466', async () => {
    const order = await paidOrder();
    const open = dataOf<Page<ServiceOrderItem>>(await call(providerA, 'GET', '/api/c/serviceOrders/open?pageSize=50'));
    expect(open.list.map((item) => item.id)).toContain(order.id);
    const seen = dataOf<ServiceOrderDetail>(await call(providerA, 'GET', `/api/c/serviceOrder/${order.id}`));
    expect(seen.phone).toBe('');
    expect(seen.actions).toEqual(['accept']);
    const answers = await Promise.all([
      call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/accept`),
      call(providerB, 'POST', `/api/c/serviceOrder/${order.id}/accept`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.map(codeOf)).toContain(ServiceOrderErrors.serviceOrderTaken.code);
    const after = dataOf<ServiceOrderDetail>(await call(customer, 'GET', `/api/c/serviceOrder/${order.id}`));
    expect(after.status).toBe('accepted');
    expect([providerA.uid, providerB.uid]).toContain(after.provider?.uid);
  });

  it('refuses the unsigned, a provider outside the area, an unpaid order; customers cannot cancel once accepted', async () => {
    const unpaid = await place(customer);
    expect(codeOf(await call(providerA, 'POST', `/api/c/serviceOrder/${unpaid.id}/accept`))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
    const order = await paidOrder();
    expect(codeOf(await call(unsigned, 'POST', `/api/c/serviceOrder/${order.id}/accept`))).toBe(
      ServiceOrderErrors.serviceProviderNotSigned.code,
    );
    expect(codeOf(await call(faraway, 'POST', `/api/c/serviceOrder/${order.id}/accept`))).toBe(
      ServiceOrderErrors.serviceOrderOutsideArea.code,
    );
    expect((await call(customer, 'POST', `/api/c/serviceOrder/${order.id}/accept`)).statusCode).toBe(403);
    expect((await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/accept`)).statusCode).toBe(200);
    expect(codeOf(await call(customer, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, {}))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
    expect((await call(providerB, 'POST', `/api/c/serviceOrder/${order.id}/shot`)).statusCode).toBe(404);
  });

  it('the whole way: deposit, accept, shoot, deliver, pay the rest, confirm: works handed over, income posted less the fee', async () => {
    expect((await call(admin, 'PUT', '/api/admin/serviceOrder/settings', { platformFeeBps: 1000 })).statusCode).toBe(200);
    const buyer = await person(testApp.app, { roles: [Role.customer], name: 'Buyer' });
    const order = await place(buyer);
    await fundBalance(testApp.app, buyer.id, 30_000);
    expect((await pay(buyer, order.id, 'deposit')).statusCode).toBe(200);
    expect((await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/accept`)).statusCode).toBe(200);
    expect((await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/shot`)).statusCode).toBe(200);
    expect(codeOf(await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/shot`))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
    const raw = await createWork(providerA, { name: '未处理' });
    const processed = await processedWork(providerA, '江景成片');
    const deliverable = dataOf<{ uid: string }[]>(await call(providerA, 'GET', `/api/c/serviceOrder/${order.id}/deliverableWorks`));
    expect(deliverable.map((work) => work.uid)).toContain(processed);
    expect(deliverable.map((work) => work.uid)).not.toContain(raw.uid);
    expect(codeOf(await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/deliver`, { workUids: [raw.uid] }))).toBe(
      ServiceOrderErrors.serviceDeliveryWorksInvalid.code,
    );
    const delivered = dataOf<ServiceOrderDetail>(
      await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/deliver`, { workUids: [processed], note: '请查收' }),
    );
    expect(delivered).toMatchObject({
      status: 'delivered',
      deliveryNote: '请查收',
      deliveredWorks: [{ uid: processed, name: '江景成片' }],
    });
    expect(codeOf(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/confirm`))).toBe(ServiceOrderErrors.serviceRestUnpaid.code);
    await fundBalance(testApp.app, buyer.id, 70_000);
    expect((await pay(buyer, order.id, 'rest')).statusCode).toBe(200);
    const incomeBefore = await incomeOf(providerA.id);
    const revenueBefore = await services().ledger.balance(SERVICE_ORDERS_REVENUE);
    const confirmed = okData<ServiceOrderDetail>(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/confirm`));
    expect(confirmed).toMatchObject({ status: 'completed', providerIncomeFen: 90_000 });
    expect(await incomeOf(providerA.id)).toBe(incomeBefore + 90_000);
    expect(await services().ledger.balance(SERVICE_ORDERS_REVENUE)).toBe(revenueBefore + 10_000);
    expect((await services().works.findByUid(processed))!.ownerId).toBe(buyer.id);
    expect(codeOf(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/confirm`))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
    expect(await incomeOf(providerA.id)).toBe(incomeBefore + 90_000);

    // The orders pages: the provider's income side lists it completed with the income.
    const income = dataOf<OrderPage>(await call(providerA, 'GET', '/api/c/orders?direction=income&type=serviceProvider&pageSize=50'));
    expect(income.list.find((row) => row.orderNo === order.orderNo)).toMatchObject({
      status: 'completed',
      sourceStatus: 'completed',
      amountFen: 90_000,
      item: { kind: 'service', title: '江景样板间' },
      counterpart: { uid: buyer.uid },
    });
  });

  it('a lapsed delivery blocks confirming until the provider delivers again', async () => {
    const order = await paidOrder();
    expect((await call(providerB, 'POST', `/api/c/serviceOrder/${order.id}/accept`)).statusCode).toBe(200);
    const work = await processedWork(providerB, '第一版');
    const delivered = dataOf<ServiceOrderDetail>(
      await call(providerB, 'POST', `/api/c/serviceOrder/${order.id}/deliver`, { workUids: [work] }),
    );
    expect((await call(customer, 'POST', `/api/transfers/${delivered.deliveredWorks[0]!.transferId}/reject`)).statusCode).toBe(200);
    expect(codeOf(await call(customer, 'POST', `/api/c/serviceOrder/${order.id}/confirm`))).toBe(
      ServiceOrderErrors.serviceDeliveryLapsed.code,
    );
    const again = await call(providerB, 'POST', `/api/c/serviceOrder/${order.id}/deliver`, { workUids: [work] });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call(customer, 'POST', `/api/c/serviceOrder/${order.id}/confirm`)).statusCode).toBe(200);
  });
});

describe('cancelling', () => {
  it('the customer cancels before acceptance: the money back to the balance, the coupon use given back', async () => {
    const { code } = await coupon({ perUserLimit: 1 });
    const buyer = await person(testApp.app);
    const order = await place(buyer, { couponCode: code });
    await fundBalance(testApp.app, buyer.id, order.priceFen);
    expect((await pay(buyer, order.id, 'whole')).statusCode).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(0);
    expect((await call(stranger, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, {})).statusCode).toBe(404);
    const cancelled = dataOf<ServiceOrderDetail>(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, { reason: '改期' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedFen: 95_000, paidFen: 0, cancelReason: '改期' });
    expect(await balanceOf(buyer.id)).toBe(95_000);
    expect(codeOf(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, {}))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
    // The use came back: the same coupon works again for the same person.
    const next = await place(buyer, { couponCode: code });
    expect((await pay(buyer, next.id, 'whole')).statusCode).toBe(200);
  });

  it('an admin cancels after acceptance with a reason; the part not refunded goes to the provider', async () => {
    const order = await paidOrder();
    expect((await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/accept`)).statusCode).toBe(200);
    expect((await call(customer, 'POST', `/api/admin/serviceOrder/${order.id}/cancel`, { reason: 'x' })).statusCode).toBe(403);
    expect(codeOf(await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/cancel`, { reason: '' }))).toBe(
      ServiceOrderErrors.serviceReasonMissing.code,
    );
    expect(
      codeOf(await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/cancel`, { reason: '客户取消', refundFen: 200_000 })),
    ).toBe(ServiceOrderErrors.serviceRefundTooMuch.code);
    const [balanceBefore, incomeBefore] = [await balanceOf(customer.id), await incomeOf(providerA.id)];
    const cancelled = okData<ServiceOrderDetail>(
      await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/cancel`, { reason: '客户取消', refundFen: 80_000 }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedFen: 80_000, providerIncomeFen: 20_000 });
    expect(await balanceOf(customer.id)).toBe(balanceBefore + 80_000);
    expect(await incomeOf(providerA.id)).toBe(incomeBefore + 20_000);
    expect(codeOf(await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/cancel`, { reason: '再次' }))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
  });
});

describe('unpaid orders expire (the job serviceOrders.expireUnpaid)', () => {
  const expire = () => services().serviceOrders.expireUnpaid();

  it('cancels a placed order left unpaid past the window, tells the customer, and once only; a recent one stays', async () => {
    const buyer = await person(testApp.app, { roles: [Role.customer] });
    const { code } = await coupon({ perUserLimit: 1 });
    const stale = await place(buyer, { couponCode: code, title: '过期未付' });
    const recent = await place(buyer, { title: '刚下单' });
    await placedLongAgo(stale.id);
    // Paying it now is refused (wrong state): the job is about to cancel it.
    await fundBalance(testApp.app, buyer.id, stale.priceFen);
    const refused = await pay(buyer, stale.id, 'whole');
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe(ServiceOrderErrors.serviceOrderUnpaidExpired.code);
    expect(json(refused).msg).toContain(`${SERVICE_UNPAID_EXPIRY_MINUTES} minutes`);
    expect(codeOf(await pay(buyer, stale.id, 'whole', 'sandbox'))).toBe(ServiceOrderErrors.serviceOrderUnpaidExpired.code);
    // Another person still gets 404, not the state.
    expect((await pay(stranger, stale.id, 'whole')).statusCode).toBe(404);

    const { jobs } = services();
    expect((await jobs.getSchedules()).find((schedule) => schedule.name === 'serviceOrders.expireUnpaid')).toMatchObject({
      cron: '* * * * *',
    });
    await jobs.send('serviceOrders.expireUnpaid', {});
    expect(await jobs.drain(['serviceOrders.expireUnpaid'])).toMatchObject({ failed: 0 });
    const cancelled = okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${stale.id}`));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      paidFen: 0,
      refundedFen: 0,
      cancelReason: SERVICE_UNPAID_EXPIRY_REASON,
      actions: [],
    });
    expect(okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${recent.id}`)).status).toBe('placed');
    const [notice, ...more] = await noticesOf(buyer, 'serviceOrderExpired');
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({
      link: `/serviceOrder/${stale.id}`,
      params: { orderNo: stale.orderNo, minutes: SERVICE_UNPAID_EXPIRY_MINUTES },
    });
    // Again: nothing more happens.
    await expire();
    expect(await noticesOf(buyer, 'serviceOrderExpired')).toHaveLength(1);
    expect(await balanceOf(buyer.id)).toBe(stale.priceFen);
    // The coupon was never used: the same person may use it on a new order.
    const next = await place(buyer, { couponCode: code });
    expect((await pay(buyer, next.id, 'whole')).statusCode).toBe(200);
  });

  it('waits for a QR payment order still open, then closes it at the provider and cancels', async () => {
    const buyer = await person(testApp.app, { roles: [Role.customer] });
    const order = await place(buyer);
    const started = okData<ServicePaymentAnswer>(await pay(buyer, order.id, 'whole', 'sandbox'));
    await placedLongAgo(order.id);
    expect((await expire()).waiting).toBeGreaterThanOrEqual(1);
    expect(okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${order.id}`)).status).toBe('placed');
    await placedLongAgo(order.id, true);
    await expire();
    expect(okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${order.id}`)).status).toBe('cancelled');
    const [payment] = await services().database.db.select().from(paymentOrders).where(eq(paymentOrders.id, started.payment!.id));
    expect(payment!.status).toBe('closed');
  });

  it('a payment the provider took before the expiry ran pays the order instead: never both', async () => {
    const buyer = await person(testApp.app, { roles: [Role.customer] });
    const order = await place(buyer);
    await payAtSandbox(buyer, order.id, 'whole');
    // The notification is lost; the order and its payment order are past their time.
    await placedLongAgo(order.id, true);
    await Promise.all([expire(), expire()]);
    const after = okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${order.id}`));
    expect(after).toMatchObject({ status: 'paid', paidFen: order.priceFen });
    expect(await noticesOf(buyer, 'serviceOrderExpired')).toHaveLength(0);
    expect(await services().ledger.balance(SERVICE_ORDERS_HELD)).toBeGreaterThanOrEqual(order.priceFen);
  });

  it('a QR payment arriving after the order was cancelled stays on the balance, and the customer is told', async () => {
    const buyer = await person(testApp.app, { roles: [Role.customer] });
    const order = await place(buyer);
    const { payment, send } = await payAtSandbox(buyer, order.id, 'whole');
    okData<ServiceOrderDetail>(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, { reason: '不拍了' }));
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const after = okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${order.id}`));
    expect(after).toMatchObject({ status: 'cancelled', paidFen: 0 });
    expect(await balanceOf(buyer.id)).toBe(order.priceFen);
    const kept = await noticesOf(buyer, 'serviceOrderPaymentKept');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      link: `/serviceOrder/${order.id}`,
      params: { orderNo: order.orderNo, price: payment.amountFen, balance: order.priceFen, reason: 'cancelled' },
    });
    expect(await noticesOf(buyer, 'serviceOrderPaid')).toHaveLength(0);
  });
});

describe('cancelling an order paid by QR code: that part goes back through the refunds of payments', () => {
  const refundsOf = (paymentOrderId: number) =>
    services().database.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, paymentOrderId));
  const providerAccount = LedgerAccount.provider('sandbox');

  it('the customer cancels: the QR-paid whole goes back to the card, the balance is where it was, the ledger balances', async () => {
    const buyer = await person(testApp.app, { roles: [Role.customer] });
    const order = await place(buyer, { title: '扫码后取消' });
    const providerBefore = await services().ledger.balance(providerAccount);
    const { payment, send } = await payAtSandbox(buyer, order.id, 'whole');
    expect((await send()).statusCode).toBe(200);
    expect(okData<ServiceOrderDetail>(await call(buyer, 'GET', `/api/c/serviceOrder/${order.id}`)).status).toBe('paid');
    expect(await services().ledger.balance(providerAccount)).toBe(providerBefore - order.priceFen);
    // Another person cannot cancel it; nothing is refunded.
    expect((await call(stranger, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, {})).statusCode).toBe(404);
    expect(await refundsOf(payment.id)).toHaveLength(0);

    const cancelled = okData<ServiceOrderDetail>(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, { reason: '改期' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedFen: order.priceFen });
    const [refund, ...others] = await refundsOf(payment.id);
    expect(others).toHaveLength(0);
    expect(refund).toMatchObject({
      origin: 'cancellation',
      status: 'succeeded',
      amountFen: order.priceFen,
      refundNo: `${payment.orderNo}C`,
    });
    // The money went to the held account, back to the balance, and from there to the card: nothing stays.
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await services().ledger.balance(providerAccount)).toBe(providerBefore);
    const [paymentRow] = await services().database.db.select().from(paymentOrders).where(eq(paymentOrders.id, payment.id));
    expect(paymentRow!.refundedFen).toBe(order.priceFen);
    // Cancelling again is the wrong state and refunds nothing more.
    expect(codeOf(await call(buyer, 'POST', `/api/c/serviceOrder/${order.id}/cancel`, {}))).toBe(
      ServiceOrderErrors.serviceOrderWrongState.code,
    );
    expect(await refundsOf(payment.id)).toHaveLength(1);
  });

  it('an admin refunds part: the QR-paid rest goes back to the card first, the balance-paid deposit stays for the provider', async () => {
    const buyer = await person(testApp.app, { roles: [Role.customer] });
    const order = await place(buyer, { title: '定金余额尾款扫码' });
    await fundBalance(testApp.app, buyer.id, order.depositFen);
    okData<ServicePaymentAnswer>(await pay(buyer, order.id, 'deposit'));
    const { payment, send } = await payAtSandbox(buyer, order.id, 'rest');
    expect((await send()).statusCode).toBe(200);
    expect((await call(providerA, 'POST', `/api/c/serviceOrder/${order.id}/accept`)).statusCode).toBe(200);
    const restFen = order.priceFen - order.depositFen;
    const refundFen = restFen + 10_000;
    const [incomeBefore, heldBefore] = [await incomeOf(providerA.id), await services().ledger.balance(SERVICE_ORDERS_HELD)];
    okData<ServiceOrderDetail>(await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/cancel`, { reason: '无法拍摄', refundFen }));
    const [refund] = await refundsOf(payment.id);
    expect(refund).toMatchObject({ origin: 'cancellation', status: 'succeeded', amountFen: restFen });
    // The rest went back to the card; 10,000 of the deposit to the balance; the remainder to the provider.
    expect(await balanceOf(buyer.id)).toBe(10_000);
    expect(await incomeOf(providerA.id)).toBe(incomeBefore + order.priceFen - refundFen);
    expect(await services().ledger.balance(SERVICE_ORDERS_HELD)).toBe(heldBefore - order.priceFen);
  });
});

describe('the back office', () => {
  it('assigns a paid order to an active signed provider only, once', async () => {
    const order = await paidOrder();
    expect(codeOf(await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/assign`, { providerUid: unsigned.uid }))).toBe(
      ServiceOrderErrors.serviceAssigneeInvalid.code,
    );
    const assigned = dataOf<ServiceOrderDetail>(
      await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/assign`, { providerUid: faraway.uid }),
    );
    expect(assigned).toMatchObject({ status: 'accepted', provider: { uid: faraway.uid } });
    expect(codeOf(await call(admin, 'POST', `/api/admin/serviceOrder/${order.id}/assign`, { providerUid: providerA.uid }))).toBe(
      ServiceOrderErrors.serviceOrderTaken.code,
    );
    const listed = dataOf<Page<ServiceOrderItem>>(await call(admin, 'GET', `/api/admin/serviceOrders?keyword=${order.orderNo}`));
    expect(listed.list.map((item) => item.id)).toEqual([order.id]);
    expect((await call(customer, 'GET', '/api/admin/serviceOrders')).statusCode).toBe(403);
  });

  it('coupons: bad terms and a taken code are refused; disabling stops their use', async () => {
    expect(
      codeOf(
        await call(admin, 'POST', '/api/admin/serviceOrder/coupons', {
          name: 'x',
          kind: 'percent',
          amountOffFen: 0,
          percentOff: 0,
          minSpendFen: 0,
          validFrom: 0,
          validUntil: 1,
          perUserLimit: 1,
          totalLimit: 0,
        }),
      ),
    ).toBe(ServiceOrderErrors.serviceCouponInvalid.code);
    const made = await coupon({ code: `TAKEN${Date.now() % 100000}` });
    const taken = await call(admin, 'POST', '/api/admin/serviceOrder/coupons', {
      code: made.code,
      name: 'dup',
      kind: 'amount',
      amountOffFen: 1,
      percentOff: 0,
      minSpendFen: 0,
      validFrom: 0,
      validUntil: Date.now() + DAY_MS,
      perUserLimit: 1,
      totalLimit: 0,
    });
    expect(codeOf(taken)).toBe(ServiceOrderErrors.serviceCouponCodeTaken.code);
    expect((await call(admin, 'PUT', `/api/admin/serviceOrder/coupons/${made.id}`, { enabled: false })).statusCode).toBe(200);
    expect(codeOf(await call(customer, 'POST', '/api/c/serviceOrder', orderInput({ couponCode: made.code })))).toBe(
      ServiceOrderErrors.serviceCouponDisabled.code,
    );
    expect(codeOf(await call(admin, 'PUT', '/api/admin/serviceOrder/settings', { platformFeeBps: 9000 }))).toBe(
      GeneralErrors.validation.code,
    );
    expect(LedgerErrors.insufficientBalance.code).toBe(1601);
  });
});
