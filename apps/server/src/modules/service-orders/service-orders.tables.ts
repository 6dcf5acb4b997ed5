import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  SERVICE_COUPON_KINDS,
  SERVICE_ORDER_STATUSES,
  SERVICE_PAYMENT_PARTS,
  SERVICE_PRICING_METHODS,
  SERVICE_REQUIREMENT_TYPES,
} from '@spatia/contract';
import { createdAt, idRef, serialId, updatedAt } from '../../db/schema/columns.js';
import { userRef, users } from '../users/users.tables.js';

/** An admin's price rule per requirement type (docs/service-orders.md "Pricing"). */
export const servicePriceRules = pgTable(
  'service_price_rules',
  {
    requirementType: text('requirement_type', { enum: SERVICE_REQUIREMENT_TYPES }).primaryKey(),
    pricePerSiteFen: bigint('price_per_site_fen', { mode: 'number' }).notNull(),
    pricePerM2Fen: bigint('price_per_m2_fen', { mode: 'number' }).notNull(),
    minimumFen: bigint('minimum_fen', { mode: 'number' }).notNull(),
    depositBps: integer('deposit_bps').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'service_price_rules_valid',
      sql`${table.pricePerSiteFen} >= 0 and ${table.pricePerM2Fen} >= 0 and ${table.minimumFen} >= 0 and ${table.depositBps} between 1 and 10000`,
    ),
  ],
);

/** The one row of service-order settings an admin changes. */
export const serviceOrderSettings = pgTable(
  'service_order_settings',
  {
    id: integer('id').primaryKey().default(1),
    platformFeeBps: integer('platform_fee_bps').notNull().default(1000),
    updatedAt: updatedAt(),
  },
  (table) => [check('service_order_settings_one', sql`${table.id} = 1 and ${table.platformFeeBps} between 0 and 5000`)],
);

export const serviceCoupons = pgTable(
  'service_coupons',
  {
    id: serialId(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind', { enum: SERVICE_COUPON_KINDS }).notNull(),
    amountOffFen: bigint('amount_off_fen', { mode: 'number' }).notNull().default(0),
    percentOff: integer('percent_off').notNull().default(0),
    minSpendFen: bigint('min_spend_fen', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    /** 0 = no limit. */
    totalLimit: integer('total_limit').notNull().default(0),
    /** Redemptions held now (a cancelled order's use is given back); kept with the redemptions under the coupon's row lock. */
    usedCount: integer('used_count').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check(
      'service_coupons_valid',
      sql`(${table.kind} = 'amount' and ${table.amountOffFen} > 0 or ${table.kind} = 'percent' and ${table.percentOff} between 1 and 99)
        and ${table.validUntil} > ${table.validFrom} and ${table.perUserLimit} >= 1 and ${table.totalLimit} >= 0
        and ${table.usedCount} >= 0 and (${table.totalLimit} = 0 or ${table.usedCount} <= ${table.totalLimit})`,
    ),
    index().on(table.createdAt, table.id),
  ],
);

/** A shoot booked (docs/service-orders.md). */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serialId(),
    orderNo: text('order_no').notNull().unique(),
    customerId: userRef('customer_id'),
    providerId: bigint('provider_id', { mode: 'number' }).references(() => users.id, { onDelete: 'restrict' }),
    requirementType: text('requirement_type', { enum: SERVICE_REQUIREMENT_TYPES }).notNull(),
    title: text('title').notNull(),
    phone: text('phone').notNull(),
    provinceCode: text('province_code').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    pricing: text('pricing', { enum: SERVICE_PRICING_METHODS }).notNull(),
    siteCount: integer('site_count'),
    areaM2: integer('area_m2'),
    listPriceFen: bigint('list_price_fen', { mode: 'number' }).notNull(),
    discountFen: bigint('discount_fen', { mode: 'number' }).notNull().default(0),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    depositFen: bigint('deposit_fen', { mode: 'number' }).notNull(),
    couponId: bigint('coupon_id', { mode: 'number' }).references(() => serviceCoupons.id),
    couponCode: text('coupon_code'),
    /** Money paid in (held until completion); `refundedFen` of it went back. */
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: SERVICE_ORDER_STATUSES }).notNull().default('placed'),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }).notNull(),
    remark: text('remark').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    deliveryNote: text('delivery_note').notNull().default(''),
    platformFeeFen: bigint('platform_fee_fen', { mode: 'number' }),
    providerIncomeFen: bigint('provider_income_fen', { mode: 'number' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    shotAt: timestamp('shot_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint').notNull().default(''),
  },
  (table) => [
    uniqueIndex('service_orders_idempotency').on(table.customerId, table.idempotencyKey),
    index().on(table.customerId, table.createdAt, table.id),
    index().on(table.providerId, table.createdAt, table.id),
    // Open orders: paid and untaken, per province.
    index('service_orders_open')
      .on(table.provinceCode, table.appointmentAt)
      .where(sql`${table.status} = 'paid' and ${table.providerId} is null`),
    index().on(table.status, table.createdAt),
    check(
      'service_orders_money',
      sql`${table.priceFen} > 0 and ${table.priceFen} = ${table.listPriceFen} - ${table.discountFen} and ${table.depositFen} between 1 and ${table.priceFen}
        and ${table.paidFen} between 0 and ${table.priceFen} and ${table.refundedFen} between 0 and ${table.paidFen}`,
    ),
    check('service_orders_provider', sql`${table.status} in ('placed', 'paid', 'cancelled') or ${table.providerId} is not null`),
  ],
);

/** A part of an order paid: each part once per order. */
export const serviceOrderPayments = pgTable(
  'service_order_payments',
  {
    id: serialId(),
    orderId: idRef('order_id', () => serviceOrders.id, { onDelete: 'cascade' }),
    part: text('part', { enum: SERVICE_PAYMENT_PARTS }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** `balance` or the payment provider of the QR order that brought the money. */
    method: text('method').notNull(),
    paymentOrderId: bigint('payment_order_id', { mode: 'number' }),
    ledgerReference: text('ledger_reference').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('service_order_payments_part').on(table.orderId, table.part),
    check('service_order_payments_amount', sql`${table.amountFen} > 0`),
  ],
);

/** A coupon used by an order: written with the payment, once per order; deleted when the order is cancelled. */
export const serviceCouponRedemptions = pgTable(
  'service_coupon_redemptions',
  {
    id: serialId(),
    couponId: idRef('coupon_id', () => serviceCoupons.id),
    userId: userRef('user_id'),
    orderId: idRef('order_id', () => serviceOrders.id, { onDelete: 'cascade' }),
    discountFen: bigint('discount_fen', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('service_coupon_redemptions_order').on(table.orderId), index().on(table.couponId, table.userId)],
);

/** The work transfers that delivered an order (the transfers module holds them). */
export const serviceOrderDeliveries = pgTable(
  'service_order_deliveries',
  {
    orderId: idRef('order_id', () => serviceOrders.id, { onDelete: 'cascade' }),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    workId: bigint('work_id', { mode: 'number' }).notNull(),
    workName: text('work_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.transferId] })],
);
