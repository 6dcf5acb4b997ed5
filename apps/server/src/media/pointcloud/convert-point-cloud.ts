import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { POINT_CLOUD_OCTREE_PATH, POINT_CLOUD_PREVIEW_PATH, type Box3, type PointCloudManifest, type Vec3 } from '@spatia/contract';
import { MediaError } from '../media-error.js';
import { buildChunks } from './build-chunks.js';
import type { ChunkTask } from './chunk-protocol.js';
import { NodeWriter } from './node-writer.js';
import { buildTop, GridSampler, SAMPLING_GRID, type OctreeTuning } from './octree-builder.js';
import { openPointSource } from './open-point-source.js';
import { createPointBatch, type PointBatch, type PointReader } from './point-batch.js';
import { RECORD_BYTES, RECORD_WORDS } from './point-records.js';
import { PREVIEW_SIZE, PreviewRaster } from './preview-raster.js';
import { openStagingReader, StagingWriter } from './staging-file.js';

export interface ConvertPointCloudOptions {
  signal?: AbortSignal;
  /** Called about every 65,000 points with a growing count out of the source's points. */
  onProgress?: (pointsDone: number, pointsTotal: number) => void;
  /** Where the chunk files go for the length of the call (about 20 bytes a point). */
  temporaryDirectory: string;
  /** Sizes of chunks and leaves; the defaults suit production, tests make them small. */
  tuning?: Partial<ConversionTuning>;
}

export interface ConversionTuning extends OctreeTuning {
  /** A cell of the counting grid with more points than this is split into smaller chunks. */
  chunkPoints: number;
  /**
   * Points all the chunks' roots hand up to the levels above the chunks, at most, shared by their
   * points: what keeps the memory of those levels (~20 bytes a point, held while the chunks are built)
   * from growing with the number of chunks.
   */
  topPoints: number;
}

const DEFAULT_TUNING: ConversionTuning = { chunkPoints: 4_000_000, leafPoints: 20_000, topPoints: 2_000_000 };
/** Cells across the counting grid (2 million cells; the chunks are cubes of its octree). */
const COUNTING_GRID = 128;
const COUNTING_LEVELS = 7;
const GRID_LAST = COUNTING_GRID - 1;
/** Memory the distribution pass buffers chunk records in before appending them to their files. */
const DISTRIBUTION_BYTES = 48 << 20;
/** Bytes of full slices being written in the background, at most, before the distribution waits for them. */
const DISTRIBUTION_WRITES_BYTES = 24 << 20;
/**
 * Points of the chunks built at once on worker threads, at most (~25 bytes a point while built): two
 * chunks of 4 M; a bigger chunk (a single grid cell) is built alone.
 */
const CHUNK_POINTS_IN_FLIGHT = 8_000_000;
/** Shares of the work the progress gives each pass. */
const PASSES = { scan: [0, 0.2], count: [0.2, 0.35], scanAndCount: [0, 0.35], distribute: [0.35, 0.6], build: [0.6, 1] } as const;

interface Scan {
  points: number;
  bounds: Box3;
  intensityRange: [number, number];
  colorMax: number;
}

type Chunk = ChunkTask;

/**
 * Converts a LAS, LAZ, PLY or XYZ point cloud into the octree `PointCloudManifest` describes, writing
 * `octree.bin` and `preview.jpg` into `outDir`, out of core like PotreeConverter 2: a pass counts
 * the points on a 128³ grid, cells are merged into chunks of at most 4 million points, a pass appends
 * every point to its chunk's temporary file, each chunk is built in memory and written, and the levels
 * above the chunks are sampled from what the chunks' roots hand up (a fixed budget in all). Memory stays
 * bounded by the chunk size and that budget whatever the number of points (docs/pointcloud-format.md).
 *
 * Throws a `MediaError` for a file the owner must fix; on any failure or abort, the files it wrote in
 * `outDir` and its temporary folder are removed (an abort rejects with the signal's reason).
 */
