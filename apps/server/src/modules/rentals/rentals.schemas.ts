import {
  PHONE_PATTERN,
  RENTAL_ADDRESS_MAX,
  RENTAL_AREA_MAX,
  RENTAL_AREA_MIN,
  RENTAL_CONTACT_NAME_MAX,
  RENTAL_FLOOR_MAX,
  RENTAL_FLOOR_MIN,
  RENTAL_KEYWORD_MAX,
  RENTAL_PAGE_SIZE_DEFAULT,
  RENTAL_PAGE_SIZE_MAX,
  RENTAL_PLACE_MAX,
  RENTAL_RENT_MAX_FEN,
  RENTAL_RENT_MIN_FEN,
  RENTAL_ROOMS_MAX,
  RENTAL_SORTS,
} from '@spatia/contract';
import { Type } from 'typebox';
import { literals, pageOf } from '../../lib/schemas.js';

/** Request and response shapes of rental listings (docs/rentals.md). */
export const tags = ['rentals'];

const Rooms = (description: string) => Type.Integer({ minimum: 0, maximum: RENTAL_ROOMS_MAX, description });
// Null first: the validator coerces types, and an integer tried first would read a null as 0.
const Floor = (description: string) =>
  Type.Union([Type.Null(), Type.Integer({ minimum: RENTAL_FLOOR_MIN, maximum: RENTAL_FLOOR_MAX })], { description });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([Type.Null(), schema]);

export const RentalInputSchema = Type.Object({
  rentFen: Type.Integer({ minimum: RENTAL_RENT_MIN_FEN, maximum: RENTAL_RENT_MAX_FEN, description: 'monthly rent in fen' }),
  area: Type.Number({ minimum: RENTAL_AREA_MIN, maximum: RENTAL_AREA_MAX, description: 'square metres; rounded to two decimals' }),
  bedrooms: Rooms('bedrooms'),
  livingRooms: Rooms('living rooms'),
  bathrooms: Rooms('bathrooms'),
  floor: Floor('the floor it is on (negative: basement); null when not said'),
  totalFloors: Nullable(Type.Integer({ minimum: 1, maximum: RENTAL_FLOOR_MAX, description: 'floors of the building' })),
  address: Type.String({ minLength: 1, maxLength: RENTAL_ADDRESS_MAX, pattern: '\\S', description: 'street and building' }),
  district: Type.String({ maxLength: RENTAL_PLACE_MAX }),
  city: Type.String({ maxLength: RENTAL_PLACE_MAX }),
  contactName: Type.String({ minLength: 1, maxLength: RENTAL_CONTACT_NAME_MAX, pattern: '\\S' }),
  contactPhone: Type.String({ pattern: PHONE_PATTERN.source, description: '11-digit mobile number' }),
  listed: Type.Boolean({ description: 'off: kept but not shown in the public listing' }),
});

export const RentalDetailsSchema = Type.Object({
  workUid: Type.String(),
  ...RentalInputSchema.properties,
  area: Type.Number(),
  visible: Type.Boolean({ description: 'listed and the work online: strangers find it' }),
  listedAt: Nullable(Type.Integer({ description: 'epoch ms' })),
  updatedAt: Type.Integer({ description: 'epoch ms' }),
});

export const MaybeRentalDetailsSchema = Nullable(RentalDetailsSchema);

export const RentalRemovedSchema = Type.Object({ removed: Type.Boolean({ description: 'false: there were none' }) });

const Fen = { minimum: 0, maximum: RENTAL_RENT_MAX_FEN };

export const RentalQuerySchema = Type.Object({
  minRent: Type.Optional(Type.Integer({ ...Fen, description: 'monthly rent at least, in fen' })),
  maxRent: Type.Optional(Type.Integer({ ...Fen, description: 'monthly rent at most, in fen' })),
  minArea: Type.Optional(Type.Number({ minimum: 0, maximum: RENTAL_AREA_MAX, description: 'square metres at least' })),
  maxArea: Type.Optional(Type.Number({ minimum: 0, maximum: RENTAL_AREA_MAX, description: 'square metres at most' })),
  bedrooms: Type.Optional(Type.Integer({ minimum: 0, maximum: RENTAL_ROOMS_MAX, description: 'at least this many bedrooms' })),
  keyword: Type.Optional(
    Type.String({ maxLength: RENTAL_KEYWORD_MAX, description: "part of the address, district, city or the work's title" }),
  ),
  bbox: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'the visible map: west,south,east,north in degrees (west > east crosses the antimeridian)',
    }),
  ),
  sort: Type.Optional(literals(RENTAL_SORTS)),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: RENTAL_PAGE_SIZE_MAX, default: RENTAL_PAGE_SIZE_DEFAULT }),
});

export const RentalCardSchema = Type.Object({
  workUid: Type.String(),
  title: Type.String(),
  coverUrl: Type.String(),
  rentFen: Type.Integer(),
  area: Type.Number(),
  bedrooms: Type.Integer(),
  livingRooms: Type.Integer(),
  bathrooms: Type.Integer(),
  floor: Nullable(Type.Integer()),
  totalFloors: Nullable(Type.Integer()),
  address: Type.String(),
  district: Type.String(),
  city: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  contactName: Type.String(),
  maskedPhone: Type.String({ description: 'the middle four digits hidden' }),
  listedAt: Type.Integer({ description: 'epoch ms' }),
});

export const RentalPageSchema = pageOf(RentalCardSchema);

export const RentalContactSchema = Type.Object({ workUid: Type.String(), contactName: Type.String(), contactPhone: Type.String() });
