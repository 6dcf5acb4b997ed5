import type { DomainEvents } from '../../kernel/domain-events.js';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  fenToYuan,
  PAYMENT_ORDER_TTL_MINUTES,
  type FlowRechargeOptions,
  type FlowRechargePlan,
  type FlowRechargeOrder,
  type MobileCheckout,
  type MobilePayFlow,
  type PaymentOrderFlow,
  type PaymentOrderKind,
  type PaymentProvider,
  type PaymentPurchase,
} from '@spatia/contract';
import {
  PaymentNotificationRefused,
  type IncomingNotification,
  type NotificationReply,
  type PaymentDriver,
  type PaymentState,
  type ProviderNotice,
} from '../../drivers/payments/payment-driver.js';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Logger } from '../../lib/logger.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PaymentOrderFilter, PaymentOrderRow, RechargeRepository } from './recharge.repository.js';
import type { RefundsService } from './refunds.service.js';

const MINUTE_MS = 60_000;
/** A payer polling an order asks the provider at most this often; the reconciliation job, once a minute. */
const PAYER_CHECK_INTERVAL_MS = 5_000;
/** An order is reused for the same purchase only while at least this long is left to pay it. */
const REUSE_MARGIN_MS = 2 * MINUTE_MS;
/**
 * How long a request repeating an Idempotency-Key waits for the first one's QR code: a little longer than
 * a provider may take to answer (its calls time out after 10 s), and how often it looks.
 */
const CODE_WAIT_MS = 12_000;
const CODE_LOOK_MS = 50;
const RECONCILE_BATCH = 100;

/** A payer's order as the order lists show it (docs/orders.md). */
export interface PaymentOrderSummary {
  id: number;
  orderNo: string;
  provider: PaymentProvider;
  status: PaymentOrderRow['status'];
  months: number;
  amountFen: number;
  createdAt: number;
  paidAt: number | null;
  /** What was refunded of it (docs/refunds.md). */
  refundedFen: number;
}

export type PaymentDrivers = Partial<Record<PaymentProvider, PaymentDriver>>;

/** What an order buys, as the module that sells it names it. */
export interface PaymentPurchaseSpec {
  kind: PaymentOrderKind;
  amountFen: number;
  months: number;
  /** What the kind's module needs to know the thing bought again (a membership: its version). */
  subjectId: number | null;
  /** Shown in the payer's WeChat or Alipay and on the test checkout. */
  description: string;
}

/**
 * An order paid on a phone rather than by QR code (docs/mobile-pay.md): the flow, what the provider wants
 * of the payer, and where the payer's browser comes back to (made from the order's number).
 */
export interface MobilePaymentOptions {
  flow: MobilePayFlow;
  clientIp: string;
  openId?: string;
  returnUrl: (orderNo: string) => string;
}

/**
 * What a paid order of a kind delivers. `once` runs `work` in a transaction that holds the order locked,
 * only while the order is paid and not yet fulfilled, and marks it fulfilled with it; it answers whether
 * `work` ran. A handler may call `once` more than one time (after a failed attempt, to record the failure).
 */
export type PaymentFulfilment = (
  orderId: number,
  once: (work: (order: PaymentOrderRow, tx: Transaction) => Promise<void>) => Promise<boolean>,
) => Promise<void>;

/** Outcome of booking a provider's word on an order (logged; the provider only learns acknowledge or refuse). */
type Booking = 'booked' | 'alreadyBooked' | 'notPaid' | 'unknownOrder' | 'amountMismatch';

/**
 * Flow recharges paid through a provider's QR checkout (docs/payments.md). A payment is booked exactly
 * once, whichever way the provider's word arrives (a notification, however often and however
 * concurrently; the payer's polling; the reconciliation job): one statement turns the order paid only if
 * it is not yet, and writes the ledger posting (keyed by the provider's transaction id) and the notice with it.
 */
export class RechargeService {
  constructor(
    private readonly repository: RechargeRepository,
    private readonly drivers: PaymentDrivers,
    private readonly ledger: LedgerService,
    private readonly notifications: NotificationsService,
    private readonly log: Pick<Logger, 'error' | 'warn' | 'info'>,
    private readonly now: () => number = Date.now,
    /** Refunds, which a second payment of an order starts (docs/refunds.md). */
    private readonly refunds?: RefundsService,
    /** Tells the team of a paid flow recharge (docs/team.md). */
    private readonly events?: Pick<DomainEvents, 'publish'>,
    /** Counts each notification's outcome (docs/operations.md, "Metrics"). */
    private readonly metrics?: Pick<Metrics, 'countPaymentNotification'>,
  ) {}

