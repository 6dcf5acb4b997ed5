import type { Accessor, Document, Node, Primitive, Texture } from '@gltf-transform/core';
import sharp from 'sharp';
import { add, cross, dot, normalize, scale, sub, type Vec3 } from './vec3.js';

export const POSTER_WIDTH = 1200;
export const POSTER_HEIGHT = 900;
/** Drawn at twice the size and scaled down, which smooths the edges. */
const SUPERSAMPLE = 2;
const FIELD_OF_VIEW = (30 * Math.PI) / 180;
/** Three-quarter view: 40° round from the front, 25° above the horizon. */
const AZIMUTH = (40 * Math.PI) / 180;
const ELEVATION = (25 * Math.PI) / 180;
const TEXTURE_SAMPLE_SIZE = 256;

interface Triangles {
  /** World positions, 9 numbers a triangle. */
  positions: number[];
  /** Linear RGB per corner, 9 numbers a triangle. */
  colors: number[];
}

/**
 * Draws the default scene on the CPU (z-buffer rasteriser, one Lambert light, base colours, vertex
 * colours and base-colour textures sampled at the corners) from a three-quarter view fitted to its
 * bounds, on a light background, and returns a JPEG.
 */
export async function renderPoster(document: Document): Promise<Buffer> {
  const triangles = await collectTriangles(document);
  if (triangles.positions.length === 0) throw new Error('nothing to draw');
  const width = POSTER_WIDTH * SUPERSAMPLE;
  const height = POSTER_HEIGHT * SUPERSAMPLE;
  const camera = fitCamera(triangles.positions, width / height);
  const pixels = new Float32Array(width * height * 3);
  const depth = new Float32Array(width * height).fill(Infinity);
  for (let y = 0; y < height; y += 1) {
    const shade = 0.93 - 0.1 * (y / height);
    pixels.fill(shade * shade, y * width * 3, (y + 1) * width * 3);
  }
  const focal = height / 2 / Math.tan(FIELD_OF_VIEW / 2);
  const light = normalize(add(add(scale(camera.right, -0.45), scale(camera.up, 0.8)), scale(camera.back, 0.6)));
  const { positions, colors } = triangles;
  const screen = new Float64Array(9);
  for (let at = 0; at < positions.length; at += 9) {
    let visible = true;
    for (let corner = 0; corner < 3; corner += 1) {
      const relative: Vec3 = [
        positions[at + corner * 3]! - camera.eye[0],
        positions[at + corner * 3 + 1]! - camera.eye[1],
        positions[at + corner * 3 + 2]! - camera.eye[2],
      ];
      const z = -dot(relative, camera.back);
      if (z < camera.near) visible = false;
      screen[corner * 3] = width / 2 + (dot(relative, camera.right) / z) * focal;
      screen[corner * 3 + 1] = height / 2 - (dot(relative, camera.up) / z) * focal;
      screen[corner * 3 + 2] = 1 / z;
    }
    if (!visible) continue;
    const a: Vec3 = [positions[at]!, positions[at + 1]!, positions[at + 2]!];
    let normal = normalize(
      cross(
        sub([positions[at + 3]!, positions[at + 4]!, positions[at + 5]!], a),
        sub([positions[at + 6]!, positions[at + 7]!, positions[at + 8]!], a),
      ),
    );
    if (dot(normal, sub(camera.eye, a)) < 0) normal = scale(normal, -1);
    const lit = 0.28 + 0.72 * Math.max(0, dot(normal, light)) + 0.12 * Math.max(0, dot(normal, camera.back));
    rasterize(screen, colors, at, lit, width, height, pixels, depth);
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let index = 0; index < rgb.length; index += 1) rgb[index] = Math.round(255 * Math.min(1, Math.max(0, pixels[index]!)) ** (1 / 2.2));
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(POSTER_WIDTH, POSTER_HEIGHT)
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

function rasterize(
  screen: Float64Array,
  colors: number[],
  at: number,
  lit: number,
  width: number,
  height: number,
  pixels: Float32Array,
  depth: Float32Array,
): void {
  const [x0, y0, w0, x1, y1, w1, x2, y2, w2] = screen as unknown as number[];
  const area = (x1! - x0!) * (y2! - y0!) - (x2! - x0!) * (y1! - y0!);
  if (!(Math.abs(area) > 1e-9)) return;
  const minX = Math.max(0, Math.floor(Math.min(x0!, x1!, x2!)));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(x0!, x1!, x2!)));
  const minY = Math.max(0, Math.floor(Math.min(y0!, y1!, y2!)));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(y0!, y1!, y2!)));
  for (let y = minY; y <= maxY; y += 1) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x += 1) {
      const px = x + 0.5;
      const b0 = ((x1! - px) * (y2! - py) - (x2! - px) * (y1! - py)) / area;
      const b1 = ((x2! - px) * (y0! - py) - (x0! - px) * (y2! - py)) / area;
      const b2 = 1 - b0 - b1;
      if (b0 < 0 || b1 < 0 || b2 < 0) continue;
      const inverseDepth = b0 * w0! + b1 * w1! + b2 * w2!;
      const pixel = y * width + x;
      const z = 1 / inverseDepth;
      if (z >= depth[pixel]!) continue;
      depth[pixel] = z;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[pixel * 3 + channel] = lit * (b0 * colors[at + channel]! + b1 * colors[at + 3 + channel]! + b2 * colors[at + 6 + channel]!);
      }
    }
  }
}

