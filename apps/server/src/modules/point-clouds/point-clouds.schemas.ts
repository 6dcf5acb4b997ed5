import { MEASUREMENT_KINDS, MEASUREMENT_LIMITS, MODEL_SOURCE_FORMATS, POINT_CLOUD_SOURCE_FORMATS } from '@spatia/contract';
import { Type } from 'typebox';
import { literals } from '../../lib/schemas.js';
import { ProcessingSchema } from '../processing/index.js';

/** Request and response shapes of 3D and point-cloud works' viewers, measurements and list. */
export const tags = ['3D and point clouds'];

const Coordinate = Type.Number({ minimum: -1e9, maximum: 1e9 });
const Point = Type.Tuple([Coordinate, Coordinate, Coordinate]);

const MeasurementSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  kind: Type.Unsafe<(typeof MEASUREMENT_KINDS)[number]>({ type: 'string', enum: [...MEASUREMENT_KINDS] }),
  label: Type.String({ maxLength: MEASUREMENT_LIMITS.label }),
  points: Type.Array(Point, { minItems: 2, maxItems: MEASUREMENT_LIMITS.pointsPerMeasurement }),
});

export const MeasurementSetSchema = Type.Object({
  revision: Type.Integer(),
  measurements: Type.Array(MeasurementSchema),
});

export const MeasurementUpdateBody = Type.Object({
  revision: Type.Integer({ minimum: 0 }),
  measurements: Type.Array(MeasurementSchema, { maxItems: MEASUREMENT_LIMITS.measurements }),
});

const Vec3 = Type.Tuple([Type.Number(), Type.Number(), Type.Number()]);
const Box3 = Type.Object({ min: Vec3, max: Vec3 });

const ModelStatsSchema = Type.Object({
  triangles: Type.Number(),
  vertices: Type.Number(),
  textureBytes: Type.Number(),
  fileBytes: Type.Number(),
  textures: Type.Number(),
  maxTextureSize: Type.Number(),
});

/**
 * Manifests are written by the pipelines and read by the viewers; the contract documents their fields
 * (ModelManifest). Numbers are `number`, never `integer`: the serializer would round a fraction.
 */
const ModelManifestSchema = Type.Object({
  kind: Type.Literal('model'),
  sourceFormat: literals(MODEL_SOURCE_FORMATS),
  before: ModelStatsSchema,
  after: ModelStatsSchema,
  bounds: Box3,
  geometryCompression: literals(['meshopt', 'none']),
  textureFormats: Type.Array(Type.String()),
  poster: Type.Boolean(),
});

/** PointCloudManifest; docs/pointcloud-format.md. */
const PointCloudManifestSchema = Type.Object({
  kind: Type.Literal('pointcloud'),
  version: Type.Literal(1),
  sourceFormat: literals(POINT_CLOUD_SOURCE_FORMATS),
  points: Type.Number(),
  bounds: Box3,
  cube: Type.Object({ min: Vec3, size: Type.Number() }),
  spacing: Type.Number(),
  attributes: Type.Object({ rgb: Type.Boolean(), intensity: Type.Boolean() }),
  intensityRange: Type.Tuple([Type.Number(), Type.Number()]),
  scale: Vec3,
  offset: Vec3,
  nodes: Type.Array(Type.Object({ name: Type.String(), points: Type.Number(), offset: Type.Number(), byteSize: Type.Number() })),
});

const SceneOf = {
  workUid: Type.String(),
  name: Type.String(),
  baseUrl: Type.String({ description: 'folder of the derived files, ending in /' }),
};

/** WorkScene: a 3D model's (ModelView) or a point cloud's (PointCloudView, with its measurements). */
export const WorkSceneSchema = Type.Union([
  Type.Object({ type: Type.Literal('model3d'), ...SceneOf, manifest: ModelManifestSchema }),
  Type.Object({ type: Type.Literal('pointcloud'), ...SceneOf, manifest: PointCloudManifestSchema, measurements: MeasurementSetSchema }),
]);

export const PointCloudListQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});

export const PointCloudPageSchema = Type.Object({
  list: Type.Array(
    Type.Object({
      uid: Type.String(),
      name: Type.String(),
      coverUrl: Type.String(),
      status: Type.String(),
      processing: ProcessingSchema,
      points: Type.Union([Type.Integer(), Type.Null()]),
      updatedAt: Type.Integer(),
    }),
  ),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
