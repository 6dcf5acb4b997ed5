import { Document, NodeIO, type Material, type Texture } from '@gltf-transform/core';
import sharp from 'sharp';
import { addMeshData, createSingleMeshDocument } from './mesh-data.js';
import { cross, dot, normalize, sub, type Vec3 } from './vec3.js';

/**
 * A box's faces, each four corners counter-clockwise seen from outside. A corner is numbered by its
 * bits: 1 takes the x of `max` (else of `min`), 2 the y of `max`, 4 the z of `max`.
 */
const BOX_FACES: readonly [number, number, number, number][] = [
  [6, 7, 3, 2], // top
  [0, 1, 5, 4], // bottom
  [4, 5, 7, 6], // front
  [1, 0, 2, 3], // back
  [5, 1, 3, 7], // right
  [0, 4, 6, 2], // left
];

/** Triangles of one material, built flat-shaded or smooth by the shape functions below. */
class ShapeBuilder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly uvs: number[] = [];
  readonly indices: number[] = [];

  vertex(position: Vec3, normal: Vec3, uv: [number, number]): number {
    this.positions.push(...position);
    this.normals.push(...normal);
    this.uvs.push(...uv);
    return this.positions.length / 3 - 1;
  }

  /** A flat quad, corners counter-clockwise seen from outside; `uvScale` metres per texture repeat. */
  quad(corners: [Vec3, Vec3, Vec3, Vec3], uvScale = 1): void {
    const normal = normalize(cross(sub(corners[1], corners[0]), sub(corners[3], corners[0])));
    const u = normalize(sub(corners[1], corners[0]));
    const v = cross(normal, u);
    const first = this.positions.length / 3;
    for (const corner of corners) this.vertex(corner, normal, [dot(corner, u) / uvScale, -dot(corner, v) / uvScale]);
    this.indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
  }

  triangle(a: Vec3, b: Vec3, c: Vec3): void {
    const normal = normalize(cross(sub(b, a), sub(c, a)));
    const first = this.positions.length / 3;
    for (const corner of [a, b, c]) this.vertex(corner, normal, [corner[0], corner[2]]);
    this.indices.push(first, first + 1, first + 2);
  }

  box(min: Vec3, max: Vec3, uvScale = 1): void {
    const corner = (bits: number): Vec3 => [bits & 1 ? max[0] : min[0], bits & 2 ? max[1] : min[1], bits & 4 ? max[2] : min[2]];
    for (const [a, b, c, d] of BOX_FACES) this.quad([corner(a), corner(b), corner(c), corner(d)], uvScale);
  }

  /** An upright cylinder, smooth sides and flat caps. */
  cylinder(center: Vec3, radius: number, height: number, segments: number): void {
    const [cx, cy, cz] = center;
    const first = this.positions.length / 3;
    for (let step = 0; step <= segments; step += 1) {
      const angle = (step / segments) * Math.PI * 2;
      const normal: Vec3 = [Math.sin(angle), 0, Math.cos(angle)];
      this.vertex([cx + normal[0] * radius, cy, cz + normal[2] * radius], normal, [step / segments, 1]);
      this.vertex([cx + normal[0] * radius, cy + height, cz + normal[2] * radius], normal, [step / segments, 0]);
    }
    for (let step = 0; step < segments; step += 1) {
      const a = first + step * 2;
      this.indices.push(a, a + 2, a + 1, a + 1, a + 2, a + 3);
    }
    for (const [y, up] of [
      [cy + height, 1],
      [cy, -1],
    ] as const) {
      const middle = this.vertex([cx, y, cz], [0, up, 0], [0.5, 0.5]);
      const ring = this.positions.length / 3;
      for (let step = 0; step < segments; step += 1) {
        const angle = (step / segments) * Math.PI * 2;
        this.vertex(
          [cx + Math.sin(angle) * radius, y, cz + Math.cos(angle) * radius],
          [0, up, 0],
          [0.5 + Math.sin(angle) / 2, 0.5 + Math.cos(angle) / 2],
        );
      }
      for (let step = 0; step < segments; step += 1) {
        const a = ring + step;
        const b = ring + ((step + 1) % segments);
        this.indices.push(...(up > 0 ? [middle, a, b] : [middle, b, a]));
      }
    }
  }

  /** A smooth ellipsoid (a bush, squashed a little). */
  ellipsoid(center: Vec3, radii: Vec3, columns: number, rows: number): void {
    const first = this.positions.length / 3;
    for (let row = 0; row <= rows; row += 1) {
      const polar = (row / rows) * Math.PI;
      for (let column = 0; column <= columns; column += 1) {
        const azimuth = (column / columns) * Math.PI * 2;
        const unit: Vec3 = [Math.sin(polar) * Math.sin(azimuth), Math.cos(polar), Math.sin(polar) * Math.cos(azimuth)];
        const normal = normalize([unit[0] / radii[0], unit[1] / radii[1], unit[2] / radii[2]]);
        this.vertex([center[0] + unit[0] * radii[0], center[1] + unit[1] * radii[1], center[2] + unit[2] * radii[2]], normal, [
          column / columns,
          row / rows,
        ]);
      }
    }
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const a = first + row * (columns + 1) + column;
        const b = a + columns + 1;
        this.indices.push(a, b, a + 1, a + 1, b, b + 1);
      }
    }
  }
}

