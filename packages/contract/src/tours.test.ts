import { describe, expect, it } from 'vitest';
import { firstViewFace } from './tours.js';

describe('firstViewFace', () => {
  it('names the face whose centre is nearest the opening view', () => {
    expect(firstViewFace({ yaw: 0, pitch: 0 })).toBe('front');
    expect(firstViewFace({ yaw: 44, pitch: 30 })).toBe('front');
    expect(firstViewFace({ yaw: 90, pitch: 0 })).toBe('right');
    expect(firstViewFace({ yaw: 180, pitch: 0 })).toBe('back');
    expect(firstViewFace({ yaw: -180, pitch: 0 })).toBe('back');
    expect(firstViewFace({ yaw: -90, pitch: 0 })).toBe('left');
    expect(firstViewFace({ yaw: 270, pitch: 0 })).toBe('left');
    expect(firstViewFace({ yaw: 0, pitch: 60 })).toBe('top');
    expect(firstViewFace({ yaw: 120, pitch: -80 })).toBe('bottom');
  });
});
