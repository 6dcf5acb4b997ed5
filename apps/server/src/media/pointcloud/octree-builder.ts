import { RECORD_BYTES, RECORD_WORDS, type RecordViews } from './point-records.js';
import type { NodeSink } from './node-writer.js';

/** Cells across a node's sampling grid: a node keeps at most one point per cell, so spacing = size / 128. */
export const SAMPLING_GRID = 128;
/** Below this depth under the root, a node is a leaf however many points it has (duplicates). */
const DEPTH_MAX = 24;

export interface OctreeTuning {
  /** A node with more points than this is split and sampled; otherwise it is a leaf. */
  leafPoints: number;
}

/** A node being built: its points are indices into the chunk's records. */
interface BuildingNode {
  name: string;
  points: Uint32Array;
  /** Whether the node has children: emptied by its parent's sampling, it must still be listed. */
  inner: boolean;
}

/** Cells across one child's half of its parent's sampling grid. */
const CHILD_GRID = SAMPLING_GRID / 2;
const CHILD_LAST = CHILD_GRID - 1;

/**
 * Picks, cell by cell of a 128³ grid over the node's cube, the first point of its children's points
 * and moves it up into the node: the children keep the rest, so every point stays in exactly one node.
 * A child covers its own 64³ eighth of the grid, so the cells are stamped a child at a time on a 64³
 * array (1 MB, which stays in the cache where the whole grid's 8 MB did not).
 */
export class GridSampler {
  private readonly stamps = new Uint32Array(CHILD_GRID ** 3);
  private stamp = 0;

  sample(records: RecordViews, children: BuildingNode[], minX: number, minY: number, minZ: number, size: number): Uint32Array {
    const stamps = this.stamps;
    const floats = records.floats;
    const cells = SAMPLING_GRID / size;
    const last = SAMPLING_GRID - 1;
    let total = 0;
    for (const child of children) total += child.points.length;
    const taken = new Uint32Array(total);
    let takenCount = 0;
    for (const child of children) {
      this.stamp += 1;
      if (this.stamp === 0xffffffff) {
        stamps.fill(0);
        this.stamp = 1;
      }
      const stamp = this.stamp;
      const points = child.points;
      let kept = 0;
      for (let index = 0; index < points.length; index += 1) {
        const point = points[index]!;
        const at = point * RECORD_WORDS;
        let x = ((floats[at]! - minX) * cells) | 0;
        let y = ((floats[at + 1]! - minY) * cells) | 0;
        let z = ((floats[at + 2]! - minZ) * cells) | 0;
        x = x < 0 ? 0 : x > last ? last : x;
        y = y < 0 ? 0 : y > last ? last : y;
        z = z < 0 ? 0 : z > last ? last : z;
        // A point rounded across the child's boundary lands on the child's own edge cell.
        const cell = ((x & CHILD_LAST) * CHILD_GRID + (y & CHILD_LAST)) * CHILD_GRID + (z & CHILD_LAST);
        if (stamps[cell] !== stamp) {
          stamps[cell] = stamp;
          taken[takenCount++] = point;
        } else {
          points[kept++] = point;
        }
      }
      child.points = points.subarray(0, kept);
    }
    return taken.slice(0, takenCount);
  }
}

/**
 * The buffers a thread builds its chunks in, kept from chunk to chunk and grown when a chunk needs more:
 * fresh ones of tens of megabytes a chunk cost page faults, and linger until a collection.
 */
export class ChunkWorkspace {
  private recordBytes = new ArrayBuffer(0);
  private positionBuffer = new Uint32Array(0);
  private digitBuffer = new Uint8Array(0);

  /** Room for `points` records, as bytes to read them into. */
  records(points: number): Uint8Array {
    if (this.recordBytes.byteLength < points * RECORD_BYTES) this.recordBytes = new ArrayBuffer(points * RECORD_BYTES);
    return new Uint8Array(this.recordBytes, 0, points * RECORD_BYTES);
  }

  positions(points: number): Uint32Array {
    if (this.positionBuffer.length < points) this.positionBuffer = new Uint32Array(points);
    return this.positionBuffer.subarray(0, points);
  }

  digits(points: number): Uint8Array {
    if (this.digitBuffer.length < points) this.digitBuffer = new Uint8Array(points);
    return this.digitBuffer.subarray(0, points);
  }
}

/**
 * Builds the subtree of one chunk in memory: splits every node with more than `leafPoints` points
 * into its eight children, builds them, then samples the node from them. Each child is written as soon
 * as its parent has sampled (its points are then final). The chunk's root then hands up, as indices into
 * `records`, the points its parent would take from it, at most `chunk.handUp` of them, and is written
 * with the rest: the levels above the chunks are built from those alone, so their memory is bounded by
 * the sum of the chunks' `handUp` whatever the number of chunks. A chunk that is the whole cloud (`r`)
 * hands up all its root's points, unwritten.
 *
 * The records themselves are reordered, a node's before its children are built, so that every node's
 * points lie together and each pass reads them in order (an index permutation over records in file
 * order made every access a cache miss). Indices stay valid once a node's subtree is built.
 */
