import { Matrix4, PerspectiveCamera } from 'three';
import { describe, expect, it } from 'vitest';
import { pickNearestPoint } from './picking';

/** A camera at z = 10 looking down -z at the origin, 100 × 100 pixels, 90° field of view. */
function setUp() {
  const camera = new PerspectiveCamera(90, 1, 0.1, 100);
  camera.position.set(0, 0, 10);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const matrix = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  return { matrix: matrix.elements, options: { width: 100, height: 100, radiusPx: 4 } };
}

describe('pickNearestPoint', () => {
  it('picks the point nearest the pointer in screen space, within the radius', () => {
    const { matrix, options } = setUp();
    // At distance 10 with a 90° fov, one unit is 5 pixels: (1, 0, 0) lands at pixel (55, 50).
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 2, 0]);
    const hit = pickNearestPoint([{ positions, matrix }], { ...options, x: 54, y: 50 });
    expect(hit?.pointIndex).toBe(1);
    expect(hit?.screenDistance).toBeCloseTo(1, 5);
    expect(pickNearestPoint([{ positions, matrix }], { ...options, x: 80, y: 80 })).toBeNull();
  });

  it('prefers the front surface over a closer-on-screen point behind it', () => {
    const { matrix, options } = setUp();
    const front = new Float32Array([0.2, 0, 5]); // depth 5, 2 px off the pointer
    const back = new Float32Array([0, 0, -20]); // depth 30, right under it
    const hit = pickNearestPoint(
      [
        { positions: back, matrix },
        { positions: front, matrix },
      ],
      { ...options, x: 50, y: 50 },
    );
    expect(hit?.cloudIndex).toBe(1);
    expect(hit?.position[2]).toBeCloseTo(5);
  });

  it('ignores points behind the camera and honours count', () => {
    const { matrix, options } = setUp();
    const positions = new Float32Array([0, 0, 20, 0, 0, 0]);
    expect(pickNearestPoint([{ positions, matrix, count: 1 }], { ...options, x: 50, y: 50 })).toBeNull();
    expect(pickNearestPoint([{ positions, matrix }], { ...options, x: 50, y: 50 })?.pointIndex).toBe(1);
  });
});