  /** The providers this site takes, in the order the page offers them. */
  get providers(): PaymentProvider[] {
    return (['wechat', 'alipay', 'sandbox'] as const).filter((provider) => this.drivers[provider] !== undefined);
  }

  driver(provider: PaymentProvider): PaymentDriver {
    const driver = this.drivers[provider];
    if (!driver) throw fail('paymentProviderUnavailable');
    return driver;
  }

  async rechargeOptions(userId: number): Promise<FlowRechargeOptions> {
    return { plans: await this.repository.plans(), providers: this.providers, balanceFen: await this.balanceOf(userId) };
  }

  /**
   * `POST /c/flowRecharge/nativePayNow`: an order for `months` of flow at the price list's fee, and the
   * provider's QR code for it. The same purchase while an earlier order can still be paid answers that
   * order (one order number, so one payment); the same Idempotency-Key answers its first order for 24 h.
   */
  async startFlowRecharge(
    userId: number,
    request: { months: number; fee: number; provider?: PaymentProvider },
    idempotencyKey?: string,
  ): Promise<FlowRechargeOrder> {
    const provider = request.provider ?? this.providers[0];
    if (!provider) throw fail('paymentProviderUnavailable');
    return this.startPayment(userId, provider, `flowRecharge:${provider}:${request.months}:${request.fee}`, idempotencyKey, async () => {
      const plan = (await this.repository.plans()).find((candidate) => candidate.months === request.months);
      if (!plan) throw fail('rechargePlanUnknown', { months: request.months });
      if (plan.feeFen !== request.fee) throw fail('rechargeFeeMismatch', { months: plan.months, expected: fenToYuan(plan.feeFen) });
      return {
        kind: 'flowRecharge',
        amountFen: plan.feeFen,
        months: plan.months,
        subjectId: null,
        // Shown in the payer's WeChat or Alipay and on the test checkout, whatever the payer's language.
        description: `Spatia 流量余额充值（${plan.months} 个月套餐）/ traffic balance recharge, ${plan.months}-month plan`,
      };
    });
  }

  /**
   * An order of any kind and the provider's QR code for it (a flow recharge; a membership's months, for the
   * membership module). `purchase` checks the request and names what is bought; it runs only when the
   * Idempotency-Key has no order yet. The same purchase while an earlier order can still be paid answers
   * that order (one order number, so one payment); the same key answers its first order for 24 h.
   * With `mobile` the order is paid on a phone by its flow rather than by QR code: the provider's phone
   * payment is kept with the order (`mobileCheckoutOf`), and only an order of the same flow is reused.
   */
  async startPayment(
    userId: number,
    provider: PaymentProvider,
    fingerprint: string,
    idempotencyKey: string | undefined,
    purchase: () => Promise<PaymentPurchaseSpec>,
    mobile?: MobilePaymentOptions,
  ): Promise<FlowRechargeOrder> {
    const driver = this.driver(provider);
    return runIdempotent(this.repository, userId, {
      key: idempotencyKey,
      fingerprint,
      now: this.now(),
      create: async () => this.createPayment(userId, driver, provider, await purchase(), fingerprint, idempotencyKey, mobile),
      replay: async (order) => this.view(await this.withItsCode(order)),
    });
  }