/**
 * The demo content's model: a small open pavilion (stone plinth with a tiled floor, steps, eight
 * columns, beams, a hipped roof) among four bushes. Several PBR materials, one texture drawn here,
 * about four thousand triangles. Returns GLB bytes.
 */
export async function buildDemoModel(): Promise<Uint8Array> {
  const document = new Document();
  const { mesh, buffer } = createSingleMeshDocument(document, 'Pavilion');
  const material = (name: string, color: Vec3, roughness: number, texture?: Texture): Material => {
    const created = document
      .createMaterial(name)
      .setBaseColorFactor([...color, 1])
      .setRoughnessFactor(roughness)
      .setMetallicFactor(0);
    return texture ? created.setBaseColorTexture(texture) : created;
  };
  const tiles = document
    .createTexture('floor-tiles')
    .setImage(await drawFloorTiles())
    .setMimeType('image/png')
    .setURI('floor-tiles.png');

  const stone = new ShapeBuilder();
  stone.box([-3, 0, -3], [3, 0.35, 3], 1.5);
  stone.box([-1, 0, 3], [1, 0.23, 3.4], 1.5);
  stone.box([-1, 0, 3.4], [1, 0.11, 3.8], 1.5);

  const columns = new ShapeBuilder();
  for (const x of [-2.4, 0, 2.4]) {
    for (const z of [-2.4, 0, 2.4]) {
      if (x === 0 && z === 0) continue;
      columns.box([x - 0.2, 0.35, z - 0.2], [x + 0.2, 0.5, z + 0.2]);
      columns.cylinder([x, 0.5, z], 0.13, 2.3, 24);
      columns.box([x - 0.2, 2.8, z - 0.2], [x + 0.2, 2.92, z + 0.2]);
    }
  }

  const wood = new ShapeBuilder();
  wood.box([-2.7, 2.92, -2.7], [2.7, 3.15, -2.3]);
  wood.box([-2.7, 2.92, 2.3], [2.7, 3.15, 2.7]);
  wood.box([-2.7, 2.92, -2.3], [-2.3, 3.15, 2.3]);
  wood.box([2.3, 2.92, -2.3], [2.7, 3.15, 2.3]);
  wood.box([-0.9, 0.35, -0.35], [0.9, 0.75, 0.35]);

  const roof = new ShapeBuilder();
  roof.box([-3.2, 3.15, -3.2], [3.2, 3.3, 3.2]);
  const eave: Vec3[] = [
    [-3.2, 3.3, 3.2],
    [3.2, 3.3, 3.2],
    [3.2, 3.3, -3.2],
    [-3.2, 3.3, -3.2],
  ];
  const ridge: [Vec3, Vec3] = [
    [-1, 4.6, 0],
    [1, 4.6, 0],
  ];
  roof.quad([eave[0]!, eave[1]!, ridge[1], ridge[0]]);
  roof.quad([eave[2]!, eave[3]!, ridge[0], ridge[1]]);
  roof.triangle(eave[1]!, eave[2]!, ridge[1]);
  roof.triangle(eave[3]!, eave[0]!, ridge[0]);

  const leaves = new ShapeBuilder();
  for (const [x, z, size] of [
    [-3.9, -3.6, 0.7],
    [3.8, -3.9, 0.85],
    [-4, 3.1, 0.6],
    [3.9, 3.4, 0.75],
  ] as const) {
    leaves.ellipsoid([x, size * 0.7, z], [size, size * 0.8, size], 24, 16);
  }

  const grass = new ShapeBuilder();
  grass.box([-5, -0.1, -5], [5, 0, 5], 2);

  const parts: [ShapeBuilder, Material][] = [
    [stone, material('Stone', [0.78, 0.75, 0.7], 0.85, tiles)],
    [columns, material('Plaster', [0.93, 0.92, 0.88], 0.6)],
    [wood, material('Wood', [0.42, 0.25, 0.13], 0.7)],
    [roof, material('Terracotta', [0.62, 0.22, 0.12], 0.75)],
    [leaves, material('Leaves', [0.18, 0.42, 0.16], 0.9)],
    [grass, material('Lawn', [0.36, 0.55, 0.25], 1)],
  ];
  for (const [shape, surface] of parts) {
    addMeshData(
      document,
      mesh,
      buffer,
      {
        positions: Float32Array.from(shape.positions),
        normals: Float32Array.from(shape.normals),
        uvs: Float32Array.from(shape.uvs),
        indices: Uint32Array.from(shape.indices),
      },
      surface,
    );
  }
  return new NodeIO().writeBinary(document);
}

/** Square stone tiles with a little variation and darker joints, drawn pixel by pixel. */
async function drawFloorTiles(): Promise<Uint8Array> {
  const size = 256;
  const tile = 64;
  const pixels = Buffer.alloc(size * size * 3);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 0x1000000;
  const shades = Array.from({ length: (size / tile) ** 2 }, () => 0.85 + random() * 0.15);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const joint = x % tile < 3 || y % tile < 3;
      const shade = joint ? 0.55 : shades[Math.floor(y / tile) * (size / tile) + Math.floor(x / tile)]! * (0.95 + random() * 0.05);
      const at = (y * size + x) * 3;
      pixels[at] = Math.round(235 * shade);
      pixels[at + 1] = Math.round(228 * shade);
      pixels[at + 2] = Math.round(214 * shade);
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}
