import { asError } from '@spatia/contract';
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../start-worker.js';
import type { ChunkTask, ChunkWorkerAnswer, ChunkWorkerData } from './chunk-protocol.js';
import type { NodeWriter } from './node-writer.js';
import { buildChunk, ChunkWorkspace, copyRecords, type GridSampler, type OctreeTuning } from './octree-builder.js';
import { recordViews } from './point-records.js';

/** Chunks built at once on worker threads, at most: each holds about 25 bytes a point while it is built. */
const WORKERS = 2;

/** The records a chunk's root hands up to the levels above the chunks (at most its `handUp`). */
export interface ChunkRoot {
  name: string;
  records: Uint32Array;
}

export interface BuildChunksOptions {
  writer: NodeWriter;
  sampler: GridSampler;
  tuning: OctreeTuning;
  /** Points of the chunks being built at once, at most (a bigger chunk is built alone). */
  pointsInFlight: number;
  signal: AbortSignal | undefined;
  /** Called as each chunk is done, with its points. */
  onChunk: (points: number) => void;
}

/**
 * Builds every chunk and writes its nodes, answering what the chunks' roots hand up in the chunks' order. With two
 * chunks or more and a second core, they are built on worker threads, as many at once as `WORKERS`
 * and `pointsInFlight` allow, while this thread appends the nodes they send; otherwise here, one by one.
 */
export async function buildChunks(chunks: ChunkTask[], data: ChunkWorkerData, options: BuildChunksOptions): Promise<ChunkRoot[]> {
  const workers = Math.min(WORKERS, os.availableParallelism(), chunks.length);
  return workers >= 2 ? buildOnWorkers(chunks, data, workers, options) : buildHere(chunks, options);
}

async function buildHere(chunks: ChunkTask[], { writer, sampler, tuning, signal, onChunk }: BuildChunksOptions): Promise<ChunkRoot[]> {
  const roots: ChunkRoot[] = [];
  const workspace = new ChunkWorkspace();
  for (const chunk of chunks) {
    signal?.throwIfAborted();
    const file = await open(chunk.file, 'r');
    const bytes = workspace.records(chunk.points);
    try {
      const { bytesRead } = await file.read(bytes, 0, bytes.length, 0);
      if (bytesRead !== bytes.length) throw new Error(`chunk ${chunk.name} holds ${bytesRead} bytes, ${bytes.length} expected`);
    } finally {
      await file.close();
    }
    await rm(chunk.file);
    const records = recordViews(bytes.buffer, 0, chunk.points);
    const handedUp = buildChunk(records, chunk.points, chunk, writer, sampler, tuning, workspace);
    const root = copyRecords(records, handedUp);
    roots.push({ name: chunk.name, records: root });
    onChunk(chunk.points);
    // Let an abort be heard between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return roots;
}

async function buildOnWorkers(
  chunks: ChunkTask[],
  data: ChunkWorkerData,
  count: number,
  options: BuildChunksOptions,
): Promise<ChunkRoot[]> {
  const { writer, pointsInFlight, signal, onChunk } = options;
  const roots: ChunkRoot[] = new Array(chunks.length);
  // Biggest first, so that the last chunks to finish are small ones.
  const order = chunks.map((_, index) => index).sort((a, b) => chunks[b]!.points - chunks[a]!.points);
  const workers = Array.from({ length: count }, () => startWorker(import.meta.url, 'chunk-worker', data));
  let onAbort: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      let next = 0;
      let inFlight = 0;
      const building = new Map<Worker, number>();
      const idle = [...workers];
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(asError(error));
      };
      const dispatch = () => {
        while (!settled && next < order.length && idle.length > 0) {
          const index = order[next]!;
          if (building.size > 0 && inFlight + chunks[index]!.points > pointsInFlight) break;
          const worker = idle.pop()!;
          next += 1;
          inFlight += chunks[index]!.points;
          building.set(worker, index);
          worker.postMessage(chunks[index]!);
        }
        if (!settled && next === order.length && building.size === 0) {
          settled = true;
          resolve();
        }
      };
      for (const worker of workers) {
        worker.on('message', (answer: ChunkWorkerAnswer) => {
          if (settled) return;
          try {
            if (answer.kind === 'nodes') writer.writeEncoded(answer.nodes, new Uint8Array(answer.bytes));
            else if (answer.kind === 'failed') fail(new Error(`building chunk ${answer.name} failed: ${answer.message}`));
            else {
              const index = building.get(worker)!;
              building.delete(worker);
              inFlight -= chunks[index]!.points;
              roots[index] = { name: answer.name, records: new Uint32Array(answer.root) };
              idle.push(worker);
              onChunk(chunks[index]!.points);
              if (signal?.aborted) fail(signal.reason);
              else dispatch();
            }
          } catch (error) {
            fail(error);
          }
        });
        worker.on('error', fail);
        worker.on('exit', (code) => fail(new Error(`a chunk worker exited with ${code}`)));
      }
      onAbort = () => fail(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) fail(signal.reason);
      else dispatch();
    });
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return roots;
}
