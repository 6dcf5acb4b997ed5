import { TOUR_LIMITS } from '@spatia/contract';
import { Type } from 'typebox';

/** Request and response shapes of tours; they validate input and write the OpenAPI document. */
export const tags = ['processing'];

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const Yaw = Type.Number({ minimum: -180, maximum: 180 });
const Pitch = Type.Number({ minimum: -90, maximum: 90 });
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Url = Type.String({ maxLength: TOUR_LIMITS.url });

const LinkHotspotSchema = Type.Object({
  id: Id,
  kind: Type.Literal('link'),
  yaw: Yaw,
  pitch: Pitch,
  targetSceneId: Id,
  arrowYaw: Yaw,
  label: Type.String({ maxLength: TOUR_LIMITS.sceneName }),
});

const InfoHotspotSchema = Type.Object({
  id: Id,
  kind: Type.Literal('info'),
  yaw: Yaw,
  pitch: Pitch,
  title: Type.String({ maxLength: TOUR_LIMITS.hotspotTitle }),
  text: Type.String({ maxLength: TOUR_LIMITS.hotspotText }),
  imageUrl: Url,
  linkUrl: Url,
});

const SceneSettingsSchema = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1, maxLength: TOUR_LIMITS.sceneName }),
  initialView: Type.Object({ yaw: Yaw, pitch: Pitch }),
  fov: Type.Number({ minimum: TOUR_LIMITS.fovMin, maximum: TOUR_LIMITS.fovMax }),
  hotspots: Type.Array(Type.Union([LinkHotspotSchema, InfoHotspotSchema]), { maxItems: TOUR_LIMITS.hotspotsPerScene }),
});

export const TourUpdateBody = Type.Object({
  revision: Type.Integer({ minimum: 0 }),
  scenes: Type.Array(SceneSettingsSchema, { minItems: 1, maxItems: 500 }),
  autorotateDelay: Type.Integer({ minimum: 0, maximum: TOUR_LIMITS.autorotateDelayMax }),
  gallery: Type.Boolean(),
  musicAssetId: nullable(Type.Integer({ minimum: 1 })),
});

const ManifestSchema = Type.Object({
  sourceWidth: Type.Integer(),
  sourceHeight: Type.Integer(),
  tileSize: Type.Integer(),
  levels: Type.Array(Type.Object({ faceSize: Type.Integer(), nbTiles: Type.Integer() })),
});

export const TourSchema = Type.Object({
  workUid: Type.String(),
  name: Type.String(),
  scenes: Type.Array(Type.Intersect([SceneSettingsSchema, Type.Object({ baseUrl: Type.String(), panorama: ManifestSchema })])),
  autorotateDelay: Type.Integer(),
  gallery: Type.Boolean(),
  musicUrl: nullable(Type.String()),
  musicAssetId: nullable(Type.Integer()),
  revision: Type.Integer(),
});
