/**
 * Withdrawals (docs/withdrawals.md): a person takes earned income out to a bound Alipay account or
 * WeChat. Money is integer fen everywhere.
 */
import { defineErrors } from './errors.js';
import withdrawalErrors from './withdrawals.errors.json' with { type: 'json' };
import withdrawalStepUpErrors from './withdrawal-step-up.errors.json' with { type: 'json' };
import alipayAuthorizationErrors from './alipay-authorization.errors.json' with { type: 'json' };

/** Where the money goes: an Alipay account (its login id: phone or e-mail) or WeChat (the person's openid). */
export const PAYOUT_CHANNELS = ['alipay', 'wechat'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];

/** Who pays it out: the sandbox (a test driver that moves no money) or the channel's own provider. */
export const PAYOUT_PROVIDERS = ['sandbox', 'alipay', 'wechat'] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];

/**
 * reviewing → approved → paying → paid; or rejected (by an admin, money back), or failed (the provider
 * refused the payout, money back).
 */
export const WITHDRAWAL_STATUSES = ['reviewing', 'approved', 'paying', 'paid', 'rejected', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The least one withdrawal may take out: ¥10. */
export const WITHDRAWAL_MIN_FEN = 1_000;
/** The most one withdrawal may take out (¥200,000), below every provider's single-transfer ceiling. */
export const WITHDRAWAL_MAX_FEN = 20_000_000;
export const WITHDRAWAL_REASON_MAX = 200;
export const PAYOUT_REAL_NAME_MAX = 40;

/** An Alipay login id: a mainland mobile number or an e-mail address. */
export const ALIPAY_LOGON_ID_PATTERN = /^(?:1\d{10}|[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24})$/;
/** An Alipay user id (`2088` and 12 digits): what binding Alipay by authorization stores. */
export const ALIPAY_USER_ID_PATTERN = /^2088\d{12}$/;
/** A binding of Alipay by authorization must be completed within this long of its start. */
export const ALIPAY_AUTHORIZATION_TTL_MS = 10 * 60_000;

/** The start of binding Alipay by authorization: where to send the person (Alipay's page, or the sandbox's). */
export interface AlipayAuthorizationStart {
  url: string;
  expiresAt: number;
  /** True when the authorization is the sandbox's, not Alipay's. */
  sandbox: boolean;
}

export const AlipayAuthorizationErrors = defineErrors(alipayAuthorizationErrors);

/** A WeChat openid: 28 characters today; letters, digits, `-` and `_`. */
export const WECHAT_OPENID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A bound payout account as its owner sees it: masked. */
export interface PayoutAccount {
  channel: PayoutChannel;
  /** `138****0002`, `ab***@example.com`, `oUpF****WeS6o`. */
  account: string;
  /** `*三` , `*n Li`: the surname hidden. */
  realName: string;
  updatedAt: number;
  /** When a withdrawal may first go to it: its binding time plus the cooling period (Step-up checks). */
  usableAt: number;
}

/** The withdraw page's data. */
export interface WithdrawalOptions {
  /** The income balance: what can be withdrawn now. */
  withdrawableFen: number;
  minFen: number;
  maxFen: number;
  /** The channels this site pays out to, in the order the page offers them. */
  channels: PayoutChannel[];
  accounts: PayoutAccount[];
  /** True where payouts go to the sandbox: nothing real is paid. */
  sandbox: boolean;
  /** True where the Alipay account can be bound by authorization (docs/withdrawals.md). */
  alipayAuthorization: boolean;
}

/** A withdrawal as the person who asked for it sees it. */
export interface Withdrawal {
  id: number;
  withdrawalNo: string;
  amountFen: number;
  channel: PayoutChannel;
  /** The account it goes to, as it was at the request, masked. */
  account: string;
  status: WithdrawalStatus;
  /** Why an admin rejected it. */
  rejectReason: string;
  /** Why the provider refused the payout. */
  failure: string;
  createdAt: number;
  reviewedAt: number | null;
  paidAt: number | null;
  failedAt: number | null;
}

/** A withdrawal in the back office's queue. */
export interface AdminWithdrawal extends Withdrawal, PayoutProgress {
  user: { uid: string; name: string; phone: string };
  /** The account and name in full: the operator checks them before approving. */
  accountFull: string;
  realName: string;
  reviewer: { uid: string; name: string } | null;
  provider: PayoutProvider | null;
  providerReference: string;
  attempts: number;
  lastError: string;
  /** The person's income balance now. */
  withdrawableFen: number;
  /** The real names of the person's approved identities (Step-up checks); empty when none is approved. */
  identityNames: string[];
  /** True when identities are approved and the payee name matches none of their real names: the queue flags it. */
  payeeNameMismatch: boolean;
}

// ---- Payouts that end (docs/withdrawals.md, "Payouts that end") ----

/** Where a payout the job could not finish stands, for the back office. */
export interface PayoutProgress {
  /** When the job looks at the payout next (null: at its next run, or never again once it ended). */
  nextAttemptAt: number | null;
  /** When the job gave up asking (too many unknown outcomes in a row) and told the admins; an admin ends it. */
  payoutStuckAt: number | null;
}

/** The statuses an admin may end as failed, once the provider confirms that nothing was paid. */
export const WITHDRAWAL_ENDABLE_STATUSES = ['approved', 'paying'] as const satisfies readonly WithdrawalStatus[];

/** What the WeChat confirmation page needs to call `requestMerchantTransfer` inside WeChat. */
export interface WithdrawalConfirmation {
  id: number;
  withdrawalNo: string;
  amountFen: number;
  /** The merchant id, the AppID and the bill's `package_info`, as `requestMerchantTransfer` takes them. */
  mchId: string;
  appId: string;
  package: string;
  /** When WeChat cancels a bill nobody confirmed: 24 hours after the transfer. */
  expiresAt: number;
}

/** Withdrawals and payout accounts (the withdrawals module): 1620–1627, and 1655–1659 for payouts that end. */
export const WithdrawalErrors = defineErrors(withdrawalErrors);

// ---- Step-up checks (docs/withdrawals.md "Step-up checks") ----

/**
 * The proof a person gives before binding or replacing a payout account and before asking for a
 * withdrawal: a fresh SMS code sent to their own phone (`GET /api/c/withdraw/verifyCode`), or their
 * password. Sent in the request body beside the request's own fields.
 */
export interface StepUpProof {
  verifyCode?: string;
  expiredTime?: number;
  hash?: string;
  password?: string;
}

/** How long a newly bound or replaced payout account waits before a withdrawal may go to it, by default. */
export const PAYOUT_ACCOUNT_COOLING_HOURS_DEFAULT = 24;
/** The longest cooling period an admin may set: 30 days. */
export const PAYOUT_ACCOUNT_COOLING_HOURS_MAX = 720;

/** The back office's withdrawal settings (`/api/admin/withdrawals/settings`). */
export interface WithdrawalSettings {
  /** Hours a newly bound or replaced payout account waits before it can be withdrawn to; 0: at once. */
  payoutAccountCoolingHours: number;
}

/** Binding, withdrawal and approval checks (the withdrawals module): 1660–1664. */
export const WithdrawalStepUpErrors = defineErrors(withdrawalStepUpErrors);
