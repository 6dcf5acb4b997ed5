import type { DomainEvents } from '../../kernel/domain-events.js';
import { randomBytes } from 'node:crypto';
import {
  estimateServiceOrder,
  fenToYuan,
  isAdmin,
  isProvinceCode,
  provinceName,
  SERVICE_APPOINTMENT_DAYS_MAX,
  SERVICE_AREA_M2_MAX,
  SERVICE_COUPON_CODE_PATTERN,
  SERVICE_DELIVERY_WORKS_MAX,
  SERVICE_PAYMENT_PARTS,
  SERVICE_PLATFORM_FEE_BPS_MAX,
  SERVICE_REST_PAYABLE_STATUSES,
  SERVICE_SITE_COUNT_MAX,
  SERVICE_UNPAID_EXPIRY_MINUTES,
  WORK_PAGE_SIZE_MAX,
  type Language,
  type Page,
  type ProvinceCode,
  type ServiceAdminCancelRequest,
  type ServiceCoupon,
  type ServiceCouponCheck,
  type ServiceCouponCreate,
  type ServiceDeliverableWork,
  type ServiceDeliverRequest,
  type ServiceEstimateAnswer,
  type ServiceEstimateRequest,
  type ServiceOrderAction,
  type ServiceOrderDetail,
  type ServiceOrderItem,
  type ServiceOrderOptions,
  type ServiceOrderPlaceRequest,
  type ServiceOrderSettings,
  type ServiceOrderSide,
  type ServiceOrderStatus,
  type ServicePartySummary,
  type ServicePaymentAnswer,
  type ServicePaymentPart,
  type ServicePaymentRequest,
  type ServicePriceRule,
  type ServicePriceRuleUpdate,
  type ServiceRequirementType,
} from '@spatia/contract';
import type { Executor, Transaction } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { apiErrors, AppError, fail, type ErrorName } from '../../lib/app-error.js';
import { runIdempotent, type IdempotencyStore, type KeyedRow } from '../../lib/idempotency.js';
import type { Logger } from '../../lib/logger.js';
import { translate } from '../../lib/messages.js';
import type { AdminLogService } from '../admin-log/index.js';
import { balanceShortfall, LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ProcessingService } from '../processing/index.js';
import type { PaymentOrderRow, RechargeService, RefundsService } from '../recharge/index.js';
import type { SigningService } from '../signing/index.js';
import type { TransfersService } from '../transfers/index.js';
import { fileUrl } from '../uploads/index.js';
import type { UsersService } from '../users/index.js';
import type { Actor, WorksService } from '../works/index.js';
import type { ServiceCouponRow, ServiceOrderRow, ServiceOrdersRepository, ServicePriceRuleRow } from './service-orders.repository.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Orders one run of the expiry job looks at; the rest wait for the next minute. */
const EXPIRY_BATCH = 100;
/** The reason an order the expiry job cancelled shows, in both languages (it is stored once for every reader). */
export const SERVICE_UNPAID_EXPIRY_REASON = `超过 ${SERVICE_UNPAID_EXPIRY_MINUTES} 分钟未付款 / not paid within ${SERVICE_UNPAID_EXPIRY_MINUTES} minutes`;
/** Where the money of service orders waits from payment until the customer confirms (or a cancellation gives it back). */
export const SERVICE_ORDERS_HELD = 'system:serviceOrders:held';
export const SERVICE_ORDERS_REVENUE = LedgerAccount.revenue('serviceOrders');
/** The platform fee before an admin sets one: 10 %. */
const DEFAULT_PLATFORM_FEE_BPS = 1000;
/** A QR payment order of kind `serviceOrder` names the part it pays in its `months` column. */
const PART_CODES: Record<ServicePaymentPart, number> = { deposit: 1, whole: 2, rest: 3 };

type PageQuery = { pageNum: number; pageSize: number };
type KeyedOrder = KeyedRow & { order: ServiceOrderRow };
type CouponProblem = { key: ErrorName; params?: Record<string, string | number> };
const COUPON_UNKNOWN: CouponProblem = { key: 'serviceCouponUnknown' };

export interface ServiceOrdersDependencies {
  signing: SigningService;
  users: UsersService;
  works: WorksService;
  processing: ProcessingService;
  transfers: TransfersService;
  ledger: LedgerService;
  recharge: RechargeService;
  refunds: Pick<RefundsService, 'refundCancelled'>;
  notifications: NotificationsService;
  adminLog: AdminLogService;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** Tells the team of a payment and a refund in their transaction (docs/team.md). */
  events?: Pick<DomainEvents, 'publish'>;
}

/**
 * Service orders (docs/service-orders.md): placing (priced again on the server), paying a part from the
 * balance or by QR code into the held account (the coupon consumed in the same transaction), accepting (one
 * conditional update: one provider wins), shooting, delivering through work transfers, confirming (the
 * works handed over, the held money paid to the provider less the platform fee, in one transaction), and
 * cancelling with refunds to the balance. Admins set price rules, coupons and the fee, assign and cancel.
 */
export class ServiceOrdersService {
  constructor(
    private readonly repository: ServiceOrdersRepository,
    private readonly deps: ServiceOrdersDependencies,
    private readonly now: () => number = () => Date.now(),
  ) {
    deps.recharge.fulfilWith('serviceOrder', this.fulfilOrder);
    deps.signing.countOrdersWith((ids) => this.repository.providerCounts(ids));
  }

  // Public

  async options(): Promise<ServiceOrderOptions> {
    const rules = await this.repository.rules();
    return { rules: rules.filter((rule) => rule.enabled).map(ruleView), providers: this.deps.recharge.providers };
  }

  async estimate(request: ServiceEstimateRequest, actor: Actor | null, language: Language): Promise<ServiceEstimateAnswer> {
    const rule = await this.enabledRule(request.requirementType);
    const listed = estimateServiceOrder(ruleView(rule), request);
    if (!listed) throw quantityInvalid();
    const code = normaliseCode(request.couponCode);
    if (!code) return { ...listed, coupon: null };
    const coupon = await this.repository.findCouponByCode(code);
    const problem = coupon ? await this.couponProblem(coupon, listed.listPriceFen, actor?.id) : COUPON_UNKNOWN;
    const check: ServiceCouponCheck = {
      code,
      name: coupon?.name ?? '',
      applies: problem === null,
      discountFen: 0,
      problemCode: problem ? apiErrors[problem.key].code : null,
      problem: problem ? translate(problem.key, language, problem.params) : null,
    };
    if (problem || !coupon) return { ...listed, coupon: check };
    const priced = estimateServiceOrder(ruleView(rule), request, coupon)!;
    return { ...priced, coupon: { ...check, discountFen: priced.discountFen } };
  }

