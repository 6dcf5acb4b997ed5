import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { MediaError } from '../media-error.js';
import { addMeshData, createSingleMeshDocument } from './mesh-data.js';

type PlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

interface PlyProperty {
  name: string;
  type: string;
  /** The count's type for a list property. */
  listCountType: string | null;
}

interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

const SCALAR_SIZES: Record<string, number> = {
  char: 1, int8: 1, uchar: 1, uint8: 1,
  short: 2, int16: 2, ushort: 2, uint16: 2,
  int: 4, int32: 4, uint: 4, uint32: 4,
  float: 4, float32: 4, double: 8, float64: 8,
};

const COLOR_NAMES = [
  ['red', 'green', 'blue', 'alpha'],
  ['r', 'g', 'b', 'a'],
  ['diffuse_red', 'diffuse_green', 'diffuse_blue', 'diffuse_alpha'],
] as const;
const UV_NAMES = [
  ['u', 'v'],
  ['s', 't'],
  ['texture_u', 'texture_v'],
] as const;

/**
 * Reads a PLY mesh (ASCII or binary, vertices with optional normals, colours and texture coordinates,
 * faces as lists of vertex indices) into `document`. A PLY without faces is a point cloud.
 */
export function readPly(document: Document, bytes: Uint8Array, fileName: string): void {
  const damaged = (detail: string) => new MediaError('damagedFile', fileName, detail);
  const { format, elements, bodyOffset } = parseHeader(bytes, damaged);
  const vertexElement = elements.find((element) => element.name === 'vertex');
  const faceElement = elements.find((element) => element.name === 'face');
  if (!vertexElement) throw damaged('has no vertex element');
  if (!faceElement || faceElement.count === 0) {
    throw new MediaError('nothingToShow', fileName, `${vertexElement.count} vertices but no faces: this PLY is a point cloud; upload it as a point-cloud work instead`);
  }
  const faceList = faceElement.properties.find((property) => property.listCountType && (property.name === 'vertex_indices' || property.name === 'vertex_index'));
  if (!faceList) throw damaged('its faces have no vertex_indices list');

  const reader = format === 'ascii' ? asciiReader(bytes, bodyOffset, damaged) : binaryReader(bytes, bodyOffset, format === 'binary_little_endian', damaged);
  const vertexCount = vertexElement.count;
  const names = vertexElement.properties.map((property) => property.name);
  const has = (...wanted: readonly string[]) => wanted.every((name) => names.includes(name));
  const colorNames = COLOR_NAMES.find((candidate) => has(candidate[0], candidate[1], candidate[2]));
  const uvNames = UV_NAMES.find((candidate) => has(...candidate));
  if (!has('x', 'y', 'z')) throw damaged('its vertices have no x, y and z');
  const hasNormals = has('nx', 'ny', 'nz');
  const hasAlpha = colorNames !== undefined && names.includes(colorNames[3]);

  const positions = new Float32Array(vertexCount * 3);
  const normals = hasNormals ? new Float32Array(vertexCount * 3) : undefined;
  const colors = colorNames ? new Float32Array(vertexCount * (hasAlpha ? 4 : 3)) : undefined;
  const uvs = uvNames ? new Float32Array(vertexCount * 2) : undefined;
  const indices: number[] = [];

  for (const element of elements) {
    for (let item = 0; item < element.count; item += 1) {
      const values = new Map<string, number>();
      for (const property of element.properties) {
        if (property.listCountType) {
          const length = reader.read(property.listCountType);
          const list: number[] = [];
          for (let index = 0; index < length; index += 1) list.push(reader.read(property.type));
          if (element === faceElement && property === faceList) {
            for (const vertex of list) if (!Number.isInteger(vertex) || vertex < 0 || vertex >= vertexCount) throw damaged(`face ${item} refers to vertex ${vertex}, which does not exist`);
            for (let corner = 1; corner + 1 < list.length; corner += 1) indices.push(list[0]!, list[corner]!, list[corner + 1]!);
          }
        } else {
          values.set(property.name, reader.read(property.type));
        }
      }
      if (element !== vertexElement) continue;
      positions.set([values.get('x')!, values.get('y')!, values.get('z')!], item * 3);
      if (normals) normals.set([values.get('nx')!, values.get('ny')!, values.get('nz')!], item * 3);
      if (uvs && uvNames) uvs.set([values.get(uvNames[0])!, 1 - values.get(uvNames[1])!], item * 2);
      if (colors && colorNames) {
        const channels = hasAlpha ? colorNames : colorNames.slice(0, 3);
        const type = vertexElement.properties.find((property) => property.name === colorNames[0])!.type;
        const scale = type.startsWith('float') || type === 'double' ? 1 : type.includes('short') || type.includes('16') ? 65535 : 255;
        colors.set(channels.map((name) => values.get(name)! / scale), item * (hasAlpha ? 4 : 3));
      }
    }
  }
  if (indices.length === 0) throw new MediaError('nothingToShow', fileName, 'its faces hold no triangles');
  const { mesh, buffer } = createSingleMeshDocument(document, path.parse(fileName).name || 'model');
  const material = document.createMaterial('surface').setMetallicFactor(0).setRoughnessFactor(0.8);
  if (!colors) material.setBaseColorFactor([0.8, 0.8, 0.8, 1]);
  addMeshData(document, mesh, buffer, { positions, normals, uvs, colors, colorSize: hasAlpha ? 4 : 3, indices: Uint32Array.from(indices) }, material);
}

