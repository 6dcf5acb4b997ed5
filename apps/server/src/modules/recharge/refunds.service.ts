import type { DomainEvents } from '../../kernel/domain-events.js';
import {
  refundStateOf,
  type AdminRechargeOrder,
  type NotificationKind,
  type Page,
  type PaymentOrderStatus,
  type PaymentProvider,
  type PaymentRefundView,
} from '@spatia/contract';
import type { PaymentDriver, PaymentState, RefundState } from '../../drivers/payments/payment-driver.js';
import { fail } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { AdminLogService } from '../admin-log/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import type { PaymentOrderRow } from './recharge.repository.js';
import type { PaymentDrivers } from './recharge.service.js';
import type { PaymentRefundRow, RefundsRepository } from './refunds.repository.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A paid order is asked about refunds made in the provider's portal this often, for this long after payment. */
const REFUND_CHECK_INTERVAL_MS = 6 * HOUR_MS;
const REFUND_CHECK_DAYS = 90;
const RECONCILE_BATCH = 100;
/** Refunds still pending this long after they were asked for are asked for again (same number: the same refund). */
const PENDING_REFUND_RETRY_MS = 30_000;

/** The ledger kind of a refund's reversal. */
export const REFUND_KIND = 'rechargeRefund';

/** What a refund's notification or check came to (logged; the provider only learns acknowledge or refuse). */
export type RefundOutcome = 'booked' | 'alreadyBooked' | 'pending' | 'failed' | 'unknownOrder';

/**
 * Refunds of payments (docs/refunds.md): asked for by an admin, found made in the provider's portal, or
 * the whole of a second payment of an order. A refund has our unique refund number, is asked of the
 * provider under it (so asking again is the same refund), and is booked once: the row turns `succeeded`
 * only where it is `pending`, and in the same transaction the ledger takes the money back from the payer
 * (their debt for what their balance no longer holds), the order's refunded amount grows and the payer
 * (and, for refunds this site did not ask for, the admins) are told.
 */
export class RefundsService {
  constructor(
    private readonly repository: RefundsRepository,
    private readonly drivers: PaymentDrivers,
    private readonly ledger: LedgerService,
    private readonly notifications: NotificationsService,
    private readonly users: Pick<UsersService, 'adminIds' | 'findPublicProfiles' | 'findIdByUid' | 'findIdByPhoneOrInviteCode'>,
    private readonly adminLog: Pick<AdminLogService, 'record'>,
    private readonly log: Pick<Logger, 'error' | 'warn' | 'info'>,
    private readonly now: () => number = Date.now,
    /** Tells the team of a flow recharge's refund in its transaction (docs/team.md). */
    private readonly events?: Pick<DomainEvents, 'publish'>,
  ) {}

  private driver(provider: PaymentProvider): PaymentDriver {
    const driver = this.drivers[provider];
    if (!driver) throw fail('paymentProviderUnavailable');
    return driver;
  }

  /** `GET /admin/rechargeOrders`: recharge orders with their payer and refunds, newest first. */
  async listForAdmin(
    query: { status?: PaymentOrderStatus; keyword?: string },
    page: { pageNum: number; pageSize: number },
  ): Promise<Page<AdminRechargeOrder>> {
    const keyword = query.keyword?.trim();
    let userIds: number[] | undefined;
    if (keyword) {
      const payer = (await this.users.findIdByUid(keyword)) ?? (await this.users.findIdByPhoneOrInviteCode(keyword));
      userIds = payer === undefined ? [] : [payer];
    }
    const { rows, total } = await this.repository.listOrders(
      { status: query.status, orderNo: keyword || undefined, userIds },
      { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize },
    );
    return { list: await this.views(rows), total, pageNum: page.pageNum, pageSize: page.pageSize };
  }

