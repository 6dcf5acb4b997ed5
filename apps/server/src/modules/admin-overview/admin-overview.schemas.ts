import { Type } from 'typebox';
import { REVIEW_KINDS } from '@spatia/contract';

export const OverviewQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 7, maximum: 365, default: 30 })),
});

export const OverviewSchema = Type.Object({
  pending: Type.Object(Object.fromEntries(REVIEW_KINDS.map((kind) => [kind, Type.Integer()]))),
  totals: Type.Object({ users: Type.Integer(), works: Type.Integer() }),
  days: Type.Array(Type.Object({ day: Type.String(), users: Type.Integer(), works: Type.Integer() })),
});
