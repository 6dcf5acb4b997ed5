/**
 * 3D models and point clouds: what processing derives from their uploads and how the viewers read it.
 * Design: docs/models.md and docs/pointcloud-format.md.
 */
import type { Page } from './api.js';
import type { WorkProcessing } from './tours.js';
import { defineErrors } from './errors.js';
import spatialErrors from './spatial.errors.json' with { type: 'json' };

export type Vec3 = [number, number, number];

export interface Box3 {
  min: Vec3;
  max: Vec3;
}

/** Files a processed model's folder holds (relative to `ModelView.baseUrl`). */
export const MODEL_FILE_PATH = 'model.glb';
export const MODEL_POSTER_PATH = 'poster.jpg';

export const MODEL_SOURCE_FORMATS = ['glb', 'gltf', 'obj', 'ply'] as const;
export type ModelSourceFormat = (typeof MODEL_SOURCE_FORMATS)[number];

/** Measures of a model, taken before and after optimisation. */
export interface ModelStats {
  triangles: number;
  vertices: number;
  /** GPU memory the textures take once decoded: width × height × 4 bytes, plus a third for mipmaps. */
  textureBytes: number;
  /** Bytes of the GLB (before: the uploaded file, or the zip's model, its buffers and textures). */
  fileBytes: number;
  textures: number;
  /** Largest texture side in pixels, 0 without textures. */
  maxTextureSize: number;
}

export interface ModelManifest {
  kind: 'model';
  sourceFormat: ModelSourceFormat;
  before: ModelStats;
  after: ModelStats;
  /** In the GLB's own units (metres by glTF's convention). */
  bounds: Box3;
  /** Geometry compression of the optimised GLB; the viewer needs the matching decoder. */
  geometryCompression: 'meshopt' | 'none';
  /** Image formats the optimised textures use. */
  textureFormats: string[];
  /** Whether `poster.jpg` exists (a rendered view shown before the model loads). */
  poster: boolean;
}

/** Files a processed point cloud's folder holds (relative to `PointCloudView.baseUrl`). */
export const POINT_CLOUD_OCTREE_PATH = 'octree.bin';
export const POINT_CLOUD_PREVIEW_PATH = 'preview.jpg';

export const POINT_CLOUD_SOURCE_FORMATS = ['las', 'laz', 'ply', 'xyz'] as const;
export type PointCloudSourceFormat = (typeof POINT_CLOUD_SOURCE_FORMATS)[number];

/**
 * One node of the octree. Its name is its path from the root: `r`, then one digit 0–7 per level; the
 * digit's bits pick the child's half along x (4), y (2) and z (1), so `r5` is the root's child with the
 * upper x and z halves. Its points lie at `[offset, offset + byteSize)` of `octree.bin`, encoded as
 * `decodePointCloudNode` reads them.
 */
export interface PointCloudNode {
  name: string;
  points: number;
  offset: number;
  byteSize: number;
}

export interface PointCloudManifest {
  kind: 'pointcloud';
  /** Version of the octree format (docs/pointcloud-format.md). */
  version: 1;
  sourceFormat: PointCloudSourceFormat;
  points: number;
  /** Tight bounds of the points, in the source's coordinates. */
  bounds: Box3;
  /** The root node's cube, in the source's coordinates; stored positions are offsets from `cube.min`. */
  cube: { min: Vec3; size: number };
  /** Smallest distance between the root node's points; each level halves it. */
  spacing: number;
  attributes: { rgb: boolean; intensity: boolean };
  /** Smallest and largest intensity, for colouring by intensity; [0, 0] without intensities. */
  intensityRange: [number, number];
  /** Scale and offset a LAS export uses (the source's when it was a LAS). */
  scale: Vec3;
  offset: Vec3;
  /** Every node, parents before children. */
  nodes: PointCloudNode[];
}

/** Bytes one point takes in a node with these attributes. */
export function pointCloudPointBytes(attributes: PointCloudManifest['attributes']): number {
  return 12 + (attributes.rgb ? 4 : 0) + (attributes.intensity ? 2 : 0);
}

