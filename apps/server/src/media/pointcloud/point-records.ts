/**
 * The conversion's own point record, used in the chunk files and while a chunk is built: five 32-bit
 * words, x, y, z as float32 offsets from the root cube's min (what octree.bin stores), r | g << 8 |
 * b << 16 | 255 << 24, and the intensity.
 */
export const RECORD_WORDS = 5;
export const RECORD_BYTES = RECORD_WORDS * 4;

/** Two views of the same words: positions as floats, colour and intensity as integers. */
export interface RecordViews {
  floats: Float32Array;
  words: Uint32Array;
}

export function recordViews(
  buffer: ArrayBufferLike,
  byteOffset = 0,
  points = (buffer.byteLength - byteOffset) / RECORD_BYTES,
): RecordViews {
  return {
    floats: new Float32Array(buffer, byteOffset, points * RECORD_WORDS),
    words: new Uint32Array(buffer, byteOffset, points * RECORD_WORDS),
  };
}
