import type { PermissionGroupNode } from './permission-tree.js';
import { defineErrors } from './errors.js';
import type { FlowRechargeOrder, PaymentProvider } from './payments.js';
import membershipErrors from './membership.errors.json' with { type: 'json' };

/** Membership versions and applications (spec 2.7, 3, 5; docs/membership.md). */

/** An application waits for an admin, who approves or rejects it; its applicant may withdraw it while it waits. */
export const MEMBERSHIP_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type MembershipApplicationStatus = (typeof MEMBERSHIP_APPLICATION_STATUSES)[number];

/** A membership is active until it ends, by expiry (the job) or by an admin's revocation. */
export const MEMBERSHIP_STATUSES = ['active', 'expired', 'revoked'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A free trial (approval) or paid months (a renewal paid from the balance or by a payment QR code). */
export const MEMBERSHIP_KINDS = ['trial', 'paid'] as const;
export type MembershipKind = (typeof MEMBERSHIP_KINDS)[number];

export const MEMBERSHIP_TRIAL_DAYS_MAX = 365;
export const MEMBERSHIP_LICENCE_IMAGES_MAX = 6;
/** The largest licence image `POST /api/c/upload` takes. */
export const MEMBERSHIP_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const MEMBERSHIP_COMPANY_NAME_MAX = 100;
export const MEMBERSHIP_PERSON_NAME_MAX = 40;
export const MEMBERSHIP_REASON_MAX = 200;
export const MEMBERSHIP_VERSION_NAME_MAX = 40;
export const MEMBERSHIP_PRICE_TAGS_MAX = 10;
export const MEMBERSHIP_PRICE_TAG_LABEL_MAX = 20;
export const MEMBERSHIP_PRICE_TAG_VALUE_MAX = 40;
export const MEMBERSHIP_MONTHLY_PRICE_MAX_FEN = 100_000_000;

/** Version list item (spec 3): in the caller's language. */
export interface MembershipVersionItem {
  id: number;
  identityName: string;
}

export interface MembershipPriceTag {
  label: string;
  value: string;
}

/** Version detail (spec 3): price tags and permission groups, in the caller's language. */
export interface MembershipVersionDetail extends MembershipVersionItem {
  priceTags: MembershipPriceTag[];
  permGroups: PermissionGroupNode[];
  monthlyPriceFen: number;
  trialDays: number;
}

/** The spec's serialised object of an application (`jsonExtras`), as the server keeps it. */
export interface MembershipApplicationExtras {
  licenceImages: string[];
  companyName: string;
  name: string;
  phone: string;
}

export interface MembershipApplicationItem {
  id: number;
  versionId: number;
  versionName: string;
  status: MembershipApplicationStatus;
  reason: string;
  companyName: string;
  name: string;
  phone: string;
  /** Links that open the images for an hour (they are private). */
  licenceImages: string[];
  createdAt: number;
  decidedAt: number | null;
}

export interface MembershipItem {
  id: number;
  versionId: number;
  versionName: string;
  kind: MembershipKind;
  status: MembershipStatus;
  startsAt: number;
  endsAt: number;
  /** `endsAt` + the grace period: until then an active membership keeps its features (docs/membership.md "Paying"). */
  graceEndsAt: number;
  /** Renew one month from the balance by itself when the period ends. */
  autoRenew: boolean;
}

/** Months a renewal may buy, and what a month of the version costs. */
export const MEMBERSHIP_RENEW_MONTHS = [1, 3, 6, 12] as const;
/** Days after its end that an unpaid membership keeps its features, so a renewal a little late loses nothing. */
export const MEMBERSHIP_GRACE_DAYS = 7;
/** Days before the end of a trial or a paid period at which the holder is reminded, once each. */
export const MEMBERSHIP_REMINDER_DAYS = [7, 1] as const;

/** How a renewal is paid: from the flow balance, or by a provider's QR code. */
export type MembershipPaymentMethod = 'balance' | PaymentProvider;

/** `POST /api/c/membership/renew` (JSON or form): months of the version held, and how to pay. Takes an `Idempotency-Key` header. */
export interface MembershipRenewalRequest {
  months: number;
  method: MembershipPaymentMethod;
}

/**
 * The answer of a renewal. From the balance: the membership as it is now and `order` null. By QR code: the
 * payment order to show and poll (`GET /api/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery`), `membership`
 * as it was; the payment, once booked, renews the membership by itself.
 */
export interface MembershipRenewal {
  membership: MembershipItem;
  order: FlowRechargeOrder | null;
  balanceFen: number;
}

/** What renewing the membership held would take, for the page's renew panel (null in `MyMembership` when it cannot be renewed). */
export interface MembershipRenewalOptions {
  versionId: number;
  versionName: string;
  monthlyPriceFen: number;
  months: readonly number[];
  /** The providers this site takes for a QR payment, in the order the page offers them. */
  providers: PaymentProvider[];
  balanceFen: number;
  /** What a refund left owing: while above zero, renewing is refused (the next recharge settles it). */
  debtFen: number;
}

/** One paid period: a renewal from the balance, or a QR payment booked. */
export interface MembershipPaymentItem {
  id: number;
  /** `M…` for a balance payment, the payment order's `R…` for a QR payment. */
  orderNo: string;
  versionName: string;
  months: number;
  amountFen: number;
  method: MembershipPaymentMethod;
  paidAt: number;
  /** The period the payment bought. */
  periodStartsAt: number;
  periodEndsAt: number;
  /** Renewed by the job from the balance (auto-renew), not by the person. */
  automatic: boolean;
}

/** `GET /api/c/membership`: my latest membership (any status; null when never had one) and my applications. */
export interface MyMembership {
  current: MembershipItem | null;
  applications: MembershipApplicationItem[];
  /** Whether this account has had its free trial. */
  trialUsed: boolean;
  /** Null when there is nothing to renew: no membership yet, a revoked one, or a version that is gone. */
  renewal: MembershipRenewalOptions | null;
  /** The latest payments for memberships, newest first (at most 20; the orders page lists them all). */
  payments: MembershipPaymentItem[];
}

/** `PUT /api/c/membership/autoRenew` `{autoRenew}`: answers the membership. */
export interface MembershipAutoRenewRequest {
  autoRenew: boolean;
}

/** A version as the back office edits it (both languages). */
export interface AdminMembershipVersion {
  id: number;
  identityNameZh: string;
  identityNameEn: string;
  priceTags: { labelZh: string; labelEn: string; value: string }[];
  groupCodes: string[];
  monthlyPriceFen: number;
  trialDays: number;
  sortOrder: number;
  visible: boolean;
  /** Users holding it now, and applications for it waiting: while either is non-zero it cannot be removed. */
  activeMembers: number;
  pendingApplications: number;
}

export type AdminMembershipVersionInput = Omit<AdminMembershipVersion, 'id' | 'activeMembers' | 'pendingApplications'>;

export interface AdminMembershipApplication extends MembershipApplicationItem {
  applicant: { uid: string; name: string; avatarUrl: string };
  decidedBy: string | null;
}

/** Membership applications and versions (the membership module): 21xx. */
export const MembershipErrors = defineErrors(membershipErrors);
