import {
  TEAM_LEVELS,
  TEAM_PENDING_DAYS_MAX,
  TEAM_RATE_BASIS_POINTS_MAX,
  TEAM_REVENUE_KINDS,
  TEAM_REVENUE_SOURCES,
  TEAM_REWARD_STATUSES,
  TEAM_STAT_GRANULARITIES,
} from '@spatia/contract';
import { Type } from 'typebox';
import { literals, pageOf } from '../../lib/schemas.js';
import { DayQuery } from '../orders/index.js';

/** Request and response shapes of the team (docs/team.md); they validate input and write the OpenAPI document. */
export const tags = ['team'];

const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
};

export const SubordinatesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 50, description: "part of a subordinate's name, phone or invite code" })),
  superiorCode: Type.Optional(
    Type.String({ maxLength: 32, description: 'the invite code of their superior: for the second level, one of the first level' }),
  ),
  ...PageQuery,
});

export const RevenuesQuery = Type.Object({
  startTime: Type.Optional(DayQuery),
  endTime: Type.Optional(DayQuery),
  ...PageQuery,
});

export const RevenueStatQuery = Type.Object({
  granularity: Type.Optional(literals(TEAM_STAT_GRANULARITIES)),
  startTime: Type.Optional(DayQuery),
  endTime: Type.Optional(DayQuery),
});

export const SettingsSchema = Type.Object({
  firstLevelBasisPoints: Type.Integer({ minimum: 0, maximum: TEAM_RATE_BASIS_POINTS_MAX, description: '1/10000 of the amount paid' }),
  secondLevelBasisPoints: Type.Integer({ minimum: 0, maximum: TEAM_RATE_BASIS_POINTS_MAX, description: '1/10000 of the amount paid' }),
  pendingDays: Type.Integer({ minimum: 0, maximum: TEAM_PENDING_DAYS_MAX }),
});

export const OverviewSchema = Type.Object({
  firstLevelCount: Type.Integer(),
  secondLevelCount: Type.Integer(),
  todayFen: Type.Integer(),
  monthFen: Type.Integer(),
  totalFen: Type.Integer(),
  pendingFen: Type.Integer(),
  today: Type.String(),
  inviteCode: Type.String(),
  settings: SettingsSchema,
});

const PersonRef = Type.Object({ uid: Type.String(), name: Type.String(), inviteCode: Type.String() });

export const SubordinateSchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  phone: Type.String({ description: 'middle four digits masked' }),
  inviteCode: Type.String(),
  joinedAt: Type.Integer(),
  superior: PersonRef,
  contributionFen: Type.Integer(),
  subordinateCount: Type.Integer(),
});

export const RevenueSchema = Type.Object({
  id: Type.Integer(),
  at: Type.Integer(),
  kind: literals(TEAM_REVENUE_KINDS),
  source: literals(TEAM_REVENUE_SOURCES),
  level: Type.Unsafe<1 | 2>({ type: 'integer', enum: [...TEAM_LEVELS] }),
  payer: Type.Object({ uid: Type.String(), name: Type.String(), avatarUrl: Type.String() }),
  orderNo: Type.String(),
  paidFen: Type.Integer(),
  refundedFen: Type.Integer(),
  basisPoints: Type.Integer(),
  amountFen: Type.Integer(),
  status: literals(TEAM_REWARD_STATUSES),
  releaseAt: Type.Integer(),
});

export const RevenuePageSchema = Type.Object({
  ...pageOf(RevenueSchema).properties,
  sumFen: Type.Integer({ description: 'the rewards of the whole range' }),
});

export const RevenueStatSchema = Type.Object({
  granularity: literals(TEAM_STAT_GRANULARITIES),
  startTime: Type.String(),
  endTime: Type.String(),
  points: Type.Array(Type.Object({ period: Type.String(), flowFen: Type.Integer(), projectFen: Type.Integer(), totalFen: Type.Integer() })),
});

export const SubordinatePageSchema = pageOf(SubordinateSchema);
