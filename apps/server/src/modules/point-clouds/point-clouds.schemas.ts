import { MEASUREMENT_KINDS, MEASUREMENT_LIMITS } from '@spatia/contract';
import { Type } from 'typebox';
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

/** Manifests are written by the pipelines and read by the viewers; their fields are documented in the contract. */
const Manifest = Type.Object({ kind: Type.String() }, { additionalProperties: true });

export const WorkSceneSchema = Type.Object({
  type: Type.String(),
  workUid: Type.String(),
  name: Type.String(),
  baseUrl: Type.String(),
  manifest: Manifest,
  measurements: Type.Optional(MeasurementSetSchema),
});

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
