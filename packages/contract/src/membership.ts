import type { PermissionGroupNode } from './permission-tree.js';
import { defineErrors } from './errors.js';
import membershipErrors from './membership.errors.json' with { type: 'json' };

/** Membership versions and applications (spec 2.7, 3, 5; docs/membership.md). */

/** An application waits for an admin, who approves or rejects it; its applicant may withdraw it while it waits. */
export const MEMBERSHIP_APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type MembershipApplicationStatus = (typeof MEMBERSHIP_APPLICATION_STATUSES)[number];

/** A membership is active until it ends, by expiry (the job) or by an admin's revocation. */
export const MEMBERSHIP_STATUSES = ['active', 'expired', 'revoked'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A free trial (approval) or paid months (with payments, a later issue). */
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
}

/** `GET /api/c/membership`: my latest membership (any status; null when never had one) and my applications. */
export interface MyMembership {
  current: MembershipItem | null;
  applications: MembershipApplicationItem[];
  /** Whether this account has had its free trial. */
  trialUsed: boolean;
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
