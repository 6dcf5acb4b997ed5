import type * as MapLibre from 'maplibre-gl';
import type { Map as MapLibreMap, MapOptions, StyleSpecification } from 'maplibre-gl';
import { isRasterTileSource, type MapSettings } from '@spatia/contract';
import { BUNDLED_MAX_ZOOM, bundledMapStyle } from './bundled-style';

/** Past this without the operator's map drawn, the bundled basemap takes its place. */
export const OPERATOR_MAP_TIMEOUT_MS = 5_000;

export type BaseMapKind = 'operator' | 'bundled';

export interface BaseMapOptions extends Omit<MapOptions, 'container' | 'style'> {
  /** The operator's base map; null or an empty source for the bundled one. */
  settings: MapSettings | null | undefined;
  projection?: 'mercator' | 'globe';
  /** Told which base map shows, once it is drawn (and again after a fallback). */
  onBaseMap?: (kind: BaseMapKind) => void;
}

export interface BaseMap {
  map: MapLibreMap;
  library: typeof MapLibre;
}

/** A raster tile template as a MapLibre style. */
function rasterStyle({ source, attribution }: MapSettings): StyleSpecification {
  return {
    version: 8,
    sources: { tiles: { type: 'raster', tiles: [source], tileSize: 256, maxzoom: 19, attribution } },
    layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
  };
}

/** MapLibre and its stylesheet, loaded on first use: no page without a map pays for them. */
export async function loadMapLibre(): Promise<typeof MapLibre> {
  const [library] = await Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css')]);
  return library;
}

/**
 * A MapLibre map over the site's base map: the operator's tile service when one is set (a style URL
 * or raster tiles), else the basemap bundled in the build. When the operator's map fails, or is not
 * drawn within OPERATOR_MAP_TIMEOUT_MS, the bundled basemap replaces it, so the map works without
 * any map service on the internet. Throws where WebGL is missing.
 */
export async function createBaseMap(
  container: HTMLElement,
  { settings, projection = 'mercator', onBaseMap, ...options }: BaseMapOptions,
): Promise<BaseMap> {
  const library = await loadMapLibre();
  const operator = settings?.source ? settings : null;
  const style = operator ? (isRasterTileSource(operator.source) ? rasterStyle(operator) : operator.source) : await bundledMapStyle();
  const map = new library.Map({
    container,
    style,
    maxZoom: operator ? 19 : BUNDLED_MAX_ZOOM,
    attributionControl: { compact: true, ...(operator?.attribution ? { customAttribution: escapeHtml(operator.attribution) } : {}) },
    // Public tile servers refuse tiles without a Referer, which the site's own policy leaves out.
    transformRequest: (url, resourceType) =>
      resourceType === 'Tile' ? { url, referrerPolicy: 'strict-origin-when-cross-origin' } : undefined,
    ...options,
  });
  // A style replaced by setStyle forgets its projection: set it again on every style.
  map.on('style.load', () => map.setProjection({ type: projection }));
  if (!operator) {
    void map.once('load', () => onBaseMap?.('bundled'));
    return { map, library };
  }
  let settled = false;
  const fallBack = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    map.setMaxZoom(BUNDLED_MAX_ZOOM);
    void bundledMapStyle().then((bundled) => {
      map.setStyle(bundled);
      void map.once('idle', () => onBaseMap?.('bundled'));
    });
  };
  const timer = setTimeout(fallBack, OPERATOR_MAP_TIMEOUT_MS);
  map.on('remove', () => clearTimeout(timer));
  // Until the operator's map is drawn, any failure (no internet, a refused host, a bad style) falls
  // back, once; later failures (a tile past the server's zoom range) leave the map as it is.
  map.on('error', fallBack);
  void map.once('load', () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    onBaseMap?.('operator');
  });
  return { map, library };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