  // The customer

  async place(actor: Actor, request: ServiceOrderPlaceRequest, key: string | undefined, language: Language): Promise<ServiceOrderDetail> {
    const fingerprint = `serviceOrder:${JSON.stringify(request)}`;
    const row = await runIdempotent(this.orderKeys, actor.id, {
      key,
      fingerprint,
      now: this.now(),
      create: () => this.insertOrder(actor, request, key, fingerprint),
      replay: (keyed) => keyed.order,
    });
    return this.present(actor, row, language);
  }

  private async insertOrder(
    actor: Actor,
    request: ServiceOrderPlaceRequest,
    key: string | undefined,
    fingerprint: string,
  ): Promise<ServiceOrderRow> {
    const title = request.title.trim();
    const city = request.city.trim();
    const address = request.address.trim();
    if (!title || !city || !address) throw fail('serviceFieldsMissing');
    if (!isProvinceCode(request.provinceCode)) throw fail('serviceProvinceInvalid');
    const now = this.now();
    if (request.appointmentAt <= now || request.appointmentAt > now + SERVICE_APPOINTMENT_DAYS_MAX * DAY_MS) {
      throw fail('serviceAppointmentInvalid', { days: SERVICE_APPOINTMENT_DAYS_MAX });
    }
    const rule = await this.enabledRule(request.requirementType);
    const listed = estimateServiceOrder(ruleView(rule), request);
    if (!listed) throw quantityInvalid();
    const code = normaliseCode(request.couponCode);
    let coupon: ServiceCouponRow | undefined;
    if (code) {
      coupon = await this.repository.findCouponByCode(code);
      const problem = coupon ? await this.couponProblem(coupon, listed.listPriceFen, actor.id) : COUPON_UNKNOWN;
      if (problem) throw fail(problem.key, problem.params);
    }
    const priced = estimateServiceOrder(ruleView(rule), request, coupon)!;
    if (request.estimateFen !== undefined && request.estimateFen !== priced.priceFen) {
      throw fail('serviceEstimateStale', { price: fenToYuan(priced.priceFen) });
    }
    const bySites = request.pricing === 'sites';
    return this.repository.insertOrder({
      orderNo: newServiceOrderNo(now),
      customerId: actor.id,
      requirementType: request.requirementType,
      title,
      phone: request.phone,
      provinceCode: request.provinceCode,
      city,
      address,
      latitude: request.latitude ?? null,
      longitude: request.longitude ?? null,
      pricing: request.pricing,
      siteCount: bySites ? request.siteCount! : null,
      areaM2: bySites ? null : request.areaM2!,
      listPriceFen: priced.listPriceFen,
      discountFen: priced.discountFen,
      priceFen: priced.priceFen,
      depositFen: priced.depositFen,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      appointmentAt: new Date(request.appointmentAt),
      remark: request.remark?.trim() ?? '',
      createdAt: new Date(now),
      idempotencyKey: key ?? null,
      requestFingerprint: fingerprint,
    });
  }

