import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Document, Material, Texture } from '@gltf-transform/core';
import sharp from 'sharp';
import { MediaError } from '../media-error.js';
import { addMeshData, createSingleMeshDocument, imageMimeType } from './mesh-data.js';

interface ObjMaterial {
  color: [number, number, number];
  opacity: number;
  shininess: number | null;
  texture: string | null;
}

interface ObjGroup {
  vertexByKey: Map<string, number>;
  positionIndex: number[];
  uvIndex: number[];
  normalIndex: number[];
  indices: number[];
}

/** What reading an OBJ read: its bytes and those of the MTL files and textures it used. */
export interface ObjReadResult {
  fileBytes: number;
  skipped: string[];
}

/**
 * Reads an OBJ (v, vt, vn, f with negative indices and polygons; usemtl, mtllib) into `document`, one
 * primitive per material. Side files (MTL, textures) are read only inside `rootDir`; without one (a
 * lone upload) they are ignored. A missing or unreadable texture is skipped, not fatal.
 */
export async function readObj(document: Document, objPath: string, fileName: string, rootDir: string | null): Promise<ObjReadResult> {
  const bytes = await readFile(objPath);
  const text = bytes.toString('utf8').replace(/\\\r?\n/g, ' ');
  const damaged = (detail: string) => new MediaError('damagedFile', fileName, detail);
  const positions: number[] = [];
  const colors: number[] = [];
  const uvs: number[] = [];
  const normals: number[] = [];
  const groups = new Map<string, ObjGroup>();
  const libraries: string[] = [];
  let current = groupOf(groups, '');
  let lineNumber = 0;

  const resolveIndex = (token: string | undefined, count: number, what: string): number => {
    if (token === undefined || token === '') return -1;
    const value = Number(token);
    const index = value > 0 ? value - 1 : count + value;
    if (!Number.isInteger(value) || value === 0 || index < 0 || index >= count)
      throw damaged(`line ${lineNumber}: ${what} index ${token} does not exist`);
    return index;
  };

  for (const rawLine of text.split('\n')) {
    lineNumber += 1;
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const parts = line.split(/\s+/);
    const keyword = parts[0];
    const numbers = () => parts.slice(1).map(Number);
    switch (keyword) {
      case 'v': {
        const [x, y, z, r, g, b] = numbers();
        if (![x, y, z].every((value) => Number.isFinite(value))) throw damaged(`line ${lineNumber}: a vertex needs three numbers`);
        positions.push(x!, y!, z!);
        colors.push(...(r !== undefined && g !== undefined && b !== undefined ? [r, g, b] : [NaN, NaN, NaN]));
        break;
      }
      case 'vt': {
        const [u = 0, v = 0] = numbers();
        uvs.push(u, 1 - v);
        break;
      }
      case 'vn': {
        const [x = 0, y = 0, z = 0] = numbers();
        normals.push(x, y, z);
        break;
      }
      case 'f': {
        const corners = parts.slice(1).map((corner) => {
          const [v, t, n] = corner.split('/');
          const positionIndex = resolveIndex(v, positions.length / 3, 'vertex');
          if (positionIndex < 0) throw damaged(`line ${lineNumber}: a face corner needs a vertex`);
          const uvIndex = resolveIndex(t, uvs.length / 2, 'texture coordinate');
          const normalIndex = resolveIndex(n, normals.length / 3, 'normal');
          const key = `${positionIndex}/${uvIndex}/${normalIndex}`;
          let vertex = current.vertexByKey.get(key);
          if (vertex === undefined) {
            vertex = current.positionIndex.length;
            current.vertexByKey.set(key, vertex);
            current.positionIndex.push(positionIndex);
            current.uvIndex.push(uvIndex);
            current.normalIndex.push(normalIndex);
          }
          return vertex;
        });
        for (let corner = 1; corner + 1 < corners.length; corner += 1)
          current.indices.push(corners[0]!, corners[corner]!, corners[corner + 1]!);
        break;
      }
      case 'usemtl':
        current = groupOf(groups, line.slice(keyword.length).trim());
        break;
      case 'mtllib':
        libraries.push(line.slice(keyword.length).trim());
        break;
      default:
        // o, g, s, l, p and the rest change nothing a viewer shows.
        break;
    }
  }

  const result: ObjReadResult = { fileBytes: bytes.length, skipped: [] };
  const materials = new Map<string, ObjMaterial>();
  const objDir = path.dirname(objPath);
  if (rootDir) {
    for (const library of libraries) {
      const file = insideRoot(rootDir, objDir, library, fileName);
      if (!existsSync(file)) {
        result.skipped.push(library);
        continue;
      }
      const mtl = await readFile(file);
      result.fileBytes += mtl.length;
      for (const [name, material] of parseMtl(mtl.toString('utf8'))) {
        if (material.texture)
          material.texture = path.relative(rootDir, insideRoot(rootDir, path.dirname(file), material.texture, fileName));
        materials.set(name, material);
      }
    }
  }

  const hasColors = colors.some((value) => !Number.isNaN(value));
  const { mesh, buffer } = createSingleMeshDocument(document, path.parse(fileName).name || 'model');
  const textures = new Map<string, Texture | null>();
  for (const [name, group] of groups) {
    if (group.indices.length === 0) continue;
    const count = group.positionIndex.length;
    const data = {
      positions: new Float32Array(count * 3),
      normals: group.normalIndex.every((index) => index >= 0) ? new Float32Array(count * 3) : undefined,
      uvs: group.uvIndex.some((index) => index >= 0) ? new Float32Array(count * 2) : undefined,
      colors: hasColors ? new Float32Array(count * 3) : undefined,
      indices: Uint32Array.from(group.indices),
    };
    for (let vertex = 0; vertex < count; vertex += 1) {
      const p = group.positionIndex[vertex]! * 3;
      data.positions.set([positions[p]!, positions[p + 1]!, positions[p + 2]!], vertex * 3);
      if (data.colors)
        data.colors.set(
          [p, p + 1, p + 2].map((at) => (Number.isNaN(colors[at]) ? 1 : colors[at]!)),
          vertex * 3,
        );
      const n = group.normalIndex[vertex]! * 3;
      if (data.normals) data.normals.set([normals[n]!, normals[n + 1]!, normals[n + 2]!], vertex * 3);
      const t = group.uvIndex[vertex]!;
      if (data.uvs && t >= 0) data.uvs.set([uvs[t * 2]!, uvs[t * 2 + 1]!], vertex * 2);
    }
    const material = await createMaterial(document, name, materials.get(name), rootDir, textures, result);
    addMeshData(document, mesh, buffer, { ...data, normals: data.normals ? smoothNormalsIfZero(data.normals) : undefined }, material);
  }
  return result;
}

