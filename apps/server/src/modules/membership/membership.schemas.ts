import {
  MEMBERSHIP_APPLICATION_STATUSES,
  MEMBERSHIP_KINDS,
  MEMBERSHIP_MONTHLY_PRICE_MAX_FEN,
  MEMBERSHIP_PRICE_TAG_LABEL_MAX,
  MEMBERSHIP_PRICE_TAG_VALUE_MAX,
  MEMBERSHIP_PRICE_TAGS_MAX,
  MEMBERSHIP_REASON_MAX,
  MEMBERSHIP_RENEW_MONTHS,
  MEMBERSHIP_STATUSES,
  PAYMENT_PROVIDERS,
  MEMBERSHIP_TRIAL_DAYS_MAX,
  MEMBERSHIP_VERSION_NAME_MAX,
} from '@spatia/contract';
import { Type, type TSchema } from 'typebox';
import { AlwaysEmpty, NullableInteger, PersonSummarySchema, literals, pageOf } from '../../lib/schemas.js';
import { RechargeOrderSchema } from '../recharge/index.js';

/** Request and response shapes of membership versions and applications (docs/membership.md). */
export const tags = ['membership'];

export const VersionIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ApplicationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const UserUidParams = Type.Object({ userUid: Type.String({ minLength: 1, maxLength: 64 }) });

export const VersionItemSchema = Type.Object({ id: Type.Integer(), identityName: Type.String() });

/** Spec 3's permission tree: `menus`, each with `subMenus`, four levels at most. */
function menuLevel(depth: number): TSchema {
  return Type.Object({
    permName: Type.String(),
    permId: Type.Integer(),
    subMenus: depth > 1 ? Type.Array(menuLevel(depth - 1)) : AlwaysEmpty,
  });
}

export const PermGroupSchema = Type.Object({ groupName: Type.String(), groupCode: Type.String(), menus: Type.Array(menuLevel(4)) });

export const VersionDetailSchema = Type.Object({
  id: Type.Integer(),
  identityName: Type.String(),
  priceTags: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  permGroups: Type.Array(PermGroupSchema),
  monthlyPriceFen: Type.Integer({ description: 'fen' }),
  trialDays: Type.Integer(),
});

export const UploadedSchema = Type.Object({
  url: Type.String({ description: 'a link that opens the stored image for an hour; send it back in jsonExtras' }),
});

export const ApplyBody = Type.Object({
  // Optional here so that a missing version gets spec 5's message (2103), in spec 5's order.
  versionId: Type.Optional(Type.Integer({ minimum: 0 })),
  jsonExtras: Type.Optional(
    Type.String({
      maxLength: 20_000,
      description: 'the serialised object {"licenceImages": [urls], "companyName", "name", "phone"} (also `licenceImage` or `cover`)',
    }),
  ),
});

export const IdSchema = Type.Object({ id: Type.Integer() });

const ApplicationFields = {
  id: Type.Integer(),
  versionId: Type.Integer(),
  versionName: Type.String(),
  status: literals(MEMBERSHIP_APPLICATION_STATUSES),
  reason: Type.String(),
  companyName: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  licenceImages: Type.Array(Type.String()),
  createdAt: Type.Integer(),
  decidedAt: NullableInteger,
};

export const MembershipSchema = Type.Object({
  id: Type.Integer(),
  versionId: Type.Integer(),
  versionName: Type.String(),
  kind: literals(MEMBERSHIP_KINDS),
  status: literals(MEMBERSHIP_STATUSES),
  startsAt: Type.Integer(),
  endsAt: Type.Integer(),
  graceEndsAt: Type.Integer({ description: 'endsAt + the grace period: until then an active membership keeps its features' }),
  autoRenew: Type.Boolean({ description: 'renew one month from the balance by itself when the period ends' }),
});

const MethodSchema = literals(['balance', ...PAYMENT_PROVIDERS] as const);

