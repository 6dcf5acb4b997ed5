/**
 * Cube faces from an equirectangular panorama, oriented the way Photo Sphere Viewer's cubemap adapters
 * read them with `flipTopBottom` off (the convention is written down in docs/processing.md, "Tiles").
 *
 * A direction is (forward, right, up): forward is yaw 0 (the horizontal middle of the source), right is
 * yaw +90°, up is pitch +90°. On a face, u runs from -1 at the left edge to 1 at the right edge and v
 * from -1 at the top edge to 1 at the bottom edge. Pixel centres are at integer positions: in the
 * source, x = 0 is the centre of the first column, and the left edge of the image is yaw -180°.
 *
 * Only type imports here: the projection worker loads this file on its own.
 */
import type { CubeFace } from '@spatia/contract';

export interface Direction {
  forward: number;
  right: number;
  up: number;
}

/** The direction through the point (u, v) of a face. */
export function faceDirection(face: CubeFace, u: number, v: number): Direction {
  switch (face) {
    case 'front':
      return { forward: 1, right: u, up: -v };
    case 'right':
      return { forward: -u, right: 1, up: -v };
    case 'back':
      return { forward: -1, right: -u, up: -v };
    case 'left':
      return { forward: u, right: -1, up: -v };
    case 'top':
      return { forward: -v, right: -u, up: 1 };
    case 'bottom':
      return { forward: v, right: -u, up: -1 };
  }
}

/** The face a direction goes through, and where on it: the inverse of `faceDirection`. */
export function faceOfDirection({ forward, right, up }: Direction): { face: CubeFace; u: number; v: number } {
  const alongForward = Math.abs(forward);
  const alongRight = Math.abs(right);
  const alongUp = Math.abs(up);
  if (alongUp >= alongForward && alongUp >= alongRight) {
    return up > 0
      ? { face: 'top', u: -right / alongUp, v: -forward / alongUp }
      : { face: 'bottom', u: -right / alongUp, v: forward / alongUp };
  }
  if (alongForward >= alongRight) {
    return forward > 0
      ? { face: 'front', u: right / alongForward, v: -up / alongForward }
      : { face: 'back', u: -right / alongForward, v: -up / alongForward };
  }
  return right > 0
    ? { face: 'right', u: -forward / alongRight, v: -up / alongRight }
    : { face: 'left', u: forward / alongRight, v: -up / alongRight };
}

/** Yaw in (-π, π] and pitch in [-π/2, π/2], radians. */
export function yawPitchOf({ forward, right, up }: Direction): { yaw: number; pitch: number } {
  return { yaw: Math.atan2(right, forward), pitch: Math.atan2(up, Math.hypot(forward, right)) };
}

export function directionOf(yaw: number, pitch: number): Direction {
  return { forward: Math.cos(pitch) * Math.cos(yaw), right: Math.cos(pitch) * Math.sin(yaw), up: Math.sin(pitch) };
}

/** Where a direction lands in a `width` × `height` equirectangular image, not wrapped. */
export function equirectangularPosition(yaw: number, pitch: number, width: number, height: number): { x: number; y: number } {
  return { x: (yaw / (2 * Math.PI) + 0.5) * width - 0.5, y: (0.5 - pitch / Math.PI) * height - 0.5 };
}

/** u or v at the centre of pixel `index` of a face `faceSize` pixels wide. */
export function faceCoordinate(index: number, faceSize: number): number {
  return (2 * (index + 0.5)) / faceSize - 1;
}

/**
 * Source pixels held in memory for one part of a face: `height` rows from row `top` and `width` columns
 * from column `left`, RGB. Columns are taken modulo the source width (so a window may cross the ±180°
 * seam), and rows beyond a pole continue on the far side of it: row -1 is row 0 turned by 180° of yaw,
 * row `sourceHeight` is the last row turned likewise.
 */
export interface SourceWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Whole rows of a face (from `rowStart`, `rowEnd` excluded) and the source they need. */
export interface FacePart {
  rowStart: number;
  rowEnd: number;
  window: SourceWindow;
}

const QUARTER_TURN = Math.PI / 2;
/** Pitch of a cube corner: a side face reaches 45° from the horizon at its edges' middles, a pole face reaches down to this. */
const CORNER_PITCH = Math.atan(Math.SQRT1_2);
/** Row bands of a side face: each starts as soon as the decoder has written its rows, and holds a quarter of the source rows. */
const SIDE_BANDS = 4;

