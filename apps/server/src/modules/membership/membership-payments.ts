import { randomBytes, randomUUID } from 'node:crypto';
import {
  fenToYuan,
  MEMBERSHIP_REMINDER_DAYS,
  MEMBERSHIP_RENEW_MONTHS,
  type Language,
  type MembershipItem,
  type MembershipPaymentItem,
  type MembershipPaymentMethod,
  type MembershipRenewal,
  type MembershipRenewalOptions,
  type MembershipRenewalRequest,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { BusinessCalendar } from '../../lib/business-time.js';
import { runIdempotent, type IdempotencyStore, type KeyedRow } from '../../lib/idempotency.js';
import type { Logger } from '../../lib/logger.js';
import { balanceShortfall, LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PaymentOrderRow, RechargeService } from '../recharge/index.js';
import type { UsersService } from '../users/index.js';
import { membershipItem, membershipNotice, nameOf, versionsById, type Actor } from './membership-views.js';
import type { MembershipPaymentRow, MembershipRepository, MembershipRow, VersionWithGroups } from './membership.repository.js';

const DAY_MS = 24 * 60 * 60_000;
/** Where the platform's membership income is booked. */
export const MEMBERSHIP_REVENUE = LedgerAccount.revenue('membership');
/** The ledger kind of a membership paid from the balance. */
const PAYMENT_KIND = 'membershipPayment';
/** How many payments `GET /api/c/membership` shows; the orders page lists them all. */
const PAYMENTS_SHOWN = 20;

/** A renewal to book: what pays it and what it buys. */
interface Renewal {
  userId: number;
  version: VersionWithGroups;
  months: number;
  method: MembershipPaymentMethod;
  automatic: boolean;
  /** The ledger reference of the movement that pays it: one period per reference. */
  reference: string;
  orderNo: string;
  paymentOrderId: number | null;
  idempotencyKey: string | null;
  requestFingerprint: string;
}

type KeyedPayment = KeyedRow & { payment: MembershipPaymentRow };

/**
 * Paying for a membership (docs/membership.md "Paying"): renewals from the balance or through a payment
 * order's QR code (fulfilled when the order is paid), auto-renew, and the notices and renewals the
 * membership job makes around the end of a period. Every renewal is one transaction: the ledger movement
 * (balance to `system:revenue:membership`), the longer membership, the payment row and the notice.
 */
export class MembershipPayments {
  constructor(
    private readonly repository: MembershipRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly ledger: LedgerService,
    private readonly recharge: RechargeService,
    private readonly calendar: BusinessCalendar,
    private readonly log: Pick<Logger, 'error' | 'warn' | 'info'>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** `POST /api/c/membership/renew`. */
  async renew(
    user: Actor,
    request: MembershipRenewalRequest,
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<MembershipRenewal> {
    const { months, method } = request;
    if (!(MEMBERSHIP_RENEW_MONTHS as readonly number[]).includes(months)) {
      throw fail('membershipRenewMonthsInvalid', { allowed: MEMBERSHIP_RENEW_MONTHS.join(', ') });
    }
    if (method !== 'balance') {
      this.recharge.driver(method);
      const order = await this.recharge.startPayment(user.id, method, `membership:${method}:${months}`, idempotencyKey, async () => {
        const { version, priceFen } = await this.renewable(user.id, months);
        return {
          kind: 'membership',
          amountFen: priceFen,
          months,
          subjectId: version.id,
          // Without the version's names: providers cap the description (WeChat at 127 characters).
          description: `Spatia 会员续费 ${months} 个月 / membership renewal, ${months} months`,
        };
      });
      return { ...(await this.renewalAnswer(user.id, language)), order };
    }
    await runIdempotent(this.paymentKeys, user.id, {
      key: idempotencyKey,
      fingerprint: `membership:balance:${months}`,
      now: this.now(),
      create: async () => {
        const { version, priceFen } = await this.renewable(user.id, months);
        const balanceFen = await this.balanceOf(user.id);
        if (balanceFen < priceFen) throw this.balanceShort(priceFen, balanceFen);
        try {
          await this.book({
            userId: user.id,
            version,
            months,
            method: 'balance',
            automatic: false,
            reference: `membership:${user.id}:${randomUUID()}`,
            orderNo: newMembershipOrderNo(this.now()),
            paymentOrderId: null,
            idempotencyKey: idempotencyKey ?? null,
            requestFingerprint: `membership:balance:${months}`,
          });
        } catch (error) {
          // Spent meanwhile: the movement, and everything with it, was rolled back.
          if (error instanceof AppError && error.messageKey === 'insufficientBalance') {
            throw this.balanceShort(priceFen, await this.balanceOf(user.id));
          }
          throw error;
        }
      },
      replay: () => undefined,
    });
    return { ...(await this.renewalAnswer(user.id, language)), order: null };
  }

  /** `PUT /api/c/membership/autoRenew`: only the holder's own active membership. */
  async setAutoRenew(user: Actor, autoRenew: boolean, language: Language): Promise<MembershipItem> {
    const row = await this.repository.db.transaction(async (tx) => {
      const active = await this.repository.lockActiveMembership(user.id, tx);
      if (!active) throw fail('membershipAutoRenewUnavailable');
      return this.repository.setAutoRenew(active.id, autoRenew, tx);
    });
    return membershipItem(row, await versionsById(this.repository, [row.versionId]), language);
  }

  /** What renewing would take, for `GET /api/c/membership`; null when the membership cannot be renewed. */
  async renewalOptions(userId: number, latest: MembershipRow | undefined, language: Language): Promise<MembershipRenewalOptions | null> {
    if (!latest || latest.status === 'revoked') return null;
    const version = await this.repository.findVersion(latest.versionId);
    if (!version || version.monthlyPriceFen <= 0) return null;
    const [balanceFen, debtFen] = await Promise.all([this.balanceOf(userId), this.ledger.debtOf(userId)]);
    return {
      versionId: version.id,
      versionName: nameOf(version, language),
      monthlyPriceFen: version.monthlyPriceFen,
      months: [...MEMBERSHIP_RENEW_MONTHS],
      providers: this.recharge.providers,
      balanceFen,
      debtFen,
    };
  }

  async latestPayments(userId: number, language: Language): Promise<MembershipPaymentItem[]> {
    const rows = await this.repository.paymentsOf(userId, PAYMENTS_SHOWN);
    const versions = await versionsById(
      this.repository,
      rows.map((row) => row.versionId),
    );
    return rows.map((row) => paymentItem(row, versions, language));
  }

  /** A page of the person's membership payments for the orders pages (docs/orders.md). */
  async paymentsPage(
    userId: number,
    range: { from?: Date; to?: Date },
    page: { limit: number; offset: number },
    language: Language,
  ): Promise<{ rows: MembershipPaymentItem[]; total: number; completed: { count: number; amountFen: number } }> {
    const { rows, total, completed } = await this.repository.paymentsPage(userId, range, page);
    const versions = await versionsById(
      this.repository,
      rows.map((row) => row.versionId),
    );
    return { rows: rows.map((row) => paymentItem(row, versions, language)), total, completed };
  }

  /**
   * Fulfils a paid payment order of kind `membership` (registered with the recharge module): its money is
   * on the balance, booked; the renewal pays from there (`membership:order:{orderNo}`). When the balance
   * no longer covers it (a debt settled first, or spent meanwhile), or the membership can no longer be
   * renewed, the money stays on the balance, the order counts as fulfilled, and the person is told.
   */
  readonly fulfilOrder = async (
    orderId: number,
    once: (work: (order: PaymentOrderRow, tx: Transaction) => Promise<void>) => Promise<boolean>,
  ): Promise<void> => {
    const outcome: {
      userId?: number;
      failure?: { reason: 'balance' | 'debt'; order: PaymentOrderRow; version: VersionWithGroups };
    } = {};
    const ran = await once(async (order, tx) => {
      outcome.userId = order.userId;
      const version = order.subjectId === null ? undefined : await this.repository.findVersion(order.subjectId, tx);
      const latest = await this.repository.latestMembershipOf(order.userId, tx);
      if (!version || !latest || latest.status === 'revoked' || latest.versionId !== version.id) {
        // Nothing to renew any more (revoked, or another version meanwhile): the money stays on the balance.
        this.log.warn({ orderNo: order.orderNo }, 'a paid membership order found nothing to renew; its money stays on the balance');
        return;
      }
      const balanceFen = await this.ledger.balance(LedgerAccount.balance(order.userId), tx);
      if (balanceFen < order.amountFen) {
        // A debt a refund left is settled first from the money that came in (docs/refunds.md).
        outcome.failure = { reason: (await this.ledger.hasOwed(order.userId, tx)) ? 'debt' : 'balance', order, version };
        return;
      }
      await this.bookWithin(tx, {
        userId: order.userId,
        version,
        months: order.months,
        method: order.provider,
        automatic: false,
        reference: `membership:order:${order.orderNo}`,
        orderNo: order.orderNo,
        paymentOrderId: order.id,
        idempotencyKey: null,
        requestFingerprint: '',
      });
    });
    const { failure, userId } = outcome;
    if (failure) await this.tellRenewalFailed(failure.order.userId, failure.version, failure.order.amountFen, failure.reason, false);
    else if (ran && userId !== undefined) await this.users.forgetCachedUser(userId);
  };

  // The job (membership.jobs.ts)

  /** Renews one month from the balance the memberships whose holder asked for it and whose end has come. */
  async autoRenewDue(): Promise<number> {
    const now = new Date(this.now());
    let renewed = 0;
    for (const row of await this.repository.dueForAutoRenewal(now)) {
      try {
        if (await this.autoRenew(row)) renewed += 1;
      } catch (error) {
        this.log.error({ err: error, membershipId: row.id }, 'renewing a membership automatically failed; the next run tries again');
      }
    }
    return renewed;
  }

  private async autoRenew(row: MembershipRow): Promise<boolean> {
    const version = await this.repository.findVersion(row.versionId);
    const priceFen = version?.monthlyPriceFen ?? 0;
    const [balanceFen, debtFen] = await Promise.all([this.balanceOf(row.userId), this.ledger.debtOf(row.userId)]);
    const reason = debtFen > 0 ? 'debt' : balanceFen < priceFen ? 'balance' : undefined;
    if (!version || priceFen <= 0 || reason) {
      // Told once per period (tried again each run, silently); the grace notice follows as for anyone whose period ended.
      const marked = await this.repository.db.transaction((tx) =>
        this.repository.markAutoRenewFailed(row.id, row.endsAt, new Date(this.now()), tx),
      );
      if (marked && version && priceFen > 0) await this.tellRenewalFailed(row.userId, version, priceFen, reason ?? 'balance', true);
      return false;
    }
    try {
      await this.book({
        userId: row.userId,
        version,
        months: 1,
        method: 'balance',
        automatic: true,
        // One automatic renewal per period, however often the job runs.
        reference: `membership:auto:${row.id}:${row.endsAt.getTime()}`,
        orderNo: newMembershipOrderNo(this.now()),
        paymentOrderId: null,
        idempotencyKey: null,
        requestFingerprint: '',
      });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'insufficientBalance') return false;
      throw error;
    }
  }

  /** Reminds each active membership's holder 7 and 1 days before its end, once each per period. */
  async remindDue(): Promise<number> {
    const now = this.now();
    const days = [...MEMBERSHIP_REMINDER_DAYS].sort((a, b) => b - a);
    const reminded = await this.repository.db.transaction(async (tx) => {
      const rows = await this.repository.lockDueReminders(new Date(now), days, tx);
      const versions = await versionsById(
        this.repository,
        rows.map((row) => row.versionId),
        tx,
      );
      let sent = 0;
      for (const row of rows) {
        const left = row.endsAt.getTime() - now;
        // The nearest reminder day reached: a period that begins 3 days before its end gets only the 1-day one.
        const due = days.filter((day) => left <= day * DAY_MS);
        const nearest = due.at(-1);
        if (nearest === undefined) continue;
        if (!row.remindedDays.includes(nearest)) {
          await this.notifications.notify(
            tx,
            membershipNotice(row.userId, 'membershipEndingSoon', versions.get(row.versionId), {
              endsAt: row.endsAt.getTime(),
              days: Math.max(1, Math.ceil(left / DAY_MS)),
              kind: row.kind,
            }),
          );
          sent += 1;
        }
        await this.repository.setRemindedDays(
          row.id,
          [...new Set([...row.remindedDays, ...due])].sort((a, b) => b - a),
          tx,
        );
      }
      return sent;
    });
    return reminded;
  }

  /** Tells each holder, once, that their period ended and the grace period runs. */
  async tellGraceDue(): Promise<number> {
    return this.repository.db.transaction(async (tx) => {
      const rows = await this.repository.markGraceDue(new Date(this.now()), tx);
      const versions = await versionsById(
        this.repository,
        rows.map((row) => row.versionId),
        tx,
      );
      for (const row of rows) {
        const item = membershipItem(row, versions, 'en');
        await this.notifications.notify(
          tx,
          membershipNotice(row.userId, 'membershipInGrace', versions.get(row.versionId), {
            endsAt: item.endsAt,
            graceEndsAt: item.graceEndsAt,
          }),
        );
      }
      return rows.length;
    });
  }

  // Helpers

  /** The membership the caller may renew, its version and the price of `months` of it; refused otherwise. */
  private async renewable(
    userId: number,
    months: number,
  ): Promise<{ latest: MembershipRow; version: VersionWithGroups; priceFen: number }> {
    const latest = await this.repository.latestMembershipOf(userId);
    if (!latest || latest.status === 'revoked') throw fail('membershipNothingToRenew');
    const version = await this.repository.findVersion(latest.versionId);
    if (!version) throw fail('membershipVersionGone');
    if (version.monthlyPriceFen <= 0) throw fail('membershipVersionFree');
    // While a refund's debt is open, the balance settles it before it buys anything (docs/refunds.md).
    const debtFen = await this.ledger.debtOf(userId);
    if (debtFen > 0) throw fail('debtOpen', { debt: fenToYuan(debtFen) });
    return { latest, version, priceFen: version.monthlyPriceFen * months };
  }

  private balanceShort(priceFen: number, balanceFen: number): AppError {
    return fail('membershipBalanceShort', balanceShortfall(priceFen, balanceFen));
  }

  private async book(renewal: Renewal): Promise<void> {
    await Promise.all([this.ledger.openUserAccounts(renewal.userId), this.ledger.openSystemAccount(MEMBERSHIP_REVENUE)]);
    await this.repository.db.transaction((tx) => this.bookWithin(tx, renewal));
    await this.users.forgetCachedUser(renewal.userId);
  }

  /**
   * The renewal in the caller's transaction: the holder's memberships are locked first (then the balance, by
   * the movement), so two renewals queue and the second extends where the first ended, lapsed or not.
   */
  private async bookWithin(tx: Transaction, renewal: Renewal): Promise<void> {
    const { userId, version, months } = renewal;
    const priceFen = version.monthlyPriceFen * months;
    await this.ledger.openSystemAccount(MEMBERSHIP_REVENUE, tx);
    // Every membership row of the holder, in id order, then the balance (by the movement): renewals of one
    // person queue on their oldest row, and each reads the membership the one before it left.
    await this.repository.lockMembershipsOf(userId, tx);
    const active = await this.repository.lockActiveMembership(userId, tx);
    const { replayed } = await this.ledger.post(
      {
        reference: renewal.reference,
        kind: PAYMENT_KIND,
        memo: renewal.orderNo,
        entries: [
          { account: LedgerAccount.balance(userId), amount: -priceFen },
          { account: MEMBERSHIP_REVENUE, amount: priceFen },
        ],
      },
      tx,
    );
    if (replayed) return;
    const now = new Date(this.now());
    let membership: MembershipRow;
    let periodStartsAt: Date;
    if (active && active.versionId === version.id) {
      // Active (or in its grace period): the months follow the period paid or given, without a gap.
      periodStartsAt = active.endsAt;
      membership = await this.repository.extendMembership(active.id, this.calendar.addMonths(active.endsAt, months), tx);
    } else {
      // Lapsed: a new paid membership from now. (Another version held now ends with it.)
      if (active) await this.repository.endMembership(active.id, 'expired', now, tx);
      periodStartsAt = now;
      membership = await this.repository.insertMembership(
        { userId, versionId: version.id, applicationId: null, kind: 'paid', startsAt: now, endsAt: this.calendar.addMonths(now, months) },
        tx,
      );
    }
    await this.repository.insertPayment(
      {
        orderNo: renewal.orderNo,
        userId,
        versionId: version.id,
        membershipId: membership.id,
        months,
        amountFen: priceFen,
        method: renewal.method,
        paymentOrderId: renewal.paymentOrderId,
        ledgerReference: renewal.reference,
        periodStartsAt,
        periodEndsAt: membership.endsAt,
        automatic: renewal.automatic,
        idempotencyKey: renewal.idempotencyKey,
        requestFingerprint: renewal.requestFingerprint,
      },
      tx,
    );
    await this.notifications.notify(
      tx,
      membershipNotice(userId, 'membershipRenewed', version, {
        months,
        price: priceFen,
        endsAt: membership.endsAt.getTime(),
        automatic: renewal.automatic ? 1 : 0,
      }),
    );
  }

  private async tellRenewalFailed(
    userId: number,
    version: VersionWithGroups | undefined,
    priceFen: number,
    reason: 'balance' | 'debt',
    automatic: boolean,
  ): Promise<void> {
    const balanceFen = await this.balanceOf(userId);
    await this.notifications.notify(
      this.repository.db,
      membershipNotice(userId, 'membershipRenewalFailed', version, {
        price: priceFen,
        balance: balanceFen,
        reason,
        automatic: automatic ? 1 : 0,
      }),
    );
  }

  private async renewalAnswer(userId: number, language: Language): Promise<Omit<MembershipRenewal, 'order'>> {
    const [latest, balanceFen] = await Promise.all([this.repository.latestMembershipOf(userId), this.balanceOf(userId)]);
    const membership = membershipItem(latest!, await versionsById(this.repository, [latest!.versionId]), language);
    return { membership, balanceFen };
  }

  private balanceOf(userId: number): Promise<number> {
    return this.ledger.balance(LedgerAccount.balance(userId));
  }

  /** The balance payments as the Idempotency-Key helper sees them. */
  private readonly paymentKeys: IdempotencyStore<KeyedPayment> = {
    findByIdempotencyKey: async (userId, key) => {
      const payment = await this.repository.paymentByIdempotencyKey(userId, key);
      return payment && { id: payment.id, createdAt: payment.createdAt, requestFingerprint: payment.requestFingerprint, payment };
    },
    releaseIdempotencyKey: (id) => this.repository.releasePaymentIdempotencyKey(id),
  };
}

function paymentItem(row: MembershipPaymentRow, versions: Map<number, VersionWithGroups>, language: Language): MembershipPaymentItem {
  const version = versions.get(row.versionId);
  return {
    id: row.id,
    orderNo: row.orderNo,
    versionName: version ? nameOf(version, language) : '',
    months: row.months,
    amountFen: row.amountFen,
    method: row.method as MembershipPaymentMethod,
    paidAt: row.createdAt.getTime(),
    periodStartsAt: row.periodStartsAt.getTime(),
    periodEndsAt: row.periodEndsAt.getTime(),
    automatic: row.automatic,
  };
}

/** `M` + UTC time to the second + 8 random hex digits, like a payment order's `R…` number. */
function newMembershipOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `M${stamp}${randomBytes(4).toString('hex')}`;
}