  private async createPayment(
    userId: number,
    driver: PaymentDriver,
    provider: PaymentProvider,
    spec: PaymentPurchaseSpec,
    fingerprint: string,
    idempotencyKey: string | undefined,
    mobile: MobilePaymentOptions | undefined,
  ): Promise<FlowRechargeOrder> {
    const flow: PaymentOrderFlow = mobile?.flow ?? 'native';
    const purchase = { userId, kind: spec.kind, provider, flow, amountFen: spec.amountFen, months: spec.months, subjectId: spec.subjectId };
    const reusable = idempotencyKey ? undefined : await this.repository.findReusable(purchase, new Date(this.now() + REUSE_MARGIN_MS));
    if (reusable?.codeUrl) return this.view(reusable);

    await Promise.all([this.ledger.openUserAccounts(userId), this.ledger.openSystemAccount(LedgerAccount.provider(provider))]);
    // One clock reading: the order lasts exactly its time to live from its creation, however slow the machine.
    const now = this.now();
    const order =
      reusable ??
      (await this.repository.insert(
        {
          ...purchase,
          orderNo: newOrderNo(now),
          description: spec.description,
          idempotencyKey: idempotencyKey ?? null,
          requestFingerprint: fingerprint,
          createdAt: new Date(now),
          expiresAt: new Date(now + PAYMENT_ORDER_TTL_MINUTES * MINUTE_MS),
        },
        this.repository.db,
      ));
    try {
      const terms = { orderNo: order.orderNo, amountFen: order.amountFen, description: order.description, expiresAt: order.expiresAt };
      const codeUrl = mobile
        ? JSON.stringify(
            await driver.createMobilePayment({
              ...terms,
              flow: mobile.flow,
              clientIp: mobile.clientIp,
              returnUrl: mobile.returnUrl(order.orderNo),
              ...(mobile.openId ? { openId: mobile.openId } : {}),
            }),
          )
        : (await driver.createNativePayment(terms)).codeUrl;
      await this.repository.setCodeUrl(order.id, codeUrl);
      return await this.view({ ...order, codeUrl });
    } catch (error) {
      // Nobody can pay an order without a QR code: close it, so it never waits for the job.
      await this.repository.markClosed(order.id, new Date(this.now()), this.repository.db);
      this.log.error({ err: error, orderNo: order.orderNo, provider }, 'the payment provider did not take the order');
      throw fail('paymentProviderFailed');
    }
  }

  /**
   * Registers what a paid order of `kind` delivers beyond the money on the balance (a membership's months).
   * The kind's module calls it when it is built; recharge knows no kind's rules (docs/payments.md "Fulfilment").
   */
  fulfilWith(kind: Exclude<PaymentOrderKind, 'flowRecharge'>, handler: PaymentFulfilment): void {
    this.fulfilments.set(kind, handler);
  }

  /** The handler registered for a kind (tests wrap it). */
  fulfilmentOf(kind: PaymentOrderKind): PaymentFulfilment | undefined {
    return this.fulfilments.get(kind);
  }

  private readonly fulfilments = new Map<PaymentOrderKind, PaymentFulfilment>();

  /**
   * Runs the kind's fulfilment of a paid order, at most once however often and however concurrently it is
   * called: each step runs in a transaction that locks the order and does nothing once `fulfilled_at` is
   * set. A failure is logged and left for the reconciliation job; the money is booked either way.
   */
  private async fulfil(order: Pick<PaymentOrderRow, 'id' | 'kind' | 'orderNo'>): Promise<void> {
    const handler = this.fulfilments.get(order.kind);
    if (!handler) return;
    try {
      await handler(order.id, (work) =>
        this.repository.db.transaction(async (tx) => {
          const locked = await this.repository.lockUnfulfilled(order.id, tx);
          if (!locked) return false;
          await work(locked, tx);
          await this.repository.markFulfilled(order.id, new Date(this.now()), tx);
          return true;
        }),
      );
    } catch (error) {
      this.log.error({ err: error, orderNo: order.orderNo, kind: order.kind }, 'fulfilling a paid order failed; the job tries again');
    }
  }

  /**
   * The order once the request that made it has its QR code: a request repeating the key (a second press,
   * a second tab) that arrives meanwhile waits for it, so that both answer the same order and code. Only a
   * provider slower than its own timeout leaves it waiting in vain (409, 1608).
   */
  private async withItsCode(order: PaymentOrderRow): Promise<PaymentOrderRow> {
    const deadline = Date.now() + CODE_WAIT_MS;
    let current = order;
    while (current.status === 'pending' && !current.codeUrl) {
      if (Date.now() >= deadline) throw fail('idempotencyKeyInProgress');
      await sleep(CODE_LOOK_MS);
      current = (await this.repository.findById(order.id)) ?? current;
    }
    return current;
  }

  /** What an order buys, for a checkout to name in its reader's language; undefined for an order number we never issued. */
  async purchaseOf(orderNo: string): Promise<PaymentPurchase | undefined> {
    const order = await this.repository.findByOrderNo(orderNo);
    return order && { kind: order.kind, months: order.months };
  }

  /**
   * `GET /c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery`: the payer's order, after asking the provider
   * when it is still pending (at most every few seconds), so a lost notification does not keep the
   * payer waiting for the job.
   */
  async orderForPayer(userId: number, id: number): Promise<FlowRechargeOrder> {
    const order = await this.repository.findById(id);
    if (!order || order.userId !== userId) throw fail('notFound');
    return this.view(await this.refreshedForPayer(order));
  }

