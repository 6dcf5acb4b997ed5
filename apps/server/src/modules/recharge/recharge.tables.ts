import {
  PAYMENT_ORDER_FLOWS,
  PAYMENT_ORDER_KINDS,
  PAYMENT_ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_REFUND_ORIGINS,
  PAYMENT_REFUND_STATUSES,
} from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';

/**
 * What a person pays through a provider (docs/payments.md). A row is booked in the ledger exactly
 * when it turns `paid`; the provider's transaction id is unique, so one payment is never booked twice.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serialId(),
    /** Our order number, the providers' out_trade_no. */
    orderNo: text('order_no').notNull().unique(),
    /** An order is a money record: the user it names is never deleted from under it. */
    userId: userRef('user_id', 'restrict'),
    kind: text('kind', { enum: PAYMENT_ORDER_KINDS }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    status: text('status', { enum: PAYMENT_ORDER_STATUSES }).notNull().default('pending'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** For a flow recharge: the months bought; for a membership: the months renewed. */
    months: integer('months').notNull().default(0),
    /** What the order buys, for a kind that names something (a membership: the version renewed). */
    subjectId: bigint('subject_id', { mode: 'number' }),
    /**
     * When the kind's fulfilment ran for the paid order (a membership renewed): null until then. A flow
     * recharge is whole once booked and never gets one (docs/payments.md "Fulfilment").
     */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    description: text('description').notNull(),
    /** How it is paid: a QR code (`native`), or on a phone (docs/mobile-pay.md): WeChat's `jsapi` or `h5`, Alipay's `wap`. */
    flow: text('flow', { enum: PAYMENT_ORDER_FLOWS }).notNull().default('native'),
    /**
     * What the payer pays with while it is pending: the QR code's text (`native`), else the phone's payment
     * (`MobileCheckout`: a redirect address or WeChat's JSAPI parameters) as JSON.
     */
    codeUrl: text('code_url').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    /** What the Idempotency-Key was sent with: the same key with other parameters is refused. */
    requestFingerprint: text('request_fingerprint').notNull().default(''),
    providerTransactionId: text('provider_transaction_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the reconciliation job last asked the provider about this order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** What was refunded of the booked payment and reversed in the ledger (docs/refunds.md); at most the amount. */
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    /** When the reconciliation job last asked the provider whether this paid order was refunded. */
    refundCheckedAt: timestamp('refund_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.userId, table.createdAt, table.id),
    uniqueIndex('payment_orders_provider_transaction').on(table.provider, table.providerTransactionId),
    uniqueIndex('payment_orders_idempotency_key').on(table.userId, table.idempotencyKey),
    index('payment_orders_pending')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('payment_orders_amount', sql`${table.amountFen} > 0`),
    check('payment_orders_refunded', sql`${table.refundedFen} between 0 and ${table.amountFen}`),
    index('payment_orders_unfulfilled')
      .on(table.paidAt)
      .where(sql`${table.status} = 'paid' and ${table.kind} <> 'flowRecharge' and ${table.fulfilledAt} is null`),
    index('payment_orders_paid_refund_check')
      .on(table.paidAt)
      .where(sql`${table.status} = 'paid'`),
    check(
      'payment_orders_paid',
      sql`(${table.status} = 'paid') = (${table.providerTransactionId} is not null and ${table.paidAt} is not null)`,
    ),
  ],
);

/**
 * Money given back of a payment (docs/refunds.md): asked for by an admin, found made in the provider's
 * portal, or the whole of a second payment of an order already paid. `refund_no` is our out_refund_no /
 * out_request_no, unique, so a refund is asked for and booked once however often it is pressed or notified.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serialId(),
    refundNo: text('refund_no').notNull().unique(),
    orderId: idRef('order_id', () => paymentOrders.id, { onDelete: 'restrict' }),
    /** The provider's transaction refunded: the order's payment, or a second one. */
    transactionId: text('transaction_id').notNull(),
    origin: text('origin', { enum: PAYMENT_REFUND_ORIGINS }).notNull(),
    status: text('status', { enum: PAYMENT_REFUND_STATUSES }).notNull().default('pending'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The admin who asked for it; null for refunds found at the provider or made by the system. */
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key'),
    providerRefundId: text('provider_refund_id'),
    /** Whether the order's payment is reversed in the ledger (false for a second payment, never booked). */
    reversesBooking: boolean('reverses_booking').notNull().default(true),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.orderId),
    uniqueIndex('payment_refunds_idempotency_key').on(table.requestedBy, table.idempotencyKey),
    index('payment_refunds_pending')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('payment_refunds_amount', sql`${table.amountFen} > 0`),
  ],
);

/** The flow recharge price list: months of flow and their fee. An admin edits it with the billing prices. */
export const flowRechargePlans = pgTable(
  'flow_recharge_plans',
  {
    months: integer('months').primaryKey(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
  },
  (table) => [check('flow_recharge_plans_valid', sql`${table.months} between 1 and 36 and ${table.feeFen} > 0`)],
);

/**
 * The sandbox provider's own books: the stand-in for WeChat's and Alipay's side of an order, so that the
 * sandbox answers queries and closes the way they do, apart from our orders.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  orderNo: text('order_no').primaryKey(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  state: text('state', { enum: ['unpaid', 'paid', 'closed'] })
    .notNull()
    .default('unpaid'),
  transactionId: text('transaction_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The sandbox's refunds, as a provider keeps them: by refund number, per transaction. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  refundNo: text('refund_no').primaryKey(),
  orderNo: text('order_no').notNull(),
  transactionId: text('transaction_id').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