  async listMine(
    actor: Actor,
    query: PageQuery & { as?: ServiceOrderSide; status?: ServiceOrderStatus },
    language: Language,
  ): Promise<Page<ServiceOrderItem>> {
    const { rows, total } = await this.repository.listOf(query.as ?? 'customer', actor.id, query.status, pageWindow(query));
    return { list: await this.items(rows, language), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async detail(actor: Actor, id: number, language: Language): Promise<ServiceOrderDetail> {
    const row = await this.repository.findOrder(id);
    if (!row || !(await this.maySee(actor, row))) throw fail('notFound');
    return this.present(actor, row, language);
  }

  async pay(
    actor: Actor,
    id: number,
    request: ServicePaymentRequest,
    key: string | undefined,
    language: Language,
  ): Promise<ServicePaymentAnswer> {
    const { part, method } = request;
    const order = await this.customerOrder(actor, id);
    this.refuseIfExpired(order);
    if (method !== 'balance') {
      this.deps.recharge.driver(method);
      const payment = await this.deps.recharge.startPayment(actor.id, method, `serviceOrder:${id}:${part}:${method}`, key, async () => {
        const current = await this.customerOrder(actor, id);
        this.refuseIfExpired(current);
        const amountFen = payableAmount(current, part);
        if (amountFen === null) throw fail('servicePartNotPayable');
        await this.refuseWhileInDebt(actor.id);
        return {
          kind: 'serviceOrder',
          amountFen,
          months: PART_CODES[part],
          subjectId: current.id,
          description: `Spatia 拍摄订单 ${current.orderNo} / shoot order ${current.orderNo}`,
        };
      });
      return {
        order: await this.present(actor, (await this.repository.findOrder(id))!, language),
        payment,
        balanceFen: await this.balanceOf(actor.id),
      };
    }
    const amountFen = payableAmount(order, part);
    if (amountFen === null) {
      // The same key again after the part was paid from the balance answers the order as it is.
      const paid = key
        ? (await this.repository.paymentsOf(id)).some((payment) => payment.part === part && payment.method === 'balance')
        : false;
      if (!paid) throw fail('servicePartNotPayable');
    } else {
      await this.refuseWhileInDebt(actor.id);
      await this.openAccounts(actor.id);
      let opened: boolean;
      try {
        opened = await this.repository.db.transaction(async (tx) => {
          const locked = (await this.repository.lockOrder(id, tx))!;
          this.refuseIfExpired(locked);
          const due = payableAmount(locked, part);
          if (due === null) throw fail('servicePartNotPayable');
          const problem = await this.paymentProblem(locked, tx);
          if (problem) throw fail(problem.key, problem.params);
          return this.bookPayment(tx, locked, part, due, 'balance', null, `serviceOrder:${id}:${part}`);
        });
      } catch (error) {
        if (error instanceof AppError && error.messageKey === 'insufficientBalance') {
          const balanceFen = await this.balanceOf(actor.id);
          throw fail('serviceBalanceShort', balanceShortfall(amountFen, balanceFen));
        }
        throw error;
      }
      if (opened) await this.tellProvidersOfOpenOrder(id);
    }
    const row = (await this.repository.findOrder(id))!;
    return { order: await this.present(actor, row, language), payment: null, balanceFen: await this.balanceOf(actor.id) };
  }

  /**
   * Fulfils a paid payment order of kind `serviceOrder` (registered with the recharge module): its money is
   * on the payer's balance, booked; the part it names pays from there (`serviceOrder:{id}:{part}:order:{orderNo}`).
   * When the part can no longer be paid (paid meanwhile, the order cancelled, the coupon used up, a debt
   * settled first), the money stays on the balance and the order counts as fulfilled (docs/service-orders.md).
   */
  readonly fulfilOrder = async (
    orderId: number,
    once: (work: (order: PaymentOrderRow, tx: Transaction) => Promise<void>) => Promise<boolean>,
  ): Promise<void> => {
    let opened: number | undefined;
    await once(async (payment, tx) => {
      const part = SERVICE_PAYMENT_PARTS.find((candidate) => PART_CODES[candidate] === payment.months);
      const order = payment.subjectId === null ? undefined : await this.repository.lockOrder(payment.subjectId, tx);
      if (!part || !order || order.customerId !== payment.userId) {
        this.deps.log.warn(
          { orderNo: payment.orderNo },
          'a paid service-order payment found no order to pay; its money stays on the balance',
        );
        return;
      }
      const due = payableAmount(order, part);
      const problem = due === payment.amountFen ? await this.paymentProblem(order, tx) : { key: 'servicePartNotPayable' as const };
      const balanceFen = await this.deps.ledger.balance(LedgerAccount.balance(payment.userId), tx);
      if (problem || balanceFen < payment.amountFen) {
        this.deps.log.warn(
          { orderNo: payment.orderNo, serviceOrderNo: order.orderNo, problem: problem?.key ?? 'balance' },
          'a paid service-order payment cannot pay its part; its money stays on the balance',
        );
        // The customer learns where the money is and why, as a kept sale payment says (transferPaymentKept).
        await this.deps.notifications.notify(tx, {
          userId: order.customerId,
          kind: 'serviceOrderPaymentKept',
          params: {
            orderNo: order.orderNo,
            title: order.title,
            price: payment.amountFen,
            balance: balanceFen,
            reason:
              order.status === 'cancelled'
                ? 'cancelled'
                : problem && problem.key !== 'servicePartNotPayable'
                  ? 'coupon'
                  : problem
                    ? 'paid'
                    : 'balance',
          },
          link: `/serviceOrder/${order.id}`,
        });
        return;
      }
      await this.deps.ledger.openSystemAccount(SERVICE_ORDERS_HELD, tx);
      if (
        await this.bookPayment(
          tx,
          order,
          part,
          payment.amountFen,
          payment.provider,
          payment.id,
          `serviceOrder:${order.id}:${part}:order:${payment.orderNo}`,
        )
      ) {
        opened = order.id;
      }
    });
    if (opened !== undefined) await this.tellProvidersOfOpenOrder(opened);
  };

  /**
   * The expiry job (every minute): a placed order nothing was paid of, placed more than
   * SERVICE_UNPAID_EXPIRY_MINUTES ago, is cancelled: its coupon reservation given back, its customer told.
   * Its QR payment orders are settled first (closed at the provider, or booked when paid after all); one
   * that can still be paid keeps the order until its time is up. The cancellation locks the order and checks
   * it is still unpaid, as every payment does under the same lock: a payment and the expiry never both win;
   * money that arrives afterwards stays on the balance and the customer is told (`serviceOrderPaymentKept`).
   */
  async expireUnpaid(): Promise<{ expired: number; waiting: number }> {
    const cutoff = new Date(this.now() - SERVICE_UNPAID_EXPIRY_MINUTES * MINUTE_MS);
    const due = await this.repository.unpaidPlacedBefore(cutoff, EXPIRY_BATCH);
    let expired = 0;
    let waiting = 0;
    for (const candidate of due) {
      try {
        const { open } = await this.deps.recharge.settleOpenOrdersOf(candidate.customerId, 'serviceOrder', candidate.id);
        if (open) {
          waiting += 1;
          continue;
        }
        const cancelled = await this.repository.db.transaction(async (tx) => {
          const order = await this.repository.lockOrder(candidate.id, tx);
          if (!order || order.status !== 'placed' || order.paidFen > 0) return false;
          await this.cancelWithin(tx, order, SERVICE_UNPAID_EXPIRY_REASON, 0, 'expiry');
          await this.deps.notifications.notify(tx, {
            userId: order.customerId,
            kind: 'serviceOrderExpired',
            params: { orderNo: order.orderNo, title: order.title, minutes: SERVICE_UNPAID_EXPIRY_MINUTES },
            link: `/serviceOrder/${order.id}`,
          });
          return true;
        });
        if (cancelled) expired += 1;
      } catch (error) {
        // One order's trouble must not stop the others'; the next run tries again.
        this.deps.log.error({ err: error, serviceOrderId: candidate.id }, 'expiring an unpaid service order failed');
      }
    }
    if (expired > 0 || waiting > 0) this.deps.log.info({ expired, waiting }, 'unpaid service orders expired');
    return { expired, waiting };
  }

  async cancel(actor: Actor, id: number, reason: string, language: Language): Promise<ServiceOrderDetail> {
    await this.customerOrder(actor, id);
    const row = await this.repository.db.transaction(async (tx) => {
      const order = (await this.repository.lockOrder(id, tx))!;
      if (order.status !== 'placed' && order.status !== 'paid') throw fail('serviceOrderWrongState');
      return this.cancelWithin(tx, order, reason.trim(), order.paidFen, 'customer');
    });
    await this.refundQrPart(row, reason.trim());
    return this.present(actor, row, language);
  }

  async confirm(actor: Actor, id: number, language: Language): Promise<ServiceOrderDetail> {
    const before = await this.customerOrder(actor, id);
    await this.openPayoutAccounts(before.providerId);
    const row = await this.repository.db.transaction(async (tx) => {
      const order = (await this.repository.lockOrder(id, tx))!;
      if (order.status !== 'delivered') throw fail('serviceOrderWrongState');
      if (order.paidFen < order.priceFen) throw fail('serviceRestUnpaid', { rest: fenToYuan(order.priceFen - order.paidFen) });
      const deliveries = await this.repository.deliveriesOf(id, tx);
      const settled = await this.deps.transfers.settleForOrder(
        deliveries.map((delivery) => delivery.transferId),
        order.customerId,
        tx,
      );
      if (!settled) throw fail('serviceDeliveryLapsed');
      const feeBps = (await this.repository.platformFeeBps(tx)) ?? DEFAULT_PLATFORM_FEE_BPS;
      const platformFeeFen = Math.floor((order.paidFen * feeBps) / 10_000);
      const providerIncomeFen = order.paidFen - platformFeeFen;
      await this.deps.ledger.post(
        {
          reference: `serviceOrder:${id}:complete`,
          kind: 'serviceOrderIncome',
          memo: order.title,
          entries: [
            { account: SERVICE_ORDERS_HELD, amount: -order.paidFen },
            { account: LedgerAccount.income(order.providerId!), amount: providerIncomeFen },
            ...(platformFeeFen > 0 ? [{ account: SERVICE_ORDERS_REVENUE, amount: platformFeeFen }] : []),
          ].filter((entry) => entry.amount !== 0),
        },
        tx,
      );
      const completed = await this.repository.updateOrder(
        id,
        { status: 'completed', completedAt: new Date(this.now()), platformFeeFen, providerIncomeFen },
        tx,
      );
      await this.deps.notifications.notify(tx, {
        userId: order.providerId!,
        kind: 'serviceOrderCompleted',
        params: { orderNo: order.orderNo, title: order.title, price: providerIncomeFen },
        link: `/serviceOrder/${order.id}`,
      });
      return completed;
    });
    return this.present(actor, row, language);
  }

  // The provider

  async listOpen(actor: Actor, query: PageQuery, language: Language): Promise<Page<ServiceOrderItem>> {
    const provider = await this.deps.signing.activeProvider(actor.id);
    if (!provider) throw fail('serviceProviderNotSigned');
    const { rows, total } = await this.repository.listOpen(provider.provinceCodes, actor.id, pageWindow(query));
    return { list: await this.items(rows, language), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async accept(actor: Actor, id: number, language: Language): Promise<ServiceOrderDetail> {
    const provider = await this.deps.signing.activeProvider(actor.id);
    if (!provider) throw fail('serviceProviderNotSigned');
    const order = await this.repository.findOrder(id);
    if (!order) throw fail('notFound');
    if (order.customerId === actor.id) throw fail('serviceOrderOwn');
    if (!provider.provinceCodes.includes(order.provinceCode as ProvinceCode)) throw fail('serviceOrderOutsideArea');
    const row = await this.take(order, actor.id);
    return this.present(actor, row, language);
  }

  async markShot(actor: Actor, id: number, language: Language): Promise<ServiceOrderDetail> {
    const row = await this.repository.db.transaction(async (tx) => {
      const order = await this.repository.lockOrder(id, tx);
      if (!order || order.providerId !== actor.id) throw fail('notFound');
      if (order.status !== 'accepted') throw fail('serviceOrderWrongState');
      return this.repository.updateOrder(id, { status: 'shot', shotAt: new Date(this.now()) }, tx);
    });
    return this.present(actor, row, language);
  }

  async deliverableWorks(actor: Actor, id: number): Promise<ServiceDeliverableWork[]> {
    const order = await this.providerOrder(actor, id);
    if (!(await this.mayDeliver(order))) throw fail('serviceOrderWrongState');
    const uid = (await this.deps.users.findPublicProfiles([actor.id])).get(actor.id)?.uid ?? '';
    const page = await this.deps.works.list(actor, uid, { pageNum: 1, pageSize: WORK_PAGE_SIZE_MAX });
    const candidates = page.list.filter((work) => !work.pendingTransfer);
    const ids = await this.deps.works.idsByUid(candidates.map((work) => work.uid));
    const processed = await this.deps.processing.ofWorks([...ids.values()]);
    return candidates
      .filter((work) => processed.get(ids.get(work.uid)!)?.publishedRunId)
      .map((work) => ({ uid: work.uid, name: work.name, type: work.type, coverUrl: work.coverUrl }));
  }

  async deliver(actor: Actor, id: number, request: ServiceDeliverRequest, language: Language): Promise<ServiceOrderDetail> {
    const order = await this.providerOrder(actor, id);
    if (!(await this.mayDeliver(order))) throw fail('serviceOrderWrongState');
    const uids = [...new Set(request.workUids)];
    const invalid = () => fail('serviceDeliveryWorksInvalid', { max: SERVICE_DELIVERY_WORKS_MAX });
    if (uids.length === 0 || uids.length > SERVICE_DELIVERY_WORKS_MAX) throw invalid();
    const works = [];
    for (const uid of uids) {
      const work = await this.deps.works.findByUid(uid);
      if (!work || work.ownerId !== actor.id || work.deletedAt || !(await this.deps.processing.published(work.id))) throw invalid();
      works.push(work);
    }
    // Each work is offered in its own transaction (the transfers module's); a failure withdraws those offered before it.
    const offered: { transferId: number; workId: number; workName: string }[] = [];
    try {
      for (const work of works) {
        const transfer = await this.deps.transfers.offerForOrder(actor, work.uid, order.customerId);
        offered.push({ transferId: transfer.id, workId: work.id, workName: work.name });
      }
    } catch (error) {
      if (offered.length) {
        await this.repository.db.transaction((tx) =>
          this.deps.transfers.withdrawForOrder(
            offered.map((item) => item.transferId),
            tx,
          ),
        );
      }
      if (error instanceof AppError && error.messageKey === 'workLocked') throw invalid();
      throw error;
    }
    const row = await this.repository.db.transaction(async (tx) => {
      const locked = (await this.repository.lockOrder(id, tx))!;
      if (locked.providerId !== actor.id || !['accepted', 'shot', 'delivered'].includes(locked.status)) {
        await this.deps.transfers.withdrawForOrder(
          offered.map((item) => item.transferId),
          tx,
        );
        throw fail('serviceOrderWrongState');
      }
      const earlier = await this.repository.deliveriesOf(id, tx);
      await this.deps.transfers.withdrawForOrder(
        earlier.map((delivery) => delivery.transferId),
        tx,
      );
      await this.repository.clearDeliveries(id, tx);
      await this.repository.insertDeliveries(
        offered.map((item) => ({ orderId: id, ...item })),
        tx,
      );
      const at = new Date(this.now());
      const delivered = await this.repository.updateOrder(
        id,
        { status: 'delivered', deliveredAt: at, shotAt: locked.shotAt ?? at, deliveryNote: request.note?.trim() ?? '' },
        tx,
      );
      await this.deps.notifications.notify(tx, {
        userId: locked.customerId,
        kind: 'serviceOrderDelivered',
        params: { orderNo: locked.orderNo, title: locked.title, count: offered.length },
        link: `/serviceOrder/${locked.id}`,
      });
      return delivered;
    });
    return this.present(actor, row, language);
  }

  // The back office

  async listAll(query: PageQuery & { status?: ServiceOrderStatus; keyword?: string }, language: Language): Promise<Page<ServiceOrderItem>> {
    const { rows, total } = await this.repository.listAll(query, pageWindow(query));
    return { list: await this.items(rows, language), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async assign(admin: Actor, id: number, providerUid: string, language: Language): Promise<ServiceOrderDetail> {
    const providerId = await this.deps.users.findIdByUid(providerUid);
    const provider = providerId === undefined ? undefined : await this.deps.signing.activeProvider(providerId);
    if (!provider) throw fail('serviceAssigneeInvalid');
    const order = await this.repository.findOrder(id);
    if (!order) throw fail('notFound');
    if (order.customerId === provider.userId) throw fail('serviceOrderOwn');
    const row = await this.take(order, provider.userId, admin);
    return this.present(admin, row, language);
  }

  async adminCancel(admin: Actor, id: number, request: ServiceAdminCancelRequest, language: Language): Promise<ServiceOrderDetail> {
    const reason = request.reason.trim();
    if (!reason) throw fail('serviceReasonMissing');
    await this.openPayoutAccounts((await this.repository.findOrder(id))?.providerId ?? null);
    const row = await this.repository.db.transaction(async (tx) => {
      const order = await this.repository.lockOrder(id, tx);
      if (!order) throw fail('notFound');
      if (order.status === 'completed' || order.status === 'cancelled') throw fail('serviceOrderWrongState');
      const refundFen = request.refundFen ?? order.paidFen;
      if (refundFen > order.paidFen) throw fail('serviceRefundTooMuch', { paid: fenToYuan(order.paidFen) });
      const cancelled = await this.cancelWithin(tx, order, reason, refundFen, 'admin');
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'serviceOrder.cancel',
        targetType: 'serviceOrder',
        targetId: id,
        before: { orderNo: order.orderNo, status: order.status, amountFen: order.paidFen },
        after: { status: 'cancelled', reason, refundedFen: refundFen },
      });
      return cancelled;
    });
    await this.refundQrPart(row, reason);
    return this.present(admin, row, language);
  }

  async priceRules(): Promise<ServicePriceRule[]> {
    return (await this.repository.rules()).map(ruleView);
  }

  async setPriceRule(admin: Actor, requirementType: ServiceRequirementType, rule: ServicePriceRuleUpdate): Promise<ServicePriceRule> {
    if (rule.pricePerSiteFen === 0 && rule.pricePerM2Fen === 0 && rule.minimumFen === 0) {
      throw fail('servicePriceRuleInvalid', { detail: 'a price per site, per m² or a minimum is needed' });
    }
    const saved = await this.repository.db.transaction(async (tx) => {
      const before = await this.repository.rule(requirementType, tx);
      const row = await this.repository.saveRule({ requirementType, ...rule }, tx);
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'servicePriceRule.update',
        targetType: 'servicePriceRule',
        targetId: requirementType,
        before: before ? ruleLog(ruleView(before)) : null,
        after: ruleLog(ruleView(row)),
      });
      return row;
    });
    return ruleView(saved);
  }

  async settings(): Promise<ServiceOrderSettings> {
    return { platformFeeBps: (await this.repository.platformFeeBps()) ?? DEFAULT_PLATFORM_FEE_BPS };
  }

  async setSettings(admin: Actor, settings: ServiceOrderSettings): Promise<ServiceOrderSettings> {
    const { platformFeeBps } = settings;
    if (!Number.isInteger(platformFeeBps) || platformFeeBps < 0 || platformFeeBps > SERVICE_PLATFORM_FEE_BPS_MAX) {
      throw fail('servicePlatformFeeInvalid', { max: SERVICE_PLATFORM_FEE_BPS_MAX });
    }
    await this.repository.db.transaction(async (tx) => {
      const before = (await this.repository.platformFeeBps(tx)) ?? DEFAULT_PLATFORM_FEE_BPS;
      await this.repository.setPlatformFeeBps(platformFeeBps, tx);
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'serviceOrderSettings.update',
        targetType: 'serviceOrderSettings',
        targetId: 1,
        before: { platformFeeBps: before },
        after: { platformFeeBps },
      });
    });
    return { platformFeeBps };
  }

