import type { FileHandle } from 'node:fs/promises';
import { MediaError } from '../media-error.js';
import { LineReader, lineFields } from './line-reader.js';
import type { PointBatch, PointReader } from './point-batch.js';
import { clampUint16 } from './xyz-reader.js';

const PLY_TYPES: Record<string, { bytes: number; get: (view: DataView, at: number, little: boolean) => number }> = {
  char: { bytes: 1, get: (view, at) => view.getInt8(at) },
  uchar: { bytes: 1, get: (view, at) => view.getUint8(at) },
  short: { bytes: 2, get: (view, at, little) => view.getInt16(at, little) },
  ushort: { bytes: 2, get: (view, at, little) => view.getUint16(at, little) },
  int: { bytes: 4, get: (view, at, little) => view.getInt32(at, little) },
  uint: { bytes: 4, get: (view, at, little) => view.getUint32(at, little) },
  float: { bytes: 4, get: (view, at, little) => view.getFloat32(at, little) },
  double: { bytes: 8, get: (view, at, little) => view.getFloat64(at, little) },
};
const TYPE_ALIASES: Record<string, string> = { int8: 'char', uint8: 'uchar', int16: 'short', uint16: 'ushort', int32: 'int', uint32: 'uint', float32: 'float', float64: 'double' };
const HEADER_MAX_BYTES = 64 * 1024;

interface PlyProperty {
  name: string;
  type: string;
  offset: number;
}

export interface PlyHeader {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  vertices: number;
  properties: PlyProperty[];
  stride: number;
  dataOffset: number;
  /** Indices into `properties`, -1 when absent. */
  x: number;
  y: number;
  z: number;
  red: number;
  green: number;
  blue: number;
  intensity: number;
  /** Multiplier bringing the colours to 0–255 (float colours are 0–1). */
  colorScale: number;
}

/** Parses a PLY header; the vertex element must come first and hold x, y, z and no lists. */
export function parsePlyHeader(head: Buffer, fileName: string): PlyHeader {
  const text = head.toString('latin1');
  const end = /end_header\r?\n/.exec(text);
  if (!end) throw new MediaError('damagedFile', fileName, `no end_header in the first ${HEADER_MAX_BYTES} bytes`);
  const lines = text.slice(0, end.index).split(/\r?\n/);
  let format: PlyHeader['format'] | undefined;
  let element: string | undefined;
  let firstElement: string | undefined;
  let vertices = -1;
  const properties: PlyProperty[] = [];
  let stride = 0;
  for (const line of lines.slice(1)) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'format') {
      if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
        throw new MediaError('unsupportedFormat', fileName, `PLY format ${words[1]} is unknown`);
      }
      format = words[1];
    } else if (words[0] === 'element') {
      element = words[1];
      firstElement ??= element;
      if (element === 'vertex') vertices = Number(words[2]);
    } else if (words[0] === 'property' && element === 'vertex') {
      if (words[1] === 'list') throw new MediaError('unsupportedFormat', fileName, 'PLY vertices with list properties are not supported');
      const type = TYPE_ALIASES[words[1] ?? ''] ?? words[1] ?? '';
      const known = PLY_TYPES[type];
      if (!known || !words[2]) throw new MediaError('damagedFile', fileName, `PLY property "${line.trim()}" is not understood`);
      properties.push({ name: words[2], type, offset: stride });
      stride += known.bytes;
    }
  }
  if (!format) throw new MediaError('damagedFile', fileName, 'the PLY header has no format line');
  if (!(Number.isSafeInteger(vertices) && vertices >= 0)) throw new MediaError('unsupportedFormat', fileName, 'the PLY has no vertex element');
  if (firstElement !== 'vertex') throw new MediaError('unsupportedFormat', fileName, 'the PLY vertex element must come first');
  const index = (...names: string[]) => properties.findIndex((property) => names.includes(property.name));
  const header: PlyHeader = {
    format,
    vertices,
    properties,
    stride,
    dataOffset: end.index + end[0].length,
    x: index('x'),
    y: index('y'),
    z: index('z'),
    red: index('red', 'r', 'diffuse_red'),
    green: index('green', 'g', 'diffuse_green'),
    blue: index('blue', 'b', 'diffuse_blue'),
    intensity: index('intensity', 'scalar_intensity', 'scalar_Intensity'),
    colorScale: 1,
  };
  if (header.x < 0 || header.y < 0 || header.z < 0) throw new MediaError('unsupportedFormat', fileName, 'the PLY vertices have no x, y, z');
  if (header.red < 0 || header.green < 0 || header.blue < 0) header.red = header.green = header.blue = -1;
  else if (properties[header.red]!.type === 'float' || properties[header.red]!.type === 'double') header.colorScale = 255;
  return header;
}

