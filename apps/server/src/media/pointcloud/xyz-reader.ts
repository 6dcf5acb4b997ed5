import type { FileHandle } from 'node:fs/promises';
import { MediaError } from '../media-error.js';
import { LineReader, lineFields } from './line-reader.js';
import type { PointBatch, PointReader } from './point-batch.js';

/**
 * XYZ/TXT: one point a line, fields separated by white space, commas or semicolons; blank lines and
 * lines starting with `#` or `//` are skipped. The first point's line fixes the layout for all:
 * 3 fields x y z; 4 x y z intensity; 6 x y z r g b; 7 x y z intensity r g b. Colours are 0–255
 * (or 0–65535, scaled down when any exceeds 255); intensities are rounded into 0–65535.
 */
export const XYZ_LAYOUTS: Record<number, { intensity: number; rgb: number }> = {
  3: { intensity: -1, rgb: -1 },
  4: { intensity: 3, rgb: -1 },
  6: { intensity: -1, rgb: 3 },
  7: { intensity: 3, rgb: 4 },
};

export function isXyzComment(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//');
}

/** The layout of a text whose first point line is `line`, or null when it is no point line. */
export function xyzLayoutOf(line: string): number | null {
  const fields = lineFields(line);
  return XYZ_LAYOUTS[fields.length] && fields.every(Number.isFinite) ? fields.length : null;
}

export class XyzReader implements PointReader {
  private readonly lines: LineReader;
  private lineNumber = 0;
  private readonly layout: { intensity: number; rgb: number };

  constructor(
    file: FileHandle,
    private readonly fields: number,
    private readonly fileName: string,
  ) {
    this.lines = new LineReader(file, 0);
    this.layout = XYZ_LAYOUTS[fields]!;
  }

  async read(batch: PointBatch): Promise<number> {
    const { positions, colors, intensities } = batch;
    const capacity = intensities.length;
    let count = 0;
    while (count < capacity) {
      const line = await this.lines.next();
      if (line === null) break;
      this.lineNumber += 1;
      if (isXyzComment(line)) continue;
      const values = lineFields(line);
      if (values.length !== this.fields || !values.every(Number.isFinite)) {
        throw new MediaError('damagedFile', this.fileName, `line ${this.lineNumber} is not ${this.fields} numbers like the first point's`);
      }
      positions[count * 3] = values[0]!;
      positions[count * 3 + 1] = values[1]!;
      positions[count * 3 + 2] = values[2]!;
      intensities[count] = this.layout.intensity >= 0 ? clampUint16(values[this.layout.intensity]!) : 0;
      if (this.layout.rgb >= 0) {
        colors[count * 3] = clampUint16(values[this.layout.rgb]!);
        colors[count * 3 + 1] = clampUint16(values[this.layout.rgb + 1]!);
        colors[count * 3 + 2] = clampUint16(values[this.layout.rgb + 2]!);
      }
      count += 1;
    }
    batch.count = count;
    return count;
  }

  async close(): Promise<void> {}
}

export function clampUint16(value: number): number {
  return value <= 0 ? 0 : value >= 65535 ? 65535 : Math.round(value);
}
