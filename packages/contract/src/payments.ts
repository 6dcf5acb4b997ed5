/**
 * Payments (docs/payments.md): what a person pays through a provider's QR checkout, and the flow
 * recharge it buys. Money is integer fen everywhere.
 */
import { defineErrors } from './errors.js';

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
export const PaymentErrors = defineErrors({
  rechargePlanUnknown: { code: 1602, status: 400, zh: '没有 {months} 个月的充值套餐', en: 'There is no {months}-month recharge plan' },
  rechargeFeeMismatch: {
    code: 1603,
    status: 400,
    zh: '金额与价目表不符：{months} 个月为 {expected} 元，请刷新页面后重试',
    en: 'The fee does not match the price list: {months} {months:month costs|months cost} ¥{expected}. Please reload the page and try again',
  },
  paymentProviderUnavailable: { code: 1604, status: 400, zh: '本站暂不支持该支付方式', en: 'This site does not take this payment method' },
  paymentProviderFailed: {
    code: 1605,
    status: 502,
    zh: '支付服务暂时无法下单，请稍后重试',
    en: 'The payment service could not take the order. Please try again shortly',
  },
  paymentOrderNotPayable: {
    code: 1607,
    status: 409,
    zh: '该订单已关闭或已过期，不能再支付',
    en: 'This order is closed or expired and can no longer be paid',
  },
});