  async coupons(query: PageQuery): Promise<Page<ServiceCoupon>> {
    const { rows, total } = await this.repository.coupons(pageWindow(query));
    return { list: rows.map(couponView), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async createCoupon(admin: Actor, request: ServiceCouponCreate): Promise<ServiceCoupon> {
    const name = request.name.trim();
    const code = normaliseCode(request.code) || newCouponCode();
    const invalid = (detail: string) => fail('serviceCouponInvalid', { detail });
    if (!SERVICE_COUPON_CODE_PATTERN.test(code)) throw invalid('code: 4–20 letters and digits');
    if (!name) throw invalid('name');
    if (request.kind === 'amount' && request.amountOffFen <= 0) throw invalid('amountOffFen');
    if (request.kind === 'percent' && (request.percentOff < 1 || request.percentOff > 99)) throw invalid('percentOff');
    if (request.validUntil <= request.validFrom) throw invalid('validUntil');
    const row = await this.repository.db
      .transaction(async (tx) => {
        const created = await this.repository.insertCoupon(
          {
            code,
            name,
            kind: request.kind,
            amountOffFen: request.kind === 'amount' ? request.amountOffFen : 0,
            percentOff: request.kind === 'percent' ? request.percentOff : 0,
            minSpendFen: request.minSpendFen,
            validFrom: new Date(request.validFrom),
            validUntil: new Date(request.validUntil),
            perUserLimit: request.perUserLimit,
            totalLimit: request.totalLimit,
            createdAt: new Date(this.now()),
            createdBy: admin.id,
          },
          tx,
        );
        await this.deps.adminLog.record(tx, {
          adminUserId: admin.id,
          action: 'serviceCoupon.create',
          targetType: 'serviceCoupon',
          targetId: created.id,
          after: { code, kind: request.kind, amountFen: created.amountOffFen },
        });
        return created;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw fail('serviceCouponCodeTaken');
        throw error;
      });
    return couponView(row);
  }

  async setCouponEnabled(admin: Actor, id: number, enabled: boolean): Promise<ServiceCoupon> {
    const row = await this.repository.db.transaction(async (tx) => {
      const updated = await this.repository.setCouponEnabled(id, enabled, tx);
      if (!updated) throw fail('notFound');
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'serviceCoupon.update',
        targetType: 'serviceCoupon',
        targetId: id,
        before: { code: updated.code },
        after: { enabled },
      });
      return updated;
    });
    return couponView(row);
  }

