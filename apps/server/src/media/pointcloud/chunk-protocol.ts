import type { PointCloudManifest } from '@spatia/contract';
import type { EncodedNode } from './node-writer.js';
import type { OctreeTuning } from './octree-builder.js';

/**
 * A chunk of the distribution pass: its cube (relative to the root's min), its points and their file,
 * and how many points its root may hand up to the levels above the chunks, at most (`buildChunk`).
 */
export interface ChunkTask {
  name: string;
  min: [number, number, number];
  size: number;
  points: number;
  file: string;
  handUp: number;
}

export interface ChunkWorkerData {
  attributes: PointCloudManifest['attributes'];
  tuning: OctreeTuning;
}

/**
 * What a chunk worker answers, in order, for each chunk it is sent: pieces of encoded nodes (whole
 * nodes, about 8 MB a piece, their buffers transferred, the chunk's root among them), then the records
 * its root hands up, or a failure.
 */
export type ChunkWorkerAnswer =
  | { kind: 'nodes'; nodes: EncodedNode[]; bytes: ArrayBuffer }
  | { kind: 'built'; name: string; root: ArrayBuffer }
  | { kind: 'failed'; name: string; message: string };
