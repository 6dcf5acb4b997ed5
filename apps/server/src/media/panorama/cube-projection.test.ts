import { CUBE_FACES, type CubeFace } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import {
  directionOf,
  equirectangularPosition,
  faceCoordinate,
  faceDirection,
  faceOfDirection,
  faceParts,
  fastAtan2,
  halveFace,
  projectFacePart,
  windowBufferBytes,
  yawPitchOf,
  type Direction,
} from './cube-projection.js';
import { WasmProjector } from './wasm-projector.js';

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (angle: number) => (angle * Math.PI) / 180;

/** Yaw and pitch in degrees of the point (u, v) of a face, to 1e-9 (and no -0). */
function lookAt(face: CubeFace, u: number, v: number) {
  const { yaw, pitch } = yawPitchOf(faceDirection(face, u, v));
  const round = (angle: number) => Math.round(degrees(angle) * 1e9) / 1e9 + 0;
  return { yaw: round(yaw), pitch: round(pitch) };
}

describe('face orientation (Photo Sphere Viewer cubemap adapters, flipTopBottom off)', () => {
  it('puts each face centre where the viewer looks for it', () => {
    expect(lookAt('front', 0, 0)).toEqual({ yaw: 0, pitch: 0 });
    expect(lookAt('right', 0, 0)).toEqual({ yaw: 90, pitch: 0 });
    expect(Math.abs(lookAt('back', 0, 0).yaw)).toBe(180);
    expect(lookAt('left', 0, 0)).toEqual({ yaw: -90, pitch: 0 });
    expect(lookAt('top', 0, 0).pitch).toBe(90);
    expect(lookAt('bottom', 0, 0).pitch).toBe(-90);
  });

  it('turns side faces upright, yaw growing to the right', () => {
    for (const [face, centre] of [
      ['front', 0],
      ['right', 90],
      ['back', 180],
      ['left', -90],
    ] as const) {
      expect(lookAt(face, 0, -1).pitch).toBeCloseTo(45, 10);
      expect(lookAt(face, 0, 1).pitch).toBeCloseTo(-45, 10);
      expect(normalizeYaw(lookAt(face, 1, 0).yaw - centre)).toBeCloseTo(45, 10);
      expect(normalizeYaw(lookAt(face, -1, 0).yaw - centre)).toBeCloseTo(-45, 10);
    }
  });

  it('turns the top face with its upper edge on the front and its left edge on the right', () => {
    expect(lookAt('top', 0, -1)).toEqual({ yaw: 0, pitch: 45 });
    expect(lookAt('top', -1, 0).yaw).toBeCloseTo(90, 10);
    expect(Math.abs(lookAt('top', 0, 1).yaw)).toBeCloseTo(180, 10);
    expect(lookAt('top', 1, 0).yaw).toBeCloseTo(-90, 10);
  });

  it('turns the bottom face with its upper edge on the back and its left edge on the right', () => {
    expect(Math.abs(lookAt('bottom', 0, -1).yaw)).toBeCloseTo(180, 10);
    expect(lookAt('bottom', 0, -1).pitch).toBeCloseTo(-45, 10);
    expect(lookAt('bottom', -1, 0).yaw).toBeCloseTo(90, 10);
    expect(lookAt('bottom', 0, 1).yaw).toBeCloseTo(0, 10);
    expect(lookAt('bottom', 1, 0).yaw).toBeCloseTo(-90, 10);
  });

  it('shares edges between neighbouring faces', () => {
    const same = (a: Direction, b: Direction) => {
      const scale = (d: Direction) => Math.hypot(d.forward, d.right, d.up);
      expect(a.forward / scale(a)).toBeCloseTo(b.forward / scale(b), 12);
      expect(a.right / scale(a)).toBeCloseTo(b.right / scale(b), 12);
      expect(a.up / scale(a)).toBeCloseTo(b.up / scale(b), 12);
    };
    for (const t of [-0.7, 0, 0.4]) {
      same(faceDirection('front', 1, t), faceDirection('right', -1, t));
      same(faceDirection('right', 1, t), faceDirection('back', -1, t));
      same(faceDirection('back', 1, t), faceDirection('left', -1, t));
      same(faceDirection('left', 1, t), faceDirection('front', -1, t));
      same(faceDirection('front', t, -1), faceDirection('top', -t, -1));
      same(faceDirection('front', t, 1), faceDirection('bottom', -t, 1));
      same(faceDirection('back', t, -1), faceDirection('top', t, 1));
      same(faceDirection('back', t, 1), faceDirection('bottom', t, -1));
    }
  });
});

