import {
  LedgerErrors,
  PaymentErrors,
  TransferErrors,
  type TransferConfirmation,
  type TransferPaymentOptions,
  type WorkDetail,
  type WorkTransfer,
} from '@spatia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { fundBalance, oweDebt } from '../../test/income.js';
import { authHeaders, dataOf, json } from '../../test/test-app.js';
import { createWork, person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/index.js';
import { notifications } from '../notifications/notifications.tables.js';
import { paymentOrders } from '../recharge/recharge.tables.js';
import { SALE_PAYMENT_GRACE_MS } from './transfer-payments.js';
import { workTransfers } from './transfers.tables.js';

const { testApp } = await appWithPeople({});
afterAll(() => testApp.close());

const services = () => testApp.app.services;
const db = () => services().database.db;
const signOf = (codeUrl: string) => new URL(codeUrl, 'http://site').searchParams.get('sign')!;
const balanceOf = (who: Person) => services().ledger.balance(LedgerAccount.balance(who.id));
const incomeOf = (who: Person) => services().ledger.balance(LedgerAccount.income(who.id));

function confirm(as: Person, id: number, method?: string, key?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/transfers/${id}/confirm`,
    headers: { ...authHeaders(as.token), cookie: 'language=en', ...(key ? { 'idempotency-key': key } : {}) },
    ...(method === undefined ? {} : { payload: { method } }),
  });
}

/** A seller, a buyer with `balance` fen and a sale of a new work to the buyer at `price` yuan. */
async function sale(price: string, balance = 0) {
  const [seller, buyer] = await Promise.all([person(testApp.app, { name: 'Seller' }), person(testApp.app, { name: 'Buyer' })]);
  if (balance > 0) await fundBalance(testApp.app, buyer.id, balance);
  const work = await createWork(seller, { name: '扫码作品' });
  const response = await seller.call('POST', `/api/model/${work.uid}/sellTo`, `phoneOrCode=${buyer.phone}&sellingPrice=${price}`);
  expect(response.statusCode, response.body).toBe(200);
  return { seller, buyer, work, transfer: dataOf<WorkTransfer>(response) };
}

/** Starts the QR payment of the missing part; answers the order. */
async function startQr(buyer: Person, id: number, key = `sale-${Math.random()}`) {
  const response = await confirm(buyer, id, 'sandbox', key);
  expect(response.statusCode, response.body).toBe(200);
  const answer = dataOf<TransferConfirmation>(response);
  expect(answer.status).toBe('awaitingPayment');
  return answer.order!;
}

/** Pays the order at the sandbox and delivers its notification `times` times at once. */
async function pay(order: { orderNo: string; codeUrl: string }, times = 1) {
  const notification = (await services().sandboxPay!.pay(order.orderNo, signOf(order.codeUrl)))!;
  const answers = await Promise.all(
    Array.from({ length: times }, () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/notify',
        headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
        payload: notification.rawBody,
      }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
}

const statusOf = async (id: number) => (await db().select().from(workTransfers).where(eq(workTransfers.id, id)))[0]!;
const noticesOf = (who: Person, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, kind)));
const saleMovements = (id: number) =>
  rowsOf<{ kind: string }>(db(), sql`select kind from ledger_transactions where reference = ${`work-transfer:${id}`}`);

describe('GET /api/transfers/{id}/payment', () => {
  it('tells the receiver the price, the balance and what a QR payment would charge; nobody else', async () => {
    const { seller, buyer, transfer } = await sale('100', 3_000);
    const options = dataOf<TransferPaymentOptions>(await buyer.call('GET', `/api/transfers/${transfer.id}/payment`));
    expect(options).toEqual({ priceFen: 10_000, balanceFen: 3_000, debtFen: 0, shortFen: 7_000, providers: services().recharge.providers });
    expect(options.providers).toContain('sandbox');
    expect((await seller.call('GET', `/api/transfers/${transfer.id}/payment`)).statusCode).toBe(403);
    const stranger = await person(testApp.app);
    expect((await stranger.call('GET', `/api/transfers/${transfer.id}/payment`)).statusCode).toBe(404);
    expect((await buyer.call('GET', '/api/transfers/abc/payment')).statusCode).toBe(400);
  });
});

describe('POST /api/transfers/{id}/confirm with a payment method', () => {
  it('pays from the balance when it holds the price, whatever the method', async () => {
    const { seller, buyer, work, transfer } = await sale('20', 5_000);
    const answer = dataOf<TransferConfirmation>(await confirm(buyer, transfer.id, 'sandbox'));
    expect(answer).toEqual({ status: 'confirmed', order: null });
    expect(await balanceOf(buyer)).toBe(3_000);
    expect(await incomeOf(seller)).toBe(2_000);
    expect(dataOf<WorkDetail>(await buyer.call('GET', `/api/model/${work.uid}`)).owner.uid).toBe(buyer.uid);
    // The method `balance` is the old answer with a body.
    const other = await sale('1', 500);
    expect(dataOf<TransferConfirmation>(await confirm(other.buyer, other.transfer.id, 'balance'))).toEqual({
      status: 'confirmed',
      order: null,
    });
  });

  it('keeps refusing a short balance without a provider (1601), and refuses bad input', async () => {
    const { buyer, transfer } = await sale('50', 1_000);
    const poor = await confirm(buyer, transfer.id);
    expect(poor.statusCode).toBe(409);
    expect(json(poor).code).toBe(LedgerErrors.insufficientBalance.code);
    expect((await confirm(buyer, transfer.id, 'cash')).statusCode).toBe(400);
    expect((await confirm(buyer, transfer.id, 'sandbox', 'bad key with spaces')).statusCode).toBe(400);
    // A provider this site does not take.
    const unavailable = await confirm(buyer, transfer.id, 'wechat');
    expect(unavailable.statusCode).toBe(PaymentErrors.paymentProviderUnavailable.status);
    expect(json(unavailable).code).toBe(PaymentErrors.paymentProviderUnavailable.code);
    expect((await statusOf(transfer.id)).status).toBe('pending');
  });

  it('refuses the sender, a stranger and an answered transfer', async () => {
    const { seller, buyer, transfer } = await sale('50');
    expect((await confirm(seller, transfer.id, 'sandbox')).statusCode).toBe(403);
    expect((await confirm(await person(testApp.app), transfer.id, 'sandbox')).statusCode).toBe(404);
    await seller.call('POST', `/api/transfers/${transfer.id}/withdraw`);
    const late = await confirm(buyer, transfer.id, 'sandbox');
    expect(late.statusCode).toBe(409);
    expect(json(late).code).toBe(TransferErrors.transferNotPending.code);
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.subjectId, transfer.id))).toEqual([]);
  });

  it('charges what the balance lacks; the payment, notified 10 times at once, confirms the sale once with the whole price', async () => {
    const { seller, buyer, work, transfer } = await sale('100.5', 3_000);
    const order = await startQr(buyer, transfer.id);
    expect(order).toMatchObject({ status: 'pending', provider: 'sandbox', amountFen: 7_050, months: 0 });
    const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(row).toMatchObject({ kind: 'targetedSale', subjectId: transfer.id, fulfilledAt: null });
    // Waiting for the payment, the sale stays pending and waits past the order's end.
    const waiting = await statusOf(transfer.id);
    expect(waiting.status).toBe('pending');
    expect(waiting.expiresAt.getTime()).toBe(transfer.expiresAt);

    await pay(order, 10);
    expect((await statusOf(transfer.id)).status).toBe('confirmed');
    expect(await balanceOf(buyer)).toBe(0);
    expect(await incomeOf(seller)).toBe(10_050);
    expect(await saleMovements(transfer.id)).toEqual([{ kind: 'workSale' }]);
    expect(dataOf<WorkDetail>(await buyer.call('GET', `/api/model/${work.uid}`)).owner.uid).toBe(buyer.uid);
    expect(await noticesOf(seller, 'transferConfirmed')).toHaveLength(1);
    expect((await noticesOf(seller, 'transferConfirmed'))[0]!.params).toMatchObject({ receiver: 'Buyer', price: 10_050 });
    expect(await noticesOf(buyer, 'rechargePaid')).toHaveLength(0);
    expect(await noticesOf(buyer, 'transferPaymentKept')).toHaveLength(0);
    // Polling the order, running the job and calling the fulfilment again change nothing.
    const polled = await buyer.call('GET', `/api/c/flowRechargeOrder/${order.id}/nativeUnifiedOrderQuery`);
    expect(dataOf<{ status: string }>(polled).status).toBe('paid');
    await services().recharge.reconcile();
    expect(await saleMovements(transfer.id)).toHaveLength(1);
    expect(await noticesOf(seller, 'transferConfirmed')).toHaveLength(1);
  });

  it('fulfils a booking whose fulfilment crashed in the reconciliation job, once', async () => {
    const { seller, buyer, transfer } = await sale('25', 500);
    const order = await startQr(buyer, transfer.id);
    const { recharge } = services();
    const original = recharge.fulfilmentOf('targetedSale')!;
    let crashes = 0;
    recharge.fulfilWith('targetedSale', async () => {
      crashes += 1;
      throw new Error('the process died after the booking');
    });
    try {
      await pay(order);
    } finally {
      recharge.fulfilWith('targetedSale', original);
    }
    expect(crashes).toBe(1);
    expect((await statusOf(transfer.id)).status).toBe('pending');
    expect(await balanceOf(buyer)).toBe(2_500);
    await db().execute(sql`update payment_orders set paid_at = paid_at - interval '1 minute' where id = ${order.id}`);
    await Promise.all([recharge.reconcile(), recharge.reconcile()]);
    await recharge.reconcile();
    expect((await statusOf(transfer.id)).status).toBe('confirmed');
    expect(await saleMovements(transfer.id)).toHaveLength(1);
    expect(await balanceOf(buyer)).toBe(0);
    expect(await incomeOf(seller)).toBe(2_500);
    expect(await noticesOf(seller, 'transferConfirmed')).toHaveLength(1);
  });

  it('answers the same order for the same Idempotency-Key, and a new one after a short balance is paid from the balance', async () => {
    const { buyer, transfer } = await sale('30');
    const first = await startQr(buyer, transfer.id, 'same-key-1');
    const again = await startQr(buyer, transfer.id, 'same-key-1');
    expect(again.id).toBe(first.id);
    expect(again.amountFen).toBe(3_000);
    // The buyer tops up meanwhile and confirms from the balance: the order, paid later, leaves its money on the balance.
    await fundBalance(testApp.app, buyer.id, 3_000);
    expect(dataOf<TransferConfirmation>(await confirm(buyer, transfer.id, 'sandbox', 'same-key-2'))).toEqual({
      status: 'confirmed',
      order: null,
    });
    await pay(first);
    expect(await balanceOf(buyer)).toBe(3_000);
    expect(await saleMovements(transfer.id)).toHaveLength(1);
    const [kept] = await noticesOf(buyer, 'transferPaymentKept');
    expect(kept).toMatchObject({
      link: '/model/receiptModel',
      params: { workName: '扫码作品', price: 3_000, balance: 3_000, reason: 'closed' },
    });
  });

  it('leaves the money on the balance when the sender withdraws during the payment', async () => {
    const { seller, buyer, work, transfer } = await sale('40', 1_000);
    const order = await startQr(buyer, transfer.id);
    expect(order.amountFen).toBe(3_000);
    expect((await seller.call('POST', `/api/transfers/${transfer.id}/withdraw`)).statusCode).toBe(200);
    await pay(order);
    expect((await statusOf(transfer.id)).status).toBe('withdrawn');
    expect(await balanceOf(buyer)).toBe(4_000);
    expect(await incomeOf(seller)).toBe(0);
    expect(dataOf<WorkDetail>(await seller.call('GET', `/api/model/${work.uid}`)).owner.uid).toBe(seller.uid);
    expect((await noticesOf(buyer, 'transferPaymentKept'))[0]!.params).toMatchObject({ price: 3_000, balance: 4_000, reason: 'closed' });
    const [row] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(row!.fulfilledAt).not.toBeNull();
  });

  it('waits past the receipt time for an order started before it, and confirms a payment made in time', async () => {
    const { seller, buyer, transfer } = await sale('10');
    // Started a minute before the latest receipt time: the sale now waits for the order's end and a grace.
    const receiptTime = Date.now() + 60_000;
    await db()
      .update(workTransfers)
      .set({ expiresAt: new Date(receiptTime) })
      .where(eq(workTransfers.id, transfer.id));
    const order = await startQr(buyer, transfer.id);
    expect((await statusOf(transfer.id)).expiresAt.getTime()).toBe(order.expiresAt + SALE_PAYMENT_GRACE_MS);
    // Past the old receipt time, the job leaves it waiting, and the payment made then confirms it.
    const later = vi.spyOn(Date, 'now').mockReturnValue(receiptTime + 60_000);
    try {
      await services().transfers.expireDue();
      expect((await statusOf(transfer.id)).status).toBe('pending');
      await pay(order);
    } finally {
      later.mockRestore();
    }
    expect((await statusOf(transfer.id)).status).toBe('confirmed');
    expect(await incomeOf(seller)).toBe(1_000);
  });

  it('leaves a payment booked after the receipt time on the balance, and the sale expires', async () => {
    const { buyer, transfer } = await sale('10');
    const order = await startQr(buyer, transfer.id);
    // The provider's word comes after the sale's time ran out (its receipt time set back for the test).
    await db()
      .update(workTransfers)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(workTransfers.id, transfer.id));
    await pay(order);
    expect((await statusOf(transfer.id)).status).toBe('expired');
    expect(await balanceOf(buyer)).toBe(1_000);
    expect((await noticesOf(buyer, 'transferPaymentKept'))[0]!.params).toMatchObject({ reason: 'closed', balance: 1_000 });
  });

  it('charges a debt with the missing part, which the booking settles first; a debt taken after leaves the sale waiting', async () => {
    const { seller, buyer, transfer } = await sale('20');
    await oweDebt(testApp.app, buyer.id, 500);
    const options = dataOf<TransferPaymentOptions>(await buyer.call('GET', `/api/transfers/${transfer.id}/payment`));
    expect(options).toMatchObject({ priceFen: 2_000, balanceFen: 0, debtFen: 500, shortFen: 2_500 });
    const order = await startQr(buyer, transfer.id);
    expect(order.amountFen).toBe(2_500);
    await pay(order);
    expect((await statusOf(transfer.id)).status).toBe('confirmed');
    expect(await services().ledger.debtOf(buyer.id)).toBe(0);
    expect(await balanceOf(buyer)).toBe(0);
    expect(await incomeOf(seller)).toBe(2_000);

    // A debt that arrives after the order was made is settled first: the sale stays pending, the money on the balance.
    const next = await sale('20');
    const second = await startQr(next.buyer, next.transfer.id);
    await oweDebt(testApp.app, next.buyer.id, 700);
    await pay(second);
    expect((await statusOf(next.transfer.id)).status).toBe('pending');
    expect(await balanceOf(next.buyer)).toBe(1_300);
    expect((await noticesOf(next.buyer, 'transferPaymentKept'))[0]!.params).toMatchObject({ reason: 'debt', price: 2_000, balance: 1_300 });
  });
});
