import {
  MARKET_FEE_BASIS_POINTS_MAX,
  MARKET_LICENCES,
  MARKET_LISTING_STATUSES,
  MARKET_OFF_REASONS,
  MARKET_PURCHASE_STATUSES,
  MARKET_QUERY_MAX_LENGTH,
  MARKET_REASON_MAX_LENGTH,
  MARKET_REFUND_WINDOW_DAYS_MAX,
  MARKET_SORTS,
  PAYMENT_PROVIDERS,
  SELLING_PRICE_MAX_FEN,
  WORK_TYPES,
  WORK_PAGE_SIZE_MAX,
} from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, PageQuery, PersonSummarySchema, literals } from '../../lib/schemas.js';
import { RechargeOrderSchema } from '../recharge/index.js';
import { WorkDetailSchema, WorkTypeSchema } from '../works/index.js';

/** Request and response shapes of the market; they validate input and write the OpenAPI document. */
export const tags = ['market'];

const LicenceSchema = literals(MARKET_LICENCES);
const ListingStatusSchema = literals(MARKET_LISTING_STATUSES);
const ProviderSchema = literals(PAYMENT_PROVIDERS);

export const ListingIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const PurchaseIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const PriceFen = Type.Integer({ minimum: 0, maximum: SELLING_PRICE_MAX_FEN, description: 'fen' });

export const ListingSearchQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(
    Type.String({ maxLength: MARKET_QUERY_MAX_LENGTH, description: 'words of the name, description or tags (Chinese too)' }),
  ),
  type: Type.Optional(Type.Union([literals(WORK_TYPES), Type.Literal('')])),
  minPrice: Type.Optional(PriceFen),
  maxPrice: Type.Optional(PriceFen),
  sort: Type.Optional(literals(MARKET_SORTS)),
});

export const MyListingsQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([ListingStatusSchema, Type.Literal('')])),
  workUids: Type.Optional(
    Type.String({
      maxLength: WORK_PAGE_SIZE_MAX * 33,
      description: `Only the listings of these works (uids separated by commas, at most ${WORK_PAGE_SIZE_MAX}): the works in view`,
    }),
  ),
});

export const AdminListingsQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([ListingStatusSchema, Type.Literal('')])),
  keyword: Type.Optional(Type.String({ maxLength: 64, description: "the work's name or uid, or the seller's uid or phone number" })),
});

export const PurchasesQuery = Type.Object({ ...PageQuery });

export const AdminPurchasesQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([literals(MARKET_PURCHASE_STATUSES), Type.Literal('')])),
  keyword: Type.Optional(Type.String({ maxLength: 64, description: "an order number, or the buyer's or seller's uid or phone number" })),
});

export const ListingBody = Type.Object({
  price: Type.String({ minLength: 1, maxLength: 16, description: 'yuan as a decimal' }),
  licence: Type.Optional(LicenceSchema),
});

export const PurchaseBody = Type.Object({ method: literals(['balance', ...PAYMENT_PROVIDERS] as const) });

export const ReasonBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: MARKET_REASON_MAX_LENGTH }) });

export const SettingsSchema = Type.Object({
  feeBasisPoints: Type.Integer({ minimum: 0, maximum: MARKET_FEE_BASIS_POINTS_MAX, description: 'the platform fee, 1/10000 of the price' }),
  refundWindowDays: Type.Integer({ minimum: 0, maximum: MARKET_REFUND_WINDOW_DAYS_MAX }),
});

const WorkCardSchema = Type.Object({ uid: Type.String(), name: Type.String(), type: WorkTypeSchema, coverUrl: Type.String() });

const PersonSchema = PersonSummarySchema;

export const ListingCardSchema = Type.Object({
  id: Type.Integer(),
  work: WorkCardSchema,
  priceFen: Type.Integer(),
  licence: LicenceSchema,
  seller: PersonSchema,
  sales: Type.Integer(),
  listedAt: Type.Integer(),
});

export const ListingDetailSchema = Type.Object({
  ...ListingCardSchema.properties,
  status: ListingStatusSchema,
  work: Type.Object({ ...WorkCardSchema.properties, description: Type.String() }),
  detail: WorkDetailSchema,
  purchaseId: NullableInteger,
  mine: Type.Boolean(),
  providers: Type.Array(ProviderSchema),
  balanceFen: Type.Integer(),
});

export const MyListingSchema = Type.Object({
  id: Type.Integer(),
  work: WorkCardSchema,
  priceFen: Type.Integer(),
  licence: LicenceSchema,
  status: ListingStatusSchema,
  reason: Type.String(),
  offReason: Type.Union([literals(MARKET_OFF_REASONS), Type.Null()]),
  sales: Type.Integer(),
  submittedAt: Type.Integer(),
  decidedAt: NullableInteger,
  listedAt: NullableInteger,
});

export const AdminListingSchema = Type.Object({
  ...MyListingSchema.properties,
  seller: Type.Object({ ...PersonSchema.properties, id: Type.Integer() }),
});

export const PurchaseSchema = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  listingId: Type.Integer(),
  work: WorkCardSchema,
  copyUid: Type.Union([Type.String(), Type.Null()]),
  licence: LicenceSchema,
  priceFen: Type.Integer(),
  feeFen: Type.Integer(),
  paidFromBalanceFen: Type.Integer(),
  paidByProviderFen: Type.Integer(),
  provider: Type.Union([ProviderSchema, Type.Null()]),
  status: literals(MARKET_PURCHASE_STATUSES),
  seller: PersonSchema,
  buyer: PersonSchema,
  purchasedAt: Type.Integer(),
  refundedAt: NullableInteger,
  refundReason: Type.String(),
  refundableUntil: Type.Integer(),
});

export const PurchaseAnswerSchema = Type.Object({
  purchase: Type.Union([PurchaseSchema, Type.Null()]),
  order: Type.Union([RechargeOrderSchema, Type.Null()]),
  balanceFen: Type.Integer(),
});
