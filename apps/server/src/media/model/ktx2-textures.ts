import { ImageUtils, type Document, type Texture } from '@gltf-transform/core';
import { KHRTextureBasisu } from '@gltf-transform/extensions';
import { KHR_DF_MODEL_ETC1S, read as readKtx2 } from 'ktx-parse';
import { NodeBasisEncoder } from 'ktx2-encoder';
import sharp from 'sharp';

/**
 * A texture of at least this many pixels (after scaling to `maxSize`) is encoded to KTX2: from 1024 × 1024
 * up, RGBA with mipmaps takes 5.6 MB of GPU memory and Basis saves 4.2 MB (ETC1S) or more; below it the
 * saving is small and WebP is often smaller on the wire.
 */
export const KTX2_MIN_PIXELS = 1024 * 1024;

const NORMAL_SLOT = /^normalTexture$/;
/** Slots whose texels are colours (sRGB); the others hold data (linear). */
const COLOUR_SLOTS = /^(baseColorTexture|emissiveTexture|diffuseTexture|specularGlossinessTexture|sheenColorTexture|specularColorTexture)$/;

type EncoderModule = Awaited<ReturnType<NodeBasisEncoder['init']>>;

let encoder: NodeBasisEncoder | null = null;

/**
 * ktx2-encoder's own Node encoder loads the Basis module with its defaults, and Basis prints a status
 * report per texture to stdout; this one loads the same bundled module with its output silenced. It
 * leans on 0.6.0's file layout and its private `modulePromise`, hence the exact version pin.
 */
function basisEncoder(): NodeBasisEncoder {
  if (encoder) return encoder;
  const created = new NodeBasisEncoder();
  const silent = () => undefined;
  const moduleUrl = new URL('../basis/basis_encoder.js', import.meta.resolve('ktx2-encoder'));
  (created as unknown as { modulePromise: Promise<EncoderModule> }).modulePromise = import(moduleUrl.href).then(
    async ({ default: createModule }: { default: (options: object) => Promise<EncoderModule> }) => {
      const basis = await createModule({ print: silent, printErr: silent });
      basis.initializeBasis();
      return basis;
    },
  );
  encoder = created;
  return created;
}

function textureSlots(document: Document, texture: Texture): string[] {
  const root = document.getRoot();
  return document
    .getGraph()
    .listParentEdges(texture)
    .filter((edge) => edge.getParent() !== root)
    .map((edge) => edge.getName());
}

/** The size a texture will have once scaled to fit `maxSize` × `maxSize`, aspect kept. */
function fittedSize(size: [number, number], maxSize: number): [number, number] {
  const scale = Math.min(1, maxSize / Math.max(size[0], size[1]));
  return [Math.max(1, Math.round(size[0] * scale)), Math.max(1, Math.round(size[1] * scale))];
}

/**
 * Encodes the document's large textures to KTX2 (Basis Universal, `KHR_texture_basisu`, required), scaled
 * to fit `maxSize` and with mipmaps: UASTC for normal maps (ETC1S's blocks show as facets in lighting),
 * ETC1S for the rest, sRGB for colour slots. Textures under `KTX2_MIN_PIXELS` are left for the WebP step.
 * Returns how many were encoded.
 */
export async function encodeKtx2Textures(document: Document, options: { maxSize: number; signal?: AbortSignal }): Promise<number> {
  let encoded = 0;
  for (const texture of document.getRoot().listTextures()) {
    const image = texture.getImage();
    const mimeType = texture.getMimeType();
    if (!image || !['image/png', 'image/jpeg', 'image/webp'].includes(mimeType)) continue;
    const size = ImageUtils.getSize(image, mimeType);
    if (!size) continue;
    const [width, height] = fittedSize(size, options.maxSize);
    if (width * height < KTX2_MIN_PIXELS) continue;

    const slots = textureSlots(document, texture);
    const isNormalMap = slots.some((slot) => NORMAL_SLOT.test(slot));
    const isColour = !isNormalMap && slots.some((slot) => COLOUR_SLOTS.test(slot));
    options.signal?.throwIfAborted();
    let ktx2: Uint8Array;
    try {
      ktx2 = await encodeKtx2(image, { width, height, isNormalMap, isColour });
    } catch {
      // KTX2 is an optimisation: a texture Basis cannot encode is left to the WebP step, and the next
      // one gets a fresh Basis module in case this one's heap is what failed.
      encoder = null;
      continue;
    }
    texture.setImage(ktx2).setMimeType('image/ktx2');
    if (texture.getURI()) texture.setURI(texture.getURI().replace(/\.[^./]*$/, '') + '.ktx2');
    encoded += 1;
  }
  // Required, with no PNG/WebP fallback: a fallback image would double the file for the rare client
  // without Basis, and every client we ship (the viewer, Quick Look through it) transcodes Basis.
  if (encoded > 0) document.createExtension(KHRTextureBasisu).setRequired(true);
  return encoded;
}

function encodeKtx2(
  image: Uint8Array,
  texture: { width: number; height: number; isNormalMap: boolean; isColour: boolean },
): Promise<Uint8Array> {
  const { width, height, isNormalMap, isColour } = texture;
  return basisEncoder().encode(image, {
    isUASTC: isNormalMap,
    isNormalMap,
    // toktx's defaults (--clevel 1 --qlevel 128); UASTC level 1 with Zstandard.
    compressionLevel: 1,
    qualityLevel: 128,
    uastcLDRQualityLevel: 1,
    needSupercompression: true,
    isPerceptual: isColour,
    isSetKTX2SRGBTransferFunc: isColour,
    generateMipmap: true,
    isKTX2File: true,
    imageDecoder: async (bytes) => {
      const { data, info } = await sharp(bytes)
        .resize(width, height, { fit: 'fill' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
    },
  });
}

/**
 * GPU bytes of a KTX2 texture once transcoded: every mip level in 4 × 4 blocks of 8 bytes (ETC1S
 * without alpha → ETC1/BC1) or 16 bytes (ETC1S with alpha → ETC2 RGBA/BC3; UASTC → ASTC/BC7).
 * A GPU with none of those formats gets RGBA (4 bytes a pixel) instead.
 */
export function ktx2GpuBytes(image: Uint8Array): number {
  const container = readKtx2(image);
  const descriptor = container.dataFormatDescriptor[0];
  // ETC1S keeps alpha in a second sample (slice); UASTC always transcodes to 16-byte blocks.
  const opaqueEtc1s = descriptor?.colorModel === KHR_DF_MODEL_ETC1S && descriptor.samples.length === 1;
  const blockBytes = opaqueEtc1s ? 8 : 16;
  let bytes = 0;
  for (let level = 0; level < Math.max(1, container.levels.length); level += 1) {
    const width = Math.max(1, container.pixelWidth >> level);
    const height = Math.max(1, container.pixelHeight >> level);
    bytes += Math.ceil(width / 4) * Math.ceil(height / 4) * blockBytes;
  }
  return bytes;
}
