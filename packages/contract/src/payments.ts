/**
 * Payments (docs/payments.md): what a person pays through a provider's QR checkout, and the flow
 * recharge it buys. Money is integer fen everywhere.
 */
import { defineErrors } from './errors.js';
import paymentErrors from './payments.errors.json' with { type: 'json' };

export const PAYMENT_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** pending: waiting to be paid; paid: booked in the ledger; closed: expired or closed unpaid. */
export const PAYMENT_ORDER_STATUSES = ['pending', 'paid', 'closed'] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];

/**
 * A refund's way (docs/refunds.md): pending while the provider moves the money, succeeded once it did (and
 * the ledger reversed it), failed when the provider refused it.
 */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/**
 * Who started a refund: an admin, the provider's own portal (found by reconciliation), or the system (a second
 * payment; a cancellation of what the order paid for, such as a service order).
 */
export const PAYMENT_REFUND_ORIGINS = ['admin', 'provider', 'duplicatePayment', 'cancellation'] as const;
export type PaymentRefundOrigin = (typeof PAYMENT_REFUND_ORIGINS)[number];

/** How much of a paid order went back: none, part or all of it. */
export const PAYMENT_REFUND_STATES = ['none', 'partlyRefunded', 'refunded'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

export function refundStateOf(amountFen: number, refundedFen: number): PaymentRefundState {
  if (refundedFen <= 0) return 'none';
  return refundedFen >= amountFen ? 'refunded' : 'partlyRefunded';
}

/** An admin's refund reason: required, at most this many characters (WeChat and Alipay take 80). */
export const REFUND_REASON_MAX_LENGTH = 80;

/** One refund of an order, as the back office shows it. */
export interface PaymentRefundView {
  id: number;
  refundNo: string;
  origin: PaymentRefundOrigin;
  status: PaymentRefundStatus;
  amountFen: number;
  reason: string;
  createdAt: number;
  succeededAt: number | null;
}

/** A recharge order in the back office: its payer, what was refunded and what can still be. */
export interface AdminRechargeOrder extends PaymentOrderCore {
  refundedFen: number;
  /** What an admin may still refund: the amount less what was refunded or is being refunded. */
  refundableFen: number;
  refundState: PaymentRefundState;
  payer: { id: number; uid: string; name: string };
  createdAt: number;
  paidAt: number | null;
  refunds: PaymentRefundView[];
}

/** What an order buys: a flow recharge, or months of the membership held (docs/membership.md). Market and service orders arrive with their issue. */
/**
 * What a payment order buys: traffic balance, a membership's months, a market purchase (the part the balance
 * did not cover), a service order (a shoot: its deposit or the whole), a targeted sale's price. Every kind
 * is credited to the payer's balance when paid; a kind other than flowRecharge is then fulfilled by its module.
 */
export const PAYMENT_ORDER_KINDS = ['flowRecharge', 'membership', 'market', 'serviceOrder', 'targetedSale'] as const;
export type PaymentOrderKind = (typeof PAYMENT_ORDER_KINDS)[number];

/** One line of the flow recharge price list: months of flow and what they cost. */
export interface FlowRechargePlan {
  months: number;
  feeFen: number;
}

/** The recharge page's data: the price list, the providers this site takes, and the current balance. */
export interface FlowRechargeOptions {
  plans: FlowRechargePlan[];
  providers: PaymentProvider[];
  balanceFen: number;
}

/** What every view of a payment order starts with. */
export interface PaymentOrderCore {
  id: number;
  orderNo: string;
  provider: PaymentProvider;
  status: PaymentOrderStatus;
  months: number;
  amountFen: number;
}

/** A recharge order as its payer sees it (nativePayNow and nativeUnifiedOrderQuery answer this). */
export interface FlowRechargeOrder extends PaymentOrderCore {
  /** What the pay QR code encodes; '' once the order is paid or closed. */
  codeUrl: string;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
  /** The payer's flow balance now, so the page shows it the moment the order is paid. */
  balanceFen: number;
}

export const SANDBOX_CHECKOUT_STATES = ['unpaid', 'paid', 'closed', 'expired'] as const;
export type SandboxCheckoutState = (typeof SANDBOX_CHECKOUT_STATES)[number];

/** What an order buys, for a checkout to name in its reader's language. */
export interface PaymentPurchase {
  kind: PaymentOrderKind;
  /** For a flow recharge: the plan's months; for a membership: the months renewed. */
  months: number;
}

/** What the sandbox's test checkout shows about the order its QR code names. */
export interface SandboxCheckout {
  orderNo: string;
  amountFen: number;
  /** The text the provider was given (both languages, as WeChat Pay and Alipay show one text to every payer). */
  description: string;
  /** What the order buys, which the checkout names in the reader's language; null for an order this site did not issue. */
  purchase: PaymentPurchase | null;
  state: SandboxCheckoutState;
  expiresAt: number;
}

/** How long a QR code can be paid. */
export const PAYMENT_ORDER_TTL_MINUTES = 15;
/** How long an Idempotency-Key header keeps answering with the order it created. */
export const IDEMPOTENCY_KEY_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 64;

/** Paying for a flow recharge (the recharge module): 160x. */
export const PaymentErrors = defineErrors(paymentErrors);