describe('projection maths', () => {
  it('maps a direction to a face point and back', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let index = 0; index < 2000; index += 1) {
      const direction = { forward: random(), right: random(), up: random() };
      const { face, u, v } = faceOfDirection(direction);
      expect(Math.abs(u)).toBeLessThanOrEqual(1);
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      const back = faceDirection(face, u, v);
      const scale = Math.hypot(back.forward, back.right, back.up) / Math.hypot(direction.forward, direction.right, direction.up);
      expect(back.forward / scale).toBeCloseTo(direction.forward, 12);
      expect(back.right / scale).toBeCloseTo(direction.right, 12);
      expect(back.up / scale).toBeCloseTo(direction.up, 12);
    }
  });

  it('sends named directions to the expected face pixel', () => {
    const pixelOf = (yaw: number, pitch: number, faceSize: number) => {
      const { face, u, v } = faceOfDirection(directionOf(radians(yaw), radians(pitch)));
      const pixel = (coordinate: number) => Math.floor(((coordinate + 1) / 2) * faceSize + 1e-9);
      return { face, column: pixel(u), row: pixel(v) };
    };
    expect(pixelOf(0, 0, 512)).toEqual({ face: 'front', column: 256, row: 256 });
    expect(pixelOf(30, 0, 512)).toEqual({ face: 'front', column: 256 + Math.floor(256 * Math.tan(radians(30))), row: 256 });
    expect(pixelOf(90, 20, 512)).toEqual({ face: 'right', column: 256, row: 256 - Math.ceil(256 * Math.tan(radians(20))) });
    expect(pixelOf(-90, 0, 512).face).toBe('left');
    expect(pixelOf(179, 0, 512).face).toBe('back');
    expect(pixelOf(0, 80, 512)).toMatchObject({ face: 'top', column: 256 });
    expect(pixelOf(0, 80, 512).row).toBeLessThan(256);
    expect(pixelOf(0, -80, 512)).toMatchObject({ face: 'bottom', column: 256 });
    expect(pixelOf(0, -80, 512).row).toBeGreaterThan(256);
  });

  it('places yaw 0 at the horizontal middle of the source', () => {
    expect(equirectangularPosition(0, 0, 4096, 2048)).toEqual({ x: 2047.5, y: 1023.5 });
    expect(equirectangularPosition(-Math.PI, Math.PI / 2, 4096, 2048)).toEqual({ x: -0.5, y: -0.5 });
    expect(equirectangularPosition(Math.PI / 2, 0, 4096, 2048).x).toBe(3071.5);
  });

  it('computes atan2 from its table within 1e-8', () => {
    for (let index = 0; index < 5000; index += 1) {
      const angle = (index / 5000) * 2 * Math.PI - Math.PI;
      const length = 0.01 + (index % 13);
      expect(
        Math.abs(fastAtan2(Math.sin(angle) * length, Math.cos(angle) * length) - Math.atan2(Math.sin(angle), Math.cos(angle))),
      ).toBeLessThan(1e-8);
    }
    expect(fastAtan2(0, 0)).toBe(0);
  });

  it('halves a face by averaging each block of four', () => {
    const pixels = new Uint8Array([0, 0, 0, 10, 20, 30, 100, 100, 100, 2, 4, 6].concat(new Array(12).fill(0)));
    // 2×2 face: first row (0,0,0) (10,20,30); second row (100,100,100) (2,4,6).
    expect([...halveFace(pixels.subarray(0, 12), 2)]).toEqual([28, 31, 34]);
  });
});

/** An equirectangular RGB image whose every pixel is coloured by `colourOf(yaw, pitch)` (degrees). */
function equirectangular(width: number, height: number, colourOf: (yaw: number, pitch: number) => readonly number[]): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const yaw = ((x + 0.5) / width - 0.5) * 360;
      const pitch = (0.5 - (y + 0.5) / height) * 180;
      pixels.set(colourOf(yaw, pitch), (y * width + x) * 3);
    }
  }
  return pixels;
}

