/**
 * What can land in a person's inbox (the bell). Each kind has a zh and en message in the web app
 * (`notifications.json`) that names its `params`. Add a kind here before sending it.
 */
import type { Page } from './api.js';

export const NOTIFICATION_KINDS = [
  'membershipApproved',
  'membershipRejected',
  'membershipExpired',
  'membershipRevoked',
  'membershipEndingSoon',
  'membershipInGrace',
  'membershipRenewed',
  'membershipRenewalFailed',
  'identityApproved',
  'identityRejected',
  'workAuditPassed',
  'workAuditRejected',
  'transferReceived',
  'transferConfirmed',
  'transferRejected',
  'transferPaymentKept',
  'rechargePaid',
  'rechargeRefunded',
  'refundFoundAtProvider',
  'duplicatePaymentRefunded',
  'balanceLow',
  'servingPaused',
  'servingResumed',
  'budgetReached',
  'withdrawalApproved',
  'withdrawalRejected',
  'withdrawalPaid',
  'withdrawalFailed',
  'payoutAccountBound',
  // payouts that end (docs/withdrawals.md)
  'withdrawalConfirmInWechat',
  'withdrawalPayoutStuck',
  // the market (docs/market.md)
  'marketListingApproved',
  'marketListingRejected',
  'marketListingTakenOff',
  'marketSold',
  'marketPurchased',
  'marketPurchaseFailed',
  'marketPurchaseRefunded',
  'marketSaleRefunded',
  // service orders and signing (docs/service-orders.md)
  'serviceOrderPaid',
  'serviceOrderOpen',
  'serviceOrderAccepted',
  'serviceOrderAssigned',
  'serviceOrderDelivered',
  'serviceOrderCompleted',
  'serviceOrderCancelled',
  'serviceOrderExpired',
  'serviceOrderPaymentKept',
  'signingApproved',
  'signingRejected',
  'signingRevoked',
  // brand pages (docs/brand-pages.md)
  'leadReceived',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notice as the inbox shows it; the web app renders `kind` with `params` in the reader's language. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  params: Record<string, string | number>;
  /** A path in the web app, or '' when the notice leads nowhere. */
  link: string;
  read: boolean;
  createdAt: number;
}

/** A page of the inbox, with the reader's unread count beside it. */
export interface NotificationPage extends Page<NotificationItem> {
  unread: number;
}

export const NOTIFICATION_PAGE_SIZE_MAX = 50;
/** Read notices older than this are deleted by the daily `notifications.prune` job. */
export const NOTIFICATION_RETENTION_DAYS = 180;
