import {
  Role,
  WithdrawalErrors,
  type AdminWithdrawal,
  type NotificationPage,
  type Withdrawal,
  type WithdrawalConfirmation,
} from '@spatia/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rsaKeyPems } from '../../test/rsa-keys.js';
import { authHeaders, createTestApp, json, type TestApp } from '../../test/test-app.js';
import { startWechatPayStandIn, testWechatMerchant, type WechatPayStandIn } from '../../test/wechat-pay-stand-in.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { earnIncome } from '../../test/income.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { withdrawals as withdrawalsTable } from './withdrawals.tables.js';
import { eq } from 'drizzle-orm';
import { keyFileWriter, TEST_PUBLIC_URL } from '../../test/payment-provider-stand-ins.js';

/**
 * Payouts that end, through the API of two servers (a site pays out through real providers or through
 * the sandbox, never both: config.ts): one pays WeChat through the WeChat Pay stand-in, the other Alipay
 * through the sandbox. The payee confirms a WeChat transfer on our page (or never does, and the money
 * comes back), and an admin ends a payout as failed once its provider confirms nothing was paid.
 */
interface Site {
  testApp: TestApp;
  admin: Person;
  clerk: Person;
}
let wechatSite: Site;
let sandboxSite: Site;
/** The site the running test speaks to (`on`). */
let testApp: TestApp;
let admin: Person;
let clerk: Person;
let wechat: WechatPayStandIn;
const merchant = testWechatMerchant();
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

async function openSite(environment: Record<string, string>): Promise<Site> {
  const app = await createTestApp(environment);
  const siteAdmin = await person(app.app, { roles: [Role.admin] });
  // New payout accounts usable at once (the step-up checks' cooling period is tested on its own).
  await app.app.services.withdrawals.updateSettings(siteAdmin, { payoutAccountCoolingHours: 0 });
  return { testApp: app, admin: siteAdmin, clerk: await person(app.app) };
}

function on(site: Site): void {
  ({ testApp, admin, clerk } = site);
}

beforeAll(async () => {
  const keyFile = keyFileWriter();
  const merchantKeys = rsaKeyPems();
  wechat = await startWechatPayStandIn({ ...merchant, merchantPublicKeyPem: merchantKeys.publicKeyPem });
  wechat.payees.set(OPENID, '王小明');
  wechatSite = await openSite({
    PAYMENT_PROVIDERS: 'wechat',
    PAYOUT_PROVIDERS: 'wechat',
    PUBLIC_URL: TEST_PUBLIC_URL,
    WECHAT_PAY_APP_ID: merchant.appId,
    WECHAT_PAY_MCH_ID: merchant.mchId,
    WECHAT_PAY_MERCHANT_SERIAL_NO: merchant.merchantSerialNo,
    WECHAT_PAY_PRIVATE_KEY_FILE: keyFile('merchant.pem', merchantKeys.privateKeyPem),
    WECHAT_PAY_API_V3_KEY: merchant.apiV3Key,
    WECHAT_PAY_PUBLIC_KEY_ID: wechat.publicKeyId,
    WECHAT_PAY_PUBLIC_KEY_FILE: keyFile('wechat-pay-public.pem', wechat.platformPublicKeys[wechat.publicKeyId]!),
    WECHAT_PAY_ENDPOINT: wechat.endpoint,
  });
  sandboxSite = await openSite({});
});
afterAll(async () => {
  await wechatSite?.testApp.close();
  await sandboxSite?.testApp.close();
  await wechat.close();
});

