import { describe, expect, it } from 'vitest';
import { faceSizeNeededOnScreen, maxFaceSize, selectLevels, type DeviceProfile } from './levels';

const pyramid = [
  { faceSize: 512, nbTiles: 1 },
  { faceSize: 1024, nbTiles: 2 },
  { faceSize: 2048, nbTiles: 4 },
  { faceSize: 4096, nbTiles: 8 },
];

const desktop: DeviceProfile = { maxTextureSize: 16384, deviceMemoryGb: 8, screenWidth: 1920, screenHeight: 1080, handheld: false };
const phone: DeviceProfile = { maxTextureSize: 8192, deviceMemoryGb: undefined, screenWidth: 390, screenHeight: 844, handheld: true };

const sizes = (profile: DeviceProfile, levels = pyramid) => selectLevels(levels, profile).map((level) => level.faceSize);

describe('level selection', () => {
  it('gives a desktop with 8 GB the whole pyramid', () => {
    expect(sizes(desktop)).toEqual([512, 1024, 2048, 4096]);
  });

  it('stops a phone that does not tell its memory at 2048 (counted as 2 GB)', () => {
    expect(sizes(phone)).toEqual([512, 1024, 2048]);
  });

  it('follows navigator.deviceMemory: 1 GB stops at 1024, 4 GB at 2048', () => {
    expect(sizes({ ...desktop, deviceMemoryGb: 1 })).toEqual([512, 1024]);
    expect(sizes({ ...desktop, deviceMemoryGb: 4 })).toEqual([512, 1024, 2048]);
    expect(sizes({ ...desktop, deviceMemoryGb: 0.25 })).toEqual([512]);
  });

  it('keeps faces within half the GPU texture limit', () => {
    expect(sizes({ ...desktop, maxTextureSize: 4096 })).toEqual([512, 1024, 2048]);
    expect(sizes({ ...desktop, maxTextureSize: 2048 })).toEqual([512, 1024]);
  });

  it('drops levels the screen never needs, keeping the first that covers it', () => {
    const small: DeviceProfile = { ...desktop, screenWidth: 320, screenHeight: 200 };
    // 200 px tall at a 30° field of view needs faces of 600 px: 1024 covers it, 2048 never shows.
    expect(faceSizeNeededOnScreen(small)).toBeGreaterThan(512);
    expect(faceSizeNeededOnScreen(small)).toBeLessThanOrEqual(1024);
    expect(sizes(small)).toEqual([512, 1024]);
  });

  it('always keeps the smallest readable level, even past every cap', () => {
    expect(sizes({ ...desktop, deviceMemoryGb: 0.25, maxTextureSize: 512 }, [{ faceSize: 1024, nbTiles: 2 }])).toEqual([1024]);
  });

  it('drops levels the viewer cannot read and keeps manifest indexes for tile paths', () => {
    const levels = [
      { faceSize: 512, nbTiles: 1 },
      { faceSize: 1536, nbTiles: 3 },
      { faceSize: 2048, nbTiles: 4 },
      { faceSize: 16384, nbTiles: 32 },
    ];
    expect(selectLevels(levels, desktop)).toEqual([
      { faceSize: 512, nbTiles: 1, manifestIndex: 0 },
      { faceSize: 2048, nbTiles: 4, manifestIndex: 2 },
    ]);
    expect(selectLevels([{ faceSize: 512, nbTiles: 3 }], desktop)).toEqual([]);
  });

  it('sorts levels smallest first whatever the manifest order', () => {
    const reversed = [...pyramid].reverse();
    expect(selectLevels(reversed, desktop).map((level) => level.manifestIndex)).toEqual([3, 2, 1, 0]);
  });

  it('budgets a 2 GB device for faces of exactly 2048 and 8 GB for 4096', () => {
    expect(maxFaceSize({ ...desktop, deviceMemoryGb: 2 })).toBeCloseTo(2048);
    expect(maxFaceSize({ ...desktop, deviceMemoryGb: 8, maxTextureSize: 32768 })).toBeCloseTo(4096);
  });
});
