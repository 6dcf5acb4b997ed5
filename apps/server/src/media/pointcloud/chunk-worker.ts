/**
 * A worker thread that builds chunks (build-chunks.ts starts it): it reads a chunk's file, builds its
 * subtree, and sends the encoded nodes back in pieces for the main thread to append to octree.bin.
 */
import { closeSync, openSync, readSync, unlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { pointCloudPointBytes } from '@spatia/contract';
import type { ChunkTask, ChunkWorkerAnswer, ChunkWorkerData } from './chunk-protocol.js';
import { encodeNode, type EncodedNode, type NodeSink } from './node-writer.js';
import { buildChunk, ChunkWorkspace, copyRecords, GridSampler } from './octree-builder.js';
import { recordViews, type RecordViews } from './point-records.js';

/** Encoded nodes are sent in pieces of about this size: big enough for big writes, small enough to bound memory. */
const PIECE_BYTES = 8 << 20;

const { attributes, tuning } = workerData as ChunkWorkerData;
const pointBytes = pointCloudPointBytes(attributes);
const sampler = new GridSampler();
const workspace = new ChunkWorkspace();
const port = parentPort!;

class PieceSender implements NodeSink {
  private piece = new ArrayBuffer(PIECE_BYTES);
  private used = 0;
  private nodes: EncodedNode[] = [];

  write(name: string, records: RecordViews, indices: Uint32Array): void {
    const byteSize = indices.length * pointBytes;
    if (byteSize > PIECE_BYTES - this.used) this.send();
    if (byteSize > PIECE_BYTES) {
      const bytes = new ArrayBuffer(byteSize);
      encodeNode(records, indices, attributes, new Uint8Array(bytes));
      post({ kind: 'nodes', nodes: [{ name, points: indices.length, byteSize }], bytes }, [bytes]);
      return;
    }
    encodeNode(records, indices, attributes, new Uint8Array(this.piece, this.used, byteSize));
    this.nodes.push({ name, points: indices.length, byteSize });
    this.used += byteSize;
  }

  send(): void {
    if (this.nodes.length === 0) return;
    const bytes = this.piece.slice(0, this.used);
    post({ kind: 'nodes', nodes: this.nodes, bytes }, [bytes]);
    this.nodes = [];
    this.used = 0;
  }
}

function post(answer: ChunkWorkerAnswer, transfer: ArrayBuffer[] = []): void {
  port.postMessage(answer, transfer);
}

const sender = new PieceSender();
port.on('message', (chunk: ChunkTask) => {
  try {
    const view = workspace.records(chunk.points);
    const file = openSync(chunk.file, 'r');
    try {
      for (let at = 0; at < view.length;) {
        const read = readSync(file, view, at, view.length - at, at);
        if (read === 0) throw new Error(`chunk ${chunk.name} holds ${at} bytes, ${view.length} expected`);
        at += read;
      }
    } finally {
      closeSync(file);
    }
    unlinkSync(chunk.file);
    const records = recordViews(view.buffer, 0, chunk.points);
    const handedUp = buildChunk(records, chunk.points, chunk, sender, sampler, tuning, workspace);
    sender.send();
    const root = copyRecords(records, handedUp);
    post({ kind: 'built', name: chunk.name, root: root.buffer }, [root.buffer]);
  } catch (error) {
    post({ kind: 'failed', name: chunk.name, message: error instanceof Error ? error.message : String(error) });
  }
});