  /**
   * `POST /admin/rechargeOrders/{id}/refunds`: refunds `amountFen` of a paid recharge through its provider.
   * The admin's Idempotency-Key answers the refund it made, however often the button is pressed; the order
   * is locked while the refund is decided, so two admins never refund more than was paid.
   */
  async refundByAdmin(
    adminId: number,
    orderId: number,
    request: { amountFen: number; reason: string },
    idempotencyKey: string,
  ): Promise<AdminRechargeOrder> {
    const reason = request.reason.trim();
    if (!reason) throw fail('refundReasonRequired');
    const earlier = await this.repository.findByIdempotencyKey(adminId, idempotencyKey);
    if (earlier) {
      if (earlier.orderId !== orderId || earlier.amountFen !== request.amountFen || earlier.reason !== reason)
        throw fail('idempotencyKeyReused');
      return this.orderView(orderId);
    }
    const refund = await this.repository.db.transaction(async (tx) => {
      const order = await this.repository.lockOrder(tx, orderId);
      if (!order) throw fail('notFound');
      if (order.status !== 'paid' || !order.providerTransactionId) throw fail('refundOrderNotPaid');
      // The months a membership payment bought would need taking back first: not yet (docs/refunds.md).
      if (order.kind === 'membership') throw fail('membershipRefundNotSupported');
      const refunds = await this.repository.refundsOf([order.id], tx);
      const refundableFen = refundable(order, refunds);
      if (request.amountFen > refundableFen) throw fail('refundAmountTooHigh', { refundable: (refundableFen / 100).toFixed(2) });
      const inserted = await this.repository.insert(
        {
          refundNo: `${order.orderNo}F${refunds.length + 1}`,
          orderId: order.id,
          transactionId: order.providerTransactionId,
          origin: 'admin',
          amountFen: request.amountFen,
          reason,
          requestedBy: adminId,
          idempotencyKey,
        },
        tx,
      );
      if (!inserted) return undefined;
      await this.adminLog.record(tx, {
        adminUserId: adminId,
        action: 'rechargeOrder.refund',
        targetType: 'rechargeOrder',
        targetId: order.orderNo,
        before: { refundedFen: order.refundedFen, amountFen: order.amountFen, userId: order.userId },
        after: { refundNo: inserted.refundNo, amountFen: inserted.amountFen, reason },
      });
      return { refund: inserted, order };
    });
    // Another request with the same key won the race: it answers the same refund.
    if (!refund) return this.orderView(orderId);
    const outcome = await this.askProvider(refund.order, refund.refund);
    if (outcome === 'failed') throw fail('refundRefused');
    return this.orderView(orderId);
  }

  /**
   * Sends back what a paid order of another kind paid for something cancelled (a service order:
   * docs/service-orders.md "Cancelling and refunds"): the cancellation has given the money back to the
   * payer's balance; this refund takes it from there once the provider confirms, like an admin's. One per
   * order, numbered `{order no}C`, so calling again answers the same refund; at most what is left of the order.
   */
  async refundCancelled(orderId: number, amountFen: number, reason: string): Promise<RefundOutcome> {
    const refund = await this.repository.db.transaction(async (tx) => {
      const order = await this.repository.lockOrder(tx, orderId);
      if (!order) throw fail('notFound');
      if (order.status !== 'paid' || !order.providerTransactionId) throw fail('refundOrderNotPaid');
      if (order.kind === 'membership') throw fail('membershipRefundNotSupported');
      const refundNo = `${order.orderNo}C`;
      const earlier = await this.repository.findByRefundNo(refundNo, tx);
      if (earlier) return { refund: earlier, order };
      const refundableFen = refundable(order, await this.repository.refundsOf([order.id], tx));
      if (amountFen <= 0 || amountFen > refundableFen) throw fail('refundAmountTooHigh', { refundable: (refundableFen / 100).toFixed(2) });
      const inserted = await this.repository.insert(
        {
          refundNo,
          orderId: order.id,
          transactionId: order.providerTransactionId,
          origin: 'cancellation',
          amountFen,
          reason: reason.slice(0, 80) || 'cancelled',
        },
        tx,
      );
      return { refund: inserted ?? (await this.repository.findByRefundNo(refundNo, tx))!, order };
    });
    if (refund.refund.status !== 'pending') return 'alreadyBooked';
    return this.askProvider(refund.order, refund.refund);
  }