export function buildChunk(
  records: RecordViews,
  count: number,
  chunk: { name: string; min: [number, number, number]; size: number; handUp: number },
  writer: NodeSink,
  sampler: GridSampler,
  tuning: OctreeTuning,
  workspace: ChunkWorkspace,
): Uint32Array {
  const { floats, words } = records;
  const positions = workspace.positions(count);
  for (let index = 0; index < count; index += 1) positions[index] = index;
  const digits = workspace.digits(count);

  /** `split`, when given, says where the node's records already lie by child (its parent partitioned two levels). */
  const build = (
    start: number,
    end: number,
    name: string,
    minX: number,
    minY: number,
    minZ: number,
    size: number,
    split: Int32Array | null,
  ): BuildingNode => {
    if (end - start <= tuning.leafPoints || name.length > DEPTH_MAX) return { name, points: positions.subarray(start, end), inner: false };
    const half = size / 2;
    const midX = minX + half;
    const midY = minY + half;
    const midZ = minZ + half;
    let grandchildren: Int32Array | null = null;
    if (!split) {
      grandchildren = partitionRecords(words, floats, digits, start, end, minX, minY, minZ, half);
      split = new Int32Array(9);
      for (let digit = 0; digit <= 8; digit += 1) split[digit] = grandchildren[digit * 8]!;
    }
    const children: BuildingNode[] = [];
    for (let digit = 0; digit < 8; digit += 1) {
      if (split[digit + 1]! === split[digit]!) continue;
      const childMinX = digit & 4 ? midX : minX;
      const childMinY = digit & 2 ? midY : minY;
      const childMinZ = digit & 1 ? midZ : minZ;
      const childSplit = grandchildren ? grandchildren.subarray(digit * 8, digit * 8 + 9) : null;
      children.push(build(split[digit]!, split[digit + 1]!, name + digit, childMinX, childMinY, childMinZ, half, childSplit));
    }
    const points = sampler.sample(records, children, minX, minY, minZ, size);
    for (const child of children) writeNode(child, records, writer);
    return { name, points, inner: true };
  };

  const root = build(0, count, chunk.name, chunk.min[0], chunk.min[1], chunk.min[2], chunk.size, null);
  if (chunk.name === 'r') return root.points;
  return handUpRoot(records, root, chunk, writer, sampler);
}

/**
 * Takes out of a chunk's root what its parent's sampling would take from it (the first point of each
 * cell of the parent's grid: the parent's grid cells inside a child depend on that child alone), keeps
 * `chunk.handUp` of them, evenly spread through the root's order (child by child, so space), writes the
 * root with the others, and answers the kept ones.
 */
function handUpRoot(
  records: RecordViews,
  root: BuildingNode,
  chunk: { name: string; min: [number, number, number]; size: number; handUp: number },
  writer: NodeSink,
  sampler: GridSampler,
): Uint32Array {
  const digit = Number(chunk.name.at(-1));
  const [minX, minY, minZ] = chunk.min;
  const parentX = digit & 4 ? minX - chunk.size : minX;
  const parentY = digit & 2 ? minY - chunk.size : minY;
  const parentZ = digit & 1 ? minZ - chunk.size : minZ;
  const taken = sampler.sample(records, [root], parentX, parentY, parentZ, chunk.size * 2);
  const share = Math.max(0, Math.floor(chunk.handUp));
  if (taken.length <= share) {
    writeNode(root, records, writer);
    return taken;
  }
  const handed = new Uint32Array(share);
  const kept = new Uint32Array(root.points.length + taken.length - share);
  kept.set(root.points);
  let keptCount = root.points.length;
  for (let index = 0, pick = 0; index < taken.length; index += 1) {
    // The pick-th of `share` evenly spaced positions through `taken`.
    if (pick < share && index === Math.floor((pick * taken.length) / share)) handed[pick++] = taken[index]!;
    else kept[keptCount++] = taken[index]!;
  }
  writeNode({ ...root, points: kept }, records, writer);
  return handed;
}

/**
 * Reorders the records `start`–`end` of a node (min corner, half its size) by child and, within each
 * child, by grandchild: one pass for two levels. A digit picks the upper
 * half along x (4), y (2), z (1), compared exactly as the children's own split would. Answers where
 * each of the 64 grandchildren starts (child-major), and `end` last.
 */
