import { MediaError } from './media-error.js';

/** A PLY header must end within this many bytes. */
export const PLY_HEADER_MAX_BYTES = 64 * 1024;

export type PlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';
export type PlyScalarType = 'char' | 'uchar' | 'short' | 'ushort' | 'int' | 'uint' | 'float' | 'double';

export interface PlyProperty {
  name: string;
  type: PlyScalarType;
  /** The type of a list property's count; null for a single value. */
  listCountType: PlyScalarType | null;
}

export interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

export interface PlyHeader {
  format: PlyFormat;
  elements: PlyElement[];
  /** Where the elements' data starts. */
  bodyOffset: number;
}

/** Each scalar type's size in a binary body and how to read one. */
export const PLY_SCALARS: Record<PlyScalarType, { bytes: number; get: (view: DataView, at: number, littleEndian: boolean) => number }> = {
  char: { bytes: 1, get: (view, at) => view.getInt8(at) },
  uchar: { bytes: 1, get: (view, at) => view.getUint8(at) },
  short: { bytes: 2, get: (view, at, littleEndian) => view.getInt16(at, littleEndian) },
  ushort: { bytes: 2, get: (view, at, littleEndian) => view.getUint16(at, littleEndian) },
  int: { bytes: 4, get: (view, at, littleEndian) => view.getInt32(at, littleEndian) },
  uint: { bytes: 4, get: (view, at, littleEndian) => view.getUint32(at, littleEndian) },
  float: { bytes: 4, get: (view, at, littleEndian) => view.getFloat32(at, littleEndian) },
  double: { bytes: 8, get: (view, at, littleEndian) => view.getFloat64(at, littleEndian) },
};
const TYPE_ALIASES: Record<string, PlyScalarType> = {
  int8: 'char',
  uint8: 'uchar',
  int16: 'short',
  uint16: 'ushort',
  int32: 'int',
  uint32: 'uint',
  float32: 'float',
  float64: 'double',
};

/** The names colour channels go by (red, green, blue, alpha), most common first. */
export const PLY_COLOR_NAMES = [
  ['red', 'green', 'blue', 'alpha'],
  ['r', 'g', 'b', 'a'],
  ['diffuse_red', 'diffuse_green', 'diffuse_blue', 'diffuse_alpha'],
] as const;

/**
 * Reads the header at the start of `bytes` (the first PLY_HEADER_MAX_BYTES are enough). Throws a
 * `MediaError`: `damagedFile` for a header that never ends or that it cannot read, `unsupportedFormat`
 * for a format other than ascii and binary.
 */
export function parsePlyHeader(bytes: Uint8Array, fileName: string): PlyHeader {
  const damaged = (detail: string) => new MediaError('damagedFile', fileName, detail);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PLY_HEADER_MAX_BYTES)).toString('latin1');
  const end = /end_header\r?\n/.exec(text);
  if (!end) throw damaged(`no end_header in the first ${PLY_HEADER_MAX_BYTES} bytes`);
  let format: PlyFormat | null = null;
  const elements: PlyElement[] = [];
  for (const line of text.slice(0, end.index).split(/\r?\n/).slice(1)) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'format') {
      if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
        throw new MediaError('unsupportedFormat', fileName, `PLY format ${words[1]} is unknown`);
      }
      format = words[1];
    } else if (words[0] === 'element') {
      const count = Number(words[2]);
      if (!words[1] || !Number.isSafeInteger(count) || count < 0) throw damaged(`bad element line "${line.trim()}"`);
      elements.push({ name: words[1], count, properties: [] });
    } else if (words[0] === 'property') {
      const element = elements.at(-1);
      if (!element) throw damaged('a property comes before any element');
      const isList = words[1] === 'list';
      const [countWord, typeWord, name] = isList ? words.slice(2) : [null, words[1], words[2]];
      const type = scalarType(typeWord);
      const listCountType = isList ? scalarType(countWord) : null;
      if (!type || !name || (isList && !listCountType)) throw damaged(`PLY property "${line.trim()}" is not understood`);
      element.properties.push({ name, type, listCountType });
    }
  }
  if (!format) throw damaged('the PLY header has no format line');
  return { format, elements, bodyOffset: end.index + end[0].length };
}

function scalarType(word: string | null | undefined): PlyScalarType | null {
  if (!word) return null;
  if (Object.hasOwn(PLY_SCALARS, word)) return word as PlyScalarType;
  return Object.hasOwn(TYPE_ALIASES, word) ? TYPE_ALIASES[word]! : null;
}
