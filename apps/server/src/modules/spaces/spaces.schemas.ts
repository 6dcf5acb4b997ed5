import {
  MARKET_LICENCES,
  SERVICE_REQUIREMENT_TYPES,
  SPACE_ADDRESS_MAX,
  SPACE_CONTACT_PHONE_PATTERN,
  SPACE_HOUSES_PAGE_SIZE_DEFAULT,
  SPACE_HOUSES_PAGE_SIZE_MAX,
  SPACE_IMAGE_URL_MAX,
  SPACE_INTRO_MAX,
  SPACE_KINDS,
  SPACE_LAYOUTS,
  SPACE_NAME_MAX,
  SPACE_TEMPLATE_CODES,
  SPACE_VISIBILITIES,
} from '@spatia/contract';
import { Type, type TSchema } from 'typebox';
import { literals, Uid } from '../../lib/schemas.js';

/** Request and response shapes of spaces (docs/spaces.md). */
export const tags = ['spaces'];

// Null first: the validator coerces types, and a string tried first would read a null as ''.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
/** A loose bound only: the rules with their own codes (2749, 2752, 2753, 2754) are checked by the service. */
const Short = (maxLength: number, description: string) => Type.String({ maxLength, description });

const spaceFields = {
  kind: literals(SPACE_KINDS),
  name: Type.String({ minLength: 1, maxLength: SPACE_NAME_MAX * 2, description: `1–${SPACE_NAME_MAX} characters once trimmed` }),
  intro: Type.String({ maxLength: SPACE_INTRO_MAX, description: 'plain text' }),
  templateCode: Short(32, `one of ${SPACE_TEMPLATE_CODES.join(', ')}`),
  visibility: literals(SPACE_VISIBILITIES),
  accessCode: Short(64, 'for a private space: 4–12 letters or digits (kept only as a salted hash; never answered)'),
  website: Nullable(Short(64, 'an enterprise space’s own address: ^[a-z0-9][a-z0-9-]{2,31}$, unique; null clears it')),
  brandColor: Nullable(Short(16, '#rrggbb; null clears it')),
  logoUrl: Type.String({ maxLength: SPACE_IMAGE_URL_MAX, description: '`/files/…` or an https address; empty: none' }),
  coverUrl: Type.String({ maxLength: SPACE_IMAGE_URL_MAX, description: '`/files/…` or an https address; empty: none' }),
  contactPhone: Nullable(
    Type.String({ pattern: `^(${SPACE_CONTACT_PHONE_PATTERN.source.slice(1, -1)})?$`, description: 'digits, spaces, + - ( )' }),
  ),
  address: Type.String({ maxLength: SPACE_ADDRESS_MAX }),
  latitude: Nullable(Type.Number({ minimum: -90, maximum: 90, description: 'with longitude, or neither' })),
  longitude: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
};

export const SpaceInputSchema = Type.Object({
  kind: spaceFields.kind,
  name: spaceFields.name,
  visibility: spaceFields.visibility,
  intro: Type.Optional(spaceFields.intro),
  templateCode: Type.Optional(spaceFields.templateCode),
  accessCode: Type.Optional(spaceFields.accessCode),
  website: Type.Optional(spaceFields.website),
  brandColor: Type.Optional(spaceFields.brandColor),
  logoUrl: Type.Optional(spaceFields.logoUrl),
  coverUrl: Type.Optional(spaceFields.coverUrl),
  contactPhone: Type.Optional(spaceFields.contactPhone),
  address: Type.Optional(spaceFields.address),
  latitude: Type.Optional(spaceFields.latitude),
  longitude: Type.Optional(spaceFields.longitude),
});

export const SpaceUpdateSchema = Type.Partial(SpaceInputSchema);

export const SpaceTemplateInputSchema = Type.Object({ templateCode: spaceFields.templateCode });

export const SpaceWorksInputSchema = Type.Object({
  workUids: Type.Array(Uid, { maxItems: 1000, description: 'the whole ordered list (at most 200 are kept: 2750 past that)' }),
});

export const SpaceWorkAppendSchema = Type.Object({ workUid: Uid });

export const SpaceUidParams = Type.Object({ uid: Uid });

export const SpaceDetailQuery = Type.Object({
  uid: Type.Optional(Type.String({ maxLength: 64 })),
  website: Type.Optional(Type.String({ maxLength: 64 })),
  code: Type.Optional(Type.String({ maxLength: 64, description: 'a private space’s access code' })),
});

