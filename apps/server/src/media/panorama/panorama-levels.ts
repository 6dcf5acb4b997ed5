import { PANORAMA_TILE_SIZE, type PanoramaLevel } from '@spatia/contract';

/**
 * The tile pyramid for a source `sourceWidth` pixels wide, smallest level first. The largest face has
 * about the source's angular resolution at the face's centre (a face spans 90° of the source's 360°,
 * so sourceWidth / 4), rounded to the nearest power-of-two multiple of the tile size (nearest as a
 * ratio; never below one tile): the viewer's cubemap-tiles adapter wants a power of two tiles per side,
 * and halving keeps every level a whole number of tiles.
 */
export function panoramaLevels(sourceWidth: number): PanoramaLevel[] {
  const doublings = Math.max(0, Math.round(Math.log2(sourceWidth / 4 / PANORAMA_TILE_SIZE)));
  const levels: PanoramaLevel[] = [];
  for (let level = 0; level <= doublings; level += 1) {
    const nbTiles = 2 ** level;
    levels.push({ faceSize: nbTiles * PANORAMA_TILE_SIZE, nbTiles });
  }
  return levels;
}
