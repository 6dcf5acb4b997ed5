import {
  CUBE_FACES,
  PANORAMA_BASE_FACE_SIZE,
  PANORAMA_PREVIEW_PATH,
  PANORAMA_THUMB_PATH,
  panoramaBasePath,
  panoramaTilePath,
  type CubeFace,
  type TourScene,
} from '@spatia/contract';
import type { SelectedLevel } from './levels';

/** A file of a scene: its folder (`baseUrl`, relative in an offline package) plus the contract's path. */
export function sceneFileUrl(scene: Pick<TourScene, 'baseUrl'>, path: string): string {
  const folder = scene.baseUrl === '' || scene.baseUrl.endsWith('/') ? scene.baseUrl : `${scene.baseUrl}/`;
  return folder + path;
}

export function baseFaceUrls(scene: Pick<TourScene, 'baseUrl'>): Record<CubeFace, string> {
  return Object.fromEntries(CUBE_FACES.map((face) => [face, sceneFileUrl(scene, panoramaBasePath(face))])) as Record<CubeFace, string>;
}

export function thumbnailUrl(scene: Pick<TourScene, 'baseUrl'>): string {
  return sceneFileUrl(scene, PANORAMA_THUMB_PATH);
}

export function previewUrl(scene: Pick<TourScene, 'baseUrl'>): string {
  return sceneFileUrl(scene, PANORAMA_PREVIEW_PATH);
}

/** What CubemapTilesAdapter reads for one scene (its `CubemapMultiTilesPanorama`). */
export interface TilesPanorama {
  baseUrl: Record<CubeFace, string>;
  levels: { faceSize: number; nbTiles: number }[];
  tileUrl: (face: CubeFace, col: number, row: number, level: number) => string | null;
}

/**
 * `level` in `tileUrl` is the index among the levels given to the viewer; the tile paths use the
 * manifest's index, which differs when a level was dropped.
 */
export function tilesPanorama(scene: Pick<TourScene, 'baseUrl'>, levels: readonly SelectedLevel[]): TilesPanorama {
  if (levels.length === 0) {
    // Nothing this device (or the viewer) can read: the base faces alone, no tile ever asked for.
    return { baseUrl: baseFaceUrls(scene), levels: [{ faceSize: PANORAMA_BASE_FACE_SIZE, nbTiles: 1 }], tileUrl: () => null };
  }
  return {
    baseUrl: baseFaceUrls(scene),
    levels: levels.map(({ faceSize, nbTiles }) => ({ faceSize, nbTiles })),
    tileUrl: (face, col, row, level) => {
      const selected = levels[level];
      return selected ? sceneFileUrl(scene, panoramaTilePath(selected.manifestIndex, face, col, row)) : null;
    },
  };
}