function partitionRecords(
  words: Uint32Array,
  floats: Float32Array,
  digits: Uint8Array,
  start: number,
  end: number,
  minX: number,
  minY: number,
  minZ: number,
  half: number,
): Int32Array {
  const quarter = half / 2;
  const midX = minX + half;
  const midY = minY + half;
  const midZ = minZ + half;
  const lowX = minX + quarter;
  const lowY = minY + quarter;
  const lowZ = minZ + quarter;
  const highX = midX + quarter;
  const highY = midY + quarter;
  const highZ = midZ + quarter;
  const counts = new Int32Array(64);
  for (let index = start, at = start * RECORD_WORDS; index < end; index += 1, at += RECORD_WORDS) {
    const x = floats[at]!;
    const y = floats[at + 1]!;
    const z = floats[at + 2]!;
    const digitX = x >= midX ? (x >= highX ? 36 : 32) : x >= lowX ? 4 : 0;
    const digitY = y >= midY ? (y >= highY ? 18 : 16) : y >= lowY ? 2 : 0;
    const digitZ = z >= midZ ? (z >= highZ ? 9 : 8) : z >= lowZ ? 1 : 0;
    const digit = digitX | digitY | digitZ;
    counts[digit]! += 1;
    digits[index] = digit;
  }
  const starts = new Int32Array(65);
  starts[0] = start;
  for (let digit = 0; digit < 64; digit += 1) starts[digit + 1] = starts[digit]! + counts[digit]!;
  // In place, a cycle at a time: each swap puts one record where it belongs (a scratch copy of the
  // records would double a chunk's memory).
  const heads = starts.slice(0, 64);
  for (let bucket = 0; bucket < 64; bucket += 1) {
    const bucketEnd = starts[bucket + 1]!;
    for (let index = heads[bucket]!; index < bucketEnd; index = heads[bucket]!) {
      const digit = digits[index]!;
      if (digit === bucket) {
        heads[bucket] = index + 1;
        continue;
      }
      const other = heads[digit]!++;
      digits[index] = digits[other]!;
      digits[other] = digit;
      const a = index * RECORD_WORDS;
      const b = other * RECORD_WORDS;
      for (let word = 0; word < RECORD_WORDS; word += 1) {
        const kept = words[a + word]!;
        words[a + word] = words[b + word]!;
        words[b + word] = kept;
      }
    }
  }
  return starts;
}

/** The records `points` picks, copied out (a chunk's root, kept for the levels above the chunks). */
export function copyRecords(records: RecordViews, points: Uint32Array) {
  const copy = new Uint32Array(points.length * RECORD_WORDS);
  for (let index = 0; index < points.length; index += 1) {
    copy.set(records.words.subarray(points[index]! * RECORD_WORDS, (points[index]! + 1) * RECORD_WORDS), index * RECORD_WORDS);
  }
  return copy;
}

/** Writes a node whose points are final; an emptied leaf is left out, an emptied inner node kept. */
function writeNode(node: BuildingNode, records: RecordViews, writer: NodeSink): void {
  if (node.points.length > 0 || node.inner) writer.write(node.name, records, node.points);
}

/**
 * The levels above the chunks, built like PotreeConverter 2 does from the chunks' roots alone: every
 * proper prefix of a chunk's name is a node, built deepest first from its children. `roots` are the
 * points each chunk's root handed up (`buildChunk`), which its parent takes whole (the chunk wrote the
 * root itself with the rest); a node above takes its sample of the nodes above below it. Then those
 * nodes are written. A single chunk `r` is the root itself, and is written here.
 */
export function buildTop(roots: { name: string; records: Uint32Array }[], cubeSize: number, writer: NodeSink, sampler: GridSampler): void {
  const total = roots.reduce((sum, root) => sum + root.records.length / RECORD_WORDS, 0);
  const words = new Uint32Array(total * RECORD_WORDS);
  const records: RecordViews = { words, floats: new Float32Array(words.buffer) };
  const handed = new Map<string, Uint32Array>();
  let next = 0;
  for (const root of roots) {
    words.set(root.records, next * RECORD_WORDS);
    const count = root.records.length / RECORD_WORDS;
    const points = new Uint32Array(count);
    for (let index = 0; index < count; index += 1) points[index] = next + index;
    next += count;
    handed.set(root.name, points);
  }
  if (handed.has('r')) {
    writeNode({ name: 'r', points: handed.get('r')!, inner: true }, records, writer);
    return;
  }
  const nodes = new Map<string, BuildingNode>();
  const upper = new Set<string>();
  for (const root of roots) for (let length = 1; length < root.name.length; length += 1) upper.add(root.name.slice(0, length));
  const deepestFirst = [...upper].sort((a, b) => b.length - a.length);
  for (const name of deepestFirst) {
    const children = [...'01234567'].flatMap((digit) => nodes.get(name + digit) ?? []);
    const [minX, minY, minZ, size] = nodeCube(name, cubeSize);
    const sampled = sampler.sample(records, children, minX, minY, minZ, size);
    const fromChunks = [...'01234567'].flatMap((digit) => handed.get(name + digit) ?? []);
    const points = new Uint32Array(sampled.length + fromChunks.reduce((sum, part) => sum + part.length, 0));
    points.set(sampled);
    let at = sampled.length;
    for (const part of fromChunks) {
      points.set(part, at);
      at += part.length;
    }
    for (const child of children) writeNode(child, records, writer);
    nodes.set(name, { name, points, inner: true });
  }
  writeNode(nodes.get('r')!, records, writer);
}

/** A node's cube relative to the root's min: x, y, z of its min, then its size. */
export function nodeCube(name: string, cubeSize: number): [number, number, number, number] {
  let [x, y, z, size] = [0, 0, 0, cubeSize];
  for (const digit of name.slice(1)) {
    size /= 2;
    const child = Number(digit);
    if (child & 4) x += size;
    if (child & 2) y += size;
    if (child & 1) z += size;
  }
  return [x, y, z, size];
}