  /**
   * The payer's order by its number, as `orderForPayer` reads it (the provider asked while pending, a paid
   * one fulfilled); undefined when it is not the caller's or nobody's.
   */
  async payerOrderByNo(userId: number, orderNo: string): Promise<PaymentOrderRow | undefined> {
    const order = await this.repository.findByOrderNo(orderNo);
    if (!order || order.userId !== userId) return undefined;
    return this.refreshedForPayer(order);
  }

  /**
   * How the payer's pending order paid on a phone is paid (as `startPayment` made it); null for a QR order,
   * one no longer payable, or one that is not the payer's.
   */
  async mobileCheckoutOf(userId: number, orderNo: string): Promise<MobileCheckout | null> {
    const order = await this.repository.findByOrderNo(orderNo);
    if (order?.userId !== userId || order.flow === 'native' || order.status !== 'pending' || !order.codeUrl) return null;
    return JSON.parse(order.codeUrl) as MobileCheckout;
  }

  private async refreshedForPayer(found: PaymentOrderRow): Promise<PaymentOrderRow> {
    let order = found;
    const id = order.id;
    if (order.status === 'pending' && (order.checkedAt?.getTime() ?? 0) < this.now() - PAYER_CHECK_INTERVAL_MS) {
      try {
        await this.settle(order);
      } catch (error) {
        // A provider that does not answer leaves the order as we know it; the payer's page polls on.
        this.log.error({ err: error, orderNo: order.orderNo }, 'asking the provider about a payment order failed');
      }
      order = (await this.repository.findById(id))!;
    }
    if (order.status === 'paid' && !order.fulfilledAt && this.fulfilments.has(order.kind)) {
      await this.fulfil(order);
      order = (await this.repository.findById(id))!;
    }
    return order;
  }

  /**
   * One page of a payer's orders of a kind (newest first), how many match, and the count and sum of
   * the paid ones among all that match. The orders pages read this; it never asks a provider.
   */
  async ordersOfPayer(
    userId: number,
    kind: PaymentOrderRow['kind'],
    filter: PaymentOrderFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PaymentOrderSummary[]; total: number; paid: { count: number; amountFen: number } }> {
    const { rows, total, completed: paid } = await this.repository.listForPayer(userId, kind, filter, page);
    return {
      rows: rows.map(summaryOf),
      total,
      paid,
    };
  }

  /** A provider's notification: verified before anything in it is trusted, booked once, answered so the provider stops. */
  async handleNotification(provider: PaymentProvider, notification: IncomingNotification): Promise<NotificationReply> {
    const driver = this.drivers[provider];
    if (!driver) throw fail('notFound');
    let notice: ProviderNotice;
    try {
      notice = await driver.verifyNotice(notification);
    } catch (error) {
      if (!(error instanceof PaymentNotificationRefused)) throw error;
      this.log.warn({ provider, reason: error.message }, 'payment notification refused');
      this.metrics?.countPaymentNotification(provider, 'refused');
      return driver.refuse('verification failed');
    }
    if (notice.kind === 'refund') {
      const outcome = this.refunds ? await this.refunds.handleNotice(provider, notice.refund) : 'unknownOrder';
      this.metrics?.countPaymentNotification(provider, 'refund');
      if (outcome === 'unknownOrder') {
        this.log.error({ provider, refundNo: notice.refund.refundNo }, 'a verified refund notification names no paid order of ours');
        return driver.refuse(outcome);
      }
      return driver.acknowledge();
    }
    const state = notice.payment;
    const booking = await this.book(provider, state);
    this.metrics?.countPaymentNotification(provider, booking === 'alreadyBooked' ? 'duplicate' : booking);
    // A refund the provider tells in the payment's own notification (Alipay's refund_fee).
    if (booking === 'alreadyBooked' && state.state === 'paid' && state.refundedFen !== undefined && this.refunds) {
      const order = await this.repository.findByOrderNo(state.orderNo);
      if (order) await this.refunds.checkProviderRefunds(order, state);
    }
    if (booking === 'unknownOrder' || booking === 'amountMismatch') {
      this.log.error({ provider, orderNo: state.orderNo, booking }, 'a verified payment notification could not be booked');
      return driver.refuse(booking);
    }
    return driver.acknowledge();
  }

  /** The reconciliation job: asks the provider about pending orders, books the paid, closes the expired; then the refunds. */
  async reconcile(): Promise<{ checked: number; booked: number; closed: number }> {
    const payments = await this.reconcilePayments();
    await this.fulfilPaid();
    if (this.refunds) await this.refunds.reconcile();
    return payments;
  }