function fitCamera(positions: number[], aspect: number) {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let index = 0; index < positions.length; index += 1) {
    const axis = index % 3;
    min[axis] = Math.min(min[axis]!, positions[index]!);
    max[axis] = Math.max(max[axis]!, positions[index]!);
  }
  const center: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const back: Vec3 = [Math.cos(ELEVATION) * Math.sin(AZIMUTH), Math.sin(ELEVATION), Math.cos(ELEVATION) * Math.cos(AZIMUTH)];
  const right = normalize(cross([0, 1, 0], back));
  const up = cross(back, right);
  const tanVertical = Math.tan(FIELD_OF_VIEW / 2);
  const tanHorizontal = tanVertical * aspect;
  // The distance from the centre at which every corner of the bounds fits, with a margin.
  let distance = 0;
  let radius = 0;
  for (let corner = 0; corner < 8; corner += 1) {
    const point: Vec3 = [corner & 1 ? max[0] : min[0], corner & 2 ? max[1] : min[1], corner & 4 ? max[2] : min[2]];
    const offset = sub(point, center);
    radius = Math.max(radius, Math.hypot(...offset));
    const toward = dot(offset, back);
    distance = Math.max(
      distance,
      toward + Math.abs(dot(offset, right)) / (tanHorizontal * 0.9),
      toward + Math.abs(dot(offset, up)) / (tanVertical * 0.9),
    );
  }
  distance = Math.max(distance, 1e-6);
  return { eye: add(center, scale(back, distance)), back, right, up, near: Math.max(distance - radius, distance * 1e-3) * 0.5 };
}

async function collectTriangles(document: Document): Promise<Triangles> {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const triangles: Triangles = { positions: [], colors: [] };
  if (!scene) return triangles;
  const samples = new Map<Texture, Map<string, TextureSample | null>>();
  const nodes: Node[] = [];
  scene.traverse((node) => nodes.push(node));
  for (const node of nodes) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const matrix = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== 4) continue;
      await addPrimitive(primitive, matrix, triangles, samples);
    }
  }
  return triangles;
}