  // The orders pages (docs/orders.md)

  ordersPage(...args: Parameters<ServiceOrdersRepository['ordersPage']>) {
    return this.repository.ordersPage(...args);
  }

  async partiesOf(rows: readonly ServiceOrderRow[]): Promise<Map<number, ServicePartySummary>> {
    return this.deps.users.findPublicProfiles(
      rows.flatMap((row) => (row.providerId === null ? [row.customerId] : [row.customerId, row.providerId])),
    );
  }

  // Helpers

  private async enabledRule(requirementType: ServiceRequirementType): Promise<ServicePriceRuleRow> {
    const rule = await this.repository.rule(requirementType);
    if (!rule?.enabled) throw fail('serviceTypeUnavailable');
    return rule;
  }

  /** Why the coupon cannot be used on an order of this list price by this person now (null: it can). */
  private async couponProblem(
    coupon: ServiceCouponRow,
    listPriceFen: number,
    userId: number | undefined,
    executor: Executor = this.repository.db,
  ): Promise<CouponProblem | null> {
    const now = this.now();
    if (!coupon.enabled) return { key: 'serviceCouponDisabled' };
    if (now < coupon.validFrom.getTime()) return { key: 'serviceCouponNotStarted' };
    if (now >= coupon.validUntil.getTime()) return { key: 'serviceCouponExpired' };
    if (listPriceFen < coupon.minSpendFen) return { key: 'serviceCouponMinSpend', params: { minSpend: fenToYuan(coupon.minSpendFen) } };
    if (coupon.totalLimit > 0 && coupon.usedCount >= coupon.totalLimit) return { key: 'serviceCouponUsedUp' };
    if (userId !== undefined && (await this.repository.redemptionsBy(coupon.id, userId, executor)) >= coupon.perUserLimit) {
      return { key: 'serviceCouponUserLimit' };
    }
    return null;
  }