  /** Asks the provider for a refund of ours (again, under the same number) and books what it answers. */
  private async askProvider(order: PaymentOrderRow, refund: PaymentRefundRow): Promise<RefundOutcome> {
    let state: RefundState;
    try {
      state = await this.driver(order.provider).refund({
        orderNo: order.orderNo,
        transactionId: refund.transactionId,
        refundNo: refund.refundNo,
        amountFen: refund.amountFen,
        totalFen: order.amountFen,
        reason: refund.reason,
      });
    } catch (error) {
      // No answer: the refund stays pending, and reconciliation asks again under the same number.
      this.log.error({ err: error, refundNo: refund.refundNo }, 'asking the provider for a refund failed');
      return 'pending';
    }
    return this.apply(refund, state);
  }

  private async apply(refund: PaymentRefundRow, state: RefundState): Promise<RefundOutcome> {
    if (state.state === 'succeeded') return (await this.book(refund, state.providerRefundId)) ? 'booked' : 'alreadyBooked';
    if (state.state === 'failed') {
      if (await this.repository.markFailed(refund.id, new Date(this.now()))) {
        this.log.warn({ refundNo: refund.refundNo }, 'the provider refused a refund');
      }
      return 'failed';
    }
    return 'pending';
  }

  /**
   * Books a refund the provider made, once: the row turns succeeded only while pending, and with it the
   * ledger reverses what it covers, the order's refunded amount grows and the payer is told.
   */
  private async book(refund: PaymentRefundRow, providerRefundId: string | undefined): Promise<boolean> {
    const order = await this.repository.findOrder(refund.orderId);
    if (!order) return false;
    // Read before the transaction: on the embedded database a statement outside it would wait for it.
    const admins = refund.origin === 'admin' ? [] : await this.users.adminIds();
    const booked = await this.repository.db.transaction(async (tx) => {
      // The order first, then the refund, as every refund transaction takes them: none waits on another in reverse.
      await this.repository.lockOrder(tx, order.id);
      const done = await this.repository.markSucceeded(tx, refund.id, new Date(this.now()), providerRefundId);
      if (!done) return undefined;
      let debtFen = 0;
      if (done.reversesBooking) {
        await this.repository.addRefunded(tx, order.id, done.amountFen);
        ({ debtFen } = await this.ledger.reverse(
          {
            reference: `refund:${order.provider}:${done.refundNo}`,
            kind: REFUND_KIND,
            memo: order.orderNo,
            userId: order.userId,
            from: 'balance',
            to: LedgerAccount.provider(order.provider),
            amountFen: done.amountFen,
          },
          tx,
        ));
        if (order.kind === 'flowRecharge')
          await this.events?.publish(tx, 'recharge.flowRefunded', {
            orderNo: order.orderNo,
            refundReference: done.refundNo,
            amountFen: done.amountFen,
          });
      }
      await this.notifications.notify(tx, {
        userId: order.userId,
        kind: 'rechargeRefunded',
        params: { price: done.amountFen, orderNo: order.orderNo, debt: debtFen },
        link: '/order/consume/flow',
      });
      const adminNotice: NotificationKind | undefined =
        done.origin === 'provider' ? 'refundFoundAtProvider' : done.origin === 'duplicatePayment' ? 'duplicatePaymentRefunded' : undefined;
      if (adminNotice) {
        for (const adminId of admins) {
          await this.notifications.notify(tx, {
            userId: adminId,
            kind: adminNotice,
            params: { price: done.amountFen, orderNo: order.orderNo },
            link: '/admin/rechargeOrders',
          });
        }
      }
      return done;
    });
    if (booked) this.log.info({ refundNo: booked.refundNo, origin: booked.origin, amountFen: booked.amountFen }, 'refund booked');
    return booked !== undefined;
  }

