import type { FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MediaError } from '../media-error.js';
import type { LasHeader } from './las-header.js';
import { decodeLasRecords } from './las-reader.js';
import type { PointBatch, PointReader } from './point-batch.js';

/** The part of laz-perf's Emscripten module used here (the package ships no usable types). */
interface LazPerfModule {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  LASZip: new () => { open(pointer: number, length: number): void; getPoint(pointer: number): void; getCount(): number; delete(): void };
}

/**
 * laz-perf 0.0.7 decodes a LAZ only from a copy of the whole file in its WebAssembly memory (its chunk
 * decoder needs the chunk table, which is itself arithmetic-coded); 32-bit WebAssembly caps that copy.
 */
export const LAZ_MAX_BYTES = 1.5 * 1024 ** 3;

let lazPerf: Promise<LazPerfModule> | undefined;

function loadLazPerf(): Promise<LazPerfModule> {
  const require = createRequire(import.meta.url);
  lazPerf ??= (require('laz-perf') as { createLazPerf: () => Promise<LazPerfModule> }).createLazPerf();
  return lazPerf;
}

/** Decompresses a LAZ with laz-perf, a batch of records at a time, and decodes them as a LAS's. */
export class LazReader implements PointReader {
  private next = 0;
  private records = new Uint8Array(0);

  private constructor(
    private readonly module: LazPerfModule,
    private readonly laszip: InstanceType<LazPerfModule['LASZip']>,
    private readonly filePointer: number,
    private readonly pointPointer: number,
    private readonly header: LasHeader,
    private readonly fileName: string,
  ) {}

  static async open(file: FileHandle, fileSize: number, header: LasHeader, fileName: string): Promise<LazReader> {
    if (fileSize > LAZ_MAX_BYTES)
      throw new MediaError('unsupportedFormat', fileName, `LAZ files over ${LAZ_MAX_BYTES / 1024 ** 3} GB cannot be decompressed here`);
    const module = await loadLazPerf();
    const filePointer = module._malloc(fileSize);
    const pointPointer = module._malloc(header.recordLength);
    const laszip = new module.LASZip();
    try {
      for (let at = 0; at < fileSize;) {
        const { bytesRead } = await file.read(module.HEAPU8, filePointer + at, Math.min(64 << 20, fileSize - at), at);
        if (bytesRead === 0) throw new Error('the file ended while being read');
        at += bytesRead;
      }
      laszip.open(filePointer, fileSize);
      if (laszip.getCount() !== header.points) throw new Error(`laz-perf counts ${laszip.getCount()} points, the header ${header.points}`);
    } catch (error) {
      laszip.delete();
      module._free(filePointer);
      module._free(pointPointer);
      throw new MediaError('damagedFile', fileName, `cannot be decompressed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return new LazReader(module, laszip, filePointer, pointPointer, header, fileName);
  }

  async read(batch: PointBatch): Promise<number> {
    const { recordLength, points } = this.header;
    const count = Math.min(batch.intensities.length, points - this.next);
    if (count <= 0) return (batch.count = 0);
    if (this.records.length < count * recordLength) this.records = new Uint8Array(count * recordLength);
    try {
      for (let point = 0; point < count; point += 1) {
        this.laszip.getPoint(this.pointPointer);
        // The heap may have grown (and been replaced) since the last point.
        this.records.set(this.module.HEAPU8.subarray(this.pointPointer, this.pointPointer + recordLength), point * recordLength);
      }
    } catch (error) {
      throw new MediaError(
        'damagedFile',
        this.fileName,
        `point ${this.next} cannot be decompressed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    decodeLasRecords(this.records, count, this.header, batch);
    this.next += count;
    // Decompression is synchronous: let an abort be heard between batches.
    await new Promise((resolve) => setImmediate(resolve));
    return count;
  }

  async close(): Promise<void> {
    this.laszip.delete();
    this.module._free(this.filePointer);
    this.module._free(this.pointPointer);
  }
}
