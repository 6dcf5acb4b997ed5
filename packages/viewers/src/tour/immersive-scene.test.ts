import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { directionVector, immersiveLevel, worldTurnFor } from './immersive-scene';

describe('headset scene geometry', () => {
  it("uses Photo Sphere Viewer's directions: yaw 0 along +z, positive yaw to the right (-x)", () => {
    const front = directionVector(0, 0);
    expect([front.x, front.y, front.z].map((value) => Math.round(value) + 0)).toEqual([0, 0, 1]);
    const right = directionVector(Math.PI / 2, 0);
    expect([right.x, right.y, right.z].map((value) => Math.round(value) + 0)).toEqual([-1, 0, 0]);
    expect(Math.round(directionVector(0, Math.PI / 2).y)).toBe(1);
  });

  it('turns the world so that a yaw lies in front of the camera', () => {
    for (const yaw of [0, 1, -2.5, Math.PI]) {
      for (const forward of [
        { x: 0, z: -1 },
        { x: 1, z: 0 },
        { x: -0.6, z: 0.8 },
      ]) {
        const turn = worldTurnFor(yaw, forward);
        const direction = directionVector(yaw, 0).applyAxisAngle(new Vector3(0, 1, 0), turn);
        expect(direction.x).toBeCloseTo(forward.x);
        expect(direction.z).toBeCloseTo(forward.z);
      }
    }
  });

  it('draws the largest kept level up to 2048 for a headset', () => {
    const levels = [512, 1024, 2048, 4096].map((faceSize, manifestIndex) => ({ faceSize, nbTiles: faceSize / 512, manifestIndex }));
    expect(immersiveLevel(levels)?.faceSize).toBe(2048);
    expect(immersiveLevel(levels.slice(0, 2))?.faceSize).toBe(1024);
    expect(immersiveLevel([])).toBeNull();
  });
});