  /**
   * A verified refund notification (WeChat's REFUND.*, the sandbox's): a refund of ours is booked (or
   * failed) once however often it arrives; one we never asked for was made in the provider's portal, and is
   * recorded under the provider's number and booked the same way.
   */
  async handleNotice(provider: PaymentProvider, state: RefundState): Promise<RefundOutcome> {
    const known = await this.repository.findByRefundNo(state.refundNo);
    if (known) {
      const order = await this.repository.findOrder(known.orderId);
      if (order?.provider !== provider || order.orderNo !== state.orderNo) return 'unknownOrder';
      return this.apply(known, state);
    }
    if (state.state !== 'succeeded') return state.state;
    const order = await this.repository.findOrderByNo(state.orderNo);
    if (order?.provider !== provider || order.status !== 'paid') return 'unknownOrder';
    return this.recordProviderRefund(order, state.refundNo, state.amountFen, state.providerRefundId);
  }

  /** A refund made at the provider, not through this site: recorded (once, by its number) and booked. */
  private async recordProviderRefund(
    order: PaymentOrderRow,
    refundNo: string,
    amountFen: number,
    providerRefundId?: string,
  ): Promise<RefundOutcome> {
    const earlier = await this.repository.findByRefundNo(refundNo);
    if (earlier) return (await this.book(earlier, providerRefundId)) ? 'booked' : 'alreadyBooked';
    const recorded = await this.repository.db.transaction(async (tx) => {
      const locked = (await this.repository.lockOrder(tx, order.id))!;
      const left = refundable(locked, await this.repository.refundsOf([order.id], tx));
      if (amountFen > left) {
        // The provider moved more than we know was left: book what is left, and have a person look.
        this.log.error(
          { orderNo: order.orderNo, refundNo, amountFen, left },
          'a refund at the provider exceeds what was left of the order',
        );
      }
      if (left <= 0) return undefined;
      return this.repository.insert(
        {
          refundNo,
          orderId: order.id,
          transactionId: locked.providerTransactionId ?? '',
          origin: 'provider',
          amountFen: Math.min(amountFen, left),
          reason: 'provider portal',
          providerRefundId,
        },
        tx,
      );
    });
    const refund = recorded ?? (await this.repository.findByRefundNo(refundNo));
    if (!refund) return 'alreadyBooked';
    return (await this.book(refund, providerRefundId)) ? 'booked' : 'alreadyBooked';
  }

