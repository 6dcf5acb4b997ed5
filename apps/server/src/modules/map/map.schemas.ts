import { MAP_ATTRIBUTION_MAX_LENGTH, MAP_SOURCE_MAX_LENGTH } from '@spatia/contract';
import { Type } from 'typebox';
import { WorkTypeSchema } from '../works/index.js';

/** Request and response shapes of the map; they validate input and write the OpenAPI document. */
export const tags = ['map'];

export const MapSettingsSchema = Type.Object({
  source: Type.String({
    maxLength: MAP_SOURCE_MAX_LENGTH,
    description: 'a MapLibre style JSON URL, or a raster tile URL holding {z}, {x} and {y}; empty for the bundled basemap',
  }),
  attribution: Type.String({ maxLength: MAP_ATTRIBUTION_MAX_LENGTH, description: "the tile service's credit, plain text" }),
});

const Longitude = Type.Number({ minimum: -180, maximum: 180 });
const Latitude = Type.Number({ minimum: -90, maximum: 90 });

export const MapWorksQuery = Type.Object({
  type: Type.Optional(Type.Union([WorkTypeSchema, Type.Literal('')])),
  west: Type.Optional(Longitude),
  south: Type.Optional(Latitude),
  east: Type.Optional(Longitude),
  north: Type.Optional(Latitude),
});

const MapWorkSchema = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  type: WorkTypeSchema,
  coverUrl: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  author: Type.Object({ uid: Type.String(), name: Type.String() }),
});

export const MapWorksSchema = Type.Object({
  works: Type.Array(MapWorkSchema),
  truncated: Type.Boolean({ description: 'more works lie in the area than one answer carries (MAP_WORKS_LIMIT): zoom in' }),
});
