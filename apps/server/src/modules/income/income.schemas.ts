import { INCOME_SOURCES } from '@spatia/contract';
import { Type } from 'typebox';
import { literals } from '../../lib/schemas.js';
import { DayQuery } from '../orders/index.js';

/** Request and response shapes of the income statistics; they validate input and write the OpenAPI document. */
export const tags = ['orders'];

export const IncomeQuerySchema = Type.Object({
  startTime: Type.Optional(DayQuery),
  endTime: Type.Optional(DayQuery),
  pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});

const SourceSchema = literals(INCOME_SOURCES);

export const IncomeStatSchema = Type.Object({
  startTime: Type.String(),
  endTime: Type.String(),
  today: Type.String({ description: 'today as a business day (YYYY-MM-DD): what the ranges "last N days" end on' }),
  totalFen: Type.Integer({ description: 'income earned in the range, in fen' }),
  withdrawableFen: Type.Integer({ description: 'the income balance now' }),
  bySource: Type.Array(Type.Object({ source: SourceSchema, amountFen: Type.Integer(), count: Type.Integer() })),
  byDay: Type.Array(Type.Object({ day: Type.String(), amountFen: Type.Integer() })),
  records: Type.Object({
    list: Type.Array(
      Type.Object({
        id: Type.Integer(),
        at: Type.Integer(),
        source: SourceSchema,
        amountFen: Type.Integer(),
        description: Type.String(),
      }),
    ),
    total: Type.Integer(),
    pageNum: Type.Integer(),
    pageSize: Type.Integer(),
  }),
});
