import { PHONE_PATTERN, TRANSFER_KINDS, TRANSFER_STATUSES, WORK_REMARK_MAX } from '@spatia/contract';
import { Type } from 'typebox';
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