function parseHeader(bytes: Uint8Array, damaged: (detail: string) => MediaError): { format: PlyFormat; elements: PlyElement[]; bodyOffset: number } {
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 65536))).toString('latin1');
  const end = /end_header\r?\n/.exec(head);
  if (!end) throw damaged('its header never ends');
  const lines = head.slice(0, end.index).split(/\r?\n/);
  let format: PlyFormat | null = null;
  const elements: PlyElement[] = [];
  for (const line of lines.slice(1)) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'format') {
      if (parts[1] !== 'ascii' && parts[1] !== 'binary_little_endian' && parts[1] !== 'binary_big_endian') throw damaged(`unknown PLY format ${parts[1]}`);
      format = parts[1];
    } else if (parts[0] === 'element') {
      const count = Number(parts[2]);
      if (!parts[1] || !Number.isInteger(count) || count < 0) throw damaged(`bad element line "${line}"`);
      elements.push({ name: parts[1], count, properties: [] });
    } else if (parts[0] === 'property') {
      const element = elements.at(-1);
      if (!element) throw damaged('a property comes before any element');
      const property =
        parts[1] === 'list' ? { name: parts[4] ?? '', type: parts[3] ?? '', listCountType: parts[2] ?? '' } : { name: parts[2] ?? '', type: parts[1] ?? '', listCountType: null };
      if (!(property.type in SCALAR_SIZES) || (property.listCountType !== null && !(property.listCountType in SCALAR_SIZES))) throw damaged(`unknown property type in "${line}"`);
      element.properties.push(property);
    }
  }
  if (!format) throw damaged('its header names no format');
  return { format, elements, bodyOffset: end.index + end[0].length };
}

interface ValueReader {
  read(type: string): number;
}

function binaryReader(bytes: Uint8Array, offset: number, littleEndian: boolean, damaged: (detail: string) => MediaError): ValueReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = offset;
  return {
    read(type) {
      const size = SCALAR_SIZES[type]!;
      if (at + size > view.byteLength) throw damaged('ends before its last element (truncated)');
      const position = at;
      at += size;
      switch (type) {
        case 'char': case 'int8': return view.getInt8(position);
        case 'uchar': case 'uint8': return view.getUint8(position);
        case 'short': case 'int16': return view.getInt16(position, littleEndian);
        case 'ushort': case 'uint16': return view.getUint16(position, littleEndian);
        case 'int': case 'int32': return view.getInt32(position, littleEndian);
        case 'uint': case 'uint32': return view.getUint32(position, littleEndian);
        case 'float': case 'float32': return view.getFloat32(position, littleEndian);
        default: return view.getFloat64(position, littleEndian);
      }
    },
  };
}

function asciiReader(bytes: Uint8Array, offset: number, damaged: (detail: string) => MediaError): ValueReader {
  const text = Buffer.from(bytes.subarray(offset)).toString('latin1');
  const pattern = /\S+/g;
  return {
    read() {
      const match = pattern.exec(text);
      if (!match) throw damaged('ends before its last element (truncated)');
      const value = Number(match[0]);
      if (Number.isNaN(value)) throw damaged(`"${match[0]}" is not a number`);
      return value;
    },
  };
}
