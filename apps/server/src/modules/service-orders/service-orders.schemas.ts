import {
  PAYMENT_PROVIDERS,
  PROVINCE_CODES,
  SERVICE_ADDRESS_MAX,
  SERVICE_AREA_M2_MAX,
  SERVICE_CITY_MAX,
  SERVICE_COUPON_KINDS,
  SERVICE_COUPON_NAME_MAX,
  SERVICE_DELIVERY_WORKS_MAX,
  SERVICE_ORDER_ACTIONS,
  SERVICE_ORDER_SIDES,
  SERVICE_ORDER_STATUSES,
  SERVICE_PAYMENT_PARTS,
  SERVICE_PLATFORM_FEE_BPS_MAX,
  SERVICE_PRICE_MAX_FEN,
  SERVICE_PRICING_METHODS,
  SERVICE_REASON_MAX,
  SERVICE_REMARK_MAX,
  SERVICE_REQUIREMENT_TYPES,
  SERVICE_SITE_COUNT_MAX,
  SERVICE_TITLE_MAX,
} from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, PageQuery, PhoneNumber, Uid, literals, pageOf } from '../../lib/schemas.js';
import { RechargeOrderSchema } from '../recharge/index.js';
import { WORK_TIME_MAX } from '../works/index.js';

/** A time, epoch ms. */
const Time = Type.Integer({ minimum: 0, maximum: WORK_TIME_MAX, description: 'epoch ms' });

/** Request and response shapes of service orders, price rules and coupons (docs/service-orders.md). */
export const tags = ['service orders'];

export const OrderIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const CouponIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const RequirementTypeParams = Type.Object({ requirementType: literals(SERVICE_REQUIREMENT_TYPES) });

const Fen = (description = 'fen') => Type.Integer({ minimum: 0, maximum: SERVICE_PRICE_MAX_FEN, description });
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

export const PriceRuleSchema = Type.Object({
  requirementType: literals(SERVICE_REQUIREMENT_TYPES),
  pricePerSiteFen: Type.Integer({ description: 'fen per site' }),
  pricePerM2Fen: Type.Integer({ description: 'fen per square metre' }),
  minimumFen: Type.Integer({ description: 'the estimate never goes below it' }),
  depositBps: Type.Integer({ description: "the deposit's share of the price, basis points (10000 = the whole)" }),
  enabled: Type.Boolean(),
});

export const PriceRuleBody = Type.Object({
  pricePerSiteFen: Fen('fen per site'),
  pricePerM2Fen: Fen('fen per square metre'),
  minimumFen: Fen('the estimate never goes below it'),
  depositBps: Type.Integer({ minimum: 1, maximum: 10_000, description: 'basis points; 10000 = the deposit is the whole price' }),
  enabled: Type.Boolean(),
});

export const OptionsSchema = Type.Object({
  rules: Type.Array(PriceRuleSchema, { description: 'the enabled rules only' }),
  providers: Type.Array(literals(PAYMENT_PROVIDERS)),
});

const Quantity = {
  pricing: literals(SERVICE_PRICING_METHODS),
  siteCount: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: SERVICE_SITE_COUNT_MAX }), Type.Null()])),
  areaM2: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: SERVICE_AREA_M2_MAX }), Type.Null()], { description: 'whole square metres' }),
  ),
};

const CouponCode = Type.String({ maxLength: 40, description: 'case does not matter; empty = none' });

export const EstimateBody = Type.Object({
  requirementType: literals(SERVICE_REQUIREMENT_TYPES),
  ...Quantity,
  couponCode: Type.Optional(CouponCode),
});

export const CouponCheckSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  applies: Type.Boolean(),
  discountFen: Type.Integer(),
  problemCode: NullableInteger,
  problem: Type.Union([Type.String(), Type.Null()]),
});

export const EstimateAnswerSchema = Type.Object({
  listPriceFen: Type.Integer(),
  discountFen: Type.Integer(),
  priceFen: Type.Integer(),
  depositFen: Type.Integer(),
  coupon: Type.Union([CouponCheckSchema, Type.Null()]),
});

export const PlaceBody = Type.Object({
  requirementType: literals(SERVICE_REQUIREMENT_TYPES),
  title: Type.String({ maxLength: SERVICE_TITLE_MAX }),
  phone: PhoneNumber,
  provinceCode: Type.String({ maxLength: 2, description: 'GB/T 2260 two-digit province code' }),
  city: Type.String({ maxLength: SERVICE_CITY_MAX }),
  address: Type.String({ maxLength: SERVICE_ADDRESS_MAX }),
  latitude: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
  longitude: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
  ...Quantity,
  couponCode: Type.Optional(CouponCode),
  appointmentAt: Time,
  remark: Type.Optional(Type.String({ maxLength: SERVICE_REMARK_MAX })),
  estimateFen: Type.Optional(Type.Integer({ minimum: 0, description: 'the price the person saw; refused (2455) when it differs' })),
});

const PartySchema = Type.Object({ uid: Type.String(), name: Type.String(), avatarUrl: Type.String() });