  /** Paid orders whose fulfilment did not run (a crash after the booking), paid more than 30 s ago: fulfilled now. */
  private async fulfilPaid(): Promise<number> {
    const due = await this.repository.unfulfilled([...this.fulfilments.keys()], new Date(this.now() - 30_000), RECONCILE_BATCH);
    for (const order of due) await this.fulfil(order);
    return due.length;
  }

  private async reconcilePayments(): Promise<{ checked: number; booked: number; closed: number }> {
    const now = this.now();
    // Only the providers configured now: another's orders wait, untouched, rather than fill every batch.
    const due = await this.repository.pendingToCheck(new Date(now - 30_000), new Date(now - MINUTE_MS), RECONCILE_BATCH, this.providers);
    let booked = 0;
    let closed = 0;
    // Each provider's orders side by side: one that hangs or fails holds up no other (docs/withdrawals.md, "Payouts that end").
    const byProvider = new Map<PaymentProvider, PaymentOrderRow[]>();
    for (const order of due) byProvider.set(order.provider, [...(byProvider.get(order.provider) ?? []), order]);
    await Promise.all(
      [...byProvider.values()].map(async (orders) => {
        for (const order of orders) {
          try {
            const outcome = await this.settle(order);
            if (outcome === 'booked') booked += 1;
            if (outcome === 'closed') closed += 1;
          } catch (error) {
            // One order's trouble must not stop the others'; the next run asks again.
            this.log.error({ err: error, orderNo: order.orderNo }, 'reconciling a payment order failed');
          }
        }
      }),
    );
    return { checked: due.length, booked, closed };
  }

  /**
   * Settles the payer's pending orders of one purchase whose time is up, as reconciliation would: each is
   * asked about, closed at the provider when unpaid (booked, and fulfilled, when it was paid after all).
   * Answers whether one can still be paid (not expired yet, or the provider did not answer): the caller
   * then waits, as a service order's expiry does (docs/service-orders.md "Unpaid orders expire").
   */
  async settleOpenOrdersOf(userId: number, kind: Exclude<PaymentOrderKind, 'flowRecharge'>, subjectId: number): Promise<{ open: boolean }> {
    let open = false;
    for (const order of await this.repository.pendingOfSubject(userId, kind, subjectId)) {
      if (order.expiresAt.getTime() > this.now()) {
        open = true;
        continue;
      }
      try {
        if ((await this.settle(order)) === 'pending') open = true;
      } catch (error) {
        this.log.error({ err: error, orderNo: order.orderNo }, 'settling a payment order of an expiring purchase failed');
        open = true;
      }
    }
    return { open };
  }

  /** Asks the provider about one pending order: books it when paid, closes it when expired unpaid. */
  private async settle(order: PaymentOrderRow): Promise<'booked' | 'closed' | 'pending'> {
    const driver = this.driver(order.provider);
    await this.repository.markChecked(order.id, new Date(this.now()));
    let state = await driver.queryPayment(order.orderNo);
    if (state.state === 'unpaid' && order.expiresAt.getTime() <= this.now()) {
      await driver.closePayment(order.orderNo);
      // Paid in the moment before the close: the money is taken, so the order is booked, not closed.
      state = await driver.queryPayment(order.orderNo);
      if (state.state !== 'paid') state = { orderNo: order.orderNo, state: 'closed' };
    }
    if (state.state === 'paid') return (await this.book(order.provider, state)) === 'booked' ? 'booked' : 'pending';
    if (state.state === 'closed') {
      await this.repository.markClosed(order.id, new Date(this.now()), this.repository.db);
      return 'closed';
    }
    return 'pending';
  }

  /**
   * The team's rewards on a flow recharge (docs/team.md), in a transaction of their own: the booking is one
   * statement (bench/payment-notifications.mjs). A failure leaves the payment booked and is thrown, so the
   * provider's notification is not acknowledged: its retry finds the order already booked and tells the team
   * again, which books what it has not booked yet (the reward's reference is unique).
   */
  private async tellFlowPaid(provider: PaymentProvider, state: Extract<PaymentState, { state: 'paid' }>, userId: number): Promise<void> {
    const events = this.events;
    if (!events) return;
    const told = {
      reference: `flowRecharge:${state.orderNo}`,
      orderNo: state.orderNo,
      payerUserId: userId,
      amountFen: state.amountFen,
      paidAt: state.paidAt.getTime(),
    };
    try {
      await this.repository.db.transaction((tx) => events.publish(tx, 'recharge.flowPaid', told));
    } catch (error) {
      this.log.error({ err: error, provider, orderNo: state.orderNo }, 'telling the team of a paid recharge failed');
      throw error;
    }
  }