export const PLY_HEADER_MAX_BYTES = HEADER_MAX_BYTES;

/** Reads a PLY's vertices, ascii or binary, a batch at a time. */
export class PlyReader implements PointReader {
  private next = 0;
  private readonly lines: LineReader | null;
  private buffer = Buffer.alloc(0);

  constructor(
    private readonly file: FileHandle,
    private readonly header: PlyHeader,
    private readonly fileName: string,
  ) {
    this.lines = header.format === 'ascii' ? new LineReader(file, header.dataOffset) : null;
  }

  async read(batch: PointBatch): Promise<number> {
    const count = Math.min(batch.intensities.length, this.header.vertices - this.next);
    if (count <= 0) return (batch.count = 0);
    if (this.lines) await this.readAscii(batch, count);
    else await this.readBinary(batch, count);
    this.next += count;
    batch.count = count;
    return count;
  }

  private async readAscii(batch: PointBatch, count: number): Promise<void> {
    const { properties, x, y, z, red, green, blue, intensity, colorScale } = this.header;
    for (let point = 0; point < count; point += 1) {
      const line = await this.lines!.next();
      if (line === null) throw new MediaError('damagedFile', this.fileName, `the PLY ends after ${this.next + point} of ${this.header.vertices} vertices`);
      const values = lineFields(line);
      if (values.length < properties.length || !values.every(Number.isFinite)) {
        throw new MediaError('damagedFile', this.fileName, `vertex ${this.next + point} is not ${properties.length} numbers`);
      }
      this.store(batch, point, values[x]!, values[y]!, values[z]!, intensity >= 0 ? values[intensity]! : 0);
      if (red >= 0) this.storeColor(batch, point, values[red]!, values[green]!, values[blue]!, colorScale);
    }
  }

  private async readBinary(batch: PointBatch, count: number): Promise<void> {
    const { properties, stride, x, y, z, red, green, blue, intensity, colorScale } = this.header;
    const length = count * stride;
    if (this.buffer.length < length) this.buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await this.file.read(this.buffer, 0, length, this.header.dataOffset + this.next * stride);
    if (bytesRead < length) {
      throw new MediaError('damagedFile', this.fileName, `the PLY ends after ${this.next + Math.floor(bytesRead / stride)} of ${this.header.vertices} vertices`);
    }
    const view = new DataView(this.buffer.buffer, this.buffer.byteOffset, length);
    const little = this.header.format === 'binary_little_endian';
    const getter = (index: number) => {
      const { type, offset } = properties[index]!;
      const get = PLY_TYPES[type]!.get;
      return (at: number) => get(view, at + offset, little);
    };
    const [getX, getY, getZ] = [getter(x), getter(y), getter(z)];
    const getIntensity = intensity >= 0 ? getter(intensity) : () => 0;
    const colorGetters = red >= 0 ? [getter(red), getter(green), getter(blue)] : null;
    for (let point = 0, at = 0; point < count; point += 1, at += stride) {
      this.store(batch, point, getX(at), getY(at), getZ(at), getIntensity(at));
      if (colorGetters) this.storeColor(batch, point, colorGetters[0]!(at), colorGetters[1]!(at), colorGetters[2]!(at), colorScale);
    }
  }

  private store(batch: PointBatch, point: number, x: number, y: number, z: number, intensity: number): void {
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) {
      throw new MediaError('damagedFile', this.fileName, `vertex ${this.next + point} has a position that is not a number`);
    }
    batch.positions[point * 3] = x;
    batch.positions[point * 3 + 1] = y;
    batch.positions[point * 3 + 2] = z;
    batch.intensities[point] = clampUint16(intensity);
  }

  private storeColor(batch: PointBatch, point: number, red: number, green: number, blue: number, scale: number): void {
    batch.colors[point * 3] = clampUint16(red * scale);
    batch.colors[point * 3 + 1] = clampUint16(green * scale);
    batch.colors[point * 3 + 2] = clampUint16(blue * scale);
  }

  async close(): Promise<void> {}
}