  /**
   * The same order paid a second time at the provider (another transaction id): that money was never
   * booked, so it goes back whole, automatically, and the admins are told. Nothing in the ledger moves.
   */
  async refundDuplicatePayment(order: PaymentOrderRow, payment: Extract<PaymentState, { state: 'paid' }>): Promise<RefundOutcome> {
    const refundNo = `${order.orderNo}D${payment.transactionId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64);
    const refund =
      (await this.repository.insert(
        {
          refundNo,
          orderId: order.id,
          transactionId: payment.transactionId,
          origin: 'duplicatePayment',
          amountFen: payment.amountFen,
          reason: 'duplicate payment',
          reversesBooking: false,
        },
        this.repository.db,
      )) ?? (await this.repository.findByRefundNo(refundNo));
    if (!refund || refund.status !== 'pending') return 'alreadyBooked';
    this.log.warn(
      { orderNo: order.orderNo, first: order.providerTransactionId, second: payment.transactionId },
      'an order was paid twice: refunding the second payment',
    );
    return this.askProvider(order, refund);
  }

  /**
   * The reconciliation job's refund part: pending refunds are asked for again (same number), and paid
   * orders of the last 90 days are asked, every 6 hours, whether the provider refunded more than we booked
   * (a refund made in its portal): the difference is recorded and booked.
   */
  async reconcile(): Promise<{ retried: number; checked: number; found: number }> {
    const now = this.now();
    let retried = 0;
    for (const refund of await this.repository.pendingRefunds(new Date(now - PENDING_REFUND_RETRY_MS), RECONCILE_BATCH)) {
      const order = await this.repository.findOrder(refund.orderId);
      if (!order) continue;
      try {
        if ((await this.askProvider(order, refund)) !== 'pending') retried += 1;
      } catch (error) {
        this.log.error({ err: error, refundNo: refund.refundNo }, 'reconciling a refund failed');
      }
    }
    const due = await this.repository.paidToCheck(
      new Date(now - REFUND_CHECK_DAYS * DAY_MS),
      new Date(now - REFUND_CHECK_INTERVAL_MS),
      RECONCILE_BATCH,
    );
    let found = 0;
    for (const order of due) {
      try {
        await this.repository.markRefundChecked(order.id, new Date(now));
        if ((await this.checkProviderRefunds(order)) === 'booked') found += 1;
      } catch (error) {
        this.log.error({ err: error, orderNo: order.orderNo }, 'asking the provider about refunds failed');
      }
    }
    return { retried, checked: due.length, found };
  }

  /**
   * Books what the provider says it refunded of a paid order beyond what we know of: what a verified
   * notification said (`told`), else what a query answers.
   */
  async checkProviderRefunds(order: PaymentOrderRow, told?: PaymentState): Promise<RefundOutcome> {
    const state = told ?? (await this.driver(order.provider).queryPayment(order.orderNo));
    if (state.state !== 'paid' || state.transactionId !== order.providerTransactionId || !state.refunded) return 'alreadyBooked';
    const refunds = await this.repository.refundsOf([order.id]);
    const known = refundedOrUnderway(refunds);
    if (state.refundedFen === undefined) {
      // WeChat says "refunded" without an amount: its refund notification carries it; a person checks if none came.
      if (known === 0)
        this.log.warn({ orderNo: order.orderNo }, 'the provider reports a refund this site has not booked; its notification will book it');
      return 'alreadyBooked';
    }
    if (state.refundedFen <= known) return 'alreadyBooked';
    // Numbered by what the provider reports refunded in all: found again, it is the same refund.
    return this.recordProviderRefund(order, `${order.orderNo}P${state.refundedFen}`, state.refundedFen - known);
  }

  private async orderView(orderId: number): Promise<AdminRechargeOrder> {
    const order = await this.repository.findOrder(orderId);
    if (!order) throw fail('notFound');
    return (await this.views([order]))[0]!;
  }

  private async views(orders: PaymentOrderRow[]): Promise<AdminRechargeOrder[]> {
    const [refunds, payers] = await Promise.all([
      this.repository.refundsOf(orders.map((order) => order.id)),
      this.users.findPublicProfiles(orders.map((order) => order.userId)),
    ]);
    return orders.map((order) => {
      const own = refunds.filter((refund) => refund.orderId === order.id);
      const payer = payers.get(order.userId);
      return {
        id: order.id,
        orderNo: order.orderNo,
        provider: order.provider,
        status: order.status,
        months: order.months,
        amountFen: order.amountFen,
        refundedFen: order.refundedFen,
        refundableFen: order.status === 'paid' ? refundable(order, own) : 0,
        refundState: refundStateOf(order.amountFen, order.refundedFen),
        payer: { id: order.userId, uid: payer?.uid ?? '', name: payer?.name ?? '' },
        createdAt: order.createdAt.getTime(),
        paidAt: order.paidAt?.getTime() ?? null,
        refunds: own.map(refundView),
      };
    });
  }
}

/** What can still be refunded of an order: its amount less its refunds that succeeded or are under way. */
function refundable(order: PaymentOrderRow, refunds: readonly PaymentRefundRow[]): number {
  return Math.max(order.amountFen - refundedOrUnderway(refunds), 0);
}

/** What an order's refunds took or are taking of its booked payment (a second payment's refund is apart). */
function refundedOrUnderway(refunds: readonly PaymentRefundRow[]): number {
  return refunds
    .filter((refund) => refund.reversesBooking && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountFen, 0);
}

function refundView(refund: PaymentRefundRow): PaymentRefundView {
  return {
    id: refund.id,
    refundNo: refund.refundNo,
    origin: refund.origin,
    status: refund.status,
    amountFen: refund.amountFen,
    reason: refund.reason,
    createdAt: refund.createdAt.getTime(),
    succeededAt: refund.succeededAt?.getTime() ?? null,
  };
}
