import type { FileHandle } from 'node:fs/promises';
import { MediaError } from '../media-error.js';
import { parsePlyHeader, PLY_COLOR_NAMES, PLY_SCALARS, type PlyFormat, type PlyScalarType } from '../ply-header.js';
import { LineReader, lineFields } from './line-reader.js';
import type { PointBatch, PointReader } from './point-batch.js';
import { clampUint16 } from './xyz-reader.js';

const INTENSITY_NAMES = ['intensity', 'scalar_intensity', 'scalar_Intensity'];

interface PlyVertexProperty {
  name: string;
  type: PlyScalarType;
  /** Bytes from the start of a binary vertex. */
  offset: number;
}

/** Where a point cloud's values sit in its PLY vertices. */
export interface PlyPointLayout {
  format: PlyFormat;
  vertices: number;
  properties: PlyVertexProperty[];
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

/** Reads a PLY header for its points; the vertex element must come first and hold x, y, z and no lists. */
export function readPlyPointLayout(head: Uint8Array, fileName: string): PlyPointLayout {
  const header = parsePlyHeader(head, fileName);
  const vertex = header.elements[0];
  if (!header.elements.some((element) => element.name === 'vertex'))
    throw new MediaError('unsupportedFormat', fileName, 'the PLY has no vertex element');
  if (vertex?.name !== 'vertex') throw new MediaError('unsupportedFormat', fileName, 'the PLY vertex element must come first');
  if (vertex.properties.some((property) => property.listCountType))
    throw new MediaError('unsupportedFormat', fileName, 'PLY vertices with list properties are not supported');
  let stride = 0;
  const properties = vertex.properties.map(({ name, type }) => {
    const property = { name, type, offset: stride };
    stride += PLY_SCALARS[type].bytes;
    return property;
  });
  const index = (name: string) => properties.findIndex((property) => property.name === name);
  const colorNames = PLY_COLOR_NAMES.find((names) => names.slice(0, 3).every((name) => index(name) >= 0));
  const layout: PlyPointLayout = {
    format: header.format,
    vertices: vertex.count,
    properties,
    stride,
    dataOffset: header.bodyOffset,
    x: index('x'),
    y: index('y'),
    z: index('z'),
    red: colorNames ? index(colorNames[0]) : -1,
    green: colorNames ? index(colorNames[1]) : -1,
    blue: colorNames ? index(colorNames[2]) : -1,
    intensity: properties.findIndex((property) => INTENSITY_NAMES.includes(property.name)),
    colorScale: 1,
  };
  if (layout.x < 0 || layout.y < 0 || layout.z < 0) throw new MediaError('unsupportedFormat', fileName, 'the PLY vertices have no x, y, z');
  const colorType = layout.red >= 0 ? properties[layout.red]!.type : null;
  if (colorType === 'float' || colorType === 'double') layout.colorScale = 255;
  return layout;
}

/** Reads a PLY's vertices, ascii or binary, a batch at a time. */
export class PlyReader implements PointReader {
  private next = 0;
  private readonly lines: LineReader | null;
  private buffer = Buffer.alloc(0);

  constructor(
    private readonly file: FileHandle,
    private readonly header: PlyPointLayout,
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
      if (line === null)
        throw new MediaError('damagedFile', this.fileName, `the PLY ends after ${this.next + point} of ${this.header.vertices} vertices`);
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
      throw new MediaError(
        'damagedFile',
        this.fileName,
        `the PLY ends after ${this.next + Math.floor(bytesRead / stride)} of ${this.header.vertices} vertices`,
      );
    }
    const view = new DataView(this.buffer.buffer, this.buffer.byteOffset, length);
    const little = this.header.format === 'binary_little_endian';
    const getter = (index: number) => {
      const { type, offset } = properties[index]!;
      const get = PLY_SCALARS[type].get;
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
