import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  PAYMENT_ORDER_KINDS,
  PAYMENT_ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_REFUND_ORIGINS,
  PAYMENT_REFUND_STATES,
  PAYMENT_REFUND_STATUSES,
  REFUND_REASON_MAX_LENGTH,
  SANDBOX_CHECKOUT_STATES,
} from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, literals } from '../../lib/schemas.js';

/** Request and response shapes of payments; they validate input and write the OpenAPI document. */
export const tags = ['payments'];

const ProviderSchema = literals(PAYMENT_PROVIDERS);

export const RechargeBody = Type.Object({
  months: Type.Integer({ minimum: 1, maximum: 36, description: 'months of flow, as the price list offers' }),
  fee: Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'the price list’s fee for those months, in fen' }),
  provider: Type.Optional(ProviderSchema),
});

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' })),
});

export const OrderIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const ProviderParams = Type.Object({ provider: ProviderSchema });

export const CheckoutParams = Type.Object({ orderNo: Type.String({ pattern: '^[A-Za-z0-9_-]{6,32}$' }) });
export const CheckoutQuery = Type.Object({ sign: Type.String({ minLength: 1, maxLength: 64 }) });

export const RechargeOptionsSchema = Type.Object({
  plans: Type.Array(Type.Object({ months: Type.Integer(), feeFen: Type.Integer() })),
  providers: Type.Array(ProviderSchema),
  balanceFen: Type.Integer(),
});

/** What every view of a payment order starts with. */
const orderCore = {
  id: Type.Integer(),
  orderNo: Type.String(),
  provider: ProviderSchema,
  status: literals(PAYMENT_ORDER_STATUSES),
  months: Type.Integer(),
  amountFen: Type.Integer(),
};

export const RechargeOrderSchema = Type.Object({
  ...orderCore,
  codeUrl: Type.String(),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  paidAt: NullableInteger,
  balanceFen: Type.Integer(),
});

export const SandboxCheckoutSchema = Type.Object({
  orderNo: Type.String(),
  amountFen: Type.Integer(),
  description: Type.String({ description: 'the text the provider was given, in both languages' }),
  purchase: Type.Union([Type.Object({ kind: literals(PAYMENT_ORDER_KINDS), months: Type.Integer() }), Type.Null()], {
    description: 'what the order buys, for the checkout to name in the reader’s language; null for an order this site did not issue',
  }),
  state: literals(SANDBOX_CHECKOUT_STATES),
  expiresAt: Type.Integer(),
});

/** An admin's refund: the Idempotency-Key is required, so a refund is made once however often it is pressed. */
export const RefundHeaders = Type.Object({
  'idempotency-key': Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' }),
});

export const RefundBody = Type.Object({
  amountFen: Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'what to refund, in fen: at most what is left of the order' }),
  reason: Type.String({ minLength: 1, maxLength: REFUND_REASON_MAX_LENGTH, description: 'why; the payer’s WeChat or Alipay shows it' }),
});

export const AdminRechargeOrdersQuery = Type.Object({
  status: Type.Optional(literals(PAYMENT_ORDER_STATUSES)),
  keyword: Type.Optional(Type.String({ maxLength: 64, description: 'part of an order number, or a payer’s uid, phone or invite code' })),
  pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

const RefundSchema = Type.Object({
  id: Type.Integer(),
  refundNo: Type.String(),
  origin: literals(PAYMENT_REFUND_ORIGINS),
  status: literals(PAYMENT_REFUND_STATUSES),
  amountFen: Type.Integer(),
  reason: Type.String(),
  createdAt: Type.Integer(),
  succeededAt: NullableInteger,
});

export const AdminRechargeOrderSchema = Type.Object({
  ...orderCore,
  refundedFen: Type.Integer(),
  refundableFen: Type.Integer(),
  refundState: literals(PAYMENT_REFUND_STATES),
  payer: Type.Object({ id: Type.Integer(), uid: Type.String(), name: Type.String() }),
  createdAt: Type.Integer(),
  paidAt: NullableInteger,
  refunds: Type.Array(RefundSchema),
});

export const AdminRechargeOrderPageSchema = Type.Object({
  list: Type.Array(AdminRechargeOrderSchema),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