/** Projects a whole face in memory, cutting the windows out of the full source the way the worker reads them. */
function projectFace(
  face: CubeFace,
  faceSize: number,
  source: Uint8Array,
  width: number,
  height: number,
  projector?: WasmProjector,
): Uint8Array {
  const out = new Uint8Array(faceSize * faceSize * 3);
  for (const part of faceParts(face, faceSize, width, height)) {
    const { left, top, width: columns, height: rows } = part.window;
    const window = projector ? projector.windowBuffer(windowBufferBytes(part.window)) : new Uint8Array(windowBufferBytes(part.window));
    for (let row = 0; row < rows; row += 1) {
      const wanted = top + row;
      const mirrored = wanted < 0 || wanted >= height;
      const sourceRow = wanted < 0 ? -1 - wanted : wanted >= height ? 2 * height - 1 - wanted : wanted;
      for (let column = 0; column < columns; column += 1) {
        const sourceColumn = (((left + column + (mirrored ? width / 2 : 0)) % width) + width) % width;
        window.set(
          source.subarray((sourceRow * width + sourceColumn) * 3, (sourceRow * width + sourceColumn) * 3 + 3),
          (row * columns + column) * 3,
        );
      }
    }
    projectFacePart(face, faceSize, part, window, width, height, out, projector);
  }
  return out;
}

function pixelAt(pixels: Uint8Array, faceSize: number, column: number, row: number): number[] {
  const offset = (row * faceSize + column) * 3;
  return [...pixels.subarray(offset, offset + 3)];
}

function normalizeYaw(yaw: number): number {
  return ((((yaw + 180) % 360) + 360) % 360) - 180;
}