export const SpacePersonQuery = Type.Object({ uid: Uid });

export const SpaceHousesQuery = Type.Object({
  uid: Uid,
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: SPACE_HOUSES_PAGE_SIZE_MAX, default: SPACE_HOUSES_PAGE_SIZE_DEFAULT }),
});

export const SpaceShopQuery = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'the space’s id (its shop id)' }),
  code: Type.Optional(Type.String({ maxLength: 64, description: 'a private space’s access code' })),
});

// ---- answers ----

export const SpaceTemplateSchema = Type.Object({
  code: literals(SPACE_TEMPLATE_CODES),
  nameZh: Type.String(),
  nameEn: Type.String(),
  layout: literals(SPACE_LAYOUTS),
  background: Type.String(),
  accent: Type.String(),
  dark: Type.Boolean(),
  usesBrandColor: Type.Boolean(),
});

const OwnerSchema = Type.Object({ uid: Type.String(), name: Type.String(), avatarUrl: Type.String() });

export const SpaceWorkCardSchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  type: Type.String(),
  coverUrl: Type.String(),
  address: Type.String(),
  views: Type.Integer(),
});

const cardFields = {
  uid: Type.String(),
  id: Type.Integer(),
  kind: literals(SPACE_KINDS),
  name: Type.String(),
  intro: Type.String(),
  coverUrl: Type.String(),
  logoUrl: Type.String(),
  visibility: literals(SPACE_VISIBILITIES),
  workCount: Type.Integer(),
};

export const SpaceCardSchema = Type.Object(cardFields);

export const SpaceViewSchema = Type.Object({
  uid: Type.String(),
  id: Type.Integer(),
  kind: literals(SPACE_KINDS),
  name: Type.String(),
  intro: Type.String(),
  coverUrl: Type.String(),
  logoUrl: Type.String(),
  templateCode: literals(SPACE_TEMPLATE_CODES),
  brandColor: Nullable(Type.String()),
  website: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  address: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  owner: OwnerSchema,
  works: Type.Array(SpaceWorkCardSchema),
  mine: Type.Boolean(),
  visibility: literals(SPACE_VISIBILITIES),
});

export const SpacePersonSchema = Type.Object({
  owner: Type.Object({ ...OwnerSchema.properties, intro: Type.Optional(Type.String()) }),
  spaces: Type.Array(SpaceCardSchema),
});

const HouseRentalSchema = Type.Object({
  rentFen: Type.Integer(),
  area: Type.Number(),
  bedrooms: Type.Integer(),
  livingRooms: Type.Integer(),
  bathrooms: Type.Integer(),
  floor: Nullable(Type.Integer()),
  totalFloors: Nullable(Type.Integer()),
});

export const HousePageSchema = Type.Object({
  list: Type.Array(
    Type.Object({
      uid: Type.String(),
      name: Type.String(),
      coverUrl: Type.String(),
      address: Type.String(),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      views: Type.Integer(),
      rental: Nullable(HouseRentalSchema),
    }),
  ),
  total: Type.Integer(),
});

export const SpaceShopSchema = Type.Object({
  space: Type.Object({ ...cardFields, templateCode: literals(SPACE_TEMPLATE_CODES), brandColor: Nullable(Type.String()) }),
  listings: Type.Array(
    Type.Object({ listingId: Type.Integer(), work: SpaceWorkCardSchema, priceFen: Type.Integer(), licence: literals(MARKET_LICENCES) }),
  ),
  services: Type.Array(
    Type.Object({
      requirementType: literals(SERVICE_REQUIREMENT_TYPES),
      nameZh: Type.String(),
      nameEn: Type.String(),
      pricePerSiteFen: Type.Integer(),
      pricePerM2Fen: Type.Integer(),
      minimumFen: Type.Integer(),
      depositBps: Type.Integer(),
    }),
  ),
});

/** A 403 of a space read: for a private space without its code (2745), `{ name, needsCode: true }` as its data. */
export const SpaceNeedsCodeSchema = Type.Object({
  code: Type.Integer({ description: '2745: the space needs its code; 2746: a wrong code' }),
  msg: Type.String(),
  data: Type.Optional(Type.Object({ name: Type.String(), needsCode: Type.Literal(true) }, { description: 'with 2745 only' })),
});

export const SpaceImageSchema = Type.Object({
  url: Type.String({ description: 'The public link a space takes as its coverUrl or logoUrl' }),
});