function groupOf(groups: Map<string, ObjGroup>, name: string): ObjGroup {
  let group = groups.get(name);
  if (!group) {
    group = { vertexByKey: new Map(), positionIndex: [], uvIndex: [], normalIndex: [], indices: [] };
    groups.set(name, group);
  }
  return group;
}

/** Normals given in the file are kept; a file that gives zero-length ones is treated as giving none. */
function smoothNormalsIfZero(normals: Float32Array): Float32Array | undefined {
  for (let index = 0; index < normals.length; index += 3) {
    if (normals[index] === 0 && normals[index + 1] === 0 && normals[index + 2] === 0) return undefined;
  }
  return normals;
}

/** A side file named by an OBJ or MTL, which must stay inside the archive's folder. */
function insideRoot(rootDir: string, baseDir: string, name: string, fileName: string): string {
  const relative = name.replace(/\\/g, '/');
  const root = path.resolve(rootDir);
  const file = path.resolve(baseDir, relative);
  if (path.isAbsolute(relative) || /^[a-zA-Z]:/.test(relative) || !file.startsWith(root + path.sep)) {
    throw new MediaError('unsafeArchive', fileName, `refers to "${name}", outside its folder`);
  }
  return file;
}

export function parseMtl(text: string): Map<string, ObjMaterial> {
  const materials = new Map<string, ObjMaterial>();
  let current: ObjMaterial | null = null;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    const keyword = line.split(/\s+/, 1)[0] ?? '';
    const rest = line.slice(keyword.length).trim();
    const values = rest.split(/\s+/).map(Number);
    if (keyword === 'newmtl') {
      current = { color: [0.8, 0.8, 0.8], opacity: 1, shininess: null, texture: null };
      materials.set(rest, current);
    } else if (!current) {
      continue;
    } else if (keyword === 'Kd' && values.length >= 3 && values.every(Number.isFinite)) {
      current.color = [values[0]!, values[1]!, values[2]!];
    } else if (keyword === 'd' && Number.isFinite(values[0])) {
      current.opacity = values[0]!;
    } else if (keyword === 'Tr' && Number.isFinite(values[0])) {
      current.opacity = 1 - values[0]!;
    } else if (keyword === 'Ns' && Number.isFinite(values[0])) {
      current.shininess = values[0]!;
    } else if (keyword === 'map_Kd' && rest) {
      // Options come first (`-s 1 1 1 wood.png`): the file is what follows the last one.
      current.texture = rest.startsWith('-') ? rest.split(/\s+/).at(-1)! : rest;
    }
  }
  return materials;
}

async function createMaterial(
  document: Document,
  name: string,
  source: ObjMaterial | undefined,
  rootDir: string | null,
  textures: Map<string, Texture | null>,
  result: ObjReadResult,
): Promise<Material> {
  const material = document
    .createMaterial(name || 'default')
    .setMetallicFactor(0)
    .setRoughnessFactor(0.8);
  if (!source) return material;
  const opacity = Math.min(1, Math.max(0, source.opacity));
  material.setBaseColorFactor([...source.color.map((value) => Math.min(1, Math.max(0, value))), opacity] as [
    number,
    number,
    number,
    number,
  ]);
  if (opacity < 1) material.setAlphaMode('BLEND');
  // Blinn-Phong exponent to roughness: the usual sqrt(2 / (Ns + 2)).
  if (source.shininess !== null) material.setRoughnessFactor(Math.min(1, Math.max(0.05, Math.sqrt(2 / (source.shininess + 2)))));
  if (source.texture && rootDir) {
    if (!textures.has(source.texture))
      textures.set(source.texture, await loadTexture(document, path.join(rootDir, source.texture), result));
    const texture = textures.get(source.texture);
    if (texture) material.setBaseColorTexture(texture);
  }
  return material;
}

async function loadTexture(document: Document, file: string, result: ObjReadResult): Promise<Texture | null> {
  if (!existsSync(file)) {
    result.skipped.push(path.basename(file));
    return null;
  }
  let image: Uint8Array = await readFile(file);
  result.fileBytes += image.length;
  let mimeType = imageMimeType(image);
  if (!mimeType) {
    try {
      image = await sharp(image).png().toBuffer();
      mimeType = 'image/png';
    } catch {
      result.skipped.push(path.basename(file));
      return null;
    }
  }
  return document.createTexture(path.basename(file)).setImage(image).setMimeType(mimeType).setURI(path.basename(file));
}
