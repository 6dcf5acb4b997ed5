/**
 * A square crop of an image, as shown in a square viewport of `viewport` CSS pixels: the image is
 * drawn at `scale` (image pixels -> viewport pixels) with its top-left corner at (x, y). The image
 * always covers the viewport, so the crop never contains empty space.
 */
export interface CropState {
  /** 1 = the image's short side just fills the viewport. */
  zoom: number;
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

export function coverScale(image: ImageSize, viewport: number): number {
  return viewport / Math.min(image.width, image.height);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Keeps the image over the whole viewport. */
export function clampCrop(state: CropState, image: ImageSize, viewport: number): CropState {
  const zoom = clamp(state.zoom, MIN_ZOOM, MAX_ZOOM);
  const scale = coverScale(image, viewport) * zoom;
  const minX = viewport - image.width * scale;
  const minY = viewport - image.height * scale;
  return { zoom, x: clamp(state.x, minX, 0), y: clamp(state.y, minY, 0) };
}

/** The image centred in the viewport at zoom 1. */
export function initialCrop(image: ImageSize, viewport: number): CropState {
  const scale = coverScale(image, viewport);
  return { zoom: 1, x: (viewport - image.width * scale) / 2, y: (viewport - image.height * scale) / 2 };
}

/** Zooms around a point of the viewport (its centre by default), so that point stays put. */
export function zoomCrop(
  state: CropState,
  nextZoom: number,
  image: ImageSize,
  viewport: number,
  focus?: { x: number; y: number },
): CropState {
  const zoom = clamp(nextZoom, MIN_ZOOM, MAX_ZOOM);
  const base = coverScale(image, viewport);
  const before = base * state.zoom;
  const after = base * zoom;
  const fx = focus?.x ?? viewport / 2;
  const fy = focus?.y ?? viewport / 2;
  const imageX = (fx - state.x) / before;
  const imageY = (fy - state.y) / before;
  return clampCrop({ zoom, x: fx - imageX * after, y: fy - imageY * after }, image, viewport);
}

export function panCrop(state: CropState, dx: number, dy: number, image: ImageSize, viewport: number): CropState {
  return clampCrop({ ...state, x: state.x + dx, y: state.y + dy }, image, viewport);
}

/** The square of the original image (in image pixels) that the viewport shows. */
export function sourceSquare(state: CropState, image: ImageSize, viewport: number): { sx: number; sy: number; size: number } {
  const scale = coverScale(image, viewport) * state.zoom;
  const size = Math.min(viewport / scale, image.width, image.height);
  const sx = clamp(-state.x / scale, 0, image.width - size);
  const sy = clamp(-state.y / scale, 0, image.height - size);
  return { sx, sy, size };
}

/** Draws the chosen square at `outputSize` x `outputSize` and encodes it (browser only). */
export function renderSquare(
  image: CanvasImageSource & ImageSize,
  square: { sx: number; sy: number; size: number },
  outputSize: number,
  type: string,
  quality = 0.9,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = outputSize;
  canvas.height = outputSize;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas 2d context unavailable'));
  if (type === 'image/jpeg') {
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, outputSize, outputSize);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, square.sx, square.sy, square.size, square.size, 0, 0, outputSize, outputSize);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('could not encode the image'))), type, quality);
  });
}

/** The output type: the source's own when allowed (keeps PNG transparency), else the first of JPEG, WebP, PNG. */
export function pickOutputType(sourceType: string, accepted: readonly string[]): string {
  if (accepted.length === 0) return sourceType === 'image/png' ? 'image/png' : 'image/jpeg';
  if (accepted.includes(sourceType)) return sourceType;
  return ['image/jpeg', 'image/webp', 'image/png'].find((type) => accepted.includes(type)) ?? accepted[0]!;
}
