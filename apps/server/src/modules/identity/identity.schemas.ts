import { IDENTITY_EXTRAS_MAX_LENGTH, IDENTITY_RECORD_STATUSES, WORK_PAGE_SIZE_MAX, type IdentityFieldName } from '@spatia/contract';
import { Type } from 'typebox';
import { literals } from '../../lib/schemas.js';

/** Request and response shapes of identity authentication; they validate input and write the OpenAPI document. */
export const tags = ['identity'];

const StatusSchema = literals(IDENTITY_RECORD_STATUSES);

export const IdentityIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const RecordIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const IdentityIdsParams = Type.Object({
  ids: Type.String({ minLength: 1, maxLength: 600, description: 'identity ids, comma-separated (at most 50)' }),
});

export const ApplyBody = Type.Object({
  jsonExtras: Type.String({
    minLength: 1,
    maxLength: IDENTITY_EXTRAS_MAX_LENGTH,
    description: 'a JSON object: businessCardUrl (from /c/uploadBusinessCard) and the fields of the kind (docs/identity.md)',
  }),
});

export const RejectBody = Type.Object({ reason: Type.String({ maxLength: 1000 }) });

export const ApplicationListQuery = Type.Object({
  status: Type.Optional(Type.Union([StatusSchema, Type.Literal('')])),
  identityId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.Literal('')])),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: WORK_PAGE_SIZE_MAX, default: 20 }),
});

/** Every IdentityFieldName; the `satisfies` fails the build when the contract adds or drops one. */
const FIELD_NAMES = Object.keys({
  realName: true,
  company: true,
  title: true,
  portfolioUrl: true,
  shopName: true,
  licenceNo: true,
} satisfies Record<IdentityFieldName, true>) as IdentityFieldName[];

const FieldSchema = Type.Object({
  name: literals(FIELD_NAMES),
  required: Type.Boolean(),
  maxLength: Type.Integer(),
  format: Type.Union([Type.Literal('text'), Type.Literal('url')]),
});

export const RecordSchema = Type.Object({
  id: Type.Integer(),
  identityId: Type.Integer(),
  status: StatusSchema,
  reason: Type.String(),
  businessCardUrl: Type.String({ description: 'a link that opens the image for an hour' }),
  extras: Type.Record(Type.String(), Type.String()),
  createdAt: Type.Integer(),
  decidedAt: Type.Union([Type.Integer(), Type.Null()]),
});

export const KindDetailSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  fields: Type.Array(FieldSchema),
  record: Type.Union([RecordSchema, Type.Null()], {
    description: "the caller's latest record of this kind; null when none or not signed in",
  }),
});

export const UploadedCardSchema = Type.Object({ url: Type.String() });

export const ApplicationItemSchema = Type.Object({
  ...RecordSchema.properties,
  identity: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  applicant: Type.Object({ uid: Type.String(), name: Type.String(), phone: Type.String() }),
  decidedBy: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()]),
});
