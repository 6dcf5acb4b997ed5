// AssemblyScript source of project-rows-wasm.ts (regenerate with `node build-project-rows-wasm.mjs` in
// this folder): one row of a cube face at a time, the positions and the bilinear sampling of
// cube-projection.ts's `javascriptProjector`, same result to the bit (the same f64 operations in the
// same order, then the same 8-bit fixed point). Not .ts so that tsc leaves it alone; the script
// compiles a copy.
//
// Memory is the importer's (wasm-projector.ts lays it out): `table` holds the 4098 f64 values of
// cube-projection.ts's atan table; `window` the RGB window (with the margin of `windowBufferBytes`);
// `columns` a side part's columns as i32 pairs (byte offset of the left pixel, weight of the right
// one); `ys` room for `count` i32; `out` room for count × 3 bytes and one more (each pixel is stored as
// 4 bytes, the 4th overwritten by the next).

const ATAN_STEPS: f64 = 4096.0;
const QUARTER_TURN: f64 = Math.PI / 2;

@inline function atanOfUnit(table: usize, t: f64): f64 {
  const position = t * ATAN_STEPS;
  const index = <i32>position;
  const low = load<f64>(table + (<usize>index << 3));
  return low + (load<f64>(table + (<usize>(index + 1) << 3)) - low) * (position - <f64>index);
}

@inline function atanOfPositive(table: usize, t: f64): f64 {
  return t <= 1.0 ? atanOfUnit(table, t) : QUARTER_TURN - atanOfUnit(table, 1.0 / t);
}

@inline function atan2(table: usize, y: f64, x: f64): f64 {
  const absoluteX = x < 0 ? -x : x;
  const absoluteY = y < 0 ? -y : y;
  let angle: f64;
  if (absoluteY <= absoluteX) angle = absoluteX == 0 ? 0 : atanOfUnit(table, absoluteY / absoluteX);
  else angle = QUARTER_TURN - atanOfUnit(table, absoluteX / absoluteY);
  if (x < 0) angle = Math.PI - angle;
  return y < 0 ? -angle : angle;
}

/** A position in 8-bit fixed point, rounded: the pixel is its integer part, the weight its fraction. */
@inline function fixed(position: f64): i32 {
  return <i32>(position * 256.0 + 0.5);
}

/** One pixel, bilinear: `a` is the top-left neighbour, `right` and `down` the weights of the others. */
@inline function samplePixel(a: usize, stride: i32, right: i32, down: i32, at: usize): void {
  // Each channel of the left and the right pixel (lanes 0-2 and 3-5) blended down the two rows: at most 255 × 256, in 16 bits.
  const column = i16x8.add(i16x8.mul(v128.load8x8_u(a), i16x8.splat(<i16>(256 - down))), i16x8.mul(v128.load8x8_u(a + <usize>stride), i16x8.splat(<i16>down)));
  const rightColumn = v128.shuffle<i16>(column, column, 3, 4, 5, 3, 4, 5, 6, 7);
  const sum = i32x4.add(
    i32x4.add(i32x4.extmul_low_i16x8_u(column, i16x8.splat(<i16>(256 - right))), i32x4.extmul_low_i16x8_u(rightColumn, i16x8.splat(<i16>right))),
    i32x4.splat(32768),
  );
  const zero = i32x4.splat(0);
  const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(i32x4.shr_u(sum, 16), zero), zero);
  store<i32>(at, i32x4.extract_lane(bytes, 0));
}

/** Writes a side part's columns: x positions (f64, relative to the window) into offsets and weights. */
export function setColumns(xs: usize, count: i32, columns: usize): void {
  for (let i = 0; i < count; i++) {
    const x = fixed(load<f64>(xs + (<usize>i << 3)));
    store<i32>(columns + (<usize>i << 3), (x >> 8) * 3);
    store<i32>(columns + (<usize>i << 3), x & 255, 4);
  }
}

/**
 * A row of a side face: the pitch of each column is atan(below × slope), `below` the row's distance
 * from the horizon, the rows measured from `yOrigin` by `yStep` per radian; symmetric about the middle.
 */
export function sideRow(window: usize, stride: i32, table: usize, columns: usize, slopes: usize, ys: usize, count: i32, below: f64, yOrigin: f64, yStep: f64, out: usize): void {
  const half = count >> 1;
  for (let i = 0; i < half; i++) {
    const y = fixed(yOrigin + yStep * atanOfUnit(table, below * load<f64>(slopes + (<usize>i << 3))));
    store<i32>(ys + (<usize>i << 2), y);
    store<i32>(ys + (<usize>(count - 1 - i) << 2), y);
  }
  for (let i = 0; i < count; i++) {
    const y = load<i32>(ys + (<usize>i << 2));
    const a = window + <usize>((y >> 8) * stride + load<i32>(columns + (<usize>i << 3)));
    samplePixel(a, stride, load<i32>(columns + (<usize>i << 3), 4), y & 255, out + <usize>(i * 3));
  }
}

/**
 * A row of a pole face: the yaw from atan2 measured from the part's `axis`, the angle from the pole
 * from the distance to the face's centre; symmetric about the middle column, where the yaw turns the
 * other way by as much. `forward` is the row's direction along yaw 0, `v` its face coordinate.
 */
export function poleRow(
  window: usize,
  stride: i32,
  table: usize,
  xs: usize,
  ys: usize,
  count: i32,
  forward: f64,
  v: f64,
  axis: f64,
  xAxis: f64,
  xPerRadian: f64,
  yOrigin: f64,
  ySign: f64,
  yPerRadian: f64,
  out: usize,
): void {
  const half = count >> 1;
  for (let i = 0; i < half; i++) {
    const u = (2 * (<f64>i + 0.5)) / <f64>count - 1;
    let turn = atan2(table, -u, forward) - axis;
    if (turn > Math.PI) turn -= 2 * Math.PI;
    else if (turn <= -Math.PI) turn += 2 * Math.PI;
    const offset = turn * xPerRadian;
    store<i32>(xs + (<usize>i << 2), fixed(xAxis + offset));
    store<i32>(xs + (<usize>(count - 1 - i) << 2), fixed(xAxis - offset));
    const y = fixed(yOrigin + ySign * atanOfPositive(table, Math.sqrt(u * u + v * v)) * yPerRadian);
    store<i32>(ys + (<usize>i << 2), y);
    store<i32>(ys + (<usize>(count - 1 - i) << 2), y);
  }
  for (let i = 0; i < count; i++) {
    const x = load<i32>(xs + (<usize>i << 2));
    const y = load<i32>(ys + (<usize>i << 2));
    samplePixel(window + <usize>((y >> 8) * stride + (x >> 8) * 3), stride, x & 255, y & 255, out + <usize>(i * 3));
  }
}