/**
 * How to cut a face into parts whose source windows stay small. A side face is cut into row bands,
 * each needing a quarter of the source's width and the rows between its highest and lowest pitch. A
 * pole face is cut into halves, each needing half the source's width (the yaws within 90° of the half's
 * middle column) and the rows from the pole down to the cube's corners. Every part is symmetric about
 * its middle column, which `projectFacePart` uses, and its yaws do not cross the seam in the positions
 * `projectFacePart` computes (they are measured from the part's axis), so a window needs no wrap in the
 * inner loop.
 */
export function faceParts(face: CubeFace, faceSize: number, sourceWidth: number, sourceHeight: number): FacePart[] {
  if (face === 'top' || face === 'bottom') {
    const [highest, lowest] = face === 'top' ? [Math.PI / 2, CORNER_PITCH] : [-CORNER_PITCH, -Math.PI / 2];
    return [0, faceSize / 2].map((rowStart) => {
      const rowEnd = rowStart + faceSize / 2;
      const axis = partAxis(face, faceSize, rowStart, rowEnd);
      return { rowStart, rowEnd, window: windowFor(axis - QUARTER_TURN, Math.PI, highest, lowest, sourceWidth, sourceHeight) };
    });
  }
  const parts: FacePart[] = [];
  for (let band = 0; band < SIDE_BANDS; band += 1) {
    const rowStart = (band * faceSize) / SIDE_BANDS;
    const rowEnd = ((band + 1) * faceSize) / SIDE_BANDS;
    // pitch = atan(-v / sqrt(1 + u²)): the band's top edge is highest in the middle column when above the
    // horizon, at the face's sides when below it; likewise for the lowest.
    const top = (2 * rowStart) / faceSize - 1;
    const bottom = (2 * rowEnd) / faceSize - 1;
    const highest = Math.atan(top < 0 ? -top : -top * Math.SQRT1_2);
    const lowest = Math.atan(bottom > 0 ? -bottom : -bottom * Math.SQRT1_2);
    const axis = partAxis(face, faceSize, rowStart, rowEnd);
    parts.push({ rowStart, rowEnd, window: windowFor(axis - QUARTER_TURN / 2, QUARTER_TURN, highest, lowest, sourceWidth, sourceHeight) });
  }
  return parts;
}

/** Yaw of a part's middle column: the face's yaw for a side face, the yaw of the half's middle on a pole face. */
function partAxis(face: CubeFace, faceSize: number, rowStart: number, rowEnd: number): number {
  return yawPitchOf(faceDirection(face, 0, (rowStart + rowEnd) / faceSize - 1)).yaw;
}

/** Source rows and columns that bilinear sampling reads for yaws [yawStart, yawStart + yawSpan] and pitches between the two given. */
function windowFor(
  yawStart: number,
  yawSpan: number,
  highestPitch: number,
  lowestPitch: number,
  sourceWidth: number,
  sourceHeight: number,
): SourceWindow {
  const first = equirectangularPosition(yawStart, highestPitch, sourceWidth, sourceHeight);
  const last = equirectangularPosition(yawStart + yawSpan, lowestPitch, sourceWidth, sourceHeight);
  // At a pole the position is half a pixel beyond the first or last row: the window takes in the row
  // beyond the pole. Elsewhere floor(position) + 1 is the farthest pixel bilinear sampling touches.
  const left = Math.floor(first.x);
  const top = Math.max(-1, Math.floor(first.y));
  const bottom = Math.min(sourceHeight, Math.floor(last.y) + 1);
  return { left, top, width: Math.floor(last.x) + 2 - left, height: bottom - top + 1 };
}

const ATAN_STEPS = 4096;
/** atan at 0, 1/4096 … 1 (and one beyond, so that interpolation at 1 stays inside); the WebAssembly projector copies it. */
export const atanTable = new Float64Array(ATAN_STEPS + 2);
for (let index = 0; index < atanTable.length; index += 1) atanTable[index] = Math.atan(index / ATAN_STEPS);

/**
 * atan for 0 ≤ t ≤ 1 from the table, linearly interpolated: within 5e-9 rad of Math.atan (a ten-
 * thousandth of a pixel on a 16384-wide source), and several times faster in the inner loops.
 */
function atanOfUnit(t: number): number {
  const position = t * ATAN_STEPS;
  const index = position | 0;
  const low = atanTable[index]!;
  return low + (atanTable[index + 1]! - low) * (position - index);
}

/** Math.atan2 within 5e-9 rad, from the table. */
export function fastAtan2(y: number, x: number): number {
  const absoluteX = x < 0 ? -x : x;
  const absoluteY = y < 0 ? -y : y;
  let angle: number;
  if (absoluteY <= absoluteX) angle = absoluteX === 0 ? 0 : atanOfUnit(absoluteY / absoluteX);
  else angle = QUARTER_TURN - atanOfUnit(absoluteX / absoluteY);
  if (x < 0) angle = Math.PI - angle;
  return y < 0 ? -angle : angle;
}

