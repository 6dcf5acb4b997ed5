import type { PaymentProvider } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MobileCheckout,
  NativeCheckout,
  NativePaymentRequest,
  NotificationReply,
  PaymentDriver,
  PaymentState,
  ProviderNotice,
  RefundState,
} from '../../drivers/payments/payment-driver.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { RechargeRepository } from './recharge.repository.js';
import { RechargeService } from './recharge.service.js';

/**
 * The reconciliation job with one provider that hangs and one removed from the configuration: the other
 * provider's paid orders are booked all the same, and the absent provider's orders wait, untouched.
 */
class ScriptedPayments implements PaymentDriver {
  /** Orders the payer paid at the provider, by our number. */
  readonly paid = new Map<string, number>();
  hold: Promise<void> = Promise.resolve();
  queries = 0;
  constructor(readonly provider: PaymentProvider) {}

  async createNativePayment(request: NativePaymentRequest): Promise<NativeCheckout> {
    return { codeUrl: `https://pay.example.com/${this.provider}/${request.orderNo}` };
  }
  async createMobilePayment(): Promise<MobileCheckout> {
    throw new Error('no phone payments here');
  }
  async verifyNotification(): Promise<PaymentState> {
    throw new Error('no notifications here');
  }
  async queryPayment(orderNo: string): Promise<PaymentState> {
    this.queries += 1;
    await this.hold;
    const amountFen = this.paid.get(orderNo);
    return amountFen === undefined
      ? { orderNo, state: 'unpaid' }
      : { orderNo, state: 'paid', transactionId: `${this.provider}-${orderNo}`, amountFen, paidAt: new Date() };
  }
  async closePayment(): Promise<void> {}
  async refund(): Promise<RefundState> {
    throw new Error('no refunds here');
  }
  async queryRefund(): Promise<RefundState> {
    throw new Error('no refunds here');
  }
  async verifyNotice(): Promise<ProviderNotice> {
    throw new Error('no notifications here');
  }
  acknowledge(): NotificationReply {
    throw new Error('no notifications here');
  }
  refuse(): NotificationReply {
    throw new Error('no notifications here');
  }
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

let clock = Date.now();
const serviceWith = (...drivers: ScriptedPayments[]) => {
  const { database, ledger, notifications, logger } = testApp.app.services;
  return new RechargeService(
    new RechargeRepository(database.db),
    Object.fromEntries(drivers.map((driver) => [driver.provider, driver])),
    ledger,
    notifications,
    logger,
    () => clock,
  );
};

describe('the payments reconciliation, provider by provider', () => {
  it('books one provider’s paid orders while another hangs, and leaves an absent provider’s orders waiting', async () => {
    const slow = new ScriptedPayments('alipay');
    const quick = new ScriptedPayments('wechat');
    const both = serviceWith(slow, quick);
    const payer = await person(testApp.app);
    const balance = () => testApp.app.services.ledger.balance(LedgerAccount.balance(payer.id));
    const stuck = await both.startFlowRecharge(payer.id, { months: 1, fee: 3000, provider: 'alipay' });
    const paid = await both.startFlowRecharge(payer.id, { months: 1, fee: 3000, provider: 'wechat' });
    slow.paid.set(stuck.orderNo, 3000);
    quick.paid.set(paid.orderNo, 3000);
    let release = () => {};
    slow.hold = new Promise((resolve) => (release = resolve));

    clock += 90_000;
    const run = both.reconcile();
    await expect.poll(balance, { timeout: 10_000 }).toBe(3000);
    release();
    expect(await run).toMatchObject({ booked: 2 });
    expect(await balance()).toBe(6000);

    // Alipay removed from the configuration: its pending order is not asked about and not counted.
    const waiting = await both.startFlowRecharge(payer.id, { months: 1, fee: 3000, provider: 'alipay' });
    clock += 90_000;
    const wechatOnly = serviceWith(quick);
    const before = slow.queries;
    expect(await wechatOnly.reconcile()).toEqual({ checked: 0, booked: 0, closed: 0 });
    expect(slow.queries).toBe(before);
    expect((await new RechargeRepository(testApp.app.services.database.db).findByOrderNo(waiting.orderNo))?.status).toBe('pending');
  });
});
