import { closeSync, openSync, writeSync } from 'node:fs';
import { pointCloudPointBytes, type PointCloudManifest, type PointCloudNode } from '@spatia/contract';
import { RECORD_WORDS, type RecordViews } from './point-records.js';

const PENDING_BYTES = 8 << 20;

/** Where a chunk builder puts each node once its points are final. */
export interface NodeSink {
  write(name: string, records: RecordViews, indices: Uint32Array): void;
}

/** A node encoded elsewhere (a chunk worker): its name, points and bytes, in the order of its bytes. */
export interface EncodedNode {
  name: string;
  points: number;
  byteSize: number;
}

/**
 * Appends nodes to octree.bin as `decodePointCloudNode` reads them, through an 8 MB buffer so that
 * small nodes still make big writes, and remembers where each one went.
 */
export class NodeWriter implements NodeSink {
  readonly nodes: PointCloudNode[] = [];
  private readonly file: number;
  private readonly pending = Buffer.allocUnsafeSlow(PENDING_BYTES);
  private pendingBytes = 0;
  private written = 0;
  private readonly pointBytes: number;

  constructor(
    filePath: string,
    private readonly attributes: PointCloudManifest['attributes'],
  ) {
    this.file = openSync(filePath, 'w');
    this.pointBytes = pointCloudPointBytes(attributes);
  }

  /** Writes the points `indices` picks out of `records` as the node `name`. */
  write(name: string, records: RecordViews, indices: Uint32Array): void {
    const count = indices.length;
    const byteSize = count * this.pointBytes;
    this.nodes.push({ name, points: count, offset: this.written + this.pendingBytes, byteSize });
    if (byteSize > PENDING_BYTES - this.pendingBytes) this.flush();
    const target = byteSize > PENDING_BYTES ? Buffer.allocUnsafe(byteSize) : this.pending.subarray(this.pendingBytes);
    encodeNode(records, indices, this.attributes, target);
    if (target.buffer === this.pending.buffer) this.pendingBytes += byteSize;
    else this.writeAll(target.subarray(0, byteSize));
  }

  /** Appends nodes a worker encoded, their bytes one after the other as `nodes` lists them. */
  writeEncoded(nodes: EncodedNode[], bytes: Uint8Array): void {
    this.flush();
    let offset = this.written;
    for (const { name, points, byteSize } of nodes) {
      this.nodes.push({ name, points, offset, byteSize });
      offset += byteSize;
    }
    this.writeAll(bytes);
  }

  close(): number {
    this.flush();
    closeSync(this.file);
    return this.written;
  }

  private flush(): void {
    this.writeAll(this.pending.subarray(0, this.pendingBytes));
    this.pendingBytes = 0;
  }

  private writeAll(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length;) at += writeSync(this.file, bytes, at, bytes.length - at);
    this.written += bytes.length;
  }
}

/** A node's bytes: every position, then every colour, then every intensity. */
export function encodeNode(
  records: RecordViews,
  indices: Uint32Array,
  attributes: PointCloudManifest['attributes'],
  target: Uint8Array,
): void {
  const count = indices.length;
  // Straight into the target, whose offset need not be a multiple of 4; positions are copied as
  // their bits, so nothing is rounded.
  const view = new DataView(target.buffer, target.byteOffset, target.byteLength);
  const { words } = records;
  for (let point = 0, to = 0; point < count; point += 1, to += 12) {
    const at = indices[point]! * RECORD_WORDS;
    view.setUint32(to, words[at]!, true);
    view.setUint32(to + 4, words[at + 1]!, true);
    view.setUint32(to + 8, words[at + 2]!, true);
  }
  let offset = count * 12;
  if (attributes.rgb)
    for (let point = 0; point < count; point += 1, offset += 4) view.setUint32(offset, words[indices[point]! * RECORD_WORDS + 3]!, true);
  if (attributes.intensity)
    for (let point = 0; point < count; point += 1, offset += 2) view.setUint16(offset, words[indices[point]! * RECORD_WORDS + 4]!, true);
}
