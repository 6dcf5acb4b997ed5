import { PANORAMA_MAX_HEIGHT, PANORAMA_MAX_WIDTH, WORK_NAME_MAX } from '@spatia/contract';

/**
 * What a phone's picture must be to become a panorama work (docs/processing.md, "How a scene is cut"): JPEG, PNG
 * or WebP, twice as wide as tall (within 1 %), at most 16384 × 8192. Checked here before anything is sent, so a
 * person hears at once why a photo is refused; the server checks the bytes again.
 */

/** The picture types a phone's picker offers that the solver reads. */
export const PANORAMA_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PICTURE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'];

/** The file input's `accept`: the types and their endings (some gallery apps give no type). */
export const PANORAMA_INPUT_ACCEPT = [...PANORAMA_PICTURE_TYPES, ...PICTURE_EXTENSIONS].join(',');

export type PictureProblem = 'empty' | 'tooLarge' | 'wrongType' | 'notPanorama' | 'tooManyPixels' | 'unreadable';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Type and size, before the picture is read. */
export function pictureFileProblem(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes: number): PictureProblem | null {
  if (file.size <= 0) return 'empty';
  if (file.size > maxBytes) return 'tooLarge';
  const typeOk = (PANORAMA_PICTURE_TYPES as readonly string[]).includes(file.type);
  const extensionOk = PICTURE_EXTENSIONS.includes(extensionOf(file.name));
  // A known other type (HEIC from an iPhone's camera) is refused even with a .jpg name.
  if (file.type && !typeOk && file.type.startsWith('image/')) return 'wrongType';
  return typeOk || extensionOk ? null : 'wrongType';
}

/** The solver's own rule on the picture's size in pixels. */
export function panoramaShapeProblem(width: number, height: number): PictureProblem | null {
  if (width <= 0 || height <= 0) return 'unreadable';
  if (Math.abs(width / height - 2) > 0.02) return 'notPanorama';
  if (width > PANORAMA_MAX_WIDTH || height > PANORAMA_MAX_HEIGHT) return 'tooManyPixels';
  return null;
}

/** The picture's width and height as the browser decodes its header; null when it cannot. */
export function readPictureSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}

/** The work's name: the file's name without its ending, at most the work-name limit; `fallback` if nothing is left. */
export function workNameOf(fileName: string, fallback: string): string {
  const dot = fileName.lastIndexOf('.');
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = Array.from(base).slice(0, WORK_NAME_MAX).join('').trim();
  return name || Array.from(fallback).slice(0, WORK_NAME_MAX).join('');
}
