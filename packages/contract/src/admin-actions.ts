/** Every action the back office records in the admin log (docs/back-office.md). Add one here before recording it. */
export const ADMIN_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.roles',
  'user.enterprise',
  'user.signOutEverywhere',
  'user.permissions',
  'membershipVersion.create',
  'membershipVersion.update',
  'membershipVersion.delete',
  'membershipApplication.approve',
  'membershipApplication.reject',
  'membership.revoke',
  'identityApplication.approve',
  'identityApplication.reject',
  'work.auditPass',
  'work.auditReject',
  'sensitiveWord.add',
  'sensitiveWord.remove',
  'sensitiveWord.import',
  'billing.prices',
  'billing.rechargePlans',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.settings',
  'withdrawal.endFailed',
  'rechargeOrder.refund',
  'marketListing.approve',
  'marketListing.reject',
  'marketListing.takeOff',
  'market.settings',
  'map.settings',
  'marketPurchase.refund',
  'signingApplication.approve',
  'signingApplication.reject',
  'signedProvider.revoke',
  'serviceOrder.assign',
  'serviceOrder.cancel',
  'servicePriceRule.update',
  'serviceOrderSettings.update',
  'serviceCoupon.create',
  'serviceCoupon.update',
  'team.settings',
] as const;

export type AdminActionCode = (typeof ADMIN_ACTIONS)[number];

/**
 * Who took an action the log records: an administrator, or the platform itself (what it does on its
 * own, such as passing the demo works it makes at the first start, before anyone signed in).
 */
export const ADMIN_LOG_ACTORS = ['admin', 'system'] as const;
export type AdminLogActor = (typeof ADMIN_LOG_ACTORS)[number];

/**
 * Every field a recorded state may name. The log browser shows each under a label in the reader's
 * language (adminLog.fields), never as the raw name: add a field here, and its labels, before recording it.
 */
export const ADMIN_LOG_FIELDS = [
  // whose, and which
  'userId',
  'identityId',
  'versionId',
  'membershipId',
  'replacedMembershipId',
  // decisions
  'status',
  'reason',
  'reviewNote',
  'kind',
  'endsAt',
  // accounts
  'disabled',
  'roles',
  'businessRoleCode',
  'grants',
  'sessions',
  // membership versions
  'identityNameZh',
  'identityNameEn',
  'priceTags',
  'groupCodes',
  'monthlyPriceFen',
  'trialDays',
  'sortOrder',
  'visible',
  // sensitive words
  'words',
  'fileName',
  'skipped',
  'invalid',
  // billing prices
  'requestFenPer10k',
  'gbFen',
  'leaseMonthFen',
  'lowBalanceFen',
  'graceDays',
  // withdrawals
  'amountFen',
  'channel',
  'payoutAccountCoolingHours',
  // refunds
  'refundedFen',
  'refundNo',
  // the market
  'priceFen',
  'licence',
  'feeBasisPoints',
  'refundWindowDays',
  // service orders and signing
  'provinceCodes',
  'providerId',
  'orderNo',
  'requirementType',
  'pricePerSiteFen',
  'pricePerM2Fen',
  'minimumFen',
  'depositBps',
  'enabled',
  'platformFeeBps',
  'code',
  // the base map
  'source',
  'attribution',
  // the team
  'firstLevelBasisPoints',
  'secondLevelBasisPoints',
  'pendingDays',
] as const;
export type AdminLogField = (typeof ADMIN_LOG_FIELDS)[number];

/** A state before or after an action: named fields, or a list recorded whole (the recharge price list). */
export type AdminLogState = { readonly [Field in AdminLogField]?: unknown } | readonly unknown[];
