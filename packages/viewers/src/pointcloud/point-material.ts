import * as THREE from 'three';
import { ELEVATION_STOPS, INTENSITY_STOPS, rampGlsl, type ColorMode } from './color-ramp';

/** Uniforms every level shares: changing the colour mode or the viewport changes them once. */
export interface SharedPointUniforms {
  uColorMode: { value: number };
  uElevationRange: { value: THREE.Vector2 };
  uIntensityRange: { value: THREE.Vector2 };
  /** Drawing-buffer pixels per unit at distance 1. */
  uPixelsPerRadian: { value: number };
  uSizeFactor: { value: number };
}

export const COLOR_MODE_INDEX: Record<ColorMode, number> = { rgb: 0, elevation: 1, intensity: 2 };

const vertexShader = /* glsl */ `
uniform float uSpacing;
uniform float uPixelsPerRadian;
uniform float uSizeFactor;
uniform int uColorMode;
uniform vec2 uElevationRange;
uniform vec2 uIntensityRange;
attribute vec4 rgba;
attribute float intensity;
varying vec3 vColor;

${rampGlsl('elevationRamp', ELEVATION_STOPS)}
${rampGlsl('intensityRamp', INTENSITY_STOPS)}

void main() {
  vec4 viewPosition = modelViewMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * viewPosition;
  // A point covers its node's spacing on screen, so a level's points close up without gaps.
  float size = uSizeFactor * uSpacing * uPixelsPerRadian / max(-viewPosition.z, 1e-6);
  gl_PointSize = clamp(size, 1.5, 24.0);
  if (uColorMode == 0) {
    vColor = rgba.rgb;
  } else if (uColorMode == 1) {
    vColor = elevationRamp((position.z - uElevationRange.x) / max(uElevationRange.y - uElevationRange.x, 1e-6));
  } else {
    vColor = intensityRamp((intensity - uIntensityRange.x) / max(uIntensityRange.y - uIntensityRange.x, 1e-6));
  }
}
`;

const fragmentShader = /* glsl */ `
varying vec3 vColor;
void main() {
  vec2 centre = gl_PointCoord - 0.5;
  if (dot(centre, centre) > 0.25) discard;
  gl_FragColor = vec4(vColor, 1.0);
}
`;

/**
 * One material per octree level (the point size follows the level's spacing); they share every other
 * uniform object, so they also share one compiled program.
 */
export class PointMaterials {
  private readonly byLevel = new Map<number, THREE.ShaderMaterial>();

  constructor(
    readonly shared: SharedPointUniforms,
    private readonly rootSpacing: number,
  ) {}

  forLevel(level: number): THREE.ShaderMaterial {
    let material = this.byLevel.get(level);
    if (!material) {
      material = new THREE.ShaderMaterial({
        uniforms: { ...this.shared, uSpacing: { value: this.rootSpacing / 2 ** level } },
        vertexShader,
        fragmentShader,
      });
      this.byLevel.set(level, material);
    }
    return material;
  }

  dispose(): void {
    for (const material of this.byLevel.values()) material.dispose();
    this.byLevel.clear();
  }
}