  /**
   * What keeps a part of a locked order from being paid now, beyond its amount: its coupon, which the
   * first payment consumes. The coupon row is locked here, so two payments using it queue and the second
   * sees the first's redemption (per-user and total limits hold under concurrency).
   */
  private async paymentProblem(order: ServiceOrderRow, tx: Transaction): Promise<CouponProblem | null> {
    if (order.couponId === null || order.paidFen > 0 || (await this.repository.hasRedemption(order.id, tx))) return null;
    const coupon = await this.repository.lockCoupon(order.couponId, tx);
    if (!coupon) return { key: 'serviceCouponUnknown' };
    return this.couponProblem(coupon, order.listPriceFen, order.customerId, tx);
  }

  /** Books a part paid from the customer's balance into the held account. Answers whether the order became paid (open to providers). */
  private async bookPayment(
    tx: Transaction,
    order: ServiceOrderRow,
    part: ServicePaymentPart,
    amountFen: number,
    method: string,
    paymentOrderId: number | null,
    reference: string,
  ): Promise<boolean> {
    await this.deps.ledger.post(
      {
        reference,
        kind: 'serviceOrderPayment',
        memo: order.orderNo,
        entries: [
          { account: LedgerAccount.balance(order.customerId), amount: -amountFen },
          { account: SERVICE_ORDERS_HELD, amount: amountFen },
        ],
      },
      tx,
    );
    if (order.couponId !== null && order.paidFen === 0) {
      await this.repository.redeem(
        { couponId: order.couponId, userId: order.customerId, orderId: order.id, discountFen: order.discountFen },
        tx,
      );
    }
    await this.repository.insertPayment({ orderId: order.id, part, amountFen, method, paymentOrderId, ledgerReference: reference }, tx);
    // Only a part paid by QR is money that came in for this order: the balance's was rewarded when it was recharged (docs/team.md).
    if (paymentOrderId !== null) {
      const paid = { reference, orderNo: order.orderNo, payerUserId: order.customerId, amountFen, paidAt: this.now() };
      await this.deps.events?.publish(tx, 'serviceOrder.paid', paid);
    }
    const opens = order.status === 'placed';
    await this.repository.updateOrder(
      order.id,
      { paidFen: order.paidFen + amountFen, ...(opens ? { status: 'paid' as const, paidAt: new Date(this.now()) } : {}) },
      tx,
    );
    await this.deps.notifications.notify(tx, {
      userId: order.customerId,
      kind: 'serviceOrderPaid',
      params: { orderNo: order.orderNo, title: order.title, price: amountFen, part },
      link: `/serviceOrder/${order.id}`,
    });
    return opens;
  }

  /** Cancels a locked order: `refundFen` of what was paid back to the customer's balance, the rest to the provider (or the platform). */
  private async cancelWithin(
    tx: Transaction,
    order: ServiceOrderRow,
    reason: string,
    refundFen: number,
    by: 'customer' | 'admin' | 'expiry',
  ): Promise<ServiceOrderRow> {
    const kept = order.paidFen - refundFen;
    if (order.paidFen > 0) {
      await this.deps.ledger.post(
        {
          reference: `serviceOrder:${order.id}:cancel`,
          kind: 'serviceOrderRefund',
          memo: order.orderNo,
          entries: [
            { account: SERVICE_ORDERS_HELD, amount: -order.paidFen },
            { account: LedgerAccount.balance(order.customerId), amount: refundFen },
            { account: order.providerId === null ? SERVICE_ORDERS_REVENUE : LedgerAccount.income(order.providerId), amount: kept },
          ].filter((entry) => entry.amount !== 0),
        },
        tx,
      );
    }
    if (refundFen > 0)
      await this.deps.events?.publish(tx, 'serviceOrder.refunded', {
        orderNo: order.orderNo,
        refundReference: `serviceOrder:${order.id}:cancel`,
        amountFen: refundFen,
      });
    await this.repository.releaseRedemption(order.id, tx);
    const deliveries = await this.repository.deliveriesOf(order.id, tx);
    await this.deps.transfers.withdrawForOrder(
      deliveries.map((delivery) => delivery.transferId),
      tx,
    );
    const cancelled = await this.repository.updateOrder(
      order.id,
      {
        status: 'cancelled',
        cancelledAt: new Date(this.now()),
        cancelReason: reason,
        refundedFen: refundFen,
        providerIncomeFen: order.providerId === null ? null : kept,
      },
      tx,
    );
    const notice = {
      kind: 'serviceOrderCancelled' as const,
      params: { orderNo: order.orderNo, title: order.title, price: refundFen, reason },
    };
    if (by === 'admin')
      await this.deps.notifications.notify(tx, { userId: order.customerId, ...notice, link: `/serviceOrder/${order.id}` });
    if (order.providerId !== null)
      await this.deps.notifications.notify(tx, { userId: order.providerId, ...notice, link: `/serviceOrder/${order.id}` });
    return cancelled;
  }

  /**
   * After a cancellation committed (its refund on the customer's balance): the part of the refund that QR
   * payments paid goes back to the payer's card through the refunds of payments (docs/refunds.md), which
   * take it from the balance again once the provider confirms; the latest payments first, each at most what
   * it paid. A provider's refusal leaves the money on the balance (an admin may refund the payment order
   * from the recharge orders' screen) and is logged.
   */
  private async refundQrPart(order: ServiceOrderRow, reason: string): Promise<void> {
    let left = order.refundedFen;
    if (left <= 0) return;
    const payments = await this.repository.paymentsOf(order.id);
    for (const payment of [...payments].reverse()) {
      if (left <= 0) break;
      if (payment.paymentOrderId === null) continue;
      const amountFen = Math.min(left, payment.amountFen);
      left -= amountFen;
      try {
        const outcome = await this.deps.refunds.refundCancelled(payment.paymentOrderId, amountFen, reason || order.orderNo);
        if (outcome === 'failed') throw new Error('the provider refused the refund');
      } catch (error) {
        this.deps.log.error(
          { err: error, serviceOrderNo: order.orderNo, paymentOrderId: payment.paymentOrderId },
          "refunding a cancelled service order's QR payment through its provider failed; the money stays on the balance",
        );
      }
    }
  }