async function addPrimitive(
  primitive: Primitive,
  matrix: number[],
  triangles: Triangles,
  samples: Map<Texture, Map<string, TextureSample | null>>,
): Promise<void> {
  const position = primitive.getAttribute('POSITION');
  if (!position) return;
  const count = position.getCount();
  const world = readElements(position, 3);
  for (let vertex = 0; vertex < count; vertex += 1) {
    const [x, y, z] = [world[vertex * 3]!, world[vertex * 3 + 1]!, world[vertex * 3 + 2]!];
    world[vertex * 3] = matrix[0]! * x + matrix[4]! * y + matrix[8]! * z + matrix[12]!;
    world[vertex * 3 + 1] = matrix[1]! * x + matrix[5]! * y + matrix[9]! * z + matrix[13]!;
    world[vertex * 3 + 2] = matrix[2]! * x + matrix[6]! * y + matrix[10]! * z + matrix[14]!;
  }
  const material = primitive.getMaterial();
  const factor = material?.getBaseColorFactor() ?? [1, 1, 1, 1];
  const colors = new Float32Array(count * 3);
  for (let vertex = 0; vertex < count; vertex += 1) colors.set([factor[0], factor[1], factor[2]], vertex * 3);
  const vertexColors = primitive.getAttribute('COLOR_0');
  if (vertexColors) {
    const size = vertexColors.getElementSize();
    const values = readElements(vertexColors, size);
    for (let vertex = 0; vertex < count; vertex += 1)
      for (let channel = 0; channel < 3; channel += 1) colors[vertex * 3 + channel]! *= values[vertex * size + channel]!;
  }
  const texture = material?.getBaseColorTexture();
  const uvs = primitive.getAttribute(`TEXCOORD_${material?.getBaseColorTextureInfo()?.getTexCoord() ?? 0}`);
  if (texture && uvs) {
    // A coarse mesh samples a blurrier texture: its few corners then take the surface's average colour.
    const size = Math.max(4, Math.min(TEXTURE_SAMPLE_SIZE, 2 ** Math.round(Math.log2(Math.sqrt(count)))));
    const key = `${size}`;
    const cached = samples.get(texture) ?? new Map<string, TextureSample | null>();
    samples.set(texture, cached);
    if (!cached.has(key)) cached.set(key, await decodeTexture(texture, size));
    const sample = cached.get(key);
    if (sample) {
      const coordinates = readElements(uvs, 2);
      for (let vertex = 0; vertex < count; vertex += 1) {
        const u = coordinates[vertex * 2]! - Math.floor(coordinates[vertex * 2]!);
        const v = coordinates[vertex * 2 + 1]! - Math.floor(coordinates[vertex * 2 + 1]!);
        const pixel =
          (Math.min(sample.height - 1, Math.floor(v * sample.height)) * sample.width +
            Math.min(sample.width - 1, Math.floor(u * sample.width))) *
          3;
        for (let channel = 0; channel < 3; channel += 1) colors[vertex * 3 + channel]! *= (sample.data[pixel + channel]! / 255) ** 2.2;
      }
    }
  }
  const indices = primitive.getIndices();
  const corners = indices ? indices.getArray()! : null;
  const cornerCount = corners ? corners.length : count;
  for (let corner = 0; corner < cornerCount - (cornerCount % 3); corner += 1) {
    const vertex = corners ? corners[corner]! : corner;
    triangles.positions.push(world[vertex * 3]!, world[vertex * 3 + 1]!, world[vertex * 3 + 2]!);
    triangles.colors.push(colors[vertex * 3]!, colors[vertex * 3 + 1]!, colors[vertex * 3 + 2]!);
  }
}

/** An accessor's values as floats, normalised integers scaled to 0–1 (or −1–1). */
function readElements(accessor: Accessor, size: number): Float32Array {
  const count = accessor.getCount();
  const values = new Float32Array(count * size);
  const element: number[] = [];
  for (let index = 0; index < count; index += 1) {
    accessor.getElement(index, element);
    for (let component = 0; component < size; component += 1) values[index * size + component] = element[component] ?? 0;
  }
  return values;
}

interface TextureSample {
  data: Buffer;
  width: number;
  height: number;
}

async function decodeTexture(texture: Texture, size: number): Promise<TextureSample | null> {
  const image = texture.getImage();
  if (!image) return null;
  try {
    const { data, info } = await sharp(image).resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
