import { BILLING_PRICE_LIMITS, LEASE_MONTHS_MAX, SERVING_HOLD_REASONS, WALLET_STAT_DAYS } from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, Uid, literals } from '../../lib/schemas.js';

/** Request and response shapes of the wallet, lease time and billing prices. */
export const tags = ['billing'];

export const ClientParams = Type.Object({ id: Uid });

export const WalletStatQuery = Type.Object({
  days: Type.Optional(
    Type.Union(
      WALLET_STAT_DAYS.map((days) => Type.Literal(days)),
      { default: 30, description: 'the period the figures cover: the last 30 or 90 days' },
    ),
  ),
});

export const LeaseBody = Type.Object({
  months: Type.Integer({ minimum: 1, maximum: LEASE_MONTHS_MAX, description: 'months of lease time to buy from the balance' }),
});

const fen = Type.Integer();

const PricesShape = {
  requestFenPer10k: Type.Integer({ ...BILLING_PRICE_LIMITS.requestFenPer10k, description: 'fen per 10,000 requests' }),
  gbFen: Type.Integer({ ...BILLING_PRICE_LIMITS.gbFen, description: 'fen per GB served' }),
  leaseMonthFen: Type.Integer({ ...BILLING_PRICE_LIMITS.leaseMonthFen, description: 'fen per month of lease time' }),
  lowBalanceFen: Type.Integer({
    ...BILLING_PRICE_LIMITS.lowBalanceFen,
    description: 'owners are told when their balance falls below this',
  }),
  graceDays: Type.Integer({ ...BILLING_PRICE_LIMITS.graceDays, description: 'days works stay served once traffic is unpaid' }),
};

export const PricesBody = Type.Object(PricesShape);
const PricesSchema = Type.Object(PricesShape);

const PlanSchema = Type.Object({
  months: Type.Integer({ minimum: 1, maximum: 36 }),
  feeFen: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
});

export const PlansBody = Type.Object({ plans: Type.Array(PlanSchema, { minItems: 1, maxItems: 12 }) });

const LeaseStatusSchema = Type.Object({
  running: Type.Boolean(),
  startsAt: NullableInteger,
  endsAt: NullableInteger,
  daysLeft: Type.Integer(),
});

const LeasePeriodSchema = Type.Object({
  id: Type.Integer(),
  months: Type.Integer(),
  priceFen: fen,
  startsAt: Type.Integer(),
  endsAt: Type.Integer(),
  createdAt: Type.Integer(),
});

export const WalletStatSchema = Type.Object({
  balanceFen: fen,
  timeZone: Type.String({ description: 'The business time zone whose days are billed (IANA name)' }),
  days: Type.Array(
    Type.Object({ day: Type.String(), requests: Type.Integer(), bytes: Type.Integer(), costFen: fen, billed: Type.Boolean() }),
  ),
  requests: Type.Integer(),
  requestCostFen: fen,
  bytes: Type.Integer(),
  trafficCostFen: fen,
  unpaidFen: fen,
  graceEndsAt: NullableInteger,
  lease: LeaseStatusSchema,
  prices: PricesSchema,
  works: Type.Array(
    Type.Object({
      uid: Type.String(),
      name: Type.String(),
      requests: Type.Integer(),
      bytes: Type.Integer(),
      costFen: fen,
      budgetGb: Type.Integer(),
      monthBytes: Type.Integer(),
      hold: Type.Union([literals(SERVING_HOLD_REASONS), Type.Null()]),
    }),
  ),
});

export const LeaseOverviewSchema = Type.Object({
  lease: LeaseStatusSchema,
  balanceFen: fen,
  leaseMonthFen: fen,
  plans: Type.Array(PlanSchema, { description: 'the recharge price list, which prices lease time for its months' }),
  periods: Type.Array(LeasePeriodSchema),
});

export const LeasePurchaseSchema = Type.Object({ period: LeasePeriodSchema, lease: LeaseStatusSchema, balanceFen: fen });

export const BillingSettingsSchema = Type.Object({
  prices: PricesSchema,
  plans: Type.Array(Type.Object({ months: Type.Integer(), feeFen: fen })),
});