export interface DecodedPointCloudNode {
  /** x, y, z per point: float32 offsets from `cube.min`. */
  positions: Float32Array;
  /** r, g, b, 255 per point, or null. */
  colors: Uint8Array | null;
  intensities: Uint16Array | null;
}

/**
 * A node's bytes: all positions (float32 × 3), then all colours (uint8 × 4) if the cloud has RGB, then
 * all intensities (uint16) if it has them; little-endian. `bytes` must start at the node's offset.
 */
export function decodePointCloudNode(
  bytes: ArrayBuffer,
  count: number,
  attributes: PointCloudManifest['attributes'],
): DecodedPointCloudNode {
  const positions = new Float32Array(bytes, 0, count * 3);
  let at = count * 12;
  const colors = attributes.rgb ? new Uint8Array(bytes, at, count * 4) : null;
  if (attributes.rgb) at += count * 4;
  const intensities = attributes.intensity ? new Uint16Array(bytes, at, count) : null;
  return { positions, colors, intensities };
}

/** A node's cube in the source's coordinates, from its name. */
export function pointCloudNodeBox(cube: PointCloudManifest['cube'], name: string): Box3 {
  const min: Vec3 = [...cube.min];
  let size = cube.size;
  for (const digit of name.slice(1)) {
    size /= 2;
    const child = Number(digit);
    if (child & 4) min[0] += size;
    if (child & 2) min[1] += size;
    if (child & 1) min[2] += size;
  }
  return { min, max: [min[0] + size, min[1] + size, min[2] + size] };
}

/** What a 3D or point-cloud work's viewer loads: `GET /api/model/{id}/scene`. */
export type WorkScene = ModelView | PointCloudView;

export interface ModelView {
  type: 'model3d';
  workUid: string;
  name: string;
  /** Folder of the derived files, ending in `/`. */
  baseUrl: string;
  manifest: ModelManifest;
}

export interface PointCloudView {
  type: 'pointcloud';
  workUid: string;
  name: string;
  baseUrl: string;
  manifest: PointCloudManifest;
  measurements: MeasurementSet;
}

export const MEASUREMENT_KINDS = ['distance', 'area', 'height'] as const;
export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number];

/**
 * A measurement placed on a point cloud, in the source's coordinates. distance: two or more points (a
 * polyline); area: three or more (a closed polygon); height: two points (the vertical difference).
 */
export interface Measurement {
  id: string;
  kind: MeasurementKind;
  label: string;
  points: Vec3[];
}

export interface MeasurementSet {
  /** Increments on every save; a save carrying an older one is refused (1902). */
  revision: number;
  measurements: Measurement[];
}

/** `PUT /api/model/{id}/measurements` */
export interface MeasurementUpdate {
  revision: number;
  measurements: Measurement[];
}

export const MEASUREMENT_LIMITS = {
  measurements: 200,
  pointsPerMeasurement: 100,
  label: 40,
} as const;

/** The fewest points a measurement of each kind needs, and the most (height takes exactly two). */
export const MEASUREMENT_POINTS: Record<MeasurementKind, { min: number; max: number }> = {
  distance: { min: 2, max: MEASUREMENT_LIMITS.pointsPerMeasurement },
  area: { min: 3, max: MEASUREMENT_LIMITS.pointsPerMeasurement },
  height: { min: 2, max: 2 },
};

/** One row of the point-cloud list (permission 460): `GET /api/pointClouds`. */
export interface PointCloudListItem {
  uid: string;
  name: string;
  coverUrl: string;
  status: string;
  processing: WorkProcessing;
  /** Points of the processed cloud, or null before processing. */
  points: number | null;
  updatedAt: number;
}

export type PointCloudPage = Page<PointCloudListItem>;

/** 3D models, point clouds and their measurements (the point-clouds module): 1906–1909. */
export const SpatialErrors = defineErrors(spatialErrors);
