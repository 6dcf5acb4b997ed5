/** Colour modes and the gradients the point shader uses; the same stops are written into GLSL. */
export const COLOR_MODES = ['rgb', 'elevation', 'intensity'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export type Rgb = [number, number, number];

/** Elevation: blue (low) → cyan → green → yellow → red (high), a "turbo"-like ramp, readable in print. */
export const ELEVATION_STOPS: readonly Rgb[] = [
  [0.19, 0.07, 0.61],
  [0.1, 0.58, 0.93],
  [0.2, 0.8, 0.35],
  [0.98, 0.84, 0.15],
  [0.82, 0.12, 0.1],
];

/** Intensity: dark grey → white. */
export const INTENSITY_STOPS: readonly Rgb[] = [
  [0.08, 0.08, 0.08],
  [1, 1, 1],
];

/** Where `value` lies between `low` and `high`, clamped to 0…1 (0.5 when the range is empty). */
export function rampPosition(value: number, low: number, high: number): number {
  if (!(high > low)) return 0.5;
  return Math.min(1, Math.max(0, (value - low) / (high - low)));
}

/** Linear interpolation between evenly spaced stops. */
export function sampleRamp(stops: readonly Rgb[], t: number): Rgb {
  if (stops.length === 1) return [...stops[0]!];
  const scaled = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const index = Math.min(Math.floor(scaled), stops.length - 2);
  const fraction = scaled - index;
  const a = stops[index]!;
  const b = stops[index + 1]!;
  return [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction, a[2] + (b[2] - a[2]) * fraction];
}

/** The colour modes a cloud offers, RGB first when it has colours. */
export function availableColorModes(attributes: { rgb: boolean; intensity: boolean }): ColorMode[] {
  const modes: ColorMode[] = [];
  if (attributes.rgb) modes.push('rgb');
  modes.push('elevation');
  if (attributes.intensity) modes.push('intensity');
  return modes;
}

/** GLSL for a ramp: `vec3 name(float t)`, the same interpolation as `sampleRamp`. */
export function rampGlsl(name: string, stops: readonly Rgb[]): string {
  const count = stops.length;
  const literal = (rgb: Rgb) => `vec3(${rgb.map((value) => value.toFixed(4)).join(', ')})`;
  const lines = [`vec3 ${name}(float t) {`, `  float s = clamp(t, 0.0, 1.0) * ${(count - 1).toFixed(1)};`];
  for (let index = 0; index < count - 1; index++) {
    const condition = index < count - 2 ? `if (s <= ${(index + 1).toFixed(1)}) ` : '';
    lines.push(`  ${condition}return mix(${literal(stops[index]!)}, ${literal(stops[index + 1]!)}, s - ${index.toFixed(1)});`);
  }
  lines.push('}');
  return lines.join('\n');
}
