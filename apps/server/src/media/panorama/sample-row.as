// AssemblyScript source of sample-row-wasm.ts (regenerate with `node build-sample-row-wasm.mjs` in this
// folder): the bilinear inner loop of cube-projection.ts's `sampleRow` with 128-bit SIMD, same result
// to the bit. Not .ts so that tsc leaves it alone; the script compiles a copy.
//
// Memory is the importer's: `window` is the RGB window (with the margin of `windowBufferBytes`), `xs`
// and `ys` `count` f64 positions relative to it, `out` room for count × 3 bytes and one more (each
// pixel is stored as 4 bytes, the 4th overwritten by the next).
export function sampleRow(window: usize, stride: i32, xs: usize, ys: usize, count: i32, out: usize): void {
  const rounding = i32x4.splat(32768);
  const zero = i32x4.splat(0);
  for (let i = 0; i < count; i++) {
    // Fixed point with 8 bits of fraction: the pixel is the integer part, the weight the fraction.
    const x = <i32>(load<f64>(xs + (<usize>i << 3)) * 256.0 + 0.5);
    const y = <i32>(load<f64>(ys + (<usize>i << 3)) * 256.0 + 0.5);
    const right = x & 255;
    const down = y & 255;
    const a = window + <usize>((y >> 8) * stride + (x >> 8) * 3);
    const b = a + <usize>stride;
    const up = i16x8.splat(<i16>(256 - down));
    const below = i16x8.splat(<i16>down);
    // Each channel of the left and of the right pixel blended down the two rows: at most 255 × 256, in 16 bits.
    const leftColumn = i16x8.add(i16x8.mul(v128.load8x8_u(a), up), i16x8.mul(v128.load8x8_u(b), below));
    const rightColumn = i16x8.add(i16x8.mul(v128.load8x8_u(a + 3), up), i16x8.mul(v128.load8x8_u(b + 3), below));
    const sum = i32x4.add(
      i32x4.add(i32x4.extmul_low_i16x8_u(leftColumn, i16x8.splat(<i16>(256 - right))), i32x4.extmul_low_i16x8_u(rightColumn, i16x8.splat(<i16>right))),
      rounding,
    );
    const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(i32x4.shr_u(sum, 16), zero), zero);
    store<i32>(out + <usize>(i * 3), i32x4.extract_lane(bytes, 0));
  }
}
