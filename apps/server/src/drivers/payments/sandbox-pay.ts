import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MOBILE_PAY_FLOWS_OF, type MobileCheckout, type SandboxCheckout } from '@spatia/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxPayments, sandboxRefunds } from '../../modules/recharge/recharge.tables.js';
import {
  PaymentNotificationRefused,
  PaymentProviderError,
  assertMobilePaymentRequest,
  assertNativePaymentRequest,
  assertRefundRequest,
  type MobilePaymentRequest,
  type IncomingNotification,
  type NativeCheckout,
  type NativePaymentRequest,
  type NotificationReply,
  type PaymentDriver,
  type PaymentState,
  type ProviderNotice,
  type RefundRequest,
  type RefundState,
} from './payment-driver.js';

/** Notifications older or newer than this are refused, as WeChat Pay's are. */
const NOTIFICATION_WINDOW_MS = 300_000;
export const SANDBOX_CHECKOUT_PATH = '/mobile/sandboxPay/';

/**
 * The default provider: a test checkout that this server plays itself, clearly marked as such. Its QR
 * code opens the checkout page (`/mobile/sandboxPay/{orderNo}?sign=`) on any device; paying there
 * marks the sandbox's own books paid and hands back a notification signed with the server's secret
 * (HMAC-SHA256 over timestamp and body), which goes through the same verification, deduplication and
 * booking as WeChat's and Alipay's. Queries and closes answer from the sandbox's books, apart from our
 * orders, so reconciliation works against it as against a real provider.
 */
export class SandboxPayDriver implements PaymentDriver {
  readonly provider = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly secret: () => Promise<string>,
    /** An origin for the QR code's address (PUBLIC_URL); without one the address is relative to the page. */
    private readonly publicUrl: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async createNativePayment(request: NativePaymentRequest): Promise<NativeCheckout> {
    assertNativePaymentRequest(request);
    // Paying again reuses the order number, and the provider's books keep the first amount.
    await this.db
      .insert(sandboxPayments)
      .values({ orderNo: request.orderNo, amountFen: request.amountFen, description: request.description, expiresAt: request.expiresAt })
      .onConflictDoNothing();
    const path = `${SANDBOX_CHECKOUT_PATH}${request.orderNo}?sign=${await this.checkoutSignature(request.orderNo)}`;
    return { codeUrl: `${this.publicUrl ?? ''}${path}` };
  }

  /**
   * The same test checkout for a phone: a redirect to it, which goes back to `return` once paid. `return` is
   * a path of this site (an absolute return address on PUBLIC_URL is cut to its path): the checkout page
   * follows only a same-site path (starting with one `/`), so the sandbox never sends a payer elsewhere.
   */
  async createMobilePayment(request: MobilePaymentRequest): Promise<MobileCheckout> {
    assertMobilePaymentRequest('sandbox', MOBILE_PAY_FLOWS_OF.sandbox, request);
    const returnPath = sameSitePath(request.returnUrl, this.publicUrl);
    if (!returnPath) throw new RangeError(`the sandbox returns only to a path of this site, not ${request.returnUrl}`);
    const { codeUrl } = await this.createNativePayment(request);
    return { flow: 'redirect', url: `${codeUrl}&return=${encodeURIComponent(returnPath)}` };
  }

