import type { PermissionGroupNode } from './permission-tree.js';
import { defineErrors } from './errors.js';

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
export const MembershipErrors = defineErrors({
  membershipCompanyNameMissing: { code: 2101, status: 400, zh: '请填写主体名称', en: 'please fill in the entity name' },
  membershipNameAndPhoneMissing: { code: 2102, status: 400, zh: '请填写姓名和电话', en: 'please fill in name and phone' },
  membershipVersionMissing: { code: 2103, status: 400, zh: '请选择会员版本', en: 'please choose a membership version' },
  membershipLicenceMissing: {
    code: 2104,
    status: 400,
    zh: '请上传营业执照、登记证书或身份证图片',
    en: 'please upload a business licence, registration certificate or ID',
  },
  membershipLicenceInvalid: {
    code: 2105,
    status: 400,
    zh: '证件图片须是您通过本平台上传的图片，请重新上传',
    en: 'The licence images must be images you uploaded here. Upload them again',
  },
  membershipPhoneMismatch: {
    code: 2106,
    status: 400,
    zh: '电话须与账号绑定的手机号一致',
    en: 'The phone must be the phone number of your account',
  },
  membershipVersionUnavailable: {
    code: 2107,
    status: 404,
    zh: '该会员版本不存在或已下架',
    en: 'This membership version does not exist or is no longer offered',
  },
  membershipTrialUsedByUser: { code: 2108, status: 409, zh: '您的账号已使用过免费试用', en: 'Your account has already had its free trial' },
  membershipTrialUsedByLicence: {
    code: 2109,
    status: 409,
    zh: '该证件已用于一次免费试用',
    en: 'This licence was already used for a free trial',
  },
  membershipApplicationPending: {
    code: 2110,
    status: 409,
    zh: '您已有一个正在审核的申请，请等待审核结果',
    en: 'you already have an application under review',
  },
  membershipApplicationDecided: {
    code: 2111,
    status: 409,
    zh: '该申请已处理，不能再操作',
    en: 'This application has already been decided',
  },
  membershipVersionInUse: {
    code: 2112,
    status: 409,
    zh: '该版本仍有会员在使用或有待审核的申请，不能删除',
    en: 'Members hold this version or applications for it are under review: it cannot be removed',
  },
  membershipNotActive: { code: 2113, status: 409, zh: '该用户当前没有有效的会员', en: 'This user has no active membership' },
  membershipNoTrial: {
    code: 2114,
    status: 409,
    zh: '该版本没有免费试用，付费开通将随支付功能提供',
    en: 'This version has no free trial; paid months come with payments',
  },
});
