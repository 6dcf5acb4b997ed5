import type { ViewDirection } from '@spatia/contract';
import { MAX_VERTICAL_FOV, MIN_VERTICAL_FOV } from './levels';

/** Photo Sphere Viewer's position: radians, yaw 0 the middle of the source image, positive right; pitch positive up. */
export interface Position {
  yaw: number;
  pitch: number;
}

const DEG = Math.PI / 180;

export function toPosition(direction: ViewDirection): Position {
  return { yaw: direction.yaw * DEG, pitch: direction.pitch * DEG };
}

/** Degrees, yaw in (-180, 180], rounded to 0.01° (what the tour stores). */
export function toDirection(position: Position): ViewDirection {
  let yaw = (position.yaw / DEG) % 360;
  if (yaw > 180) yaw -= 360;
  if (yaw <= -180) yaw += 360;
  return { yaw: round(yaw), pitch: round(position.pitch / DEG) };
}

function round(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function verticalFov(horizontalFov: number, aspect: number): number {
  return (2 * Math.atan(Math.tan((horizontalFov * DEG) / 2) / aspect)) / DEG;
}

export function horizontalFov(verticalFovDegrees: number, aspect: number): number {
  return (2 * Math.atan(Math.tan((verticalFovDegrees * DEG) / 2) * aspect)) / DEG;
}

/**
 * The viewer's zoom level (0 widest, 100 tightest) that shows `fov` degrees across a viewer of
 * this aspect (width / height). The tour stores horizontal fields of view; the viewer zooms on the
 * vertical one, between MIN_VERTICAL_FOV and MAX_VERTICAL_FOV.
 */
export function zoomForHorizontalFov(fov: number, aspect: number): number {
  const safeAspect = aspect > 0 && Number.isFinite(aspect) ? aspect : 16 / 9;
  const vFov = verticalFov(fov, safeAspect);
  const zoom = ((MAX_VERTICAL_FOV - vFov) / (MAX_VERTICAL_FOV - MIN_VERTICAL_FOV)) * 100;
  return Math.min(100, Math.max(0, Math.round(zoom)));
}
