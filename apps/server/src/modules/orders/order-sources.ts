import {
  refundStateOf,
  type Language,
  type OrderDirection,
  type OrderRecord,
  type OrderSourceStatus,
  type OrderStatus,
  type OrderType,
  type PaymentOrderStatus,
  type ServiceOrderStatus,
  type TransferStatus,
} from '@spatia/contract';
import type { DayRange } from '../../lib/business-time.js';
import type { MembershipService } from '../membership/index.js';
import type { RechargeService } from '../recharge/index.js';
import type { ServiceOrdersService } from '../service-orders/index.js';
import type { TransfersService } from '../transfers/index.js';

/** Which orders of a person a page holds: one status of the common vocabulary (all when left out), and a time range. */
export interface OrderFilter extends DayRange {
  status?: OrderStatus;
  /** The reader's language, for what a source names (a membership version). */
  language?: Language;
}

export interface OrderSlice {
  rows: OrderRecord[];
  /** How many orders match the filter. */
  total: number;
  /** The completed ones among them: how many, and their money. */
  completed: { count: number; amountFen: number };
}

/**
 * Where one page of orders comes from (one direction and type). Each source reads its own module
 * through that module's service and maps its statuses onto pending / completed / closed. The market
 * and service orders of the next issue add their sources here; the pages and the export stay as they are.
 */
export interface OrderSource {
  list(userId: number, filter: OrderFilter, page: { limit: number; offset: number }): Promise<OrderSlice>;
}

export type OrderSources = Record<OrderDirection, Partial<Record<OrderType, OrderSource>>>;

/** A source's own statuses under each common one. */
function statusMap<S extends OrderSourceStatus>(map: Record<OrderStatus, readonly S[]>) {
  return {
    sourceStatuses: (status: OrderStatus | undefined) => (status ? map[status] : undefined),
    commonStatus: (sourceStatus: S): OrderStatus => (Object.keys(map) as OrderStatus[]).find((key) => map[key].includes(sourceStatus))!,
  };
}

const paymentStatuses = statusMap<PaymentOrderStatus>({ pending: ['pending'], completed: ['paid'], closed: ['closed'] });
const transferStatuses = statusMap<TransferStatus>({
  pending: ['pending'],
  completed: ['confirmed'],
  closed: ['rejected', 'withdrawn', 'expired'],
});

const serviceStatuses = statusMap<ServiceOrderStatus>({
  pending: ['placed', 'paid', 'accepted', 'shot', 'delivered'],
  completed: ['completed'],
  closed: ['cancelled'],
});

/** A paid order refunded in part or in full, as its source status says it. */
function paidRefundState(amountFen: number, refundedFen: number): 'partlyRefunded' | 'refunded' {
  return refundStateOf(amountFen, refundedFen) === 'refunded' ? 'refunded' : 'partlyRefunded';
}

/** Flow recharges the person paid for: their payment orders of kind flowRecharge. */
function flowRechargeSource(recharge: RechargeService): OrderSource {
  return {
    async list(userId, filter, page) {
      const { rows, total, paid } = await recharge.ordersOfPayer(
        userId,
        'flowRecharge',
        { statuses: paymentStatuses.sourceStatuses(filter.status), from: filter.from, to: filter.to },
        page,
      );
      return {
        rows: rows.map((order) => ({
          id: `flow:${order.id}`,
          orderNo: order.orderNo,
          type: 'flow',
          item: { kind: 'flow', months: order.months },
          counterpart: null,
          provider: order.provider,
          amountFen: order.amountFen,
          refundedFen: order.refundedFen,
          status: paymentStatuses.commonStatus(order.status),
          sourceStatus:
            order.status === 'paid' && order.refundedFen > 0 ? paidRefundState(order.amountFen, order.refundedFen) : order.status,
          createdAt: order.createdAt,
          completedAt: order.paidAt,
        })),
        total,
        completed: paid,
      };
    },
  };
}

/**
 * Months of membership the person paid for (docs/membership.md "Paying"): each payment is booked when it is
 * made, so every one is completed. A QR payment not yet paid is a payment order, not a membership payment.
 */
