import type { FileHandle } from 'node:fs/promises';
import { MediaError } from '../media-error.js';
import { lasColorOffset, type LasHeader } from './las-header.js';
import type { PointBatch, PointReader } from './point-batch.js';

/** Reads an uncompressed LAS's records a batch at a time, in one sequential read per batch. */
export class LasReader implements PointReader {
  private next = 0;
  private readonly buffer: Buffer;

  constructor(
    private readonly file: FileHandle,
    private readonly header: LasHeader,
    private readonly fileName: string,
    batchCapacity: number,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(batchCapacity * header.recordLength);
  }

  async read(batch: PointBatch): Promise<number> {
    const { recordLength, points, pointDataOffset } = this.header;
    const count = Math.min(this.buffer.length / recordLength, batch.intensities.length, points - this.next);
    if (count <= 0) return (batch.count = 0);
    const length = count * recordLength;
    const { bytesRead } = await this.file.read(this.buffer, 0, length, pointDataOffset + this.next * recordLength);
    if (bytesRead < length)
      throw new MediaError(
        'damagedFile',
        this.fileName,
        `the point records end early, at point ${this.next + Math.floor(bytesRead / recordLength)}`,
      );
    decodeLasRecords(this.buffer, count, this.header, batch);
    this.next += count;
    return count;
  }

  /** The file is its opener's to close. */
  async close(): Promise<void> {}
}

/** Decodes `count` LAS records (any point format) laid out as `header` says into `batch`. */
export function decodeLasRecords(bytes: Uint8Array, count: number, header: LasHeader, batch: PointBatch): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { positions, colors, intensities } = batch;
  const { recordLength } = header;
  const colorAt = lasColorOffset(header.pointFormat);
  const [scaleX, scaleY, scaleZ] = header.scale;
  const [offsetX, offsetY, offsetZ] = header.offset;
  for (let point = 0, at = 0; point < count; point += 1, at += recordLength) {
    positions[point * 3] = view.getInt32(at, true) * scaleX + offsetX;
    positions[point * 3 + 1] = view.getInt32(at + 4, true) * scaleY + offsetY;
    positions[point * 3 + 2] = view.getInt32(at + 8, true) * scaleZ + offsetZ;
    intensities[point] = view.getUint16(at + 12, true);
  }
  if (colorAt >= 0) {
    for (let point = 0, at = colorAt; point < count; point += 1, at += recordLength) {
      colors[point * 3] = view.getUint16(at, true);
      colors[point * 3 + 1] = view.getUint16(at + 2, true);
      colors[point * 3 + 2] = view.getUint16(at + 4, true);
    }
  }
  batch.count = count;
}
