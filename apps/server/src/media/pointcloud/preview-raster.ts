import type { Box3 } from '@spatia/contract';
import sharp from 'sharp';

export const PREVIEW_SIZE = { width: 1280, height: 720 } as const;
const MARGIN = 24;
const BACKGROUND = [16, 20, 26] as const;

/**
 * The cover: the cloud seen from above, fitted into 1280×720; each pixel shows its highest point, in
 * its colour or, without colours, by elevation (blue low, through green and yellow, to white high).
 */
export class PreviewRaster {
  /** Per pixel, the highest point's z (relative), and its rgba; the distribution pass writes them directly. */
  readonly heights = new Float32Array(PREVIEW_SIZE.width * PREVIEW_SIZE.height).fill(-Infinity);
  readonly colors = new Uint32Array(PREVIEW_SIZE.width * PREVIEW_SIZE.height);
  /** Pixels per unit, and where the bounds' min x and max y fall. */
  readonly scale: number;
  readonly left: number;
  readonly top: number;

  constructor(
    /** The bounds relative to the root cube's min, as the records hold positions. */
    private readonly bounds: Box3,
  ) {
    const width = bounds.max[0] - bounds.min[0];
    const height = bounds.max[1] - bounds.min[1];
    this.scale = Math.min((PREVIEW_SIZE.width - 2 * MARGIN) / (width || 1), (PREVIEW_SIZE.height - 2 * MARGIN) / (height || 1));
    this.left = (PREVIEW_SIZE.width - width * this.scale) / 2 - bounds.min[0] * this.scale;
    this.top = (PREVIEW_SIZE.height - height * this.scale) / 2 + bounds.max[1] * this.scale;
  }

  /** Draws one point (x, y, z relative to the cube's min; rgba as the records hold it). */
  add(x: number, y: number, z: number, rgba: number): void {
    const column = (this.left + x * this.scale) | 0;
    const row = (this.top - y * this.scale) | 0;
    if (column < 0 || row < 0 || column >= PREVIEW_SIZE.width || row >= PREVIEW_SIZE.height) return;
    const pixel = row * PREVIEW_SIZE.width + column;
    if (z > this.heights[pixel]!) {
      this.heights[pixel] = z;
      this.colors[pixel] = rgba;
    }
  }

  async toJpeg(byElevation: boolean): Promise<Buffer> {
    const pixels = Buffer.alloc(PREVIEW_SIZE.width * PREVIEW_SIZE.height * 3);
    const low = this.bounds.min[2];
    const range = this.bounds.max[2] - low || 1;
    for (let pixel = 0; pixel < this.heights.length; pixel += 1) {
      const height = this.heights[pixel]!;
      let [red, green, blue] = BACKGROUND as readonly number[];
      if (height !== -Infinity) {
        if (byElevation) [red, green, blue] = elevationColor((height - low) / range);
        else {
          const rgba = this.colors[pixel]!;
          [red, green, blue] = [rgba & 0xff, (rgba >>> 8) & 0xff, (rgba >>> 16) & 0xff];
        }
      }
      pixels[pixel * 3] = red!;
      pixels[pixel * 3 + 1] = green!;
      pixels[pixel * 3 + 2] = blue!;
    }
    return sharp(pixels, { raw: { width: PREVIEW_SIZE.width, height: PREVIEW_SIZE.height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
  }
}

const RAMP = [
  [48, 80, 200],
  [40, 170, 120],
  [150, 200, 60],
  [240, 200, 60],
  [250, 250, 250],
] as const;

function elevationColor(fraction: number): [number, number, number] {
  const position = Math.min(Math.max(fraction, 0), 1) * (RAMP.length - 1);
  const index = Math.min(Math.floor(position), RAMP.length - 2);
  const t = position - index;
  const [a, b] = [RAMP[index]!, RAMP[index + 1]!];
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
}
