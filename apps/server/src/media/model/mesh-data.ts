import type { Accessor, Buffer as GltfBuffer, Document, Material, Mesh, Primitive } from '@gltf-transform/core';

/** Triangles as the readers of OBJ and PLY and the demo's builder produce them. */
export interface MeshData {
  positions: Float32Array;
  /** One per vertex; computed from the faces when absent. */
  normals?: Float32Array;
  uvs?: Float32Array;
  /** RGB or RGBA per vertex (`colorSize`), linear 0–1. */
  colors?: Float32Array;
  colorSize?: 3 | 4;
  indices: Uint32Array;
}

/** Smooth normals: each vertex takes the sum of its faces' normals, weighted by their area. */
export function computeVertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let face = 0; face < indices.length; face += 3) {
    const a = indices[face]! * 3;
    const b = indices[face + 1]! * 3;
    const c = indices[face + 2]! * 3;
    const abx = positions[b]! - positions[a]!;
    const aby = positions[b + 1]! - positions[a + 1]!;
    const abz = positions[b + 2]! - positions[a + 2]!;
    const acx = positions[c]! - positions[a]!;
    const acy = positions[c + 1]! - positions[a + 1]!;
    const acz = positions[c + 2]! - positions[a + 2]!;
    const nx = aby * acz - abz * acy;
    const ny = abz * acx - abx * acz;
    const nz = abx * acy - aby * acx;
    for (const vertex of [a, b, c]) {
      normals[vertex] = normals[vertex]! + nx;
      normals[vertex + 1] = normals[vertex + 1]! + ny;
      normals[vertex + 2] = normals[vertex + 2]! + nz;
    }
  }
  for (let vertex = 0; vertex < normals.length; vertex += 3) {
    const length = Math.hypot(normals[vertex]!, normals[vertex + 1]!, normals[vertex + 2]!);
    if (length > 0) {
      normals[vertex] = normals[vertex]! / length;
      normals[vertex + 1] = normals[vertex + 1]! / length;
      normals[vertex + 2] = normals[vertex + 2]! / length;
    } else {
      normals[vertex + 1] = 1;
    }
  }
  return normals;
}

/** Adds `data` to `mesh` as one indexed triangle primitive. */
export function addMeshData(document: Document, mesh: Mesh, buffer: GltfBuffer, data: MeshData, material: Material): Primitive {
  const vertexCount = data.positions.length / 3;
  const accessor = (type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4', array: Float32Array | Uint16Array | Uint32Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document
    .createPrimitive()
    .setMaterial(material)
    .setAttribute('POSITION', accessor('VEC3', data.positions))
    .setAttribute('NORMAL', accessor('VEC3', data.normals ?? computeVertexNormals(data.positions, data.indices)))
    .setIndices(accessor('SCALAR', vertexCount <= 0xffff ? Uint16Array.from(data.indices) : data.indices));
  if (data.uvs) primitive.setAttribute('TEXCOORD_0', accessor('VEC2', data.uvs));
  if (data.colors) primitive.setAttribute('COLOR_0', accessor(data.colorSize === 4 ? 'VEC4' : 'VEC3', data.colors));
  mesh.addPrimitive(primitive);
  return primitive;
}

/** A document with one scene, one node and one mesh, ready for `addMeshData`. */
export function createSingleMeshDocument(document: Document, name: string): { mesh: Mesh; buffer: GltfBuffer } {
  const buffer = document.createBuffer();
  const mesh = document.createMesh(name);
  document.createScene(name).addChild(document.createNode(name).setMesh(mesh));
  document.getRoot().setDefaultScene(document.getRoot().listScenes()[0]!);
  return { mesh, buffer };
}

/** Whether bytes are a PNG, a JPEG or a WebP (the images glTF can carry here), by their magic. */
export function imageMimeType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length > 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}
