import {
  PROVINCE_CODES,
  SIGNED_PROVIDER_STATUSES,
  SIGNING_APPLICATION_STATUSES,
  SIGNING_EQUIPMENT_MAX,
  SIGNING_INTRO_MAX,
  SIGNING_SAMPLE_WORKS_MAX,
  SERVICE_REASON_MAX,
} from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, PageQuery, Uid, literals, pageOf } from '../../lib/schemas.js';

/** Request and response shapes of signing (docs/service-orders.md "Signing"). */
export const tags = ['signing'];

export const ApplicationIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ProviderUidParams = Type.Object({ uid: Uid });

const PartySchema = Type.Object({ uid: Type.String(), name: Type.String(), avatarUrl: Type.String() });

export const ApplyBody = Type.Object({
  provinceCodes: Type.Array(Type.String({ maxLength: 2 }), {
    maxItems: PROVINCE_CODES.length,
    description: 'GB/T 2260 two-digit province codes',
  }),
  equipment: Type.String({ maxLength: SIGNING_EQUIPMENT_MAX }),
  intro: Type.String({ maxLength: SIGNING_INTRO_MAX }),
  sampleWorkUids: Type.Array(Uid, { maxItems: SIGNING_SAMPLE_WORKS_MAX }),
});

export const AreasBody = Type.Object({
  provinceCodes: Type.Array(Type.String({ maxLength: 2 }), {
    maxItems: PROVINCE_CODES.length,
    description: 'GB/T 2260 two-digit province codes',
  }),
  equipment: Type.String({ maxLength: SIGNING_EQUIPMENT_MAX }),
});

export const ApplicationSchema = Type.Object({
  id: Type.Integer(),
  applicant: PartySchema,
  provinceCodes: Type.Array(literals(PROVINCE_CODES)),
  equipment: Type.String(),
  intro: Type.String(),
  sampleWorks: Type.Array(Type.Object({ uid: Type.String(), name: Type.String(), coverUrl: Type.String() })),
  status: literals(SIGNING_APPLICATION_STATUSES),
  reason: Type.String(),
  createdAt: Type.Integer(),
  decidedAt: NullableInteger,
});

export const ProviderSchema = Type.Object({
  provider: PartySchema,
  provinceCodes: Type.Array(literals(PROVINCE_CODES)),
  equipment: Type.String(),
  status: literals(SIGNED_PROVIDER_STATUSES),
  signedAt: Type.Integer(),
  revokedAt: NullableInteger,
  revokeReason: Type.String(),
  activeOrders: Type.Integer(),
  completedOrders: Type.Integer(),
});

export const MySigningSchema = Type.Object({
  application: Type.Union([ApplicationSchema, Type.Null()]),
  provider: Type.Union([ProviderSchema, Type.Null()]),
});

export const ApplicationsQuery = Type.Object({ status: Type.Optional(literals(SIGNING_APPLICATION_STATUSES)), ...PageQuery });
export const ProvidersQuery = Type.Object({
  status: Type.Optional(literals(SIGNED_PROVIDER_STATUSES)),
  provinceCode: Type.Optional(Type.String({ maxLength: 2 })),
  ...PageQuery,
});

export const ApplicationPageSchema = pageOf(ApplicationSchema);
export const ProviderPageSchema = pageOf(ProviderSchema);

export const ReasonBody = Type.Object({ reason: Type.String({ maxLength: SERVICE_REASON_MAX }) });