/** atan for t ≥ 0, from the table. */
function fastAtanOfPositive(t: number): number {
  return t <= 1 ? atanOfUnit(t) : QUARTER_TURN - atanOfUnit(1 / t);
}

/**
 * Fills one part of a face (RGB, `faceSize` wide, row-major) by bilinear sampling of the part's source
 * window (`windowPixels`, at least `windowBufferBytes(part.window)` long). The positions are those of
 * `equirectangularPosition`, made relative to the window. A part is symmetric about its middle column
 * (the yaw turns the other way by as much, the pitch is the same), so the positions are computed for
 * the left half and mirrored. The rows themselves are the projector's work.
 */
export function projectFacePart(
  face: CubeFace,
  faceSize: number,
  part: FacePart,
  windowPixels: Uint8Array,
  sourceWidth: number,
  sourceHeight: number,
  out: Uint8Array,
  projector: RowProjector = javascriptProjector(faceSize),
): void {
  const { window } = part;
  const xPerRadian = sourceWidth / (2 * Math.PI);
  const yPerRadian = sourceHeight / Math.PI;
  const stride = window.width * 3;
  const axis = partAxis(face, faceSize, part.rowStart, part.rowEnd);
  const xAxis = equirectangularPosition(axis, 0, sourceWidth, sourceHeight).x - window.left;
  if (face === 'top' || face === 'bottom') {
    const up = face === 'top';
    const pole: PoleRows = {
      axis,
      xAxis,
      xPerRadian,
      yOrigin: up ? -0.5 - window.top : sourceHeight - 0.5 - window.top,
      ySign: up ? 1 : -1,
      yPerRadian,
    };
    for (let row = part.rowStart; row < part.rowEnd; row += 1) {
      const v = faceCoordinate(row, faceSize);
      projector.poleRow(windowPixels, stride, faceSize, pole, up ? -v : v, v, out, row * faceSize * 3);
    }
    return;
  }
  // A side face: the yaw depends on the column only, the pitch is atan(-v / sqrt(1 + u²)).
  const yOrigin = sourceHeight / 2 - 0.5 - window.top;
  const { xs, slopes } = projector;
  for (let column = 0; column < faceSize / 2; column += 1) {
    const u = faceCoordinate(column, faceSize);
    const offset = Math.atan(u) * xPerRadian;
    xs[column] = xAxis + offset;
    xs[faceSize - 1 - column] = xAxis - offset;
    slopes[column] = 1 / Math.sqrt(1 + u * u);
  }
  projector.columnsChanged(faceSize);
  for (let row = part.rowStart; row < part.rowEnd; row += 1) {
    const v = faceCoordinate(row, faceSize);
    projector.sideRow(windowPixels, stride, faceSize, v < 0 ? -v : v, yOrigin, v < 0 ? -yPerRadian : yPerRadian, out, row * faceSize * 3);
  }
}

/** What a pole part's rows share: the yaw of its middle column, and where angles land in the window. */
export interface PoleRows {
  axis: number;
  /** x of the axis in the window. */
  xAxis: number;
  xPerRadian: number;
  /** y of the pole in the window, and the direction away from it. */
  yOrigin: number;
  ySign: 1 | -1;
  yPerRadian: number;
}

/**
 * Bytes a part's window buffer must hold: its pixels, then one more row and two pixels that sampling may
 * read, with weight 0, where a position rounds up to the next pixel on the window's last row or column.
 */
export function windowBufferBytes(window: SourceWindow): number {
  return (window.height + 1) * window.width * 3 + 6;
}

/**
 * Rows of a face: positions, then bilinear sampling of the window, `count` RGB pixels written from
 * `outOffset`. This module's JavaScript, or the SIMD WebAssembly of wasm-projector.ts, same result to
 * the bit.
 */
export interface RowProjector {
  /** A side part's x positions in its window, one per column; fill with `slopes`, then call `columnsChanged`. */
  readonly xs: Float64Array;
  /** A side face's 1 / sqrt(1 + u²) for each column of its left half. */
  readonly slopes: Float64Array;
  columnsChanged(count: number): void;
  /** A side row whose pitch is atan(below × slope), measured from `yOrigin` by `yStep` per radian. */
  sideRow(
    window: Uint8Array,
    stride: number,
    count: number,
    below: number,
    yOrigin: number,
    yStep: number,
    out: Uint8Array,
    outOffset: number,
  ): void;
  /** A pole row: `forward` is its direction along yaw 0, `v` its face coordinate. */
  poleRow(
    window: Uint8Array,
    stride: number,
    count: number,
    pole: PoleRows,
    forward: number,
    v: number,
    out: Uint8Array,
    outOffset: number,
  ): void;
}

