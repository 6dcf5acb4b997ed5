import {
  ASSET_KINDS,
  REVIEW_NOTE_MAX,
  WORK_ADDRESS_MAX,
  WORK_BUDGET_MAX_GB,
  WORK_DESCRIPTION_MAX,
  WORK_NAME_MAX,
  WORK_STATUSES,
  WORK_TAG_MAX_LENGTH,
  WORK_TYPES,
} from '@spatia/contract';
import { Type } from 'typebox';
import { NullableInteger, PageQuery, PersonSummarySchema, Uid, UidParams, literals } from '../../lib/schemas.js';

/** Request and response shapes of the works API; they validate input and write the OpenAPI document. */
export const tags = ['works'];

export const WorkTypeSchema = literals(WORK_TYPES);
export const WorkStatusSchema = literals(WORK_STATUSES);

export const WorkName = Type.String({ minLength: 1, maxLength: WORK_NAME_MAX });
export const WorkDescription = Type.String({ maxLength: WORK_DESCRIPTION_MAX });
export const Tag = Type.String({ minLength: 1, maxLength: WORK_TAG_MAX_LENGTH });
/** Shared with the processing routes, which still import it from here. */

export const TagParams = Type.Object({ uid: Uid, tag: Tag });

export const WorkListQuerySchema = Type.Object({
  ...PageQuery,
  modelName: Type.Optional(Type.String({ maxLength: WORK_NAME_MAX })),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
  status: Type.Optional(Type.Union([WorkStatusSchema, Type.Literal('')])),
  type: Type.Optional(Type.Union([WorkTypeSchema, Type.Literal('')])),
  tag: Type.Optional(Type.String({ maxLength: WORK_TAG_MAX_LENGTH })),
});

export const ShowcaseQuerySchema = Type.Object({
  ...PageQuery,
  type: Type.Optional(WorkTypeSchema),
});

export const CreateWorkBody = Type.Object({
  name: WorkName,
  type: WorkTypeSchema,
  description: Type.Optional(WorkDescription),
});

/**
 * Epoch milliseconds of the last moment of 9999 (UTC): the latest start or end time a work takes. Every
 * number of the input is also finite, and an integer without bounds of its own fits PostgreSQL's
 * integer (lib/safe-input.ts); latitude and longitude keep to the globe.
 */
export const WORK_TIME_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A number that may be cleared: `null` in JSON, an empty value in a form. */
const nullable = (type: 'number' | 'integer', limits: { minimum?: number; maximum?: number }) =>
  Type.Unsafe<number | null>({ type: [type, 'null'], ...limits });

export const AttributesBody = Type.Object({
  name: Type.Optional(WorkName),
  description: Type.Optional(WorkDescription),
  address: Type.Optional(Type.String({ maxLength: WORK_ADDRESS_MAX })),
  latitude: Type.Optional(nullable('number', { minimum: -90, maximum: 90 })),
  longitude: Type.Optional(nullable('number', { minimum: -180, maximum: 180 })),
  startTime: Type.Optional(nullable('integer', { minimum: 0, maximum: WORK_TIME_MAX })),
  endTime: Type.Optional(nullable('integer', { minimum: 0, maximum: WORK_TIME_MAX })),
  shopId: Type.Optional(nullable('integer', { minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  openInOfficial: Type.Optional(Type.Boolean()),
});

export const BudgetBody = Type.Object({ budget: Type.Integer({ minimum: 1, maximum: WORK_BUDGET_MAX_GB }) });
export const OnLinedBody = Type.Object({ onLined: Type.Boolean() });
export const BatchDeleteBody = Type.Object({
  modelUids: Type.Union([Type.Array(Uid, { minItems: 1, maxItems: 200 }), Type.String({ minLength: 1, maxLength: 200 * 65 })]),
});
export const ReviewDecisionBody = Type.Object({ passed: Type.Boolean(), note: Type.Optional(Type.String({ maxLength: REVIEW_NOTE_MAX })) });

export const WorkSummarySchema = Type.Object({
  uid: Type.String(),
  type: WorkTypeSchema,
  name: Type.String(),
  description: Type.String(),
  tags: Type.Array(Type.String()),
  status: WorkStatusSchema,
  onLined: Type.Boolean(),
  openInOfficial: Type.Boolean(),
  marketPrice: NullableInteger,
  budget: Type.Optional(Type.Integer({ description: "the owner's and admins' answers only" })),
  coverUrl: Type.String(),
  version: Type.Integer(),
  owner: PersonSummarySchema,
  pendingTransfer: Type.Optional(Type.Boolean({ description: "the owner's and admins' answers only" })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  deletedAt: NullableInteger,
});

/** A row of the reviewers' queue: who claimed it (null while it waits) and when it was submitted. */
export const WorkReviewItemSchema = Type.Object({
  ...WorkSummarySchema.properties,
  submittedAt: NullableInteger,
  reviewer: Type.Union([PersonSummarySchema, Type.Null()]),
});

export const WorkAssetSchema = Type.Object({
  id: Type.Integer(),
  kind: literals(ASSET_KINDS),
  url: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  sha256: Type.String(),
  createdAt: Type.Integer(),
});

export const WorkDetailSchema = Type.Object({
  ...WorkSummarySchema.properties,
  address: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  startTime: NullableInteger,
  endTime: NullableInteger,
  shopId: NullableInteger,
  reviewNote: Type.Optional(Type.String({ description: "the owner's and admins' answers only" })),
  views: Type.Integer(),
  assets: Type.Array(WorkAssetSchema),
});

export const UploadGrantSchema = Type.Object({
  endpoint: Type.String(),
  grant: Type.String(),
  kind: literals(ASSET_KINDS),
  accept: Type.Array(Type.String()),
  maxBytes: Type.Integer(),
  expiresAt: Type.Integer(),
});

export const ShareSchema = Type.Object({ url: Type.String(), embedCode: Type.String() });

export const TagsSchema = Type.Array(Type.String());
export const ViewsSchema = Type.Object({ views: Type.Integer() });
export const DeletedSchema = Type.Object({ deleted: Type.Integer() });
export const AssetParams = Type.Object({ ...UidParams.properties, assetId: Type.Integer({ minimum: 1 }) });
