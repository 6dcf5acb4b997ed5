/**
 * The public map and globe (docs/map.md): the works with a location, and the base map the operator
 * chooses in the back office (a tile service's style) or the one bundled in the build.
 */
import { defineErrors } from './errors.js';
import mapErrors from './map.errors.json' with { type: 'json' };
import type { WorkType } from './works.js';

export const MapErrors = defineErrors(mapErrors);

/** The most works one answer of the map carries; past it the newest are kept and `truncated` is set. */
export const MAP_WORKS_LIMIT = 2000;
export const MAP_SOURCE_MAX_LENGTH = 500;
export const MAP_ATTRIBUTION_MAX_LENGTH = 300;

/**
 * The operator's base map. `source` is a MapLibre style JSON URL or a raster tile URL holding {z}, {x}
 * and {y}; empty for the basemap bundled in the build (Natural Earth land and borders).
 */
export interface MapSettings {
  source: string;
  /** Shown in the map's attribution; plain text (the bundled basemap credits Natural Earth itself). */
  attribution: string;
}

/** True for a raster tile template, false for a style JSON URL. */
export function isRasterTileSource(source: string): boolean {
  return /\{z\}/.test(source) && /\{x\}/.test(source) && /\{y\}/.test(source);
}

/** A work on the map: online, outside the recycle bin, its owner's account not disabled. */
export interface MapWork {
  uid: string;
  name: string;
  type: WorkType;
  coverUrl: string;
  latitude: number;
  longitude: number;
  author: { uid: string; name: string };
}

export interface MapWorks {
  works: MapWork[];
  /** More works than MAP_WORKS_LIMIT lie in the area: zoom in to see the rest. */
  truncated: boolean;
}
