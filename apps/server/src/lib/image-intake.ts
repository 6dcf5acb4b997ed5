import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { StorageDriver } from '../drivers/storage/storage-driver.js';
import { fail, type AppError } from './app-error.js';
import { detectImageType, type ImageType } from './file-signature.js';

/** Pixels a decoded upload may have: a bomb of a few KB that decodes to gigabytes is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes and re-encodes a picture, turned upright by its EXIF orientation: what `render` makes of it
 * (size and format) keeps no metadata and nothing hidden in the file. Undecodable bytes are refused (1402).
 */
export async function renderImage(bytes: Buffer, render: (image: Sharp) => Sharp, maxInputPixels = MAX_INPUT_PIXELS): Promise<Buffer> {
  try {
    return await render(sharp(bytes, { limitInputPixels: maxInputPixels }).rotate()).toBuffer();
  } catch {
    throw fail('unsupportedImage');
  }
}

/** The SHA-256 (hex) of the bytes as sent and of the picture as stored, for content addresses. */
export interface ImageDigests {
  input: string;
  output: string;
}

export interface ImageIntake {
  /** The largest upload, and its refusal; leave out where the bytes were measured already. */
  maxBytes?: { limit: number; refuse: () => AppError };
  render: (image: Sharp) => Sharp;
  contentType: ImageType;
  /** The storage key: a content address, so the link changes whenever the picture does. */
  keyOf: (digests: ImageDigests) => string;
  /** A last check once the picture is known good, before anything is stored (claiming a one-time grant). */
  beforeStore?: () => Promise<void>;
}

/**
 * An uploaded picture taken in: measured, its type read from its first bytes (never from its name),
 * re-encoded by `renderImage` and stored under its content address. Answers the storage key.
 */
export async function takeImage(storage: StorageDriver, bytes: Buffer, intake: ImageIntake): Promise<string> {
  if (intake.maxBytes && bytes.length > intake.maxBytes.limit) throw intake.maxBytes.refuse();
  if (!detectImageType(bytes)) throw fail('unsupportedImage');
  const output = await renderImage(bytes, intake.render);
  await intake.beforeStore?.();
  const key = intake.keyOf({ input: sha256(bytes), output: sha256(output) });
  await storage.put(key, output, intake.contentType);
  return key;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