export function javascriptProjector(faceSize: number): RowProjector {
  const xs = new Float64Array(faceSize);
  const ys = new Float64Array(faceSize);
  const slopes = new Float64Array(faceSize / 2);
  return {
    xs,
    slopes,
    columnsChanged: () => {},
    sideRow: (window, stride, count, below, yOrigin, yStep, out, outOffset) => {
      for (let column = 0; column < count / 2; column += 1) {
        ys[column] = ys[count - 1 - column] = yOrigin + yStep * atanOfUnit(below * slopes[column]!);
      }
      sampleRow(window, stride, xs, ys, count, out, outOffset);
    },
    poleRow: (window, stride, count, { axis, xAxis, xPerRadian, yOrigin, ySign, yPerRadian }, forward, v, out, outOffset) => {
      // Yaw from atan2, measured from the axis; the angle from the pole from the distance to the face's centre.
      for (let column = 0; column < count / 2; column += 1) {
        const u = faceCoordinate(column, count);
        let turn = fastAtan2(-u, forward) - axis;
        if (turn > Math.PI) turn -= 2 * Math.PI;
        else if (turn <= -Math.PI) turn += 2 * Math.PI;
        const offset = turn * xPerRadian;
        xs[column] = xAxis + offset;
        xs[count - 1 - column] = xAxis - offset;
        ys[column] = ys[count - 1 - column] = yOrigin + ySign * fastAtanOfPositive(Math.sqrt(u * u + v * v)) * yPerRadian;
      }
      sampleRow(window, stride, xs, ys, count, out, outOffset);
    },
  };
}

/**
 * The inner loop: bilinear interpolation at window positions (xs, ys), 8-bit fixed-point weights,
 * written as RGB from `outOffset`. The window holds every pixel the positions touch (see `faceParts`),
 * and `pixels` the margin of `windowBufferBytes`. A position is turned into fixed point once, with
 * 8 bits of fraction rounded (the pixel is its integer part, the weight its fraction): converting a
 * double to an integer and back per pixel cost more than the sampling itself.
 */
function sampleRow(
  pixels: Uint8Array,
  stride: number,
  xs: Float64Array,
  ys: Float64Array,
  count: number,
  out: Uint8Array,
  outOffset: number,
): void {
  let offset = outOffset;
  for (let index = 0; index < count; index += 1) {
    const x = (xs[index]! * 256 + 0.5) | 0;
    const y = (ys[index]! * 256 + 0.5) | 0;
    const right = x & 255;
    const down = y & 255;
    const left = 256 - right;
    const up = 256 - down;
    const a = (y >> 8) * stride + (x >> 8) * 3;
    const b = a + stride;
    out[offset] = ((pixels[a]! * left + pixels[a + 3]! * right) * up + (pixels[b]! * left + pixels[b + 3]! * right) * down + 32768) >> 16;
    out[offset + 1] =
      ((pixels[a + 1]! * left + pixels[a + 4]! * right) * up + (pixels[b + 1]! * left + pixels[b + 4]! * right) * down + 32768) >> 16;
    out[offset + 2] =
      ((pixels[a + 2]! * left + pixels[a + 5]! * right) * up + (pixels[b + 2]! * left + pixels[b + 5]! * right) * down + 32768) >> 16;
    offset += 3;
  }
}

/**
 * Half the size in each direction, each pixel the mean of four: the next level down of a tile pyramid.
 * Written into `out` when given (its length must be (size / 2)² × 3).
 */
export function halveFace(pixels: Uint8Array, size: number, out = new Uint8Array((size / 2) ** 2 * 3)): Uint8Array<ArrayBuffer> {
  const half = size / 2;
  const stride = size * 3;
  let offset = 0;
  for (let row = 0; row < half; row += 1) {
    let a = row * 2 * stride;
    for (let column = 0; column < half; column += 1) {
      const b = a + stride;
      out[offset] = (pixels[a]! + pixels[a + 3]! + pixels[b]! + pixels[b + 3]! + 2) >> 2;
      out[offset + 1] = (pixels[a + 1]! + pixels[a + 4]! + pixels[b + 1]! + pixels[b + 4]! + 2) >> 2;
      out[offset + 2] = (pixels[a + 2]! + pixels[a + 5]! + pixels[b + 2]! + pixels[b + 5]! + 2) >> 2;
      offset += 3;
      a += 6;
    }
  }
  return out;
}
