import { PAYMENT_PROVIDERS, PHONE_PATTERN, TRANSFER_KINDS, TRANSFER_STATUSES, WORK_REMARK_MAX } from '@spatia/contract';
import { Type } from 'typebox';
import { RechargeOrderSchema } from '../recharge/index.js';
import { WorkTypeSchema } from '../works/index.js';
import { NullableInteger, PersonSummarySchema, PageQuery, literals } from '../../lib/schemas.js';

/** Request and response shapes of transfers; they validate input and write the OpenAPI document. */
export const tags = ['works'];

const TransferStatusSchema = literals(TRANSFER_STATUSES);

export const TransferIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const DistributeBody = Type.Object({
  fullName: Type.Optional(Type.String({ maxLength: 20 })),
  phoneNumber: Type.String({ pattern: PHONE_PATTERN.source }),
});

export const SellToBody = Type.Object({
  phoneOrCode: Type.String({ minLength: 1, maxLength: 32 }),
  sellingPrice: Type.String({ minLength: 1, maxLength: 16, description: 'yuan as a decimal, at most two places' }),
  remark: Type.Optional(Type.String({ maxLength: WORK_REMARK_MAX })),
});

export const TransferListQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Union([TransferStatusSchema, Type.Literal('')])) });

export const TransferSchema = Type.Object({
  id: Type.Integer(),
  kind: literals(TRANSFER_KINDS),
  status: TransferStatusSchema,
  work: Type.Object({ uid: Type.String(), name: Type.String(), type: WorkTypeSchema, coverUrl: Type.String() }),
  sender: PersonSummarySchema,
  receiver: PersonSummarySchema,
  price: Type.Integer(),
  remark: Type.String(),
  sentAt: Type.Integer(),
  expiresAt: Type.Integer(),
  answeredAt: NullableInteger,
});

export const ConfirmBody = Type.Object({
  // How a sale is paid: `balance` (the default) from the balance alone; a provider: the balance and a payment QR code for what it lacks.
  method: Type.Optional(literals(['balance', ...PAYMENT_PROVIDERS] as const)),
});

export const ConfirmationSchema = Type.Object({
  status: literals(['confirmed', 'awaitingPayment'] as const),
  order: Type.Union([RechargeOrderSchema, Type.Null()], {
    description: 'awaitingPayment: the order whose QR code pays what the balance lacks; its payment confirms the sale',
  }),
});

export const PaymentOptionsSchema = Type.Object({
  priceFen: Type.Integer(),
  balanceFen: Type.Integer(),
  debtFen: Type.Integer({ description: 'what a refund left owing: a QR payment settles it first' }),
  shortFen: Type.Integer({ description: 'what a QR payment would charge: 0 when the balance pays the price' }),
  providers: Type.Array(literals(PAYMENT_PROVIDERS)),
});
