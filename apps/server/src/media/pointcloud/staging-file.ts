import { open, type FileHandle } from 'node:fs/promises';
import type { PointBatch, PointReader } from './point-batch.js';

/**
 * Points of a source that is slow to read again (LAZ, PLY, text) are copied on the first pass into a
 * temporary file of fixed records, which the later passes read instead: x, y, z as float64, then r, g,
 * b and intensity as uint16 (32 bytes).
 */
const STAGED_BYTES = 32;

export class StagingWriter {
  private buffer = Buffer.alloc(0);
  points = 0;

  private constructor(private readonly file: FileHandle) {}

  static async create(filePath: string): Promise<StagingWriter> {
    return new StagingWriter(await open(filePath, 'w'));
  }

  async append(batch: PointBatch): Promise<void> {
    const length = batch.count * STAGED_BYTES;
    if (this.buffer.length < length) this.buffer = Buffer.allocUnsafeSlow(length);
    const view = new DataView(this.buffer.buffer, this.buffer.byteOffset, length);
    const { positions, colors, intensities } = batch;
    for (let point = 0, at = 0; point < batch.count; point += 1, at += STAGED_BYTES) {
      view.setFloat64(at, positions[point * 3]!, true);
      view.setFloat64(at + 8, positions[point * 3 + 1]!, true);
      view.setFloat64(at + 16, positions[point * 3 + 2]!, true);
      view.setUint16(at + 24, colors[point * 3]!, true);
      view.setUint16(at + 26, colors[point * 3 + 1]!, true);
      view.setUint16(at + 28, colors[point * 3 + 2]!, true);
      view.setUint16(at + 30, intensities[point]!, true);
    }
    await this.file.write(this.buffer, 0, length);
    this.points += batch.count;
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}

export async function openStagingReader(filePath: string, points: number): Promise<PointReader> {
  const file = await open(filePath, 'r');
  let next = 0;
  let buffer = Buffer.alloc(0);
  return {
    async read(batch) {
      const count = Math.min(batch.intensities.length, points - next);
      if (count <= 0) return (batch.count = 0);
      const length = count * STAGED_BYTES;
      if (buffer.length < length) buffer = Buffer.allocUnsafeSlow(length);
      await file.read(buffer, 0, length, next * STAGED_BYTES);
      const view = new DataView(buffer.buffer, buffer.byteOffset, length);
      for (let point = 0, at = 0; point < count; point += 1, at += STAGED_BYTES) {
        batch.positions[point * 3] = view.getFloat64(at, true);
        batch.positions[point * 3 + 1] = view.getFloat64(at + 8, true);
        batch.positions[point * 3 + 2] = view.getFloat64(at + 16, true);
        batch.colors[point * 3] = view.getUint16(at + 24, true);
        batch.colors[point * 3 + 1] = view.getUint16(at + 26, true);
        batch.colors[point * 3 + 2] = view.getUint16(at + 28, true);
        batch.intensities[point] = view.getUint16(at + 30, true);
      }
      next += count;
      batch.count = count;
      return count;
    },
    close: () => file.close(),
  };
}
