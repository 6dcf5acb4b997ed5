import {
  ORDER_DIRECTIONS,
  ORDER_SOURCE_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_PROVIDERS,
  SERVICE_REQUIREMENT_TYPES,
} from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, literals } from '../../lib/schemas.js';

/** Request and response shapes of the order pages; they validate input and write the OpenAPI document. */
export const tags = ['orders'];

/** A UTC calendar day, `YYYY-MM-DD`; '' for an open end. */
export const DayQuery = Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'a day, YYYY-MM-DD (UTC), included' });

export const OrderFilterQuery = Type.Object({
  direction: literals(ORDER_DIRECTIONS),
  type: literals(ORDER_TYPES),
  status: Type.Optional(Type.Union([literals(ORDER_STATUSES), Type.Literal('')])),
  startTime: Type.Optional(DayQuery),
  endTime: Type.Optional(DayQuery),
});

export const OrderListQuery = Type.Object({
  ...OrderFilterQuery.properties,
  pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});

const OrderSchema = Type.Object({
  id: Type.String(),
  orderNo: Type.String(),
  type: literals(ORDER_TYPES),
  item: Type.Union([
    Type.Object({ kind: Type.Literal('work'), workName: Type.String(), workUid: Type.String() }),
    Type.Object({ kind: Type.Literal('flow'), months: Type.Integer() }),
    Type.Object({ kind: Type.Literal('membership'), months: Type.Integer(), versionName: Type.String() }),
    Type.Object({ kind: Type.Literal('service'), title: Type.String(), requirementType: literals(SERVICE_REQUIREMENT_TYPES) }),
  ]),
  counterpart: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()]),
  provider: Type.Union([literals(PAYMENT_PROVIDERS), Type.Null()]),
  amountFen: Type.Integer(),
  refundedFen: Type.Integer({ description: 'what was refunded of it, in fen' }),
  status: literals(ORDER_STATUSES),
  sourceStatus: literals(ORDER_SOURCE_STATUSES),
  createdAt: Type.Integer(),
  completedAt: NullableInteger,
});

export const OrderPageSchema = Type.Object({
  list: Type.Array(OrderSchema),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  totals: Type.Object({
    count: Type.Integer({ description: 'orders matching the filters' }),
    amountFen: Type.Integer({ description: 'the money of the completed ones among them, in fen' }),
    completedCount: Type.Integer(),
  }),
});
