#!/usr/bin/env node
// Small test data for the model and point-cloud viewers, laid out as processing writes it:
//   pointcloud/octree.bin, pointcloud/manifest.json (PointCloudManifest), pointcloud/measurements.json
//   model/model.glb (meshopt-compressed, as the model pipeline writes it), model/manifest.json (ModelManifest)
// The cloud is a synthetic site at UTM-sized coordinates (a ground with a slope, a house, three trees),
// with RGB and intensity, cut into an octree the way docs/pointcloud-format.md describes.
//   node packages/viewers/scripts/make-3d-fixture.mjs [outDir]   (default: a new temp folder; prints it)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const outDir = path.resolve(process.argv[2] ?? mkdtempSync(path.join(tmpdir(), 'spatia-3d-fixture-')));
mkdirSync(path.join(outDir, 'pointcloud'), { recursive: true });
mkdirSync(path.join(outDir, 'model'), { recursive: true });

// A deterministic random source, so the fixture is the same on every run.
let seed = 42;
const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;

// ---- Point cloud --------------------------------------------------------------------------------
const ORIGIN = [500_000, 4_400_000, 50];
const points = []; // [x, y, z, r, g, b, intensity] in source coordinates
const add = (x, y, z, rgb, intensity) => points.push([ORIGIN[0] + x, ORIGIN[1] + y, ORIGIN[2] + z, ...rgb, intensity]);
const groundZ = (x, y) => 0.04 * x + 0.6 * Math.sin(x / 7) * Math.cos(y / 9);

for (let index = 0; index < 120_000; index++) {
  const x = random() * 60;
  const y = random() * 40;
  const shade = 0.75 + 0.25 * random();
  const path_ = Math.abs(y - 20) < 1.5;
  const rgb = path_ ? [180 * shade, 170 * shade, 150 * shade] : [70 * shade, 130 * shade, 60 * shade];
  add(x, y, groundZ(x, y) + (random() - 0.5) * 0.02, rgb, path_ ? 40_000 : 12_000 + random() * 6000);
}
// A house: 10 × 8 m, walls 5 m, a gable roof.
const house = { x: 30, y: 6, w: 10, d: 8, h: 5 };
const base = groundZ(house.x + 5, house.y + 4);
for (let index = 0; index < 40_000; index++) {
  const side = Math.floor(random() * 4);
  const t = random();
  const z = base + random() * house.h;
  const [x, y] = [
    [house.x + t * house.w, house.y],
    [house.x + t * house.w, house.y + house.d],
    [house.x, house.y + t * house.d],
    [house.x + house.w, house.y + t * house.d],
  ][side];
  add(
    x,
    y,
    z,
    [215, 205, 190].map((value) => value * (0.85 + 0.15 * random())),
    25_000,
  );
}
for (let index = 0; index < 30_000; index++) {
  const x = house.x + random() * house.w;
  const v = random();
  const y = house.y + v * house.d;
  const z = base + house.h + 2.5 * (1 - Math.abs(v - 0.5) * 2);
  add(
    x,
    y,
    z,
    [170, 60, 45].map((value) => value * (0.8 + 0.2 * random())),
    50_000,
  );
}
// Trees: a trunk and a round crown.
for (const [tx, ty, size] of [
  [10, 30, 3],
  [18, 33, 2.5],
  [50, 30, 3.5],
]) {
  const ground = groundZ(tx, ty);
  for (let index = 0; index < 2000; index++) {
    const angle = random() * Math.PI * 2;
    add(tx + Math.cos(angle) * 0.25, ty + Math.sin(angle) * 0.25, ground + random() * size * 1.2, [90, 60, 35], 8000);
  }
  for (let index = 0; index < 12_000; index++) {
    const u = random() * 2 - 1;
    const angle = random() * Math.PI * 2;
    const radius = size * Math.cbrt(0.7 + 0.3 * random());
    const ring = Math.sqrt(1 - u * u) * radius;
    add(
      tx + Math.cos(angle) * ring,
      ty + Math.sin(angle) * ring,
      ground + size * 1.2 + size + u * radius,
      [40, 100 + 60 * random(), 40],
      5000 + random() * 3000,
    );
  }
}

const min = [0, 1, 2].map((axis) => points.reduce((low, point) => Math.min(low, point[axis]), Infinity));
const max = [0, 1, 2].map((axis) => points.reduce((high, point) => Math.max(high, point[axis]), -Infinity));
const size = Math.max(...[0, 1, 2].map((axis) => max[axis] - min[axis])) * 1.0001;
const spacing = size / 64;
const MAX_LEVEL = 6;

