import type { PanoramaLevel } from '@spatia/contract';

/**
 * Which levels of a scene's tile pyramid this device loads. The rule (README "Levels"):
 *
 * 1. Levels Photo Sphere Viewer cannot read are dropped: `nbTiles` must be a power of two, at most 16.
 * 2. Memory: every tile stays on the GPU until the scene changes, so the worst case is the whole top
 *    level: 6 faces × faceSize² × 4 bytes × 4/3 (mipmaps). That must fit in 1/16 of the device's
 *    memory (`navigator.deviceMemory`, which Chrome caps at 8 GB: 2 GB → faces up to 2048,
 *    8 GB → 4096). Where the browser does not say (Safari, Firefox), handhelds count as 2 GB and
 *    other devices as 8 GB.
 * 3. GPU class: faces up to half of WebGL's MAX_TEXTURE_SIZE. A GPU that stops at 4096 is an old or
 *    low-end one; it gets faces up to 2048.
 * 4. Screen: Photo Sphere Viewer shows the smallest level whose faces cover the viewer at the current
 *    field of view. Levels above the one it would pick at the tightest zoom, full screen, in either
 *    orientation, are never shown here and are dropped.
 *
 * The smallest valid level is always kept.
 */

/** What the rule reads from the device; `readDeviceProfile()` measures it in a browser. */
export interface DeviceProfile {
  /** WebGL MAX_TEXTURE_SIZE. */
  maxTextureSize: number;
  /** `navigator.deviceMemory` in GB, or undefined where the browser does not tell. */
  deviceMemoryGb: number | undefined;
  /** The screen in CSS pixels (the largest the viewer can get, full screen). */
  screenWidth: number;
  screenHeight: number;
  /** A phone or tablet: touch as the primary pointer, screen up to 1024 CSS px on its short side. */
  handheld: boolean;
}

/** Photo Sphere Viewer's CubemapTilesAdapter cuts each face into 16×16 segments; a level may not have more tiles. */
export const MAX_TILES_PER_SIDE = 16;
/** The tightest vertical field of view the viewer allows (its `minFov`), degrees. */
export const MIN_VERTICAL_FOV = 30;
/** The widest (its `maxFov`), degrees. */
export const MAX_VERTICAL_FOV = 90;

const MIB = 1024 * 1024;
/** Texture memory a whole sphere may take, per GB of device memory. */
const BUDGET_PER_GB = 64 * MIB;
/** RGBA, plus a third for mipmaps. */
const BYTES_PER_TEXEL = 4 * (4 / 3);

/** A kept level with its index in the manifest (tile paths use that index). */
export interface SelectedLevel extends PanoramaLevel {
  manifestIndex: number;
}

export function isReadableLevel(level: PanoramaLevel): boolean {
  const { nbTiles, faceSize } = level;
  return (
    Number.isInteger(nbTiles) &&
    nbTiles >= 1 &&
    nbTiles <= MAX_TILES_PER_SIDE &&
    (nbTiles & (nbTiles - 1)) === 0 &&
    Number.isFinite(faceSize) &&
    faceSize > 0
  );
}

export function textureBudgetBytes(profile: DeviceProfile): number {
  const memoryGb = profile.deviceMemoryGb ?? (profile.handheld ? 2 : 8);
  return memoryGb * BUDGET_PER_GB;
}

/** The largest face the memory and GPU rules allow. */
export function maxFaceSize(profile: DeviceProfile): number {
  const byMemory = Math.sqrt(textureBudgetBytes(profile) / (6 * BYTES_PER_TEXEL));
  const byGpu = profile.maxTextureSize / 2;
  return Math.min(byMemory, byGpu);
}

/**
 * The face size at which Photo Sphere Viewer stops looking for a larger level on this screen: its
 * test is faceSize·4/360·hFov ≥ width and faceSize·2/180·vFov ≥ height (CSS pixels, degrees),
 * here at the tightest zoom, in both orientations.
 */
export function faceSizeNeededOnScreen(profile: DeviceProfile, minVerticalFov = MIN_VERTICAL_FOV): number {
  const needFor = (width: number, height: number) => {
    const vFov = minVerticalFov;
    const hFov = (2 * Math.atan(Math.tan((vFov * Math.PI) / 360) * (width / height)) * 180) / Math.PI;
    return Math.max((width * 90) / hFov, (height * 90) / vFov);
  };
  const { screenWidth: width, screenHeight: height } = profile;
  if (!(width > 0 && height > 0)) return Infinity;
  return Math.max(needFor(width, height), needFor(height, width));
}

/** The levels to give Photo Sphere Viewer, smallest first (see the rule above). */
export function selectLevels(levels: readonly PanoramaLevel[], profile: DeviceProfile): SelectedLevel[] {
  const readable = levels
    .map((level, manifestIndex) => ({ faceSize: level.faceSize, nbTiles: level.nbTiles, manifestIndex }))
    .filter(isReadableLevel)
    .sort((a, b) => a.faceSize - b.faceSize);
  if (readable.length === 0) return [];

  const cap = maxFaceSize(profile);
  const needed = faceSizeNeededOnScreen(profile);
  const kept: SelectedLevel[] = [readable[0]!];
  for (const level of readable.slice(1)) {
    if (level.faceSize > cap) break;
    // The previous level already covers the screen at the tightest zoom: this one would never show.
    if (kept[kept.length - 1]!.faceSize >= needed) break;
    kept.push(level);
  }
  return kept;
}

/** Measures the device in a browser. */
export function readDeviceProfile(): DeviceProfile {
  const navigatorWithMemory = navigator as Navigator & { deviceMemory?: number };
  // The primary pointer: a touch laptop has a fine one (its trackpad), a phone or tablet a coarse one.
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const screenWidth = window.screen?.width || window.innerWidth;
  const screenHeight = window.screen?.height || window.innerHeight;
  return {
    maxTextureSize: readMaxTextureSize(),
    deviceMemoryGb: typeof navigatorWithMemory.deviceMemory === 'number' ? navigatorWithMemory.deviceMemory : undefined,
    screenWidth,
    screenHeight,
    handheld: coarse && Math.min(screenWidth, screenHeight) <= 1024,
  };
}

let measuredMaxTextureSize: number | undefined;

function readMaxTextureSize(): number {
  if (measuredMaxTextureSize !== undefined) return measuredMaxTextureSize;
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  // Without WebGL the viewer shows its own error; 4096 keeps the rule defined.
  measuredMaxTextureSize = gl ? (gl.getParameter(gl.MAX_TEXTURE_SIZE) as number) : 4096;
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return measuredMaxTextureSize;
}