const itemFields = {
  id: Type.Integer(),
  orderNo: Type.String(),
  requirementType: literals(SERVICE_REQUIREMENT_TYPES),
  title: Type.String(),
  provinceCode: literals(PROVINCE_CODES),
  city: Type.String(),
  pricing: literals(SERVICE_PRICING_METHODS),
  siteCount: NullableInteger,
  areaM2: NullableInteger,
  listPriceFen: Type.Integer(),
  discountFen: Type.Integer(),
  priceFen: Type.Integer(),
  depositFen: Type.Integer(),
  paidFen: Type.Integer({ description: 'paid in, less refunds' }),
  refundedFen: Type.Integer(),
  status: literals(SERVICE_ORDER_STATUSES),
  appointmentAt: Type.Integer(),
  createdAt: Type.Integer(),
  customer: PartySchema,
  provider: Type.Union([PartySchema, Type.Null()]),
};

export const OrderItemSchema = Type.Object(itemFields);
export const OrderPageSchema = pageOf(OrderItemSchema);

export const OrderDetailSchema = Type.Object({
  ...itemFields,
  phone: Type.String(),
  address: Type.String(),
  latitude: NullableNumber,
  longitude: NullableNumber,
  remark: Type.String(),
  couponCode: Type.Union([Type.String(), Type.Null()]),
  payable: Type.Union([Type.Object({ part: literals(SERVICE_PAYMENT_PARTS), amountFen: Type.Integer() }), Type.Null()]),
  actions: Type.Array(literals(SERVICE_ORDER_ACTIONS)),
  cancelReason: Type.String(),
  paidAt: NullableInteger,
  acceptedAt: NullableInteger,
  shotAt: NullableInteger,
  deliveredAt: NullableInteger,
  completedAt: NullableInteger,
  cancelledAt: NullableInteger,
  deliveryNote: Type.String(),
  deliveredWorks: Type.Array(Type.Object({ uid: Type.String(), name: Type.String(), coverUrl: Type.String(), transferId: Type.Integer() })),
  providerIncomeFen: NullableInteger,
});

export const PayBody = Type.Object({
  part: literals(SERVICE_PAYMENT_PARTS),
  method: literals(['balance', ...PAYMENT_PROVIDERS] as const),
});

export const PaymentAnswerSchema = Type.Object({
  order: OrderDetailSchema,
  payment: Type.Union([RechargeOrderSchema, Type.Null()]),
  balanceFen: Type.Integer(),
});

export const MyOrdersQuery = Type.Object({
  as: Type.Optional(literals(SERVICE_ORDER_SIDES)),
  status: Type.Optional(literals(SERVICE_ORDER_STATUSES)),
  ...PageQuery,
});

export const OpenOrdersQuery = Type.Object({ ...PageQuery });

export const AdminOrdersQuery = Type.Object({
  status: Type.Optional(literals(SERVICE_ORDER_STATUSES)),
  keyword: Type.Optional(Type.String({ maxLength: 60, description: 'order number, title or phone' })),
  ...PageQuery,
});

export const CancelBody = Type.Object({ reason: Type.Optional(Type.String({ maxLength: SERVICE_REASON_MAX })) });

export const AdminCancelBody = Type.Object({
  reason: Type.String({ maxLength: SERVICE_REASON_MAX }),
  refundFen: Type.Optional(Type.Integer({ minimum: 0, description: 'defaults to all that was paid' })),
});

export const AssignBody = Type.Object({ providerUid: Uid });

export const DeliverBody = Type.Object({
  workUids: Type.Array(Uid, { maxItems: SERVICE_DELIVERY_WORKS_MAX }),
  note: Type.Optional(Type.String({ maxLength: SERVICE_REMARK_MAX })),
});

export const DeliverableWorkSchema = Type.Object({ uid: Type.String(), name: Type.String(), type: Type.String(), coverUrl: Type.String() });

export const SettingsSchema = Type.Object({
  platformFeeBps: Type.Integer({
    minimum: 0,
    maximum: SERVICE_PLATFORM_FEE_BPS_MAX,
    description: "the platform's share of a completed order, basis points",
  }),
});

export const CouponSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  kind: literals(SERVICE_COUPON_KINDS),
  amountOffFen: Type.Integer(),
  percentOff: Type.Integer(),
  minSpendFen: Type.Integer(),
  validFrom: Type.Integer(),
  validUntil: Type.Integer(),
  perUserLimit: Type.Integer(),
  totalLimit: Type.Integer({ description: '0 = no limit' }),
  usedCount: Type.Integer(),
  enabled: Type.Boolean(),
  createdAt: Type.Integer(),
});

export const CouponPageSchema = pageOf(CouponSchema);

export const CouponCreateBody = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 20, description: '4–20 letters and digits, upper-cased; empty = generated' })),
  name: Type.String({ maxLength: SERVICE_COUPON_NAME_MAX }),
  kind: literals(SERVICE_COUPON_KINDS),
  amountOffFen: Fen('fen off, kind amount'),
  percentOff: Type.Integer({ minimum: 0, maximum: 99, description: 'percent off, kind percent' }),
  minSpendFen: Fen('the list price must reach it'),
  validFrom: Time,
  validUntil: Time,
  perUserLimit: Type.Integer({ minimum: 1, maximum: 1000 }),
  totalLimit: Type.Integer({ minimum: 0, maximum: 1_000_000, description: '0 = no limit' }),
});

export const CouponUpdateBody = Type.Object({ enabled: Type.Boolean() });

export const CouponsQuery = Type.Object({ ...PageQuery });
