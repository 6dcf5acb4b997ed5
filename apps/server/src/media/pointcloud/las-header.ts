import type { Box3 } from '@spatia/contract';
import { MediaError } from '../media-error.js';

/** The parts of a LAS header (1.0–1.4) the conversion reads. */
export interface LasHeader {
  versionMajor: number;
  versionMinor: number;
  headerSize: number;
  pointDataOffset: number;
  vlrCount: number;
  /** The point data record format, 0–10, without the compression bits. */
  pointFormat: number;
  compressed: boolean;
  recordLength: number;
  points: number;
  scale: [number, number, number];
  offset: [number, number, number];
  /** The bounds the header states, as written: the conversion checks them before it relies on them. */
  bounds: Box3;
  /** Where the point records end if the header tells the truth. */
  pointDataEnd: number;
  /** Start of the 1.3 waveform record or of the 1.4 extended VLRs, 0 without. */
  trailingDataStart: number;
}

export const LAS_MAGIC = 'LASF';
/** The bytes the header fields below need (LAS 1.0–1.2: 227; 1.4: 375). */
const HEADER_1_2_BYTES = 227;
const HEADER_1_4_BYTES = 375;

/** Smallest record of each point format, and where its red, green, blue start (-1 without). */
const POINT_FORMATS: Record<number, { minLength: number; rgbAt: number }> = {
  0: { minLength: 20, rgbAt: -1 },
  1: { minLength: 28, rgbAt: -1 },
  2: { minLength: 26, rgbAt: 20 },
  3: { minLength: 34, rgbAt: 28 },
  4: { minLength: 57, rgbAt: -1 },
  5: { minLength: 63, rgbAt: 28 },
  6: { minLength: 30, rgbAt: -1 },
  7: { minLength: 36, rgbAt: 30 },
  8: { minLength: 38, rgbAt: 30 },
  9: { minLength: 59, rgbAt: -1 },
  10: { minLength: 67, rgbAt: 30 },
};

/** Where a point format keeps its colours, -1 without. */
export function lasColorOffset(pointFormat: number): number {
  return POINT_FORMATS[pointFormat]?.rgbAt ?? -1;
}

/**
 * Reads and checks a LAS or LAZ header: the point count must agree with the file's size (for a LAS,
 * whose records are not compressed), the format must be 0–10 and the scale non-zero.
 */
export function parseLasHeader(bytes: Buffer, fileSize: number, fileName: string): LasHeader {
  const damaged = (detail: string) => new MediaError('damagedFile', fileName, detail);
  if (bytes.length < HEADER_1_2_BYTES) throw damaged(`a LAS header takes ${HEADER_1_2_BYTES} bytes; the file has ${bytes.length}`);
  const versionMajor = bytes.readUInt8(24);
  const versionMinor = bytes.readUInt8(25);
  const headerSize = bytes.readUInt16LE(94);
  const pointDataOffset = bytes.readUInt32LE(96);
  const vlrCount = bytes.readUInt32LE(100);
  const formatByte = bytes.readUInt8(104);
  const recordLength = bytes.readUInt16LE(105);
  const legacyPoints = bytes.readUInt32LE(107);
  const scale: [number, number, number] = [bytes.readDoubleLE(131), bytes.readDoubleLE(139), bytes.readDoubleLE(147)];
  const offset: [number, number, number] = [bytes.readDoubleLE(155), bytes.readDoubleLE(163), bytes.readDoubleLE(171)];
  const bounds: Box3 = {
    min: [bytes.readDoubleLE(187), bytes.readDoubleLE(203), bytes.readDoubleLE(219)],
    max: [bytes.readDoubleLE(179), bytes.readDoubleLE(195), bytes.readDoubleLE(211)],
  };
  if (versionMajor !== 1 || versionMinor > 4)
    throw new MediaError('unsupportedFormat', fileName, `LAS ${versionMajor}.${versionMinor} is not 1.0–1.4`);
  const compressed = (formatByte & 0xc0) !== 0;
  const pointFormat = formatByte & 0x3f;
  const layout = POINT_FORMATS[pointFormat];
  if (!layout) throw new MediaError('unsupportedFormat', fileName, `LAS point format ${pointFormat} is not 0–10`);
  if (recordLength < layout.minLength)
    throw damaged(`point format ${pointFormat} takes at least ${layout.minLength} bytes a record, the header says ${recordLength}`);
  if (headerSize < HEADER_1_2_BYTES || pointDataOffset < headerSize)
    throw damaged(`header size ${headerSize} and point data offset ${pointDataOffset} do not fit`);
  if (!scale.every((value) => Number.isFinite(value) && value !== 0) || !offset.every(Number.isFinite))
    throw damaged('the scale or offset is not a number');

  let points = legacyPoints;
  let trailingDataStart = 0;
  if (versionMinor >= 3 && headerSize >= 235 && bytes.length >= 235) trailingDataStart = Number(bytes.readBigUInt64LE(227));
  if (versionMinor >= 4 && headerSize >= HEADER_1_4_BYTES && bytes.length >= HEADER_1_4_BYTES) {
    const extendedPoints = Number(bytes.readBigUInt64LE(247));
    if (legacyPoints !== 0 && extendedPoints !== legacyPoints)
      throw damaged(`the header counts ${legacyPoints} and ${extendedPoints} points`);
    points = extendedPoints;
    const evlrStart = Number(bytes.readBigUInt64LE(235));
    if (bytes.readUInt32LE(243) > 0) trailingDataStart = evlrStart;
  }
  const pointDataEnd = pointDataOffset + points * recordLength;
  if (!compressed) {
    if (fileSize < pointDataEnd) {
      throw damaged(
        `the header counts ${points} points of ${recordLength} bytes from byte ${pointDataOffset}, but the file ends at ${fileSize}`,
      );
    }
    const extra = fileSize - pointDataEnd;
    if (extra >= recordLength && trailingDataStart !== pointDataEnd) {
      throw damaged(`the header counts ${points} points, but the file holds ${Math.floor((fileSize - pointDataOffset) / recordLength)}`);
    }
  }
  return {
    versionMajor,
    versionMinor,
    headerSize,
    pointDataOffset,
    vlrCount,
    pointFormat,
    compressed,
    recordLength,
    points,
    scale,
    offset,
    bounds,
    pointDataEnd,
    trailingDataStart,
  };
}
