import type { Box3, Vec3 } from '@spatia/contract';

export interface CameraFit {
  target: Vec3;
  position: Vec3;
  near: number;
  far: number;
  /** Orbit limits: never closer than inside the model, never so far it is a dot. */
  minDistance: number;
  maxDistance: number;
}

/** The direction the camera looks from: front, a little right and above (glTF is y-up, +z towards the viewer). */
const VIEW_DIRECTION: Vec3 = normalize([0.55, 0.45, 1]);

function normalize(vector: Vec3): Vec3 {
  const length = Math.hypot(...vector);
  return [vector[0] / length, vector[1] / length, vector[2] / length];
}

/**
 * A camera that shows the whole of `bounds`: the bounding sphere fits the narrower of the vertical and
 * horizontal fields of view, with a margin.
 */
export function fitCameraToBounds(bounds: Box3, verticalFovDegrees: number, aspect: number, margin = 1.15): CameraFit {
  const target: Vec3 = [(bounds.min[0] + bounds.max[0]) / 2, (bounds.min[1] + bounds.max[1]) / 2, (bounds.min[2] + bounds.max[2]) / 2];
  const radius = Math.max(
    Math.hypot(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]) / 2,
    1e-6,
  );
  const verticalHalf = (verticalFovDegrees * Math.PI) / 360;
  const horizontalHalf = Math.atan(Math.tan(verticalHalf) * aspect);
  const distance = (radius / Math.sin(Math.min(verticalHalf, horizontalHalf))) * margin;
  return {
    target,
    position: [
      target[0] + VIEW_DIRECTION[0] * distance,
      target[1] + VIEW_DIRECTION[1] * distance,
      target[2] + VIEW_DIRECTION[2] * distance,
    ],
    near: distance / 100,
    far: distance * 100,
    minDistance: radius * 0.2,
    maxDistance: distance * 6,
  };
}
