import { describe, expect, it } from 'vitest';
import { panoramaShapeProblem, pictureFileProblem, workNameOf } from './panorama-file';

const MB = 1024 * 1024;

describe('a phone picture as a panorama', () => {
  it('takes JPEG, PNG and WebP by type or ending', () => {
    expect(pictureFileProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' }, MB)).toBeNull();
    expect(pictureFileProblem({ name: 'IMG_1', size: 10, type: 'image/webp' }, MB)).toBeNull();
    expect(pictureFileProblem({ name: 'pano.PNG', size: 10, type: '' }, MB)).toBeNull();
  });

  it('refuses other types, empty and too large files', () => {
    expect(pictureFileProblem({ name: 'IMG_1.HEIC', size: 10, type: 'image/heic' }, MB)).toBe('wrongType');
    expect(pictureFileProblem({ name: 'IMG_1.jpg', size: 10, type: 'image/heic' }, MB)).toBe('wrongType');
    expect(pictureFileProblem({ name: 'clip.mp4', size: 10, type: 'video/mp4' }, MB)).toBe('wrongType');
    expect(pictureFileProblem({ name: 'a.jpg', size: 0, type: 'image/jpeg' }, MB)).toBe('empty');
    expect(pictureFileProblem({ name: 'a.jpg', size: 2 * MB, type: 'image/jpeg' }, MB)).toBe('tooLarge');
  });

  it('wants 2:1 within 1 % and at most 16384 × 8192', () => {
    expect(panoramaShapeProblem(4096, 2048)).toBeNull();
    expect(panoramaShapeProblem(6000, 3010)).toBeNull();
    expect(panoramaShapeProblem(4032, 3024)).toBe('notPanorama');
    expect(panoramaShapeProblem(32768, 16384)).toBe('tooManyPixels');
    expect(panoramaShapeProblem(0, 0)).toBe('unreadable');
  });

  it('names the work after the file', () => {
    expect(workNameOf('客厅.jpg', 'Panorama')).toBe('客厅');
    expect(workNameOf('.jpg', 'Panorama')).toBe('.jpg');
    expect(workNameOf('  .', 'Panorama')).toBe('Panorama');
    expect(Array.from(workNameOf(`${'长'.repeat(30)}.jpg`, 'x'))).toHaveLength(20);
  });
});