function membershipSource(membership: MembershipService): OrderSource {
  return {
    async list(userId, filter, page) {
      if (filter.status && filter.status !== 'completed') return { rows: [], total: 0, completed: { count: 0, amountFen: 0 } };
      const { rows, total, completed } = await membership.payments.paymentsPage(
        userId,
        { from: filter.from, to: filter.to },
        page,
        filter.language ?? 'zh',
      );
      return {
        rows: rows.map((payment) => ({
          id: `membership:${payment.id}`,
          orderNo: payment.orderNo,
          type: 'membership',
          item: { kind: 'membership', months: payment.months, versionName: payment.versionName },
          counterpart: null,
          provider: payment.method === 'balance' ? null : payment.method,
          amountFen: payment.amountFen,
          refundedFen: 0,
          status: 'completed',
          sourceStatus: 'paid',
          createdAt: payment.paidAt,
          completedAt: payment.paidAt,
        })),
        total,
        completed,
      };
    },
  };
}

/** Targeted sales of works: bought (the receiver's side) or sold (the sender's). Distributions are free and not orders. */
function targetedSaleSource(transfers: TransfersService, side: 'receiver' | 'sender'): OrderSource {
  return {
    async list(userId, filter, page) {
      const { rows, total, confirmed } = await transfers.salesOf(
        userId,
        side,
        { statuses: transferStatuses.sourceStatuses(filter.status), from: filter.from, to: filter.to },
        page,
      );
      return {
        rows: rows.map((sale) => ({
          id: `orientation:${sale.id}`,
          orderNo: targetedSaleOrderNo(sale.id, sale.createdAt),
          type: 'orientation',
          item: { kind: 'work', workName: sale.workName, workUid: sale.workUid },
          counterpart: sale.counterpart,
          provider: null,
          amountFen: sale.price,
          refundedFen: 0,
          status: transferStatuses.commonStatus(sale.status),
          sourceStatus: sale.status,
          createdAt: sale.createdAt,
          completedAt: sale.status === 'confirmed' ? sale.answeredAt : null,
        })),
        total,
        completed: confirmed,
      };
    },
  };
}

/**
 * Service orders (docs/service-orders.md): placed by the person (consume; the counterpart is the provider
 * once one took it) or provided by them (income; the customer, and the income once completed).
 */
function serviceOrderSource(serviceOrders: ServiceOrdersService, side: 'customer' | 'provider'): OrderSource {
  return {
    async list(userId, filter, page) {
      const { rows, total, completed } = await serviceOrders.ordersPage(
        side,
        userId,
        { statuses: serviceStatuses.sourceStatuses(filter.status), from: filter.from, to: filter.to },
        page,
      );
      const people = await serviceOrders.partiesOf(rows);
      return {
        rows: rows.map((order) => {
          const other = side === 'customer' ? order.providerId : order.customerId;
          const person = other === null ? undefined : people.get(other);
          return {
            id: `serviceProvider:${order.id}`,
            orderNo: order.orderNo,
            type: 'serviceProvider',
            item: { kind: 'service', title: order.title, requirementType: order.requirementType },
            counterpart: person ? { uid: person.uid, name: person.name } : null,
            provider: null,
            amountFen: side === 'provider' && order.status === 'completed' ? (order.providerIncomeFen ?? 0) : order.priceFen,
            refundedFen: order.refundedFen,
            status: serviceStatuses.commonStatus(order.status),
            sourceStatus: order.status,
            createdAt: order.createdAt.getTime(),
            completedAt: order.completedAt?.getTime() ?? null,
          };
        }),
        total,
        completed,
      };
    },
  };
}

/** `T` + the UTC day it was sent + the transfer id: readable, sortable, and the same on both sides of the sale. */
export function targetedSaleOrderNo(id: number, createdAt: number): string {
  return `T${new Date(createdAt).toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
}

/** Orders whose source does not exist yet (the market): always an empty page. */
const noOrdersYet: OrderSource = {
  list: async () => ({ rows: [], total: 0, completed: { count: 0, amountFen: 0 } }),
};

export function createOrderSources(services: {
  recharge: RechargeService;
  transfers: TransfersService;
  membership: MembershipService;
  serviceOrders: ServiceOrdersService;
}): OrderSources {
  return {
    consume: {
      orientation: targetedSaleSource(services.transfers, 'receiver'),
      market: noOrdersYet,
      flow: flowRechargeSource(services.recharge),
      serviceProvider: serviceOrderSource(services.serviceOrders, 'customer'),
      membership: membershipSource(services.membership),
    },
    income: {
      orientation: targetedSaleSource(services.transfers, 'sender'),
      serviceProvider: serviceOrderSource(services.serviceOrders, 'provider'),
      market: noOrdersYet,
    },
  };
}
