import {
  PAYOUT_ACCOUNT_COOLING_HOURS_MAX,
  PAYOUT_CHANNELS,
  PAYOUT_PROVIDERS,
  PAYOUT_REAL_NAME_MAX,
  WITHDRAWAL_STATUSES,
  WORK_PAGE_SIZE_MAX,
} from '@spatia/contract';
import { Type } from 'typebox';
import { CodeFieldsSchema, NullableInteger, literals } from '../../lib/schemas.js';

/** Request and response shapes of withdrawals; they validate input and write the OpenAPI document. */
export const tags = ['withdrawals'];

const ChannelSchema = literals(PAYOUT_CHANNELS);
const StatusSchema = literals(WITHDRAWAL_STATUSES);

export const ChannelParams = Type.Object({ channel: ChannelSchema });
export const WithdrawalIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

// ---- Step-up checks: the proof binding and withdrawing carry (docs/withdrawals.md "Step-up checks") ----
/** A code from `GET /api/c/withdraw/verifyCode` (all three fields) or the password; one of them is required. */
const StepUpFields = {
  verifyCode: Type.Optional(CodeFieldsSchema.verifyCode),
  expiredTime: Type.Optional(CodeFieldsSchema.expiredTime),
  hash: Type.Optional(CodeFieldsSchema.hash),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'the caller’s password, instead of a code' })),
};

export const WithdrawalSettingsSchema = Type.Object({
  payoutAccountCoolingHours: Type.Integer({
    minimum: 0,
    maximum: PAYOUT_ACCOUNT_COOLING_HOURS_MAX,
    description: 'hours a newly bound or replaced payout account waits before a withdrawal may go to it; 0: at once',
  }),
});

export const BindAccountBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 254, description: 'the Alipay login id (mobile number or e-mail) or the WeChat openid' }),
  realName: Type.String({ minLength: 1, maxLength: PAYOUT_REAL_NAME_MAX, description: 'the payee’s real name, as the account holds it' }),
  ...StepUpFields,
});

export const WithdrawBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'in fen, at least the minimum and at most the income balance' }),
  channel: ChannelSchema,
  ...StepUpFields,
});

export const MineQuery = Type.Object({
  status: Type.Optional(Type.Union([StatusSchema, Type.Literal('')])),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: WORK_PAGE_SIZE_MAX, default: 20 }),
});

export const AdminQuery = Type.Object({
  status: Type.Optional(Type.Union([StatusSchema, Type.Literal('')])),
  keyword: Type.Optional(Type.String({ maxLength: 64, description: 'a withdrawal number or the person’s phone' })),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: WORK_PAGE_SIZE_MAX, default: 20 }),
});

export const RejectBody = Type.Object({ reason: Type.String({ maxLength: 1000 }) });

export const PayoutAccountSchema = Type.Object({
  channel: ChannelSchema,
  account: Type.String({ description: 'masked' }),
  realName: Type.String({ description: 'masked' }),
  updatedAt: Type.Integer(),
  usableAt: Type.Integer({ description: 'when a withdrawal may first go to it: bound + the cooling period (epoch ms)' }),
});

export const WithdrawalOptionsSchema = Type.Object({
  withdrawableFen: Type.Integer(),
  minFen: Type.Integer(),
  maxFen: Type.Integer(),
  channels: Type.Array(ChannelSchema),
  accounts: Type.Array(PayoutAccountSchema),
  sandbox: Type.Boolean(),
  alipayAuthorization: Type.Boolean({ description: 'whether the Alipay account can be bound by authorization' }),
});

const withdrawalFields = {
  id: Type.Integer(),
  withdrawalNo: Type.String(),
  amountFen: Type.Integer(),
  channel: ChannelSchema,
  account: Type.String(),
  status: StatusSchema,
  rejectReason: Type.String(),
  failure: Type.String(),
  createdAt: Type.Integer(),
  reviewedAt: NullableInteger,
  paidAt: NullableInteger,
  failedAt: NullableInteger,
};

export const WithdrawalSchema = Type.Object(withdrawalFields);

export const AdminWithdrawalSchema = Type.Object({
  ...withdrawalFields,
  user: Type.Object({ uid: Type.String(), name: Type.String(), phone: Type.String() }),
  accountFull: Type.String(),
  realName: Type.String(),
  reviewer: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()]),
  provider: Type.Union([literals(PAYOUT_PROVIDERS), Type.Null()]),
  providerReference: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.String(),
  withdrawableFen: Type.Integer(),
  identityNames: Type.Array(Type.String(), { description: 'the real names of the person’s approved identities' }),
  payeeNameMismatch: Type.Boolean({ description: 'identities are approved and the payee name matches none of them' }),
  ...payoutProgressFields(),
});

// ---- payouts that end (docs/withdrawals.md, "Payouts that end") ----

function payoutProgressFields() {
  return {
    nextAttemptAt: Type.Union([Type.Integer(), Type.Null()], { description: 'when the payout job looks at this payout next' }),
    payoutStuckAt: Type.Union([Type.Integer(), Type.Null()], {
      description: 'when the payout job gave up after too many unknown outcomes and alerted the admins',
    }),
  };
}

export const EndAsFailedBody = Type.Object({ reason: Type.String({ maxLength: 1000, description: 'why, shown to the person' }) });

export const WithdrawalConfirmationSchema = Type.Object({
  id: Type.Integer(),
  withdrawalNo: Type.String(),
  amountFen: Type.Integer(),
  mchId: Type.String(),
  appId: Type.String(),
  package: Type.String({ description: 'the bill’s package_info, for WeixinJSBridge requestMerchantTransfer' }),
  expiresAt: Type.Integer({ description: 'when WeChat cancels the bill if it is not confirmed' }),
});

// ---- binding Alipay by authorization (docs/withdrawals.md "Binding Alipay by authorization") ----

export const AlipayAuthorizationStartBody = Type.Object({
  realName: Type.String({
    minLength: 1,
    maxLength: PAYOUT_REAL_NAME_MAX,
    description: 'the payee’s real name, as the Alipay account holds it',
  }),
  ...StepUpFields,
});

export const AlipayAuthorizationStartSchema = Type.Object({
  url: Type.String({ description: 'where to send the person: Alipay’s authorization page, or the sandbox’s' }),
  expiresAt: Type.Integer({ description: 'the authorization must be completed before this (epoch ms)' }),
  sandbox: Type.Boolean(),
});

export const AlipayAuthorizationCompleteBody = Type.Object({
  authCode: Type.String({ minLength: 1, maxLength: 128, description: 'the `auth_code` Alipay returned with' }),
  state: Type.String({ minLength: 1, maxLength: 128, description: 'the `state` Alipay returned with' }),
});

export const SandboxAuthorizeQuery = Type.Object({ state: Type.String({ maxLength: 128 }) });
