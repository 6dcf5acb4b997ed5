import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';
import validator from 'gltf-validator';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildRawZip } from '../../test/zip-fixtures.js';
import { MediaError } from '../media-error.js';
import { buildDemoModel, convertModel } from './index.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-model-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let runs = 0;
function workspace() {
  runs += 1;
  const base = path.join(folder, `run-${runs}`);
  mkdirSync(base);
  return { outDir: path.join(base, 'out'), temporaryDirectory: path.join(base, 'tmp'), file: (name: string) => path.join(base, name) };
}

async function validate(bytes: Uint8Array) {
  const report = await validator.validateBytes(new Uint8Array(bytes), { maxIssues: 20 });
  if (report.issues.numErrors > 0) console.error(JSON.stringify(report.issues.messages, null, 1));
  return report.issues.numErrors;
}

/** A 4096 × 64 stripe: wide enough to be scaled to 2048, cheap to encode. */
function stripeTexture(): Promise<Buffer> {
  const width = 4096;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) pixels.set([(index % width) >> 4, 120, 200], index * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A square of smooth gradients over a checker: cheap for Basis to encode at 2048. */
function gradientTexture(size: number, channels: 3 | 4 = 3): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * channels);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const at = (y * size + x) * channels;
      pixels[at] = (x * 255) / size;
      pixels[at + 1] = (y * 255) / size;
      pixels[at + 2] = ((x >> 6) + (y >> 6)) % 2 ? 200 : 60;
      if (channels === 4) pixels[at + 3] = 255;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels } })
    .png()
    .toBuffer();
}

/** A unit cube (12 triangles) with normals, UVs and a textured material. */
async function cubeDocument(): Promise<Document> {
  const document = new Document();
  const buffer = document.createBuffer();
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  for (let axis = 0; axis < 3; axis += 1) {
    for (const sign of [1, -1]) {
      const normal = [0, 0, 0];
      normal[axis] = sign;
      const u = [0, 0, 0];
      u[(axis + 1) % 3] = 1;
      const v = [0, 0, 0];
      v[(axis + 2) % 3] = sign;
      const first = positions.length / 3;
      for (const [a, b] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ] as const) {
        positions.push(...normal.map((n, i) => n * 0.5 + u[i]! * a * 0.5 + v[i]! * b * 0.5));
        normals.push(...normal);
        uvs.push((a + 1) / 2, (b + 1) / 2);
      }
      indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
    }
  }
  const texture = document
    .createTexture('stripes')
    .setImage(await stripeTexture())
    .setMimeType('image/png')
    .setURI('stripes.png');
  const material = document.createMaterial('painted').setBaseColorTexture(texture).setBaseColorFactor([1, 0.8, 0.6, 1]);
  const primitive = document
    .createPrimitive()
    .setMaterial(material)
    .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer))
    .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(new Float32Array(normals)).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', document.createAccessor().setType('VEC2').setArray(new Float32Array(uvs)).setBuffer(buffer))
    .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer));
  const mesh = document.createMesh('cube').addPrimitive(primitive);
  document.createScene('scene').addChild(document.createNode('cube').setMesh(mesh));
  return document;
}

