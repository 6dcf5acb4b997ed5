import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { dedup, meshopt, prune, textureCompress, weld } from '@gltf-transform/functions';
import { MODEL_FILE_PATH, MODEL_POSTER_PATH, type ModelManifest, type ModelSourceFormat } from '@spatia/contract';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import sharp from 'sharp';
import { extractZipSafely } from '../archive/safe-zip.js';
import { MediaError } from '../media-error.js';
import { encodeKtx2Textures } from './ktx2-textures.js';
import { measureBounds, measureDocument } from './model-stats.js';
import { readObj } from './read-obj.js';
import { readPly } from './read-ply.js';
import { renderPoster } from './render-poster.js';

export interface ConvertModelOptions {
  signal?: AbortSignal;
  /** 0 to 1, called after each step. */
  onProgress?: (fraction: number) => void;
  /** Where a zip is unpacked (in a folder of its own, removed at the end). */
  temporaryDirectory: string;
}

/** Textures larger than this (either side) are scaled down to it. */
export const MAX_TEXTURE_SIZE = 2048;

/** Extensions the reader may be asked to require: all but Draco, whose decoder is not installed. */
const SUPPORTED_EXTENSIONS = new Set(ALL_EXTENSIONS.map((extension) => extension.EXTENSION_NAME));
SUPPORTED_EXTENSIONS.delete('KHR_draco_mesh_compression');

type DetectedFormat = 'glb' | 'gltf' | 'zip' | 'obj' | 'ply';

/**
 * Turns an uploaded model (GLB, a zip of a glTF, GLB, OBJ or PLY, a PLY or an OBJ) into an optimised
 * `model.glb` and a rendered `poster.jpg` in `outDir`. Refuses what its owner must fix with a
 * MediaError; on any failure, nothing it wrote is left behind.
 */
export async function convertModel(
  input: { path: string; fileName: string },
  outDir: string,
  options: ConvertModelOptions,
): Promise<ModelManifest> {
  const { signal, onProgress } = options;
  const step = (fraction: number) => {
    signal?.throwIfAborted();
    onProgress?.(fraction);
  };
  signal?.throwIfAborted();
  await mkdir(options.temporaryDirectory, { recursive: true });
  const scratch = await mkdtemp(path.join(options.temporaryDirectory, 'model-'));
  const written: string[] = [];
  try {
    const io = await createIO();
    const source = await readSource(io, input, scratch, step);
    const document = source.document;
    if (measureDocument(document, 0).triangles === 0) throw new MediaError('nothingToShow', input.fileName, 'the model holds no triangles');
    const before = measureDocument(document, source.fileBytes);
    step(0.4);

    await document.transform(dedup(), prune(), weld());
    const bounds = measureBounds(document);

    // The poster is drawn before the texture steps: its rasteriser reads textures with sharp, which
    // cannot read KTX2.
    await mkdir(outDir, { recursive: true });
    const posterPath = path.join(outDir, MODEL_POSTER_PATH);
    let poster = false;
    try {
      const jpeg = await renderPoster(document);
      written.push(posterPath);
      await writeFile(posterPath, jpeg);
      poster = true;
    } catch (error) {
      if (signal?.aborted) throw error;
      // A model that converts but cannot be drawn still gets published, without a poster.
    }
    step(0.6);

    // Large textures become KTX2 (kept compressed in GPU memory); the WebP steps skip them.
    await encodeKtx2Textures(document, { maxSize: MAX_TEXTURE_SIZE, signal });
    await document.transform(
      // Normal maps stay lossless: lossy WebP artefacts show up as bumps.
      textureCompress({
        encoder: sharp,
        targetFormat: 'webp',
        quality: 88,
        resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE],
        slots: /^(?!normalTexture).*$/,
      }),
      textureCompress({ encoder: sharp, resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE], slots: /^normalTexture$/ }),
    );
    step(0.75);

    await document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
    const glb = await io.writeBinary(document);
    signal?.throwIfAborted();
    const modelPath = path.join(outDir, MODEL_FILE_PATH);
    written.push(modelPath);
    await writeFile(modelPath, glb);
    const after = measureDocument(document, glb.byteLength);
    const textureFormats = [
      ...new Set(
        document
          .getRoot()
          .listTextures()
          .map((texture) => texture.getMimeType().replace('image/', '')),
      ),
    ].sort();
    step(1);
    return {
      kind: 'model',
      sourceFormat: source.format,
      before,
      after,
      bounds,
      geometryCompression: 'meshopt',
      textureFormats,
      poster,
    };
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function createIO(): Promise<NodeIO> {
  await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
  return new NodeIO()
    .setLogger(new Logger(Logger.Verbosity.ERROR))
    .setAllowNetwork(false)
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder, 'meshopt.decoder': MeshoptDecoder });
}

interface ReadSource {
  document: Document;
  format: ModelSourceFormat;
  fileBytes: number;
}

async function readSource(
  io: NodeIO,
  input: { path: string; fileName: string },
  scratch: string,
  step: (fraction: number) => void,
): Promise<ReadSource> {
  const detected = await detectModelFormat(input.path, input.fileName);
  step(0.05);
  if (detected !== 'zip') return readModelFile(io, detected, input.path, input.fileName, null);

  const folder = path.join(scratch, 'unzipped');
  await extractZipSafely(input.path, folder, { fileName: input.fileName, maxTotalBytes: 2 * 1024 ** 3 });
  step(0.15);
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
  for (const extension of ['gltf', 'glb', 'obj', 'ply'] as const) {
    const file = files.find((candidate) => candidate.toLowerCase().endsWith(`.${extension}`));
    if (!file) continue;
    const format = await detectModelFormat(file, path.basename(file));
    if (format === 'zip') throw new MediaError('unsupportedFormat', input.fileName, 'a zip inside the zip');
    return readModelFile(io, format, file, path.basename(file), folder);
  }
  throw new MediaError('unsupportedFormat', input.fileName, 'no .gltf, .glb, .obj or .ply file inside the zip');
}