  /** One conditional update gives the order to the provider; the loser learns why. */
  private async take(order: ServiceOrderRow, providerId: number, admin?: Actor): Promise<ServiceOrderRow> {
    const [names] = await Promise.all([this.deps.users.findPublicProfiles([providerId])]);
    return this.repository.db.transaction(async (tx) => {
      const taken = await this.repository.take(order.id, providerId, new Date(this.now()), tx);
      if (!taken) {
        const current = (await this.repository.findOrder(order.id, tx))!;
        if (current.status === 'paid' || current.providerId !== null) throw fail('serviceOrderTaken');
        throw fail('serviceOrderWrongState');
      }
      await this.deps.notifications.notify(tx, {
        userId: taken.customerId,
        kind: 'serviceOrderAccepted',
        params: { orderNo: taken.orderNo, title: taken.title, provider: names.get(providerId)?.name ?? '' },
        link: `/serviceOrder/${taken.id}`,
      });
      if (admin) {
        await this.deps.notifications.notify(tx, {
          userId: providerId,
          kind: 'serviceOrderAssigned',
          params: { orderNo: taken.orderNo, title: taken.title },
          link: `/serviceOrder/${taken.id}`,
        });
        await this.deps.adminLog.record(tx, {
          adminUserId: admin.id,
          action: 'serviceOrder.assign',
          targetType: 'serviceOrder',
          targetId: taken.id,
          before: { orderNo: taken.orderNo, status: 'paid' },
          after: { status: 'accepted', providerId },
        });
      }
      return taken;
    });
  }

  /** Tells each active provider serving the order's province that it is open (after the payment committed). */
  private async tellProvidersOfOpenOrder(id: number): Promise<void> {
    try {
      const order = await this.repository.findOrder(id);
      if (!order || order.status !== 'paid' || order.providerId !== null) return;
      const providers = await this.deps.signing.activeProviderIdsIn(order.provinceCode);
      const others = providers.filter((providerId) => providerId !== order.customerId);
      if (others.length === 0) return;
      await this.repository.db.transaction(async (tx) => {
        for (const userId of others) {
          await this.deps.notifications.notify(tx, {
            userId,
            kind: 'serviceOrderOpen',
            params: {
              orderNo: order.orderNo,
              title: order.title,
              provinceZh: provinceName(order.provinceCode, 'zh'),
              provinceEn: provinceName(order.provinceCode, 'en'),
            },
            link: '/signed/index',
          });
        }
      });
    } catch (error) {
      this.deps.log.error({ err: error, serviceOrderId: id }, 'telling providers of an open service order failed');
    }
  }

  private async customerOrder(actor: Actor, id: number): Promise<ServiceOrderRow> {
    const order = await this.repository.findOrder(id);
    if (!order || order.customerId !== actor.id) throw fail('notFound');
    return order;
  }

  private async providerOrder(actor: Actor, id: number): Promise<ServiceOrderRow> {
    const order = await this.repository.findOrder(id);
    if (!order || order.providerId !== actor.id) throw fail('notFound');
    return order;
  }

  /** Delivering is open from acceptance until the customer confirms; a delivery still waiting must lapse first. */
  private async mayDeliver(order: ServiceOrderRow): Promise<boolean> {
    if (order.status === 'accepted' || order.status === 'shot') return true;
    if (order.status !== 'delivered') return false;
    return this.deliveryLapsed(order);
  }

  private async deliveryLapsed(order: ServiceOrderRow): Promise<boolean> {
    const deliveries = await this.repository.deliveriesOf(order.id);
    const statuses = await this.deps.transfers.statusesOf(deliveries.map((delivery) => delivery.transferId));
    return deliveries.some((delivery) => {
      const status = statuses.get(delivery.transferId);
      return status !== 'pending' && status !== 'confirmed';
    });
  }

  private async maySee(actor: Actor, order: ServiceOrderRow): Promise<boolean> {
    if (isAdmin(actor) || order.customerId === actor.id || order.providerId === actor.id) return true;
    // A signed provider sees an order open in their provinces, to decide whether to take it.
    if (order.status !== 'paid' || order.providerId !== null) return false;
    const provider = await this.deps.signing.activeProvider(actor.id);
    return provider?.provinceCodes.includes(order.provinceCode as ProvinceCode) ?? false;
  }

  /** A placed order past its time to pay is being cancelled by the expiry job: no payment starts on it. */
  private refuseIfExpired(order: ServiceOrderRow): void {
    if (order.status !== 'placed' || order.paidFen > 0) return;
    if (order.createdAt.getTime() <= this.now() - SERVICE_UNPAID_EXPIRY_MINUTES * MINUTE_MS) {
      throw fail('serviceOrderUnpaidExpired', { minutes: SERVICE_UNPAID_EXPIRY_MINUTES });
    }
  }

  private async refuseWhileInDebt(userId: number): Promise<void> {
    // While a refund's debt is open, the balance settles it before it buys anything (docs/refunds.md).
    const debtFen = await this.deps.ledger.debtOf(userId);
    if (debtFen > 0) throw fail('debtOpen', { debt: fenToYuan(debtFen) });
  }

  private async openAccounts(userId: number): Promise<void> {
    await Promise.all([this.deps.ledger.openUserAccounts(userId), this.deps.ledger.openSystemAccount(SERVICE_ORDERS_HELD)]);
  }

  /** The accounts a completion or a cancellation may pay into, opened before its transaction. */
  private async openPayoutAccounts(providerId: number | null): Promise<void> {
    await this.deps.ledger.openSystemAccount(SERVICE_ORDERS_REVENUE);
    await this.deps.ledger.openSystemAccount(SERVICE_ORDERS_HELD);
    if (providerId !== null) await this.deps.ledger.openUserAccounts(providerId);
  }

  private balanceOf(userId: number): Promise<number> {
    return this.deps.ledger.balance(LedgerAccount.balance(userId));
  }

  private async items(rows: readonly ServiceOrderRow[], _language: Language): Promise<ServiceOrderItem[]> {
    const people = await this.partiesOf(rows);
    return rows.map((row) => itemView(row, people));
  }