  private async book(provider: PaymentProvider, state: PaymentState): Promise<Booking> {
    if (state.state !== 'paid') return 'notPaid';
    // A payment that arrives after the order was closed is still money taken: it is booked.
    const credit = await this.ledger.creditFromSystem(sql`paid`, {
      from: LedgerAccount.provider(provider),
      toBalanceOf: sql`paid.user_id`,
      amount: sql`paid.amount_fen`,
      kind: sql`paid.kind`,
      reference: sql`${`payment:${provider}:`} || ${sql.placeholder('transactionId')}`,
      memo: sql`paid.order_no`,
    });
    // Only a flow recharge is told here; another kind's fulfilment tells what the payment bought.
    const notice = this.notifications.noticesFrom(sql`paid where paid.kind = 'flowRecharge'`, {
      userId: sql`paid.user_id`,
      kind: 'rechargePaid',
      params: sql`jsonb_build_object('price', paid.amount_fen, 'months', paid.months)`,
      link: '/recharge/index',
    });
    const paid = await this.repository.markPaidWith(
      { ...state, provider, now: new Date(this.now()) },
      () => [credit, notice],
      (order) => this.ledger.hasDebtAccount(sql`${order}.user_id`),
    );
    if (paid) {
      this.log.info({ provider, orderNo: state.orderNo, transactionId: state.transactionId }, 'payment booked');
      // What a refund left owing is paid first from the money that just came in (docs/refunds.md).
      if (paid.inDebt) await this.ledger.settleDebt(paid.userId);
      if (paid.kind === 'flowRecharge') await this.tellFlowPaid(provider, state, paid.userId);
      else await this.fulfil({ id: paid.id, kind: paid.kind, orderNo: state.orderNo });
      return 'booked';
    }
    const order = await this.repository.findByOrderNo(state.orderNo);
    if (!order || order.provider !== provider) return 'unknownOrder';
    if (order.status !== 'paid') return 'amountMismatch';
    if (order.providerTransactionId === state.transactionId) {
      // Told again (the provider's retry, the reconciliation): the team may have missed it the first time.
      if (order.kind === 'flowRecharge') await this.tellFlowPaid(provider, state, order.userId);
    } else if (this.refunds) {
      // The same order paid twice at the provider: the second payment goes back whole, automatically.
      await this.refunds.refundDuplicatePayment(order, state);
    } else {
      this.log.error(
        { orderNo: order.orderNo, first: order.providerTransactionId, second: state.transactionId },
        'an order was paid twice',
      );
    }
    return 'alreadyBooked';
  }

  /** The recharge price list, as the back office edits it. */
  plans(): Promise<FlowRechargePlan[]> {
    return this.repository.plans();
  }

  /** Replaces the price list within the caller's transaction; answers the list before. Orders already made keep their price. */
  async replacePlans(plans: readonly FlowRechargePlan[], tx: Transaction): Promise<FlowRechargePlan[]> {
    const before = await this.repository.plans(tx);
    await this.repository.replacePlans(plans, tx);
    return before;
  }

  private balanceOf(userId: number): Promise<number> {
    return this.ledger.balance(LedgerAccount.balance(userId));
  }

  private async view(order: PaymentOrderRow): Promise<FlowRechargeOrder> {
    return {
      ...summaryOf(order),
      // A phone's payment is no QR code: the mobile pay module answers it (`mobileCheckoutOf`).
      codeUrl: order.status === 'pending' && order.flow === 'native' ? order.codeUrl : '',
      expiresAt: order.expiresAt.getTime(),
      balanceFen: await this.balanceOf(order.userId),
    };
  }
}

function summaryOf(order: PaymentOrderRow): PaymentOrderSummary {
  const { id, orderNo, provider, status, months, amountFen, refundedFen } = order;
  const times = { createdAt: order.createdAt.getTime(), paidAt: order.paidAt?.getTime() ?? null };
  return { id, orderNo, provider, status, months, amountFen, refundedFen, ...times };
}

/** `R` + UTC time to the second + 8 random hex digits: 23 characters, sortable, unguessable enough to not be enumerated. */
function newOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `R${stamp}${randomBytes(4).toString('hex')}`;
}