export async function convertPointCloud(
  input: { path: string; fileName: string },
  outDir: string,
  options: ConvertPointCloudOptions,
): Promise<PointCloudManifest> {
  const { signal, onProgress } = options;
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  signal?.throwIfAborted();
  const temporary = await mkdtemp(path.join(options.temporaryDirectory, 'spatia-pointcloud-'));
  const octreePath = path.join(outDir, POINT_CLOUD_OCTREE_PATH);
  const previewPath = path.join(outDir, POINT_CLOUD_PREVIEW_PATH);
  try {
    const source = await openPointSource(input.path, input.fileName);
    let total = source.info.points;
    let lastReported = -1;
    const report = (pass: keyof typeof PASSES, fraction: number) => {
      const [from, to] = PASSES[pass];
      const done = Math.min(total, Math.floor(total * (from + (to - from) * Math.min(fraction, 1))));
      if (done > lastReported) {
        lastReported = done;
        onProgress?.(done, total);
      }
    };
    const batch = createPointBatch();

    const rgb = source.info.rgb;
    // Pass 1 and 2: bounds, ranges and count, then counts on the grid. A LAS whose header states its
    // bounds is counted on the cube of those bounds while the same pass measures the real ones; the
    // counts are kept if the two agree, and counted again on the real cube otherwise.
    let scan: Scan;
    let counts: Uint32Array | null = null;
    let openReader = () => source.openReader();
    const stated = source.format === 'las' ? source.info.bounds : null;
    if (stated && isBox(stated)) {
      const cube = cubeOf(stated);
      const stats = new ScanStats();
      const trusted = await countPoints(await openReader(), batch, cube.min, cube.size, signal, stats, (points) =>
        report('scanAndCount', points / total),
      );
      scan = stats.result();
      if (sameBox(scan.bounds, stated)) counts = trusted;
    } else {
      // Slow sources are copied into a staging file on the way.
      const staging = source.format === 'las' ? null : await StagingWriter.create(path.join(temporary, 'staged.bin'));
      try {
        scan = await scanPoints(await source.openReader(), batch, signal, async (points) => {
          if (staging) await staging.append(batch);
          if (!source.exactCount) total = Math.max(total, points);
          report('scan', points / total);
        });
      } finally {
        await staging?.close();
      }
      const staged = scan;
      if (staging) openReader = () => openStagingReader(path.join(temporary, 'staged.bin'), staged.points);
    }
    if (scan.points === 0) throw new MediaError('nothingToShow', input.fileName, 'the file holds no point');
    total = scan.points;

    const intensity = source.info.intensity && scan.intensityRange[1] > 0;
    const attributes = { rgb, intensity };
    const colorShift = scan.colorMax > 255 ? 8 : 0;
    const { min: cubeMin, size: cubeSize } = cubeOf(scan.bounds);
    counts ??= await countPoints(await openReader(), batch, cubeMin, cubeSize, signal, null, (points) => report('count', points / total));

    // Chunks from the counts.
    const chunks = planChunks(counts, cubeSize, tuning.chunkPoints, temporary);
    for (const chunk of chunks) chunk.handUp = Math.floor((tuning.topPoints * chunk.points) / scan.points);
    // Which chunk each cube of the deepest chunks' level belongs to: a table that small stays in the
    // cache, where one entry per cell of the counting grid (8 MB) made the distribution miss it.
    const chunkLevel = Math.max(...chunks.map((chunk) => chunk.name.length - 1));
    const chunkGrid = 1 << chunkLevel;
    const chunkOfCell = new Int32Array(chunkGrid ** 3).fill(-1);
    chunks.forEach((chunk, index) => {
      const cells = chunkGrid >> (chunk.name.length - 1);
      const [x0, y0, z0] = chunk.min.map((value) => Math.round((value / cubeSize) * chunkGrid));
      for (let x = x0!; x < x0! + cells; x += 1)
        for (let y = y0!; y < y0! + cells; y += 1)
          chunkOfCell.fill(index, (x * chunkGrid + y) * chunkGrid + z0!, (x * chunkGrid + y) * chunkGrid + z0! + cells);
    });

    // Pass 3: every point appended to its chunk's file, and drawn into the preview.
    const relativeBounds: Box3 = {
      min: [0, 1, 2].map((axis) => scan.bounds.min[axis]! - cubeMin[axis]!) as Vec3,
      max: [0, 1, 2].map((axis) => scan.bounds.max[axis]! - cubeMin[axis]!) as Vec3,
    };
    const preview = new PreviewRaster(relativeBounds);
    await distributePoints(
      await openReader(),
      batch,
      { cubeMin, cubeSize, chunkOfCell, chunkLevel, chunks, colorShift, rgb, preview },
      signal,
      (points) => report('distribute', points / total),
    );

    // Build: each chunk in memory, then the levels above them.
    await mkdir(outDir, { recursive: true });
    const writer = new NodeWriter(octreePath, attributes);
    const sampler = new GridSampler();
    let built = 0;
    try {
      const roots = await buildChunks(
        chunks,
        { attributes, tuning },
        {
          writer,
          sampler,
          tuning,
          pointsInFlight: Math.max(tuning.chunkPoints, CHUNK_POINTS_IN_FLIGHT),
          signal,
          onChunk: (points) => {
            built += points;
            report('build', built / total);
          },
        },
      );
      buildTop(roots, cubeSize, writer, sampler);
    } finally {
      writer.close();
    }
    await writeFile(previewPath, await preview.toJpeg(!rgb));
    signal?.throwIfAborted();

    const nodes = writer.nodes.sort((a, b) => a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
    const placement =
      source.info.scale && source.info.offset ? { scale: source.info.scale, offset: source.info.offset } : exportPlacement(scan.bounds);
    report('build', 1);
    return {
      kind: 'pointcloud',
      version: 1,
      sourceFormat: source.format,
      points: scan.points,
      bounds: scan.bounds,
      cube: { min: cubeMin, size: cubeSize },
      spacing: cubeSize / SAMPLING_GRID,
      attributes,
      intensityRange: intensity ? scan.intensityRange : [0, 0],
      scale: placement.scale,
      offset: placement.offset,
      nodes,
    };
  } catch (error) {
    await Promise.all([rm(octreePath, { force: true }), rm(previewPath, { force: true })]);
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/** Reads every batch of a reader, closing it at the end, checking the signal between batches. */
async function eachBatch(
  reader: PointReader,
  batch: PointBatch,
  signal: AbortSignal | undefined,
  onBatch: (points: number) => void | Promise<void>,
): Promise<number> {
  let points = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const count = await reader.read(batch);
      if (count === 0) return points;
      points += count;
      await onBatch(points);
    }
  } finally {
    await reader.close();
  }
}

/** Bounds, intensity range and largest colour component of the points seen so far. */
class ScanStats {
  points = 0;
  minX = Infinity;
  minY = Infinity;
  minZ = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  maxZ = -Infinity;
  intensityMin = Infinity;
  intensityMax = -Infinity;
  colorMax = 0;

  add({ count, positions, colors, intensities }: PointBatch): void {
    let { minX, minY, minZ, maxX, maxY, maxZ, intensityMin, intensityMax, colorMax } = this;
    for (let point = 0; point < count; point += 1) {
      const x = positions[point * 3]!;
      const y = positions[point * 3 + 1]!;
      const z = positions[point * 3 + 2]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
      const value = intensities[point]!;
      if (value < intensityMin) intensityMin = value;
      if (value > intensityMax) intensityMax = value;
    }
    for (let index = 0; index < count * 3; index += 1) if (colors[index]! > colorMax) colorMax = colors[index]!;
    Object.assign(this, { minX, minY, minZ, maxX, maxY, maxZ, intensityMin, intensityMax, colorMax });
    this.points += count;
  }

  result(): Scan {
    const bounds: Box3 = { min: [this.minX, this.minY, this.minZ], max: [this.maxX, this.maxY, this.maxZ] };
    return { points: this.points, bounds, intensityRange: [this.intensityMin, this.intensityMax], colorMax: this.colorMax };
  }
}

async function scanPoints(
  reader: PointReader,
  batch: PointBatch,
  signal: AbortSignal | undefined,
  onBatch: (points: number) => Promise<void>,
): Promise<Scan> {
  const stats = new ScanStats();
  await eachBatch(reader, batch, signal, async (done) => {
    stats.add(batch);
    await onBatch(done);
  });
  return stats.result();
}

/** The root cube of some bounds: their largest extent, a margin that keeps float32 offsets strictly inside, centred. */
function cubeOf(bounds: Box3): { min: Vec3; size: number } {
  const extent = [0, 1, 2].map((axis) => bounds.max[axis]! - bounds.min[axis]!);
  const largest = Math.max(...extent);
  const size = largest > 0 ? largest * (1 + 2 ** -16) : 1;
  return { min: [0, 1, 2].map((axis) => bounds.min[axis]! - (size - extent[axis]!) / 2) as Vec3, size };
}

function isBox(box: Box3): boolean {
  return [0, 1, 2].every((axis) => Number.isFinite(box.min[axis]) && Number.isFinite(box.max[axis]) && box.min[axis]! <= box.max[axis]!);
}

function sameBox(a: Box3, b: Box3): boolean {
  return [0, 1, 2].every((axis) => a.min[axis] === b.min[axis] && a.max[axis] === b.max[axis]);
}

function gridCell(value: number, cells: number): number {
  const cell = (value * cells) | 0;
  return cell < 0 ? 0 : cell >= COUNTING_GRID ? COUNTING_GRID - 1 : cell;
}

async function countPoints(
  reader: PointReader,
  batch: PointBatch,
  cubeMin: Vec3,
  cubeSize: number,
  signal: AbortSignal | undefined,
  stats: ScanStats | null,
  onBatch: (points: number) => void,
): Promise<Uint32Array> {
  // 32 bits a cell (8 MB, not 16): a count that wrapped would show as a chunk file of the wrong length.
  const counts = new Uint32Array(COUNTING_GRID ** 3);
  const cells = COUNTING_GRID / cubeSize;
  const [minX, minY, minZ] = cubeMin;
  await eachBatch(reader, batch, signal, (done) => {
    stats?.add(batch);
    const { count, positions } = batch;
    for (let point = 0; point < count; point += 1) {
      const x = gridCell(positions[point * 3]! - minX, cells);
      const y = gridCell(positions[point * 3 + 1]! - minY, cells);
      const z = gridCell(positions[point * 3 + 2]! - minZ, cells);
      counts[(x * COUNTING_GRID + y) * COUNTING_GRID + z]! += 1;
    }
    onBatch(done);
  });
  return counts;
}

/** Chunks: the largest cubes of the counting grid's octree holding at most `chunkPoints` points. */
function planChunks(counts: Uint32Array, cubeSize: number, chunkPoints: number, temporary: string): Chunk[] {
  // levels[l] counts the points of each cube of level l (level 7 is the grid itself).
  const levels: (Float64Array | Uint32Array)[] = [];
  levels[COUNTING_LEVELS] = counts;
  for (let level = COUNTING_LEVELS - 1; level >= 0; level -= 1) {
    const cells = 1 << level;
    const finer = levels[level + 1]!;
    const coarse = new Float64Array(cells ** 3);
    for (let x = 0; x < cells * 2; x += 1)
      for (let y = 0; y < cells * 2; y += 1)
        for (let z = 0; z < cells * 2; z += 1)
          coarse[((x >> 1) * cells + (y >> 1)) * cells + (z >> 1)]! += finer[(x * cells * 2 + y) * cells * 2 + z]!;
    levels[level] = coarse;
  }
  const chunks: Chunk[] = [];
  const visit = (level: number, x: number, y: number, z: number, name: string) => {
    const cells = 1 << level;
    const points = levels[level]![(x * cells + y) * cells + z]!;
    if (points === 0) return;
    if (points <= chunkPoints || level === COUNTING_LEVELS) {
      const size = cubeSize / cells;
      chunks.push({ name, min: [x * size, y * size, z * size], size, points, file: path.join(temporary, `chunk-${name}.bin`), handUp: 0 });
      return;
    }
    for (let digit = 0; digit < 8; digit += 1)
      visit(level + 1, x * 2 + (digit >> 2), y * 2 + ((digit >> 1) & 1), z * 2 + (digit & 1), name + digit);
  };
  visit(0, 0, 0, 0, 'r');
  return chunks;
}

interface Distribution {
  cubeMin: Vec3;
  cubeSize: number;
  /** The chunk of each cube of level `chunkLevel` of the counting grid's octree. */
  chunkOfCell: Int32Array;
  chunkLevel: number;
  chunks: Chunk[];
  colorShift: number;
  rgb: boolean;
  preview: PreviewRaster;
}

async function distributePoints(
  reader: PointReader,
  batch: PointBatch,
  { cubeMin, cubeSize, chunkOfCell, chunkLevel, chunks, colorShift, rgb, preview }: Distribution,
  signal: AbortSignal | undefined,
  onBatch: (points: number) => void,
): Promise<void> {
  // Each chunk gets an equal slice of one arena: smaller slices (more, smaller writes) when there are
  // many chunks, rather than an arena that grows with their number (at least 64 records a slice, so
  // the arena passes 48 MB only beyond 37,000 chunks).
  const slice = Math.max(64, Math.floor(DISTRIBUTION_BYTES / RECORD_BYTES / chunks.length)) * RECORD_WORDS;
  const arena = new ArrayBuffer(slice * 4 * chunks.length);
  const floats = new Float32Array(arena);
  const words = new Uint32Array(arena);
  const cursor = new Int32Array(chunks.length);
  for (let index = 0; index < chunks.length; index += 1) cursor[index] = index * slice;
  const files = new ChunkFiles(chunks.map((chunk) => chunk.file));
  const flush = (index: number) => {
    const start = index * slice;
    files.append(index, new Uint8Array(arena, start * 4, (cursor[index]! - start) * 4));
    cursor[index] = start;
  };
  const cells = COUNTING_GRID / cubeSize;
  const shift = COUNTING_LEVELS - chunkLevel;
  const [minX, minY, minZ] = cubeMin;
  const { heights, colors: previewColors, scale: previewScale, left: previewLeft, top: previewTop } = preview;
  const previewWidth = PREVIEW_SIZE.width;
  const previewHeight = PREVIEW_SIZE.height;
  // One synchronous loop per batch (a full slice is copied and written in the background): V8 optimizes it whole.
  const distributeBatch = ({ count, positions, colors, intensities }: PointBatch) => {
    for (let point = 0; point < count; point += 1) {
      const x = positions[point * 3]! - minX;
      const y = positions[point * 3 + 1]! - minY;
      const z = positions[point * 3 + 2]! - minZ;
      let gx = (x * cells) | 0;
      let gy = (y * cells) | 0;
      let gz = (z * cells) | 0;
      gx = gx < 0 ? 0 : gx > GRID_LAST ? GRID_LAST : gx;
      gy = gy < 0 ? 0 : gy > GRID_LAST ? GRID_LAST : gy;
      gz = gz < 0 ? 0 : gz > GRID_LAST ? GRID_LAST : gz;
      const chunk = chunkOfCell[((((gx >> shift) << chunkLevel) | (gy >> shift)) << chunkLevel) | (gz >> shift)]!;
      const rgba = rgb
        ? ((colors[point * 3]! >> colorShift) |
            ((colors[point * 3 + 1]! >> colorShift) << 8) |
            ((colors[point * 3 + 2]! >> colorShift) << 16) |
            0xff000000) >>>
          0
        : 0xffffffff;
      const at = cursor[chunk]!;
      floats[at] = x;
      floats[at + 1] = y;
      floats[at + 2] = z;
      words[at + 3] = rgba;
      words[at + 4] = intensities[point]!;
      cursor[chunk] = at + RECORD_WORDS;
      if (at + RECORD_WORDS === (chunk + 1) * slice) flush(chunk);
      const column = (previewLeft + x * previewScale) | 0;
      const row = (previewTop - y * previewScale) | 0;
      if (column >= 0 && row >= 0 && column < previewWidth && row < previewHeight) {
        const pixel = row * previewWidth + column;
        if (z > heights[pixel]!) {
          heights[pixel] = z;
          previewColors[pixel] = rgba;
        }
      }
    }
  };
  try {
    await eachBatch(reader, batch, signal, async (done) => {
      distributeBatch(batch);
      onBatch(done);
      await files.settle(DISTRIBUTION_WRITES_BYTES);
    });
    for (let index = 0; index < chunks.length; index += 1) if (cursor[index]! > index * slice) flush(index);
    await files.settle(0);
  } finally {
    // No write may land in the temporary folder after it is removed.
    await files.drain();
  }
}

/**
 * Appends to the chunks' files on libuv's threads while the distribution goes on (the second core):
 * each slice is copied and written at its file's running length, so writes may finish in any order.
 */
class ChunkFiles {
  private readonly lengths: Float64Array;
  private pending: Promise<void>[] = [];
  private pendingBytes = 0;
  private failure: { error: unknown } | null = null;

  constructor(private readonly files: string[]) {
    this.lengths = new Float64Array(files.length);
  }

  append(index: number, bytes: Uint8Array): void {
    const copy = Buffer.from(bytes);
    const position = this.lengths[index]!;
    this.lengths[index] = position + copy.length;
    this.pendingBytes += copy.length;
    this.pending.push(
      writeAt(this.files[index]!, copy, position).catch((error: unknown) => {
        this.failure ??= { error };
      }),
    );
  }

  /** Waits for the writes once more than `limit` bytes are in flight; throws the first write's failure. */
  async settle(limit: number): Promise<void> {
    if (this.pendingBytes > limit) await this.drain();
    if (this.failure) throw this.failure.error;
  }

  async drain(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    await Promise.all(pending);
  }
}

async function writeAt(file: string, bytes: Uint8Array, position: number): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT);
  try {
    for (let at = 0; at < bytes.length;) at += (await handle.write(bytes, at, bytes.length - at, position + at)).bytesWritten;
  } finally {
    await handle.close();
  }
}

/** Scale and offset of a LAS export for a source that had none: millimetres, or coarser where int32 needs. */
function exportPlacement(bounds: Box3): { scale: Vec3; offset: Vec3 } {
  const extent = Math.max(...[0, 1, 2].map((axis) => Math.abs(bounds.max[axis]! - Math.floor(bounds.min[axis]!))));
  let scale = 0.001;
  while (extent / scale > 2 ** 31 - 2) scale *= 10;
  return { scale: [scale, scale, scale], offset: [0, 1, 2].map((axis) => Math.floor(bounds.min[axis]!)) as Vec3 };
}