export const RenewalOptionsSchema = Type.Object({
  versionId: Type.Integer(),
  versionName: Type.String(),
  monthlyPriceFen: Type.Integer({ description: 'fen' }),
  months: Type.Array(Type.Integer()),
  providers: Type.Array(literals(PAYMENT_PROVIDERS)),
  balanceFen: Type.Integer(),
  debtFen: Type.Integer({ description: 'what a refund left owing: while above zero, renewing is refused' }),
});

export const MembershipPaymentSchema = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  versionName: Type.String(),
  months: Type.Integer(),
  amountFen: Type.Integer(),
  method: MethodSchema,
  paidAt: Type.Integer(),
  periodStartsAt: Type.Integer(),
  periodEndsAt: Type.Integer(),
  automatic: Type.Boolean(),
});

export const MyMembershipSchema = Type.Object({
  current: Type.Union([MembershipSchema, Type.Null()]),
  applications: Type.Array(Type.Object(ApplicationFields)),
  trialUsed: Type.Boolean(),
  renewal: Type.Union([RenewalOptionsSchema, Type.Null()]),
  payments: Type.Array(MembershipPaymentSchema),
});

export const RenewBody = Type.Object({
  // Any whole number here, so that months not on offer get the membership's own message (2118).
  months: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description: `months of the version held: one of ${MEMBERSHIP_RENEW_MONTHS.join(', ')}`,
  }),
  method: MethodSchema,
});

export const RenewalSchema = Type.Object({
  membership: MembershipSchema,
  order: Type.Union([RechargeOrderSchema, Type.Null()]),
  balanceFen: Type.Integer(),
});

export const AutoRenewBody = Type.Object({ autoRenew: Type.Boolean() });

const PriceTagInput = Type.Object({
  labelZh: Type.String({ minLength: 1, maxLength: MEMBERSHIP_PRICE_TAG_LABEL_MAX }),
  labelEn: Type.String({ minLength: 1, maxLength: MEMBERSHIP_PRICE_TAG_LABEL_MAX }),
  value: Type.String({ minLength: 1, maxLength: MEMBERSHIP_PRICE_TAG_VALUE_MAX }),
});

export const VersionBody = Type.Object({
  identityNameZh: Type.String({ minLength: 1, maxLength: MEMBERSHIP_VERSION_NAME_MAX }),
  identityNameEn: Type.String({ minLength: 1, maxLength: MEMBERSHIP_VERSION_NAME_MAX }),
  priceTags: Type.Array(PriceTagInput, { maxItems: MEMBERSHIP_PRICE_TAGS_MAX, default: [] }),
  groupCodes: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 50, default: [] }),
  monthlyPriceFen: Type.Integer({ minimum: 0, maximum: MEMBERSHIP_MONTHLY_PRICE_MAX_FEN, description: 'fen' }),
  trialDays: Type.Integer({ minimum: 0, maximum: MEMBERSHIP_TRIAL_DAYS_MAX }),
  sortOrder: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, default: 0 }),
  visible: Type.Boolean({ default: true }),
});

export const AdminVersionSchema = Type.Object({
  id: Type.Integer(),
  identityNameZh: Type.String(),
  identityNameEn: Type.String(),
  priceTags: Type.Array(Type.Object({ labelZh: Type.String(), labelEn: Type.String(), value: Type.String() })),
  groupCodes: Type.Array(Type.String()),
  monthlyPriceFen: Type.Integer(),
  trialDays: Type.Integer(),
  sortOrder: Type.Integer(),
  visible: Type.Boolean(),
  activeMembers: Type.Integer(),
  pendingApplications: Type.Integer(),
});

export const RemovedSchema = Type.Object({ outcome: literals(['deleted', 'hidden'] as const) });

export const ApplicationsQuery = Type.Object({
  status: Type.Optional(Type.Union([literals(MEMBERSHIP_APPLICATION_STATUSES), Type.Literal('')])),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const AdminApplicationsSchema = pageOf(
  Type.Object({ ...ApplicationFields, applicant: PersonSummarySchema, decidedBy: Type.Union([Type.String(), Type.Null()]) }),
);

export const ApprovedSchema = Type.Object({ membershipId: Type.Integer(), endsAt: Type.Integer() });

export const ReasonBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: MEMBERSHIP_REASON_MAX }) });