async function readModelFile(
  io: NodeIO,
  format: Exclude<DetectedFormat, 'zip'>,
  file: string,
  fileName: string,
  rootDir: string | null,
): Promise<ReadSource> {
  if (format === 'glb' || format === 'gltf') {
    const { document, fileBytes } = await readGltf(io, file, fileName, rootDir);
    return { document, format, fileBytes };
  }
  const document = new Document().setLogger(new Logger(Logger.Verbosity.ERROR));
  if (format === 'obj') {
    const { fileBytes } = await readObj(document, file, fileName, rootDir);
    return { document, format, fileBytes };
  }
  const bytes = await readFile(file);
  readPly(document, bytes, fileName);
  return { document, format, fileBytes: bytes.length };
}

/** What a file is, by its bytes rather than its name. */
export async function detectModelFormat(file: string, fileName: string): Promise<DetectedFormat> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const magic = head.subarray(0, 4).toString('latin1');
  if (magic === 'glTF') {
    if (head.length < 12) throw new MediaError('damagedFile', fileName, 'a GLB shorter than its header');
    const version = head.readUInt32LE(4);
    if (version !== 2) throw new MediaError('unsupportedFormat', fileName, `a GLB of glTF version ${version}; only glTF 2.0 is read`);
    return 'glb';
  }
  if (magic === 'PK\x03\x04' || magic === 'PK\x05\x06') return 'zip';
  if (/^ply\r?\n/.test(head.toString('latin1', 0, 5))) return 'ply';
  if (head.includes(0)) throw new MediaError('unsupportedFormat', fileName, 'not a GLB, glTF, OBJ, PLY or zip');
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*\{/.test(text) && text.includes('"asset"')) return 'gltf';
  const firstStatement = text.split(/\r?\n/).find((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  if (firstStatement && /^\s*(v|vt|vn|f|o|g|s|mtllib|usemtl)\s/.test(firstStatement)) return 'obj';
  throw new MediaError('unsupportedFormat', fileName, 'not a GLB, glTF, OBJ, PLY or zip');
}

interface GltfJson {
  asset?: { version?: string };
  extensionsRequired?: string[];
  buffers?: { uri?: string }[];
  images?: { uri?: string }[];
}

/**
 * Reads a glTF or GLB after checking what it refers to: data URIs, or files inside `rootDir` (the
 * unpacked zip); a lone file may refer to nothing outside itself.
 */
async function readGltf(
  io: NodeIO,
  file: string,
  fileName: string,
  rootDir: string | null,
): Promise<{ document: Document; fileBytes: number }> {
  const damaged = (detail: string) => new MediaError('damagedFile', fileName, detail);
  const bytes = await readFile(file);
  const json = parseGltfJson(bytes, damaged);
  if (!json.asset?.version?.startsWith('2.'))
    throw new MediaError('unsupportedFormat', fileName, `glTF version ${json.asset?.version ?? 'unknown'}; only 2.0 is read`);
  const unsupported = (json.extensionsRequired ?? []).filter((name) => !SUPPORTED_EXTENSIONS.has(name));
  if (unsupported.length > 0)
    throw new MediaError('unsupportedFormat', fileName, `requires ${unsupported.join(', ')}; export it without them`);

  let fileBytes = bytes.length;
  const root = rootDir ? path.resolve(rootDir) : null;
  for (const resource of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const uri = resource.uri;
    if (uri === undefined || uri.startsWith('data:')) continue;
    let relative: string;
    try {
      relative = decodeURIComponent(uri);
    } catch {
      throw damaged(`"${uri}" is not a valid URI`);
    }
    const target = path.resolve(path.dirname(file), relative);
    if (
      /^[a-z][a-z0-9+.-]*:/i.test(relative) ||
      path.isAbsolute(relative) ||
      relative.includes('\\') ||
      (root && !target.startsWith(root + path.sep))
    ) {
      throw new MediaError('unsafeArchive', fileName, `refers to "${uri}", outside its folder`);
    }
    if (!root) throw damaged(`refers to "${uri}", which was not uploaded with it: upload a zip of the model and its files`);
    if (!existsSync(target)) throw damaged(`refers to "${uri}", which is not in the zip`);
    fileBytes += (await stat(target)).size;
  }
  try {
    return { document: await io.readJSON(await io.readAsJSON(file)), fileBytes };
  } catch (error) {
    throw damaged(`cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

function parseGltfJson(bytes: Buffer, damaged: (detail: string) => MediaError): GltfJson {
  let text: string;
  if (bytes.toString('latin1', 0, 4) === 'glTF') {
    if (bytes.length < 20) throw damaged('truncated GLB');
    const length = bytes.readUInt32LE(8);
    const chunkLength = bytes.readUInt32LE(12);
    if (length > bytes.length || 20 + chunkLength > bytes.length) throw damaged(`truncated GLB: ${bytes.length} bytes of ${length}`);
    if (bytes.readUInt32LE(16) !== 0x4e4f534a) throw damaged('its first GLB chunk is not JSON');
    text = bytes.toString('utf8', 20, 20 + chunkLength);
  } else {
    text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  }
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null) throw new Error('not an object');
    return json;
  } catch (error) {
    throw damaged(`its JSON cannot be parsed (${error instanceof Error ? error.message : String(error)})`);
  }
}
