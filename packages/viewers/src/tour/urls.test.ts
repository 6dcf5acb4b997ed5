import { describe, expect, it } from 'vitest';
import { baseFaceUrls, sceneFileUrl, thumbnailUrl, tilesPanorama } from './urls';

describe('scene URLs', () => {
  it('joins the scene folder and the contract path', () => {
    expect(sceneFileUrl({ baseUrl: 'scenes/a1/' }, 'preview.jpg')).toBe('scenes/a1/preview.jpg');
    expect(sceneFileUrl({ baseUrl: 'https://cdn.example.com/w/abc/a1/' }, 'thumb.jpg')).toBe('https://cdn.example.com/w/abc/a1/thumb.jpg');
    // A folder without its closing slash still names a folder.
    expect(sceneFileUrl({ baseUrl: '/files/a1' }, 'thumb.jpg')).toBe('/files/a1/thumb.jpg');
    expect(thumbnailUrl({ baseUrl: 'scenes/a2/' })).toBe('scenes/a2/thumb.jpg');
  });

  it('names the six base faces', () => {
    expect(baseFaceUrls({ baseUrl: 's/' })).toEqual({
      left: 's/base/left.jpg',
      front: 's/base/front.jpg',
      right: 's/base/right.jpg',
      back: 's/base/back.jpg',
      top: 's/base/top.jpg',
      bottom: 's/base/bottom.jpg',
    });
  });

  it('builds tile URLs with the manifest index of each kept level', () => {
    const panorama = tilesPanorama({ baseUrl: 'scenes/a1/' }, [
      { faceSize: 512, nbTiles: 1, manifestIndex: 0 },
      { faceSize: 2048, nbTiles: 4, manifestIndex: 2 },
    ]);
    expect(panorama.levels).toEqual([
      { faceSize: 512, nbTiles: 1 },
      { faceSize: 2048, nbTiles: 4 },
    ]);
    expect(panorama.tileUrl('front', 0, 0, 0)).toBe('scenes/a1/tiles/0/front/0_0.jpg');
    expect(panorama.tileUrl('top', 3, 1, 1)).toBe('scenes/a1/tiles/2/top/3_1.jpg');
    expect(panorama.tileUrl('top', 0, 0, 5)).toBeNull();
  });

  it('falls back to the base faces alone when no level is readable', () => {
    const panorama = tilesPanorama({ baseUrl: 'x/' }, []);
    expect(panorama.levels).toEqual([{ faceSize: 512, nbTiles: 1 }]);
    expect(panorama.tileUrl('front', 0, 0, 0)).toBeNull();
    expect(panorama.baseUrl.front).toBe('x/base/front.jpg');
  });
});