/** A person with income who asked to withdraw `amountFen` through `channel`, approved by the admin. */
async function approved(channel: 'wechat' | 'alipay', amountFen: number): Promise<{ who: Person; withdrawal: Withdrawal }> {
  const who = await person(testApp.app);
  await earnIncome(testApp.app, who.id, amountFen);
  const account = channel === 'wechat' ? OPENID : '13912345678';
  const bound = await who.call('PUT', `/api/c/withdraw/accounts/${channel}`, { account, realName: '王小明', password: who.password });
  expect(bound.statusCode, bound.body).toBe(200);
  const withdrawal = json<{ data: Withdrawal }>(
    await who.call('POST', '/api/c/withdraw', { amount: amountFen, channel, password: who.password }),
  ).data;
  expect((await admin.call('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`)).statusCode).toBe(200);
  return { who, withdrawal };
}

const payOut = () => testApp.app.services.withdrawals.payOut();
const record = async (who: Person, id: number) => json<{ data: Withdrawal }>(await who.call('GET', `/api/c/withdraw/records/${id}`)).data;
const income = (who: Person) => testApp.app.services.ledger.balance(LedgerAccount.income(who.id));
const inbox = async (who: Person) => json<{ data: NotificationPage }>(await who.call('GET', '/api/c/notifications?pageSize=50')).data.list;
/** As if the payout job last called the provider `minutes` ago: its next look is due. */
const lastCalledMinutesAgo = (id: number, minutes: number) =>
  testApp.app.services.database.db
    .update(withdrawalsTable)
    .set({ lastAttemptAt: new Date(Date.now() - minutes * 60_000), nextAttemptAt: new Date(Date.now() - 1_000) })
    .where(eq(withdrawalsTable.id, id));
const endAsFailed = (id: number, reason = '渠道确认未付款 / The provider confirmed nothing was paid', as = admin) =>
  as.call('POST', `/api/admin/withdrawals/${id}/fail`, { reason });

describe('a WeChat transfer the payee confirms on our page', () => {
  beforeEach(() => on(wechatSite));

  it('tells the payee to confirm, hands the page what WeChat needs, and books the payout once they did', async () => {
    const { who, withdrawal } = await approved('wechat', 2_500);
    await payOut();
    expect((await record(who, withdrawal.id)).status).toBe('paying');
    const bill = wechat.bills.get(withdrawal.withdrawalNo)!;
    expect(bill.state).toBe('WAIT_USER_CONFIRM');

    const notice = (await inbox(who)).find((item) => item.kind === 'withdrawalConfirmInWechat');
    expect(notice).toMatchObject({ link: `/mobile/withdrawConfirm/${withdrawal.id}`, params: { price: 2_500 } });

    const response = await who.call('GET', `/api/c/withdraw/records/${withdrawal.id}/confirmation`);
    expect(response.statusCode, response.body).toBe(200);
    const confirmation = json<{ data: WithdrawalConfirmation }>(response).data;
    expect(confirmation).toMatchObject({
      id: withdrawal.id,
      withdrawalNo: withdrawal.withdrawalNo,
      amountFen: 2_500,
      mchId: merchant.mchId,
      appId: merchant.appId,
      package: bill.packageInfo,
    });
    expect(confirmation.expiresAt).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);

    // Nobody else's, and not an admin's either.
    expect((await clerk.call('GET', `/api/c/withdraw/records/${withdrawal.id}/confirmation`)).statusCode).toBe(404);
    expect((await admin.call('GET', `/api/c/withdraw/records/${withdrawal.id}/confirmation`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/c/withdraw/records/${withdrawal.id}/confirmation` })).statusCode).toBe(
      401,
    );
    expect((await who.call('GET', '/api/c/withdraw/records/0/confirmation')).statusCode).toBe(400);

    // What the page's WeixinJSBridge call does inside WeChat, with exactly what the API gave it.
    wechat.confirmInWechat({ mchId: confirmation.mchId, appId: confirmation.appId, package: confirmation.package });
    await lastCalledMinutesAgo(withdrawal.id, 1);
    await payOut();
    expect((await record(who, withdrawal.id)).status).toBe('paid');
    expect(await income(who)).toBe(0);

    const after = await who.call('GET', `/api/c/withdraw/records/${withdrawal.id}/confirmation`);
    expect(after.statusCode).toBe(409);
    expect(json(after).code).toBe(WithdrawalErrors.withdrawalNotAwaitingConfirmation.code);
  });

  it('gives the money back with a notice when the payee never confirms and WeChat cancels the bill', async () => {
    const { who, withdrawal } = await approved('wechat', 1_600);
    await payOut();
    wechat.cancel(withdrawal.withdrawalNo);
    await lastCalledMinutesAgo(withdrawal.id, 1);
    await payOut();
    expect(await record(who, withdrawal.id)).toMatchObject({ status: 'failed', failure: '用户超时未确认收款，已撤销' });
    expect(await income(who)).toBe(1_600);
    expect((await inbox(who)).find((item) => item.kind === 'withdrawalFailed')).toMatchObject({
      params: { price: 1_600, reason: '用户超时未确认收款，已撤销' },
    });
  });
});

describe('an admin ends a payout as failed', () => {
  beforeEach(() => on(sandboxSite));

  it('ends one still approved (nothing was sent): failed with the reason, money back, the person told, the admin log written', async () => {
    const { who, withdrawal } = await approved('alipay', 1_200);
    const response = await endAsFailed(withdrawal.id, '收款账户已注销 / The payee account was closed');
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ data: AdminWithdrawal }>(response).data).toMatchObject({
      status: 'failed',
      failure: '收款账户已注销 / The payee account was closed',
      nextAttemptAt: null,
    });
    expect(await income(who)).toBe(1_200);
    expect((await inbox(who)).find((item) => item.kind === 'withdrawalFailed')).toMatchObject({
      params: { reason: '收款账户已注销 / The payee account was closed' },
    });
    const log = await admin.call('GET', `/api/admin/log?action=withdrawal.endFailed&targetId=${withdrawal.withdrawalNo}`);
    expect(log.body).toContain(withdrawal.withdrawalNo);
    // The job finds nothing left to pay; ending it twice is refused.
    expect(await payOut()).toMatchObject({ paid: 0 });
    const again = await endAsFailed(withdrawal.id);
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe(WithdrawalErrors.withdrawalNotEndable.code);
  });

  it('ends a paying one once its provider has no payout under our number', async () => {
    const { who, withdrawal } = await approved('alipay', 1_300);
    // As if the job had claimed it and its call had never arrived at the (sandbox) provider.
    await testApp.app.services.database.db
      .update(withdrawalsTable)
      .set({ status: 'paying', provider: 'sandbox', attempts: 1, lastAttemptAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(withdrawalsTable.id, withdrawal.id));
    const response = await endAsFailed(withdrawal.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await income(who)).toBe(1_300);
  });

  it('ends one the sandbox never answered, once its call is over (the back office’s journey)', async () => {
    const who = await person(testApp.app);
    await earnIncome(testApp.app, who.id, 1_500);
    await who.call('PUT', '/api/c/withdraw/accounts/alipay', {
      account: 'lost-payee@example.com',
      realName: '王小明',
      password: who.password,
    });
    const withdrawal = json<{ data: Withdrawal }>(
      await who.call('POST', '/api/c/withdraw', { amount: 1_500, channel: 'alipay', password: who.password }),
    ).data;
    await admin.call('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`);
    await payOut();
    const queued = json<{ data: { list: AdminWithdrawal[] } }>(
      await admin.call('GET', `/api/admin/withdrawals?keyword=${withdrawal.withdrawalNo}`),
    ).data.list[0]!;
    expect(queued).toMatchObject({ status: 'paying', provider: 'sandbox', lastError: expect.stringContaining('no answer') });
    expect(queued.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(json(await endAsFailed(withdrawal.id)).code).toBe(WithdrawalErrors.withdrawalPayoutInFlight.code);

    await testApp.app.services.database.db
      .update(withdrawalsTable)
      .set({ lastAttemptAt: new Date(Date.now() - 6_000) })
      .where(eq(withdrawalsTable.id, withdrawal.id));
    expect((await endAsFailed(withdrawal.id)).statusCode).toBe(200);
    expect(await income(who)).toBe(1_500);
  });

  it('refuses while the provider says the payout is under way, while a run has just called it, or where it cannot ask', async () => {
    on(wechatSite);
    const { withdrawal } = await approved('wechat', 1_400);
    await payOut();
    const justCalled = await endAsFailed(withdrawal.id);
    expect(justCalled.statusCode).toBe(409);
    expect(json(justCalled).code).toBe(WithdrawalErrors.withdrawalPayoutInFlight.code);

    await lastCalledMinutesAgo(withdrawal.id, 10);
    const underWay = await endAsFailed(withdrawal.id);
    expect(underWay.statusCode).toBe(409);
    expect(json(underWay)).toMatchObject({
      code: WithdrawalErrors.withdrawalPayoutWasPaid.code,
      msg: expect.stringContaining('已付款或仍在处理中'),
    });
    const english = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${withdrawal.id}/fail`,
      headers: { ...authHeaders(admin.token), cookie: 'language=en' },
      payload: { reason: 'x' },
    });
    expect(json(english).msg).toContain('was paid or is still under way');

    // A payout started by a provider this server no longer has: nobody to ask.
    const orphan = await approved('wechat', 1_000);
    await testApp.app.services.database.db
      .update(withdrawalsTable)
      .set({ status: 'paying', provider: 'alipay', attempts: 1, lastAttemptAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(withdrawalsTable.id, orphan.withdrawal.id));
    const unconfirmed = await endAsFailed(orphan.withdrawal.id);
    expect(unconfirmed.statusCode).toBe(409);
    expect(json(unconfirmed).code).toBe(WithdrawalErrors.withdrawalPayoutUnconfirmed.code);
    expect((await record(orphan.who, orphan.withdrawal.id)).status).toBe('paying');
  });

  it('refuses a withdrawal under review, a missing reason, an unknown one, and anyone but an admin', async () => {
    const { withdrawal } = await approved('alipay', 1_000);

    expect((await endAsFailed(withdrawal.id, '   ')).statusCode).toBe(400);
    expect((await endAsFailed(withdrawal.id, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await endAsFailed(999_999)).statusCode).toBe(404);
    expect((await endAsFailed(withdrawal.id, 'x', clerk)).statusCode).toBe(403);

    const earner = await person(testApp.app);
    await earnIncome(testApp.app, earner.id, 1_000);
    await earner.call('PUT', '/api/c/withdraw/accounts/alipay', { account: '13912345678', realName: '王小明', password: earner.password });
    const reviewing = json<{ data: Withdrawal }>(
      await earner.call('POST', '/api/c/withdraw', { amount: 1_000, channel: 'alipay', password: earner.password }),
    ).data;
    const refused = await endAsFailed(reviewing.id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe(WithdrawalErrors.withdrawalNotEndable.code);
  });
});