function zipFiles(files: Record<string, Buffer | Uint8Array | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function convertFile(name: string, content: Buffer | Uint8Array | string) {
  const space = workspace();
  const input = space.file(name);
  writeFileSync(input, content);
  const progress: number[] = [];
  const manifest = await convertModel({ path: input, fileName: name }, space.outDir, {
    temporaryDirectory: space.temporaryDirectory,
    onProgress: (fraction) => progress.push(fraction),
  });
  const glb = readFileSync(path.join(space.outDir, 'model.glb'));
  expect(await validate(glb)).toBe(0);
  expect(progress.at(-1)).toBe(1);
  expect(readdirSync(space.temporaryDirectory)).toEqual([]);
  // MODEL_FIGURES=1 prints what docs/models.md quotes.
  if (process.env.MODEL_FIGURES) console.info(name, JSON.stringify({ before: manifest.before, after: manifest.after }));
  return { manifest, glb, space };
}

async function refusalOf(name: string, content: Buffer | string): Promise<MediaError> {
  const space = workspace();
  const input = space.file(name);
  writeFileSync(input, content);
  const error = await convertModel({ path: input, fileName: name }, space.outDir, { temporaryDirectory: space.temporaryDirectory }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect(existsSync(space.outDir) ? readdirSync(space.outDir) : []).toEqual([]);
  expect(existsSync(space.temporaryDirectory) ? readdirSync(space.temporaryDirectory) : []).toEqual([]);
  return error as MediaError;
}

const CUBE_OBJ = `# a cube with a negative-index face and a quad
mtllib cube.mtl
v -0.5 -0.5 0.5
v 0.5 -0.5 0.5
v 0.5 0.5 0.5
v -0.5 0.5 0.5
v -0.5 -0.5 -0.5
v 0.5 -0.5 -0.5
v 0.5 0.5 -0.5
v -0.5 0.5 -0.5
vt 0 0
vt 1 0
vt 1 1
vt 0 1
usemtl painted
f 1/1 2/2 3/3 4/4
f 6/1 5/2 8/3 7/4
f 2/1 6/2 7/3 3/4
f 5/1 1/2 4/3 8/4
usemtl plain
f 4 3 7 8
f -4 -3 -7
f -4 -7 -8
`;
const CUBE_MTL = `newmtl painted
Kd 1 1 1
Ns 50
map_Kd textures/stripes.png
newmtl plain
Kd 0.2 0.4 0.8
d 0.9
map_Kd missing.png
`;

const PLY_VERTICES = [
  [-0.5, -0.5, -0.5],
  [0.5, -0.5, -0.5],
  [0.5, 0.5, -0.5],
  [-0.5, 0.5, -0.5],
  [-0.5, -0.5, 0.5],
  [0.5, -0.5, 0.5],
  [0.5, 0.5, 0.5],
  [-0.5, 0.5, 0.5],
];
const PLY_FACES = [
  [0, 3, 2, 1],
  [4, 5, 6, 7],
  [0, 1, 5, 4],
  [2, 3, 7, 6],
  [1, 2, 6, 5],
  [0, 4, 7, 3],
];
const PLY_HEADER = (format: string, faces = PLY_FACES.length) =>
  `ply\nformat ${format} 1.0\ncomment a coloured cube\nelement vertex 8\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nelement face ${faces}\nproperty list uchar int vertex_indices\nend_header\n`;

function asciiPly(): string {
  const vertices = PLY_VERTICES.map(([x, y, z], index) => `${x} ${y} ${z} ${index * 30} 100 ${255 - index * 30}`);
  const faces = PLY_FACES.map((face) => `${face.length} ${face.join(' ')}`);
  return PLY_HEADER('ascii') + [...vertices, ...faces].join('\n') + '\n';
}

function binaryPly(): Buffer {
  const body = Buffer.alloc(8 * 15 + PLY_FACES.length * 17);
  let at = 0;
  PLY_VERTICES.forEach(([x, y, z], index) => {
    at = body.writeFloatLE(x!, at);
    at = body.writeFloatLE(y!, at);
    at = body.writeFloatLE(z!, at);
    at = body.writeUInt8(index * 30, at);
    at = body.writeUInt8(100, at);
    at = body.writeUInt8(255 - index * 30, at);
  });
  for (const face of PLY_FACES) {
    at = body.writeUInt8(face.length, at);
    for (const vertex of face) at = body.writeInt32LE(vertex, at);
  }
  return Buffer.concat([Buffer.from(PLY_HEADER('binary_little_endian')), body]);
}

describe('convertModel', () => {
  it('optimises a GLB: texture down to 2048, triangles kept, meshopt and WebP, a poster', async () => {
    const glb = await new NodeIO().writeBinary(await cubeDocument());
    const { manifest, space } = await convertFile('cube.glb', glb);
    expect(manifest.sourceFormat).toBe('glb');
    expect(manifest.before).toMatchObject({ triangles: 12, textures: 1, maxTextureSize: 4096, fileBytes: glb.byteLength });
    expect(manifest.after).toMatchObject({ triangles: 12, textures: 1, maxTextureSize: 2048 });
    expect(manifest.before.textureBytes).toBe(Math.round((4096 * 64 * 16) / 3));
    expect(manifest.after.textureBytes).toBe(Math.round((2048 * 32 * 16) / 3));
    expect(manifest.geometryCompression).toBe('meshopt');
    expect(manifest.textureFormats).toEqual(['webp']);
    expect(manifest.bounds.min[0]).toBeCloseTo(-0.5, 3);
    expect(manifest.bounds.max[1]).toBeCloseTo(0.5, 3);
    expect(manifest.poster).toBe(true);
    const poster = await sharp(path.join(space.outDir, 'poster.jpg')).metadata();
    expect([poster.width, poster.height, poster.format]).toEqual([1200, 900, 'jpeg']);
  });

  it('encodes a 2048 colour texture to KTX2 (ETC1S) and a 1024 normal map to KTX2 (UASTC); a 256 one stays WebP', async () => {
    const document = await cubeDocument();
    const material = document.getRoot().listMaterials()[0]!;
    const stripes = material.getBaseColorTexture()!;
    material.setBaseColorTexture(
      document
        .createTexture('colour')
        .setImage(await gradientTexture(2048))
        .setMimeType('image/png'),
    );
    material.setNormalTexture(
      document
        .createTexture('normal')
        .setImage(await gradientTexture(1024, 4))
        .setMimeType('image/png'),
    );
    material.setEmissiveTexture(
      document
        .createTexture('glow')
        .setImage(await gradientTexture(256))
        .setMimeType('image/png'),
    );
    stripes.dispose();
    const { manifest, glb } = await convertFile('ktx2.glb', await new NodeIO().writeBinary(document));
    expect(manifest.textureFormats).toEqual(['ktx2', 'webp']);
    expect(manifest.poster).toBe(true);

    const json = JSON.parse(Buffer.from(glb.subarray(20, 20 + glb.readUInt32LE(12))).toString('utf8')) as {
      extensionsRequired?: string[];
      images: { mimeType: string }[];
    };
    expect(json.extensionsRequired).toContain('KHR_texture_basisu');
    expect(json.images.map((image) => image.mimeType).sort()).toEqual(['image/ktx2', 'image/ktx2', 'image/webp']);

    // GPU bytes: ETC1S without alpha → 8-byte blocks, UASTC → 16-byte blocks, every mip level; WebP → RGBA.
    const blocks = (size: number, blockBytes: number) => {
      let bytes = 0;
      for (let side = size; ; side >>= 1) {
        bytes += Math.ceil(side / 4) ** 2 * blockBytes;
        if (side === 1) return bytes;
      }
    };
    expect(manifest.after.textureBytes).toBe(blocks(2048, 8) + blocks(1024, 16) + Math.round((256 * 256 * 16) / 3));
    expect(manifest.before.textureBytes).toBe([2048, 1024, 256].reduce((sum, size) => sum + Math.round((size * size * 16) / 3), 0));
    expect(manifest.after.maxTextureSize).toBe(2048);
  }, 120_000);

  it('reads a zip of a glTF with its external .bin and PNG', async () => {
    const { json, resources } = await new NodeIO().writeJSON(await cubeDocument(), { basename: 'cube' });
    const files: Record<string, Uint8Array | string> = { 'model/cube.gltf': JSON.stringify(json) };
    for (const [uri, bytes] of Object.entries(resources)) files[`model/${uri}`] = bytes;
    const { manifest } = await convertFile('cube.zip', await zipFiles(files));
    expect(manifest.sourceFormat).toBe('gltf');
    expect(manifest.before).toMatchObject({ triangles: 12, textures: 1, maxTextureSize: 4096 });
    expect(manifest.after).toMatchObject({ triangles: 12, maxTextureSize: 2048 });
  });

  it('reads a zip of an OBJ with its MTL and texture, skipping a missing one', async () => {
    const zip = await zipFiles({ 'cube.obj': CUBE_OBJ, 'cube.mtl': CUBE_MTL, 'textures/stripes.png': await stripeTexture() });
    const { manifest } = await convertFile('cube-obj.zip', zip);
    expect(manifest.sourceFormat).toBe('obj');
    expect(manifest.before).toMatchObject({ triangles: 12, textures: 1, maxTextureSize: 4096 });
    expect(manifest.after).toMatchObject({ triangles: 12, maxTextureSize: 2048 });
  });

  it('reads an ASCII and a binary PLY with vertex colours', async () => {
    for (const [name, content] of [
      ['cube-ascii.ply', asciiPly()],
      ['cube-binary.ply', binaryPly()],
    ] as const) {
      const { manifest } = await convertFile(name, content);
      expect(manifest.sourceFormat).toBe('ply');
      expect(manifest.before).toMatchObject({ triangles: 12, vertices: 8, textures: 0, maxTextureSize: 0 });
      expect(manifest.after.triangles).toBe(12);
    }
  });

  it('refuses a file of another kind by its bytes', async () => {
    expect((await refusalOf('model.glb', Buffer.from('GIF89a not a model at all'))).reason).toBe('unsupportedFormat');
  });

  it('refuses a truncated GLB as damaged', async () => {
    const glb = await new NodeIO().writeBinary(await cubeDocument());
    expect((await refusalOf('cut.glb', Buffer.from(glb.subarray(0, glb.byteLength / 2)))).reason).toBe('damagedFile');
  });

  it('refuses a zip with a ../ path', async () => {
    const zip = buildRawZip([
      { name: 'model.obj', data: Buffer.from(CUBE_OBJ) },
      { name: '../evil.obj', data: Buffer.from(CUBE_OBJ) },
    ]);
    expect((await refusalOf('evil.zip', zip)).reason).toBe('unsafeArchive');
  });

  it('refuses a zip bomb', async () => {
    const zip = buildRawZip([{ name: 'model.obj', data: Buffer.alloc(8 * 1024 ** 2, 0x20), deflate: true, claimedSize: 100 }]);
    expect((await refusalOf('bomb.zip', zip)).reason).toBe('unsafeArchive');
  });

  it('refuses a glTF whose buffer leaves the zip', async () => {
    const { json, resources } = await new NodeIO().writeJSON(await cubeDocument(), { basename: 'cube' });
    json.buffers![0]!.uri = '../../cube.bin';
    const files: Record<string, Uint8Array | string> = { 'cube.gltf': JSON.stringify(json) };
    for (const [uri, bytes] of Object.entries(resources)) files[uri] = bytes;
    expect((await refusalOf('escape.zip', await zipFiles(files))).reason).toBe('unsafeArchive');
  });

  it('sends a PLY without faces to the point clouds', async () => {
    const error = await refusalOf('cloud.ply', PLY_HEADER('ascii', 0) + '0 0 0 1 2 3\n'.repeat(8));
    expect(error.reason).toBe('nothingToShow');
    expect(error.message).toMatch(/point-cloud work/);
  });

  it('stops when aborted', async () => {
    const space = workspace();
    writeFileSync(space.file('cube.ply'), asciiPly());
    const controller = new AbortController();
    controller.abort();
    await expect(
      convertModel({ path: space.file('cube.ply'), fileName: 'cube.ply' }, space.outDir, {
        temporaryDirectory: space.temporaryDirectory,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
  });
});

describe('buildDemoModel', () => {
  it('builds a valid pavilion of a few thousand triangles that converts', async () => {
    const glb = await buildDemoModel();
    expect(await validate(glb)).toBe(0);
    const { manifest } = await convertFile('pavilion.glb', glb);
    expect(manifest.before.triangles).toBeGreaterThan(2000);
    expect(manifest.before.triangles).toBeLessThan(10000);
    expect(manifest.after.triangles).toBe(manifest.before.triangles);
    expect(manifest.before.textures).toBe(1);
  });
});
