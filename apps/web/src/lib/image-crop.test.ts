import { describe, expect, it } from 'vitest';
import { clampCrop, initialCrop, panCrop, pickOutputType, sourceSquare, zoomCrop } from './image-crop';

const wide = { width: 1000, height: 500 };
const VIEW = 250;

describe('square crop', () => {
  it('starts centred with the short side filling the viewport', () => {
    const state = initialCrop(wide, VIEW);
    expect(state).toEqual({ zoom: 1, x: -125, y: 0 });
    expect(sourceSquare(state, wide, VIEW)).toEqual({ sx: 250, sy: 0, size: 500 });
  });

  it('never lets the image leave a gap', () => {
    const state = panCrop(initialCrop(wide, VIEW), 500, 500, wide, VIEW);
    expect(state).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(panCrop(state, -5000, -5000, wide, VIEW)).toEqual({ zoom: 1, x: -250, y: 0 });
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, wide, VIEW).zoom).toBe(1);
    expect(clampCrop({ zoom: 99, x: 0, y: 0 }, wide, VIEW).zoom).toBe(4);
  });

  it('zooms around the centre', () => {
    const state = zoomCrop(initialCrop(wide, VIEW), 2, wide, VIEW);
    expect(state.zoom).toBe(2);
    expect(sourceSquare(state, wide, VIEW)).toEqual({ sx: 375, sy: 125, size: 250 });
  });

  it('picks an accepted output type', () => {
    expect(pickOutputType('image/png', ['image/png', 'image/jpeg'])).toBe('image/png');
    expect(pickOutputType('image/gif', ['image/png', 'image/jpeg', 'image/webp'])).toBe('image/jpeg');
    expect(pickOutputType('image/gif', ['image/webp'])).toBe('image/webp');
    expect(pickOutputType('image/heic', [])).toBe('image/jpeg');
  });
});
