import { open, type FileHandle } from 'node:fs/promises';
import type { PointCloudSourceFormat } from '@spatia/contract';
import { MediaError } from '../media-error.js';
import { PLY_HEADER_MAX_BYTES } from '../ply-header.js';
import { LAS_MAGIC, lasColorOffset, parseLasHeader } from './las-header.js';
import { LasReader } from './las-reader.js';
import { LazReader } from './laz-reader.js';
import { BATCH_POINTS, type PointReader, type PointSourceInfo } from './point-batch.js';
import { PlyReader, readPlyPointLayout } from './ply-reader.js';
import { isXyzComment, xyzLayoutOf, XyzReader } from './xyz-reader.js';

/** Bytes read to tell the format: a LAS 1.4 header, a PLY header, the first lines of a text. */
const SNIFF_BYTES = PLY_HEADER_MAX_BYTES;

export interface PointSource {
  format: PointCloudSourceFormat;
  info: PointSourceInfo;
  /** Whether `info.points` is exact (binary formats) or an estimate from the first line (text). */
  exactCount: boolean;
  /** A reader from the first point; each call opens the file anew. */
  openReader(): Promise<PointReader>;
}

/**
 * Tells a point cloud's format from its content (never its name) and checks its header. Throws a
 * `MediaError`: `unsupportedFormat` for anything but LAS, LAZ, PLY and XYZ text, `damagedFile` for a
 * header that contradicts the file, `nothingToShow` for an empty file.
 */
export async function openPointSource(filePath: string, fileName: string): Promise<PointSource> {
  const file = await open(filePath, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await file.stat()).size;
    head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await file.read(head, 0, head.length, 0);
  } finally {
    await file.close();
  }
  if (size === 0) throw new MediaError('nothingToShow', fileName, 'the file is empty');
  const reopen = () => open(filePath, 'r');
  const withFile = async <T extends PointReader>(make: (file: FileHandle) => T | Promise<T>): Promise<PointReader> => {
    const handle = await reopen();
    try {
      const reader = await make(handle);
      return { read: (batch) => reader.read(batch), close: async () => (await reader.close(), await handle.close()) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  };

  if (head.toString('latin1', 0, 4) === LAS_MAGIC) {
    const header = parseLasHeader(head, size, fileName);
    const info: PointSourceInfo = {
      points: header.points,
      rgb: lasColorOffset(header.pointFormat) >= 0,
      intensity: true,
      scale: header.scale,
      offset: header.offset,
      bounds: header.bounds,
    };
    if (header.compressed) {
      return {
        format: 'laz',
        info,
        exactCount: true,
        openReader: () => withFile((handle) => LazReader.open(handle, size, header, fileName)),
      };
    }
    return {
      format: 'las',
      info,
      exactCount: true,
      openReader: () => withFile((handle) => new LasReader(handle, header, fileName, BATCH_POINTS)),
    };
  }
  if (/^ply\r?\n/.test(head.toString('latin1', 0, 5))) {
    const header = readPlyPointLayout(head, fileName);
    if (header.format !== 'ascii' && size < header.dataOffset + header.vertices * header.stride) {
      throw new MediaError(
        'damagedFile',
        fileName,
        `the header counts ${header.vertices} vertices of ${header.stride} bytes, but the file ends at ${size}`,
      );
    }
    const info: PointSourceInfo = {
      points: header.vertices,
      rgb: header.red >= 0,
      intensity: header.intensity >= 0,
      scale: null,
      offset: null,
      bounds: null,
    };
    return { format: 'ply', info, exactCount: true, openReader: () => withFile((handle) => new PlyReader(handle, header, fileName)) };
  }
  if (!head.includes(0)) {
    const lines = head.toString('latin1').split('\n');
    // The last line of the sniffed bytes may be cut short; it is no evidence either way.
    if (size > head.length) lines.pop();
    const first = lines.find((line) => !isXyzComment(line));
    const fields = first === undefined ? null : xyzLayoutOf(first);
    if (first === undefined && size <= head.length) throw new MediaError('nothingToShow', fileName, 'the text holds no point');
    if (fields !== null) {
      const info: PointSourceInfo = {
        points: Math.max(1, Math.round(size / (first!.length + 1))),
        rgb: fields >= 6,
        intensity: fields === 4 || fields === 7,
        scale: null,
        offset: null,
        bounds: null,
      };
      return { format: 'xyz', info, exactCount: false, openReader: () => withFile((handle) => new XyzReader(handle, fields, fileName)) };
    }
  }
  throw new MediaError('unsupportedFormat', fileName, 'not a LAS, LAZ, PLY or XYZ point cloud');
}
