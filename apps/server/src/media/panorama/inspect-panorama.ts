import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PANORAMA_MAX_HEIGHT, PANORAMA_MAX_WIDTH } from '@spatia/contract';
import sharp, { type Metadata } from 'sharp';
import { PanoramaError } from './panorama-error.js';

/** Formats a panorama may come in (sharp's names). */
const PANORAMA_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** How far width / height may be from 2 and still count as equirectangular (1%: a few pixels of cropping). */
const ASPECT_TOLERANCE = 0.01;
/** Size of the decode that proves a file whole: small, so that JPEG and WebP decode at reduced scale. */
const CHECK_WIDTH = 256;

export interface PanoramaSize {
  width: number;
  height: number;
}

/**
 * Size of an equirectangular panorama after checking that the processing can take it, reading the
 * whole file once at reduced scale so that a damaged or truncated one is refused here rather than
 * half-way through the tiles. Throws a `PanoramaError`: `unreadableImage`, `notEquirectangular` (not
 * JPEG, PNG or WebP, or not 2:1) or `panoramaTooLarge`.
 */
export async function inspectPanorama(sourcePath: string): Promise<PanoramaSize> {
  const size = await readPanoramaHeader(sourcePath);
  try {
    await sharp(sourcePath)
      .resize(CHECK_WIDTH, CHECK_WIDTH / 2, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new PanoramaError('unreadableImage', path.basename(sourcePath), `cannot be decoded: ${messageOf(error)}`);
  }
  return size;
}

/** The checks of `inspectPanorama` that need only the file's header. A missing file is no `PanoramaError`. */
export async function readPanoramaHeader(sourcePath: string): Promise<PanoramaSize> {
  const fileName = path.basename(sourcePath);
  await stat(sourcePath);
  let metadata: Metadata;
  try {
    metadata = await sharp(sourcePath).metadata();
  } catch (error) {
    throw new PanoramaError('unreadableImage', fileName, `not a readable image: ${messageOf(error)}`);
  }
  const { format, width, height } = metadata;
  if (!PANORAMA_FORMATS.has(format) || !(width > 0 && height > 0)) {
    throw new PanoramaError('notEquirectangular', fileName, `${format} is not JPEG, PNG or WebP`);
  }
  if (Math.abs(width / height / 2 - 1) > ASPECT_TOLERANCE) {
    throw new PanoramaError('notEquirectangular', fileName, `${width}×${height} is not 2:1`);
  }
  if (width > PANORAMA_MAX_WIDTH || height > PANORAMA_MAX_HEIGHT) {
    throw new PanoramaError('panoramaTooLarge', fileName, `${width}×${height} is larger than ${PANORAMA_MAX_WIDTH}×${PANORAMA_MAX_HEIGHT}`);
  }
  return { width, height };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