describe('projecting an equirectangular source', () => {
  const width = 512;
  const height = 256;
  const faceSize = 64;

  it('fills every pixel of every face from a uniform source with its colour exactly', () => {
    // 128×64 with 64-pixel faces: the face's pixels near the poles and the seam fall between the
    // image's last and first pixels.
    for (const [sourceWidth, sourceHeight] of [
      [width, height],
      [128, 64],
    ] as const) {
      const source = equirectangular(sourceWidth, sourceHeight, () => [200, 120, 40]);
      for (const face of CUBE_FACES) {
        const pixels = projectFace(face, faceSize, source, sourceWidth, sourceHeight);
        const wrong = [];
        for (let index = 0; index < pixels.length; index += 3) {
          if (pixels[index] !== 200 || pixels[index + 1] !== 120 || pixels[index + 2] !== 40) wrong.push(index / 3);
        }
        expect(wrong).toEqual([]);
      }
    }
  });

  it('puts each direction in its face, top and bottom turned as the viewer reads them', () => {
    // Colour by the direction a source pixel shows: which face it belongs to, and on the top and
    // bottom faces also which quarter of the yaws.
    const palette: Record<CubeFace, number[]> = {
      front: [255, 0, 0],
      right: [0, 255, 0],
      back: [0, 0, 255],
      left: [255, 255, 0],
      top: [255, 255, 255],
      bottom: [0, 0, 0],
    };
    const quarter = (yaw: number) => (Math.abs(yaw) <= 45 ? 0 : yaw > 45 && yaw <= 135 ? 1 : Math.abs(yaw) > 135 ? 2 : 3);
    const source = equirectangular(width, height, (yaw, pitch) => {
      const { face } = faceOfDirection(directionOf(radians(yaw), radians(pitch)));
      if (face === 'top' || face === 'bottom') return [quarter(yaw) * 60, face === 'top' ? 200 : 100, 7];
      return palette[face];
    });
    for (const face of ['front', 'right', 'back', 'left'] as const) {
      const pixels = projectFace(face, faceSize, source, width, height);
      for (const [column, row] of [
        [32, 32],
        [4, 4],
        [59, 4],
        [4, 59],
        [59, 59],
      ] as const)
        expect(pixelAt(pixels, faceSize, column, row)).toEqual(palette[face]);
    }
    // Top: the upper edge meets the front (quarter 0), the left edge the right (1), the lower edge the back (2).
    const top = projectFace('top', faceSize, source, width, height);
    expect(pixelAt(top, faceSize, 32, 4)).toEqual([0, 200, 7]);
    expect(pixelAt(top, faceSize, 4, 32)).toEqual([60, 200, 7]);
    expect(pixelAt(top, faceSize, 32, 59)).toEqual([120, 200, 7]);
    expect(pixelAt(top, faceSize, 59, 32)).toEqual([180, 200, 7]);
    // Bottom: the upper edge meets the back, the left edge the right, the lower edge the front.
    const bottom = projectFace('bottom', faceSize, source, width, height);
    expect(pixelAt(bottom, faceSize, 32, 4)).toEqual([120, 100, 7]);
    expect(pixelAt(bottom, faceSize, 4, 32)).toEqual([60, 100, 7]);
    expect(pixelAt(bottom, faceSize, 32, 59)).toEqual([0, 100, 7]);
    expect(pixelAt(bottom, faceSize, 59, 32)).toEqual([180, 100, 7]);
  });

  it('blends across the ±180° seam with the other end of the image', () => {
    // The image's left half red, right half blue: the back face shows blue left of its middle, red
    // right of it, and its two middle columns (within a source pixel of the seam) a mix of both.
    const source = equirectangular(128, 64, (yaw) => (yaw < 0 ? [255, 0, 0] : [0, 0, 255]));
    const back = projectFace('back', faceSize, source, 128, 64);
    expect(pixelAt(back, faceSize, 10, 32)).toEqual([0, 0, 255]);
    expect(pixelAt(back, faceSize, 53, 32)).toEqual([255, 0, 0]);
    for (const column of [31, 32]) {
      const [red, green, blue] = pixelAt(back, faceSize, column, 32);
      expect(green).toBe(0);
      expect(red).toBeGreaterThan(0);
      expect(blue).toBeGreaterThan(0);
      expect(red! + blue!).toBeGreaterThanOrEqual(254);
    }
  });

  it('blends across the poles with the far side of the sphere', () => {
    // Each yaw quarter its own colour, every colour summing to 240: the pixels at the pole face's
    // centre fall between the first (or last) row and the row beyond the pole, and mix only these.
    const colours = [
      [240, 0, 0],
      [0, 240, 0],
      [0, 0, 240],
      [80, 80, 80],
    ];
    const source = equirectangular(128, 64, (yaw) => colours[Math.min(3, Math.floor((yaw + 180) / 90))]!);
    for (const face of ['top', 'bottom'] as const) {
      const pixels = projectFace(face, faceSize, source, 128, 64);
      for (const [column, row] of [
        [31, 31],
        [32, 31],
        [31, 32],
        [32, 32],
      ] as const) {
        const [red, green, blue] = pixelAt(pixels, faceSize, column, row);
        expect(Math.abs(red! + green! + blue! - 240)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('projects the same pixels with the WebAssembly projector as with the JavaScript one', () => {
    // Every channel varying, so that each weight and each of the four neighbours counts.
    // Small, and large enough for many rows per band and far-apart source rows; a face narrower than the projector's most.
    for (const [sourceWidth, sourceHeight, size] of [
      [width, height, faceSize],
      [2048, 1024, 512],
      [2048, 1024, 256],
    ] as const) {
      const source = equirectangular(sourceWidth, sourceHeight, (yaw, pitch) => [
        Math.floor((yaw + 180) * 0.7),
        Math.floor((pitch + 90) * 1.4),
        Math.floor(yaw * pitch) & 255,
      ]);
      const projector = new WasmProjector(512);
      for (const face of CUBE_FACES) {
        const fromWasm = projectFace(face, size, source, sourceWidth, sourceHeight, projector);
        const fromJavaScript = projectFace(face, size, source, sourceWidth, sourceHeight);
        expect(Buffer.compare(fromWasm, fromJavaScript), `${face} at ${size}`).toBe(0);
      }
    }
  });

  it('reads only inside each part’s window', () => {
    for (const [sourceWidth, sourceHeight, size] of [
      [16384, 8192, 4096],
      [6000, 3000, 2048],
      [2000, 1000, 512],
    ] as const) {
      for (const face of CUBE_FACES) {
        for (const part of faceParts(face, size, sourceWidth, sourceHeight)) {
          expect(part.window.top).toBeGreaterThanOrEqual(-1);
          expect(part.window.top + part.window.height).toBeLessThanOrEqual(sourceHeight + 1);
          expect(part.window.width).toBeLessThanOrEqual((face === 'top' || face === 'bottom' ? sourceWidth / 2 : sourceWidth / 4) + 3);
          // The extreme positions of the part stay one pixel inside its window.
          const corners: Array<[number, number]> = [
            [part.rowStart, 0],
            [part.rowEnd - 1, size - 1],
            [part.rowStart, size - 1],
            [part.rowEnd - 1, 0],
            [part.rowStart, size / 2],
          ];
          for (const [row, column] of corners) {
            const { yaw, pitch } = yawPitchOf(faceDirection(face, faceCoordinate(column, size), faceCoordinate(row, size)));
            const { x, y } = equirectangularPosition(yaw, pitch, sourceWidth, sourceHeight);
            const localX = (((x - part.window.left) % sourceWidth) + sourceWidth) % sourceWidth;
            expect(localX).toBeGreaterThanOrEqual(0);
            expect(Math.floor(localX) + 1).toBeLessThan(part.window.width);
            expect(y - part.window.top).toBeGreaterThanOrEqual(0);
            expect(Math.floor(y - part.window.top) + 1).toBeLessThan(part.window.height);
          }
        }
      }
    }
  });
});
