import { getBounds, ImageUtils, type Document, type Mesh } from '@gltf-transform/core';
import type { Box3, ModelStats } from '@spatia/contract';
import { ktx2GpuBytes } from './ktx2-textures.js';

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;

/** Triangles, vertices and textures of a document; `fileBytes` is the caller's to give. */
export function measureDocument(document: Document, fileBytes: number): ModelStats {
  const root = document.getRoot();
  let triangles = 0;
  let vertices = 0;
  const counted = new Set<unknown>();
  for (const mesh of root.listMeshes()) {
    // A mesh drawn by several nodes is drawn several times.
    const uses = Math.max(1, mesh.listParents().filter((parent) => parent.propertyType === 'Node').length);
    triangles += meshTriangles(mesh) * uses;
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute('POSITION');
      if (position && !counted.has(position)) {
        counted.add(position);
        vertices += position.getCount();
      }
    }
  }
  let textureBytes = 0;
  let maxTextureSize = 0;
  const textures = root.listTextures();
  for (const texture of textures) {
    const image = texture.getImage();
    const size = image ? ImageUtils.getSize(image, texture.getMimeType()) : null;
    if (!size) continue;
    // KTX2 stays block-compressed on the GPU; other images are decoded to RGBA.
    textureBytes += texture.getMimeType() === 'image/ktx2' ? ktx2GpuBytes(image!) : Math.round((size[0] * size[1] * 4 * 4) / 3);
    maxTextureSize = Math.max(maxTextureSize, size[0], size[1]);
  }
  return { triangles, vertices, textureBytes, fileBytes, textures: textures.length, maxTextureSize };
}

function meshTriangles(mesh: Mesh): number {
  let triangles = 0;
  for (const primitive of mesh.listPrimitives()) {
    const count = primitive.getIndices()?.getCount() ?? primitive.getAttribute('POSITION')?.getCount() ?? 0;
    const mode = primitive.getMode();
    if (mode === TRIANGLES) triangles += Math.floor(count / 3);
    else if (mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN) triangles += Math.max(0, count - 2);
  }
  return triangles;
}

/** World-space bounds of the default scene (or of every scene when none is the default). */
export function measureBounds(document: Document): Box3 {
  const root = document.getRoot();
  const scenes = root.getDefaultScene() ? [root.getDefaultScene()!] : root.listScenes();
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const scene of scenes) {
    const bounds = getBounds(scene);
    for (let axis = 0; axis < 3; axis += 1) {
      min[axis] = Math.min(min[axis]!, bounds.min[axis]!);
      max[axis] = Math.max(max[axis]!, bounds.max[axis]!);
    }
  }
  if (!min.every(Number.isFinite)) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}