// Shuffle, then give each point to the shallowest node whose sampling grid has its cell free.
for (let index = points.length - 1; index > 0; index--) {
  const other = Math.floor(random() * (index + 1));
  [points[index], points[other]] = [points[other], points[index]];
}
const nodes = new Map(); // name -> { cells: Set, points: [] }
for (const point of points) {
  let name = 'r';
  let nodeMin = [...min];
  let nodeSize = size;
  for (let level = 0; ; level++) {
    let node = nodes.get(name);
    if (!node) nodes.set(name, (node = { cells: new Set(), points: [] }));
    const cellSize = spacing / 2 ** level;
    const cell = [0, 1, 2].map((axis) => Math.floor((point[axis] - nodeMin[axis]) / cellSize)).join(',');
    if (level === MAX_LEVEL || !node.cells.has(cell)) {
      node.cells.add(cell);
      node.points.push(point);
      break;
    }
    nodeSize /= 2;
    let child = 0;
    if (point[0] >= nodeMin[0] + nodeSize) ((child |= 4), (nodeMin[0] += nodeSize));
    if (point[1] >= nodeMin[1] + nodeSize) ((child |= 2), (nodeMin[1] += nodeSize));
    if (point[2] >= nodeMin[2] + nodeSize) ((child |= 1), (nodeMin[2] += nodeSize));
    name += child;
  }
}

const names = [...nodes.keys()].sort((a, b) => a.length - b.length || a.localeCompare(b));
const chunks = [];
const manifestNodes = [];
let offset = 0;
let intensityMin = Infinity;
let intensityMax = -Infinity;
for (const name of names) {
  const list = nodes.get(name).points;
  const count = list.length;
  const bytes = Buffer.alloc(count * 18);
  list.forEach((point, index) => {
    for (let axis = 0; axis < 3; axis++) bytes.writeFloatLE(point[axis] - min[axis], index * 12 + axis * 4);
    for (let channel = 0; channel < 3; channel++)
      bytes.writeUInt8(Math.round(Math.min(255, point[3 + channel])), count * 12 + index * 4 + channel);
    bytes.writeUInt8(255, count * 12 + index * 4 + 3);
    const intensity = Math.round(point[6]);
    intensityMin = Math.min(intensityMin, intensity);
    intensityMax = Math.max(intensityMax, intensity);
    bytes.writeUInt16LE(intensity, count * 16 + index * 2);
  });
  chunks.push(bytes);
  manifestNodes.push({ name, points: count, offset, byteSize: bytes.length });
  offset += bytes.length;
}
writeFileSync(path.join(outDir, 'pointcloud/octree.bin'), Buffer.concat(chunks));
const pointCloudManifest = {
  kind: 'pointcloud',
  version: 1,
  sourceFormat: 'las',
  points: points.length,
  bounds: { min, max },
  cube: { min, size },
  spacing,
  attributes: { rgb: true, intensity: true },
  intensityRange: [intensityMin, intensityMax],
  scale: [0.001, 0.001, 0.001],
  offset: ORIGIN,
  nodes: manifestNodes,
};
writeFileSync(path.join(outDir, 'pointcloud/manifest.json'), JSON.stringify(pointCloudManifest));
const at = (x, y, z) => [ORIGIN[0] + x, ORIGIN[1] + y, ORIGIN[2] + z];
writeFileSync(
  path.join(outDir, 'pointcloud/measurements.json'),
  JSON.stringify([
    {
      id: 'm1',
      kind: 'distance',
      label: 'House front 房屋正面',
      points: [at(house.x, house.y, base + 1), at(house.x + house.w, house.y, base + 1)],
    },
    {
      id: 'm2',
      kind: 'height',
      label: 'Ridge 屋脊',
      points: [at(house.x + 5, house.y - 2, groundZ(house.x + 5, house.y - 2)), at(house.x + 5, house.y + 4, base + house.h + 2.5)],
    },
    {
      id: 'm3',
      kind: 'area',
      label: 'Yard 院子',
      points: [at(5, 5, groundZ(5, 5)), at(20, 5, groundZ(20, 5)), at(20, 15, groundZ(20, 15)), at(5, 15, groundZ(5, 15))],
    },
  ]),
);

// ---- Model --------------------------------------------------------------------------------------
// gltf-transform and meshoptimizer are the server's dependencies; the fixture borrows them.
const requireFromServer = createRequire(new URL('../../../apps/server/package.json', import.meta.url));
const { Document, NodeIO } = requireFromServer('@gltf-transform/core');
const { ALL_EXTENSIONS } = requireFromServer('@gltf-transform/extensions');
const { meshopt } = requireFromServer('@gltf-transform/functions');
const { MeshoptEncoder, MeshoptDecoder } = requireFromServer('meshoptimizer');
await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);

