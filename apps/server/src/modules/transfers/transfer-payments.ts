import {
  PAYMENT_ORDER_TTL_MINUTES,
  TRANSFER_RECEIPT_DAYS,
  type FlowRechargeOrder,
  type PaymentProvider,
  type TransferPaymentOptions,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import type { Logger } from '../../lib/logger.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PaymentOrderRow, RechargeService } from '../recharge/index.js';
import type { Actor } from '../works/index.js';
import type { TransferRow, TransfersRepository } from './transfers.repository.js';
import { assertAnswerable, type TransfersService } from './transfers.service.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * How long past its payment order's end a sale waits for the payment to be booked: a provider's word can
 * come after the payer paid in time (a late notification, found by the reconciliation job within a minute).
 */
export const SALE_PAYMENT_GRACE_MS = 5 * MINUTE_MS;

/** Why a paid order's money stayed on the balance instead of buying the work. */
type KeptReason = 'closed' | 'balance' | 'debt';

/**
 * Paying a targeted sale by QR code (docs/payments.md "Fulfilment"): when the receiver's balance is short
 * of the price, a payment order of kind `targetedSale` for what it lacks (plus a refund's debt, which the
 * booking settles first); the paid order's money lands on the balance (the recharge module books it), and
 * its fulfilment confirms the sale, moving the whole price from the balance in the transaction that holds
 * the order locked. A sale that can no longer be confirmed leaves the money on the balance, and says so.
 */
export class TransferPayments {
  constructor(
    private readonly transfers: TransfersService,
    private readonly repository: TransfersRepository,
    private readonly ledger: LedgerService,
    private readonly recharge: RechargeService,
    private readonly notifications: NotificationsService,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async options(actor: Actor, id: number): Promise<TransferPaymentOptions> {
    const row = await this.repository.findById(id);
    assertAnswerable(row, actor, 'receiver');
    const { balanceFen, debtFen, shortFen } = await this.shortfallOf(row);
    return { priceFen: row.price, balanceFen, debtFen, shortFen, providers: this.recharge.providers };
  }

  /**
   * The payment order for what the receiver's balance lacks of the sale's price, or undefined when nothing
   * is missing (a distribution, a balance that pays it all) or the transfer's time is up: the balance path
   * then answers (and records an expiry). Refuses as an answer would (404, 403, 409).
   */
  async startIfShort(
    actor: Actor,
    id: number,
    provider: PaymentProvider,
    idempotencyKey: string | undefined,
  ): Promise<FlowRechargeOrder | undefined> {
    this.recharge.driver(provider);
    const row = await this.repository.findById(id);
    assertAnswerable(row, actor, 'receiver');
    if (row.price === 0 || row.expiresAt.getTime() <= this.now()) return undefined;
    const { shortFen } = await this.shortfallOf(row);
    if (shortFen === 0) return undefined;
    const order = await this.recharge.startPayment(actor.id, provider, `targetedSale:${provider}:${row.id}`, idempotencyKey, async () => ({
      kind: 'targetedSale',
      amountFen: shortFen,
      months: 0,
      subjectId: row.id,
      // Without the work's name: providers cap the description (WeChat at 127 characters).
      description: `Spatia 作品定向销售 #${row.id} / targeted sale of a work, #${row.id}`,
    }));
    await this.holdUntilPaid(row.id, order.expiresAt);
    return order;
  }

  /**
   * Fulfils a paid order of kind `targetedSale` (registered with the recharge module): its money is on the
   * receiver's balance, booked, a debt settled from it first. The sale is confirmed when it still waits for
   * this receiver, was paid in time and the balance covers the price; otherwise the money stays on the
   * balance, the order counts as fulfilled, and the receiver is told why.
   */
  readonly fulfilOrder = async (
    orderId: number,
    once: (work: (order: PaymentOrderRow, tx: Transaction) => Promise<void>) => Promise<boolean>,
  ): Promise<void> => {
    const outcome: { confirmed?: TransferRow; kept?: { order: PaymentOrderRow; workName: string; reason: KeptReason } } = {};
    await once(async (order, tx) => {
      outcome.confirmed = undefined;
      outcome.kept = undefined;
      const row = order.subjectId === null ? undefined : await this.repository.lock(order.subjectId, tx);
      const keep = (reason: KeptReason) => {
        outcome.kept = { order, workName: row?.workName ?? '', reason };
      };
      const at = new Date(this.now());
      if (!row || row.receiverId !== order.userId || row.status !== 'pending') {
        this.log.warn(
          { orderNo: order.orderNo, transferId: order.subjectId },
          'a paid sale order found its sale answered; its money stays on the balance',
        );
        return keep('closed');
      }
      // Paid after the sale's latest receipt time (which its orders move past their own end): too late.
      if (row.expiresAt <= at && (order.paidAt ?? at) > row.expiresAt) {
        await this.repository.answer(row.id, 'expired', at, tx);
        return keep('closed');
      }
      if ((await this.ledger.balance(LedgerAccount.balance(order.userId), tx)) < row.price) {
        // A debt a refund left is settled first from the money that came in (docs/refunds.md); or it was spent meanwhile.
        return keep((await this.ledger.hasOwed(order.userId, tx)) ? 'debt' : 'balance');
      }
      await this.transfers.confirmWithin(row, at, tx);
      outcome.confirmed = row;
    });
    const { confirmed, kept } = outcome;
    // Names are read outside the transaction (transfers.service.ts `nameOf`), so the notices follow it.
    if (confirmed) {
      await this.transfers.tellSender(
        this.repository.db,
        confirmed,
        'transferConfirmed',
        await this.transfers.nameOf(confirmed.receiverId),
      );
    }
    if (kept) {
      await this.notifications.notify(this.repository.db, {
        userId: kept.order.userId,
        kind: 'transferPaymentKept',
        params: {
          workName: kept.workName,
          price: kept.order.amountFen,
          balance: await this.ledger.balance(LedgerAccount.balance(kept.order.userId)),
          reason: kept.reason,
        },
        link: '/model/receiptModel',
      });
    }
  };

  /** What the balance lacks of the price; a debt is added, as the payment settles it first. */
  private async shortfallOf(row: TransferRow): Promise<{ balanceFen: number; debtFen: number; shortFen: number }> {
    const [balanceFen, debtFen] = await Promise.all([
      this.ledger.balance(LedgerAccount.balance(row.receiverId)),
      this.ledger.debtOf(row.receiverId),
    ]);
    const shortFen = balanceFen >= row.price ? 0 : row.price - Math.max(balanceFen, 0) + debtFen;
    return { balanceFen, debtFen, shortFen };
  }

  /**
   * Keeps the sale waiting for its payment order: its latest receipt time moves to the order's end and a
   * grace for a late word from the provider, never more than one order's time past the week it was given.
   */
  private async holdUntilPaid(id: number, orderEndsAt: number): Promise<void> {
    await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.lock(id, tx);
      if (!row || row.status !== 'pending') return;
      const cap = row.createdAt.getTime() + TRANSFER_RECEIPT_DAYS * DAY_MS + PAYMENT_ORDER_TTL_MINUTES * MINUTE_MS + SALE_PAYMENT_GRACE_MS;
      const until = Math.min(orderEndsAt + SALE_PAYMENT_GRACE_MS, cap);
      if (until > row.expiresAt.getTime()) await this.repository.setExpiry(row.id, new Date(until), tx);
    });
  }
}
