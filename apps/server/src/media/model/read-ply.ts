import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { MediaError } from '../media-error.js';
import { parsePlyHeader, PLY_COLOR_NAMES, PLY_SCALARS, type PlyScalarType } from '../ply-header.js';
import { addMeshData, createSingleMeshDocument } from './mesh-data.js';

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
  const { format, elements, bodyOffset } = parsePlyHeader(bytes, fileName);
  const vertexElement = elements.find((element) => element.name === 'vertex');
  const faceElement = elements.find((element) => element.name === 'face');
  if (!vertexElement) throw damaged('has no vertex element');
  if (!faceElement || faceElement.count === 0) {
    throw new MediaError(
      'nothingToShow',
      fileName,
      `${vertexElement.count} vertices but no faces: this PLY is a point cloud; upload it as a point-cloud work instead`,
    );
  }
  const faceList = faceElement.properties.find(
    (property) => property.listCountType && (property.name === 'vertex_indices' || property.name === 'vertex_index'),
  );
  if (!faceList) throw damaged('its faces have no vertex_indices list');

  const reader =
    format === 'ascii'
      ? asciiReader(bytes, bodyOffset, damaged)
      : binaryReader(bytes, bodyOffset, format === 'binary_little_endian', damaged);
  const vertexCount = vertexElement.count;
  const names = vertexElement.properties.map((property) => property.name);
  const has = (...wanted: readonly string[]) => wanted.every((name) => names.includes(name));
  const colorNames = PLY_COLOR_NAMES.find((candidate) => has(candidate[0], candidate[1], candidate[2]));
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
            for (const vertex of list)
              if (!Number.isInteger(vertex) || vertex < 0 || vertex >= vertexCount)
                throw damaged(`face ${item} refers to vertex ${vertex}, which does not exist`);
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
        const scale = type === 'float' || type === 'double' ? 1 : type === 'short' || type === 'ushort' ? 65535 : 255;
        colors.set(
          channels.map((name) => values.get(name)! / scale),
          item * (hasAlpha ? 4 : 3),
        );
      }
    }
  }
  if (indices.length === 0) throw new MediaError('nothingToShow', fileName, 'its faces hold no triangles');
  const { mesh, buffer } = createSingleMeshDocument(document, path.parse(fileName).name || 'model');
  const material = document.createMaterial('surface').setMetallicFactor(0).setRoughnessFactor(0.8);
  if (!colors) material.setBaseColorFactor([0.8, 0.8, 0.8, 1]);
  addMeshData(
    document,
    mesh,
    buffer,
    { positions, normals, uvs, colors, colorSize: hasAlpha ? 4 : 3, indices: Uint32Array.from(indices) },
    material,
  );
}

interface ValueReader {
  read(type: PlyScalarType): number;
}

function binaryReader(bytes: Uint8Array, offset: number, littleEndian: boolean, damaged: (detail: string) => MediaError): ValueReader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = offset;
  return {
    read(type) {
      const { bytes: size, get } = PLY_SCALARS[type];
      if (at + size > view.byteLength) throw damaged('ends before its last element (truncated)');
      at += size;
      return get(view, at - size, littleEndian);
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
