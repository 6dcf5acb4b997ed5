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

/** What an order buys. Market and service orders arrive with their issue. */
export const PAYMENT_ORDER_KINDS = ['flowRecharge'] as const;
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

/** A recharge order as its payer sees it (nativePayNow and nativeUnifiedOrderQuery answer this). */
export interface FlowRechargeOrder {
  id: number;
  orderNo: string;
  provider: PaymentProvider;
  status: PaymentOrderStatus;
  months: number;
  amountFen: number;
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
  /** For a flow recharge: the months of traffic. */
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