  private async present(actor: Actor, row: ServiceOrderRow, language: Language): Promise<ServiceOrderDetail> {
    const [[item], deliveries] = await Promise.all([this.items([row], language), this.repository.deliveriesOf(row.id)]);
    const works = await this.deps.works.findByIds(deliveries.map((delivery) => delivery.workId));
    const isCustomer = row.customerId === actor.id;
    const isProvider = row.providerId === actor.id;
    const payable = isCustomer ? nextPayable(row) : null;
    const actions: ServiceOrderAction[] = [];
    if (payable) actions.push('pay');
    if (isCustomer && (row.status === 'placed' || row.status === 'paid')) actions.push('cancel');
    if (isCustomer && row.status === 'delivered' && row.paidFen >= row.priceFen) actions.push('confirm');
    if (!isCustomer && row.status === 'paid' && row.providerId === null && (await this.deps.signing.activeProvider(actor.id)))
      actions.push('accept');
    if (isProvider && row.status === 'accepted') actions.push('markShot');
    if (isProvider && (await this.mayDeliver(row))) actions.push('deliver');
    if (isAdmin(actor) && row.status !== 'completed' && row.status !== 'cancelled') actions.push('adminCancel');
    if (isAdmin(actor) && row.status === 'paid' && row.providerId === null) actions.push('adminAssign');
    // The customer's phone is for the provider who took the order, not for everyone it is open to.
    const showsContact = isCustomer || isProvider || isAdmin(actor);
    return {
      ...item!,
      phone: showsContact ? row.phone : '',
      address: row.address,
      latitude: row.latitude,
      longitude: row.longitude,
      remark: row.remark,
      couponCode: row.couponCode,
      payable,
      actions,
      cancelReason: row.cancelReason,
      paidAt: row.paidAt?.getTime() ?? null,
      acceptedAt: row.acceptedAt?.getTime() ?? null,
      shotAt: row.shotAt?.getTime() ?? null,
      deliveredAt: row.deliveredAt?.getTime() ?? null,
      completedAt: row.completedAt?.getTime() ?? null,
      cancelledAt: row.cancelledAt?.getTime() ?? null,
      deliveryNote: row.deliveryNote,
      deliveredWorks: deliveries.map((delivery) => {
        const work = works.get(delivery.workId);
        return {
          uid: work?.uid ?? '',
          name: delivery.workName,
          coverUrl: work ? fileUrl(work.coverKey) : '',
          transferId: delivery.transferId,
        };
      }),
      providerIncomeFen: row.providerIncomeFen,
    };
  }

  private readonly orderKeys: IdempotencyStore<KeyedOrder> = {
    findByIdempotencyKey: async (userId, key) => {
      const order = await this.repository.findByIdempotencyKey(userId, key);
      return order && { id: order.id, createdAt: order.createdAt, requestFingerprint: order.requestFingerprint, order };
    },
    releaseIdempotencyKey: (id) => this.repository.releaseIdempotencyKey(id),
  };
}

/** What a part costs now, or null when the order cannot take that part now. */
export function payableAmount(
  order: Pick<ServiceOrderRow, 'status' | 'paidFen' | 'priceFen' | 'depositFen'>,
  part: ServicePaymentPart,
): number | null {
  switch (part) {
    case 'deposit':
      return order.status === 'placed' && order.paidFen === 0 && order.depositFen < order.priceFen ? order.depositFen : null;
    case 'whole':
      return order.status === 'placed' && order.paidFen === 0 ? order.priceFen : null;
    case 'rest':
      return SERVICE_REST_PAYABLE_STATUSES.includes(order.status) && order.paidFen > 0 && order.paidFen < order.priceFen
        ? order.priceFen - order.paidFen
        : null;
  }
}

/** The part the customer would pay next: the deposit first where there is one (the whole is payable too), else the whole, or the rest. */
function nextPayable(order: ServiceOrderRow): { part: ServicePaymentPart; amountFen: number } | null {
  for (const part of ['deposit', 'whole', 'rest'] as const) {
    const amountFen = payableAmount(order, part);
    if (amountFen !== null) return { part, amountFen };
  }
  return null;
}

function itemView(row: ServiceOrderRow, people: Map<number, ServicePartySummary>): ServiceOrderItem {
  const party = (id: number | null) => {
    const found = id === null ? undefined : people.get(id);
    return found ? { uid: found.uid, name: found.name, avatarUrl: found.avatarUrl } : { uid: '', name: '', avatarUrl: '' };
  };
  return {
    id: row.id,
    orderNo: row.orderNo,
    requirementType: row.requirementType,
    title: row.title,
    provinceCode: row.provinceCode as ProvinceCode,
    city: row.city,
    pricing: row.pricing,
    siteCount: row.siteCount,
    areaM2: row.areaM2,
    listPriceFen: row.listPriceFen,
    discountFen: row.discountFen,
    priceFen: row.priceFen,
    depositFen: row.depositFen,
    paidFen: row.paidFen - row.refundedFen,
    refundedFen: row.refundedFen,
    status: row.status,
    appointmentAt: row.appointmentAt.getTime(),
    createdAt: row.createdAt.getTime(),
    customer: party(row.customerId),
    provider: row.providerId === null ? null : party(row.providerId),
  };
}

function ruleView(row: ServicePriceRuleRow): ServicePriceRule {
  return {
    requirementType: row.requirementType,
    pricePerSiteFen: row.pricePerSiteFen,
    pricePerM2Fen: row.pricePerM2Fen,
    minimumFen: row.minimumFen,
    depositBps: row.depositBps,
    enabled: row.enabled,
  };
}

function ruleLog(rule: ServicePriceRule) {
  return { ...rule };
}

function couponView(row: ServiceCouponRow): ServiceCoupon {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    amountOffFen: row.amountOffFen,
    percentOff: row.percentOff,
    minSpendFen: row.minSpendFen,
    validFrom: row.validFrom.getTime(),
    validUntil: row.validUntil.getTime(),
    perUserLimit: row.perUserLimit,
    totalLimit: row.totalLimit,
    usedCount: row.usedCount,
    enabled: row.enabled,
    createdAt: row.createdAt.getTime(),
  };
}

function quantityInvalid(): AppError {
  return fail('serviceQuantityInvalid', { max: SERVICE_SITE_COUNT_MAX, maxArea: SERVICE_AREA_M2_MAX });
}

function normaliseCode(code: string | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize };
}

/** `S` + UTC time to the second + 8 random hex digits, like a payment order's `R…` number. */
function newServiceOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `S${stamp}${randomBytes(4).toString('hex')}`;
}

/** 10 capital letters and digits, without the ones easily confused (0/O, 1/I). */
function newCouponCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