const document = new Document();
const buffer = document.createBuffer();
const scene = document.createScene('table');
const material = (name, color, metallic, roughness) =>
  document
    .createMaterial(name)
    .setBaseColorFactor([...color, 1])
    .setMetallicFactor(metallic)
    .setRoughnessFactor(roughness);
const wood = material('wood', [0.55, 0.32, 0.16], 0, 0.6);
const steel = material('steel', [0.85, 0.86, 0.9], 1, 0.25);
const red = material('red', [0.8, 0.08, 0.06], 0, 0.4);

function box(name, [cx, cy, cz], [sx, sy, sz], boxMaterial) {
  const positions = [];
  const normals = [];
  const indices = [];
  const faces = [
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    [
      [-1, 0, 0],
      [0, 1, 0],
      [0, 0, -1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 0],
    ],
    [
      [0, -1, 0],
      [0, 0, -1],
      [1, 0, 0],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  for (const [normal, u, v] of faces) {
    const start = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      for (let axis = 0; axis < 3; axis++) {
        const half = [sx, sy, sz][axis] / 2;
        positions.push([cx, cy, cz][axis] + (normal[axis] + u[axis] * a + v[axis] * b) * half);
        normals.push(normal[axis]);
      }
    }
    indices.push(start, start + 1, start + 2, start, start + 2, start + 3);
  }
  return primitive(name, positions, normals, indices, boxMaterial);
}

function sphere(name, [cx, cy, cz], radius, sphereMaterial) {
  const positions = [];
  const normals = [];
  const indices = [];
  const rings = 24;
  const segments = 32;
  for (let ring = 0; ring <= rings; ring++) {
    const theta = (ring / rings) * Math.PI;
    for (let segment = 0; segment <= segments; segment++) {
      const phi = (segment / segments) * Math.PI * 2;
      const normal = [Math.sin(theta) * Math.cos(phi), Math.cos(theta), Math.sin(theta) * Math.sin(phi)];
      positions.push(cx + normal[0] * radius, cy + normal[1] * radius, cz + normal[2] * radius);
      normals.push(...normal);
    }
  }
  for (let ring = 0; ring < rings; ring++) {
    for (let segment = 0; segment < segments; segment++) {
      const a = ring * (segments + 1) + segment;
      const b = a + segments + 1;
      indices.push(a, a + 1, b, b, a + 1, b + 1);
    }
  }
  return primitive(name, positions, normals, indices, sphereMaterial);
}

function primitive(name, positions, normals, indices, primitiveMaterial) {
  const mesh = document.createMesh(name).addPrimitive(
    document
      .createPrimitive()
      .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
      .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer))
      .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer))
      .setMaterial(primitiveMaterial),
  );
  scene.addChild(document.createNode(name).setMesh(mesh));
}

// A small table (metres, y up), a steel ball and a red box on it.
box('top', [0, 0.74, 0], [1.2, 0.05, 0.7], wood);
for (const [x, z] of [
  [-0.55, -0.3],
  [0.55, -0.3],
  [-0.55, 0.3],
  [0.55, 0.3],
])
  box(`leg${x}${z}`, [x, 0.36, z], [0.05, 0.72, 0.05], wood);
sphere('ball', [0.25, 0.9, 0.05], 0.14, steel);
box('cube', [-0.3, 0.86, -0.05], [0.2, 0.2, 0.2], red);

await document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
const io = new NodeIO()
  .registerExtensions(ALL_EXTENSIONS)
  .registerDependencies({ 'meshopt.encoder': MeshoptEncoder, 'meshopt.decoder': MeshoptDecoder });
const glb = await io.writeBinary(document);
writeFileSync(path.join(outDir, 'model/model.glb'), glb);
const stats = { triangles: 0, vertices: 0, textureBytes: 0, fileBytes: glb.byteLength, textures: 0, maxTextureSize: 0 };
const modelManifest = {
  kind: 'model',
  sourceFormat: 'glb',
  before: stats,
  after: stats,
  bounds: { min: [-0.6, 0, -0.35], max: [0.6, 1.04, 0.35] },
  geometryCompression: 'meshopt',
  textureFormats: [],
  poster: false,
};
writeFileSync(path.join(outDir, 'model/manifest.json'), JSON.stringify(modelManifest));

console.log(outDir);
console.log(
  `point cloud: ${points.length} points in ${names.length} nodes (deepest level ${Math.max(...names.map((name) => name.length - 1))}); model: ${glb.byteLength} bytes`,
);