  /**
   * The checkout page's view of an order as the provider's books hold it (what it buys is ours to say:
   * the route adds it); undefined when the order or its signature is unknown.
   */
  async checkout(orderNo: string, sign: string): Promise<Omit<SandboxCheckout, 'purchase'> | undefined> {
    if (!(await this.signatureMatches(orderNo, sign))) return undefined;
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, orderNo));
    if (!row) return undefined;
    const expired = row.state === 'unpaid' && row.expiresAt.getTime() <= this.now();
    return {
      orderNo,
      amountFen: row.amountFen,
      description: row.description,
      state: expired ? 'expired' : row.state,
      expiresAt: row.expiresAt.getTime(),
    };
  }

  /**
   * The payer pays on the checkout page: the sandbox's books turn paid (once; paying twice answers the
   * first payment) and the notification the provider sends comes back, for delivery. Undefined when the
   * order cannot be paid (unknown, closed or expired).
   */
  async pay(orderNo: string, sign: string): Promise<IncomingNotification | undefined> {
    const checkout = await this.checkout(orderNo, sign);
    if (!checkout || checkout.state === 'closed' || checkout.state === 'expired') return undefined;
    const transactionId = `SBX${this.now()}${randomBytes(6).toString('hex')}`;
    await this.db
      .update(sandboxPayments)
      .set({ state: 'paid', transactionId, paidAt: new Date(this.now()) })
      .where(and(eq(sandboxPayments.orderNo, orderNo), eq(sandboxPayments.state, 'unpaid')));
    return this.notificationFor(await this.queryPayment(orderNo));
  }

  async verifyNotification(notification: IncomingNotification): Promise<PaymentState> {
    const notice = await this.verifyNotice(notification);
    if (notice.kind !== 'payment') throw new PaymentNotificationRefused('sandbox', 'a refund notice where a payment was expected');
    return notice.payment;
  }

  async verifyNotice(notification: IncomingNotification): Promise<ProviderNotice> {
    const timestamp = header(notification, 'x-sandbox-timestamp');
    const signature = header(notification, 'x-sandbox-signature');
    if (!timestamp || !signature) throw new PaymentNotificationRefused('sandbox', 'no signature');
    const expected = Buffer.from(await this.sign(`${timestamp}\n${notification.rawBody}\n`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new PaymentNotificationRefused('sandbox', 'bad signature');
    if (!/^\d{10}$/.test(timestamp) || Math.abs(this.now() - Number(timestamp) * 1000) > NOTIFICATION_WINDOW_MS) {
      throw new PaymentNotificationRefused('sandbox', 'timestamp outside the 300 s window');
    }
    return parseNotice(notification.rawBody);
  }

  /**
   * Refunds (part of) a paid transaction, at once, as its books allow: never more than is left of that
   * transaction, and the same refund number again answers that refund (another amount under it is refused).
   */
  async refund(request: RefundRequest): Promise<RefundState> {
    assertRefundRequest(request);
    const base = { orderNo: request.orderNo, refundNo: request.refundNo, amountFen: request.amountFen };
    return this.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, request.orderNo)).for('update');
      if (payment?.state !== 'paid') return { ...base, state: 'failed' as const };
      const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, request.refundNo));
      if (earlier) return { ...base, state: earlier.amountFen === request.amountFen ? ('succeeded' as const) : ('failed' as const) };
      const [{ refunded }] = (await tx
        .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountFen}), 0)::bigint` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.transactionId, request.transactionId))) as [{ refunded: number }];
      // The first payment is the books' own; a second one (payAgain) was of the same amount.
      if (Number(refunded) + request.amountFen > payment.amountFen) return { ...base, state: 'failed' as const };
      await tx.insert(sandboxRefunds).values({ ...base, transactionId: request.transactionId });
      return { ...base, state: 'succeeded' as const, providerRefundId: `SBXR${request.refundNo}` };
    });
  }

  async queryRefund(orderNo: string, refundNo: string): Promise<RefundState> {
    const [row] = await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, refundNo));
    if (row?.orderNo !== orderNo) throw new PaymentProviderError('sandbox', `no refund ${refundNo} of ${orderNo}`);
    return { orderNo, refundNo, state: 'succeeded', amountFen: row.amountFen, providerRefundId: `SBXR${refundNo}` };
  }

  /**
   * The operator refunds in the sandbox's "portal", not through this site: its books refund and its signed
   * refund notice comes back, for delivery (or to be lost, so that reconciliation finds the refund).
   */
  async portalRefund(orderNo: string, amountFen: number): Promise<IncomingNotification> {
    const [payment] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, orderNo));
    if (payment?.state !== 'paid' || !payment.transactionId) throw new RangeError(`sandbox order ${orderNo} is not paid`);
    const refundNo = `SBXP${this.now()}${randomBytes(4).toString('hex')}`;
    const refund = await this.refund({
      orderNo,
      transactionId: payment.transactionId,
      refundNo,
      amountFen,
      totalFen: payment.amountFen,
      reason: 'portal',
    });
    if (refund.state !== 'succeeded') throw new RangeError(`sandbox order ${orderNo} has less than ${amountFen} left to refund`);
    return this.signedNotice(JSON.stringify({ kind: 'refund', ...refund }));
  }

  /** The payer pays a paid order a second time (a test of what a provider may do): its notification, with a new transaction. */
  async payAgain(orderNo: string): Promise<IncomingNotification> {
    const first = await this.queryPayment(orderNo);
    if (first.state !== 'paid') throw new RangeError(`sandbox order ${orderNo} is not paid`);
    return this.notificationFor({ ...first, transactionId: `SBX${this.now()}${randomBytes(6).toString('hex')}` });
  }

  async queryPayment(orderNo: string): Promise<PaymentState> {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderNo, orderNo));
    if (row?.state === 'paid' && row.transactionId && row.paidAt) {
      const [{ refunded }] = (await this.db
        .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountFen}), 0)::bigint` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.transactionId, row.transactionId))) as [{ refunded: number }];
      const refundedFen = Number(refunded);
      return {
        orderNo,
        state: 'paid',
        transactionId: row.transactionId,
        amountFen: row.amountFen,
        paidAt: row.paidAt,
        ...(refundedFen > 0 ? { refunded: true, refundedFen } : {}),
      };
    }
    return { orderNo, state: row?.state === 'closed' ? 'closed' : 'unpaid' };
  }

  async closePayment(orderNo: string): Promise<void> {
    await this.db
      .update(sandboxPayments)
      .set({ state: 'closed' })
      .where(and(eq(sandboxPayments.orderNo, orderNo), sql`${sandboxPayments.state} = 'unpaid'`));
  }

  acknowledge(): NotificationReply {
    return { statusCode: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' };
  }

  refuse(reason: string): NotificationReply {
    return { statusCode: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }

  /** A signed notification of an order's state, as the sandbox sends it (`sentAt`: when it is stamped as sent). */
  async notificationFor(state: PaymentState, sentAt = this.now()): Promise<IncomingNotification> {
    return this.signedNotice(JSON.stringify(state.state === 'paid' ? { ...state, paidAt: state.paidAt.getTime() } : state), sentAt);
  }

  /** A signed notification of a refund, as the sandbox sends it. */
  refundNotificationFor(refund: RefundState, sentAt = this.now()): Promise<IncomingNotification> {
    return this.signedNotice(JSON.stringify({ kind: 'refund', ...refund }), sentAt);
  }

  private async signedNotice(rawBody: string, sentAt = this.now()): Promise<IncomingNotification> {
    const timestamp = String(Math.floor(sentAt / 1000));
    return {
      headers: { 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': await this.sign(`${timestamp}\n${rawBody}\n`) },
      rawBody,
    };
  }

  private async checkoutSignature(orderNo: string): Promise<string> {
    return (await this.sign(`checkout\n${orderNo}`)).slice(0, 32);
  }

  private async signatureMatches(orderNo: string, sign: string): Promise<boolean> {
    const expected = Buffer.from(await this.checkoutSignature(orderNo));
    const given = Buffer.from(sign);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async sign(message: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(message)
      .digest('hex');
  }
}

/** A path of this site (`/…`, never `//…`), from a path or an absolute address on `publicUrl`; undefined otherwise. */
export function sameSitePath(address: string, publicUrl: string | undefined): string | undefined {
  let path = address;
  if (publicUrl && address.startsWith(`${publicUrl}/`)) path = address.slice(publicUrl.length);
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : undefined;
}

function header(notification: IncomingNotification, name: string): string | undefined {
  const value = notification.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseNotice(rawBody: string): ProviderNotice {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new PaymentNotificationRefused('sandbox', 'body is not JSON');
  }
  const value = body as Record<string, unknown>;
  if (value.kind === 'refund') {
    const { orderNo, refundNo, state, amountFen } = value;
    if (typeof orderNo !== 'string' || typeof refundNo !== 'string' || !Number.isSafeInteger(amountFen) || (amountFen as number) < 1)
      throw new PaymentNotificationRefused('sandbox', 'a refund notice without order, refund number or amount');
    if (state !== 'pending' && state !== 'succeeded' && state !== 'failed')
      throw new PaymentNotificationRefused('sandbox', 'unknown refund state');
    return { kind: 'refund', refund: { orderNo, refundNo, state, amountFen: amountFen as number } };
  }
  return { kind: 'payment', payment: parseState(value) };
}

function parseState(value: Record<string, unknown>): PaymentState {
  if (typeof value.orderNo !== 'string') throw new PaymentNotificationRefused('sandbox', 'no order number');
  if (value.state === 'paid') {
    if (typeof value.transactionId !== 'string' || !Number.isSafeInteger(value.amountFen) || !Number.isSafeInteger(value.paidAt)) {
      throw new PaymentNotificationRefused('sandbox', 'a paid notification without transaction, amount or time');
    }
    return {
      orderNo: value.orderNo,
      state: 'paid',
      transactionId: value.transactionId,
      amountFen: value.amountFen as number,
      paidAt: new Date(value.paidAt as number),
    };
  }
  if (value.state === 'unpaid' || value.state === 'closed') return { orderNo: value.orderNo, state: value.state };
  throw new PaymentNotificationRefused('sandbox', 'unknown state');
}
